// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Airdate",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HTMLScrape", targets: ["HTMLScrape"]),
        .executable(name: "scrape", targets: ["scrape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "HTMLScrape"),
        .testTarget(
            name: "HTMLScrapeTests",
            dependencies: ["HTMLScrape"]
        ),
        .executableTarget(
            name: "scrape",
            dependencies: ["HTMLScrape", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/scrape"
        ),
    ],
    swiftLanguageModes: [.v6]
)
