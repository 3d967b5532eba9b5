// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in a package of their own so that users of Airdate never resolve the
// benchmark package. Run them from this folder with `swift package --disable-sandbox benchmark`.

/// One benchmark executable, in the folder of its name, measuring the given products of Airdate.
func benchmarks(_ name: String, measuring products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: "Airdate") }
            + [.product(name: "Benchmark", package: "benchmark")],
        path: name,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "AirdateBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Airdate", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmarks("HTMLScrapeBenchmarks", measuring: ["HTMLScrape"]),
        benchmarks("HTMLScrapeSelectionBenchmarks", measuring: ["HTMLScrape"]),
        benchmarks("TVMazeClientBenchmarks", measuring: ["TVMazeClient", "AirdateHTTP"]),
        benchmarks("CountdownKitBenchmarks", measuring: ["CountdownKit", "AirdateCore"]),
        benchmarks("AnimePlannerBenchmarks", measuring: ["AnimePlanner", "AirdateCore"]),
        benchmarks("WatchOrderBenchmarks", measuring: ["WatchOrder", "AirdateCore"]),
        // Plain executable: in-process MB/s for compare-lexbor.py, and doubling ratios of the
        // pathological inputs (see Tools/HTMLScrapeThroughput/main.swift). It lives under Tools/
        // because the benchmark plugin runs every executable whose folder sits directly in
        // Benchmarks/ as a benchmark.
        .executableTarget(
            name: "HTMLScrapeThroughput",
            dependencies: [.product(name: "HTMLScrape", package: "Airdate")],
            path: "Tools/HTMLScrapeThroughput"
        ),
    ],
    swiftLanguageModes: [.v6]
)
