// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Airdate",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HTMLScrape", targets: ["HTMLScrape"]),
    ],
    targets: [
        .target(name: "HTMLScrape"),
        .testTarget(
            name: "HTMLScrapeTests",
            dependencies: ["HTMLScrape"]
        ),
        .target(name: "AirdateCore"),
        .testTarget(
            name: "AirdateCoreTests",
            dependencies: ["AirdateCore"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
