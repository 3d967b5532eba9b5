// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Airdate",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HTMLScrape", targets: ["HTMLScrape"]),
        .library(name: "CountdownKit", targets: ["CountdownKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
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
        .target(
            name: "CountdownKit",
            dependencies: ["AirdateCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "CountdownKitTests",
            dependencies: ["CountdownKit", .product(name: "Clocks", package: "swift-clocks")]
        ),
        .executableTarget(
            name: "countdowns",
            dependencies: ["CountdownKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/countdowns"
        ),
    ],
    swiftLanguageModes: [.v6]
)
