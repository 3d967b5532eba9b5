// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in a package of their own so that users of Airdate never resolve the
// benchmark package. Run them from this folder with `swift package --disable-sandbox benchmark`.
let package = Package(
    name: "AirdateBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Airdate", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HTMLScrapeBenchmarks",
            dependencies: [
                .product(name: "HTMLScrape", package: "Airdate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "HTMLScrapeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TVMazeClientBenchmarks",
            dependencies: [
                .product(name: "TVMazeClient", package: "Airdate"),
                .product(name: "AirdateHTTP", package: "Airdate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "TVMazeClientBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CountdownKitBenchmarks",
            dependencies: [
                .product(name: "CountdownKit", package: "Airdate"),
                .product(name: "AirdateCore", package: "Airdate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "CountdownKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnimePlannerBenchmarks",
            dependencies: [
                .product(name: "AnimePlanner", package: "Airdate"),
                .product(name: "AirdateCore", package: "Airdate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "AnimePlannerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WatchOrderBenchmarks",
            dependencies: [
                .product(name: "WatchOrder", package: "Airdate"),
                .product(name: "AirdateCore", package: "Airdate"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "WatchOrderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
