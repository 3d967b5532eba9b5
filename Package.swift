// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The folders of `Fixtures/` that ship as the programs' offline data (`AirdateOfflineData`).
let offlineDataFolders = ["arrowverse", "tvmaze", "jikan"]
/// Every other entry of `Fixtures/`: test data, excluded from `AirdateOfflineData` (read from the
/// folder, so a new fixture folder needs no edit here and warns of no unhandled file).
let testOnlyFixtures = ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Fixtures")) ?? [])
    .filter { !offlineDataFolders.contains($0) && $0 != "AirdateOfflineData" }
    .sorted()

let package = Package(
    name: "Airdate",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HTMLScrape", targets: ["HTMLScrape"]),
        .library(name: "TVMazeClient", targets: ["TVMazeClient"]),
        .library(name: "JikanClient", targets: ["JikanClient"]),
        .library(name: "CountdownKit", targets: ["CountdownKit"]),
        .library(name: "AnimePlanner", targets: ["AnimePlanner"]),
        .library(name: "WatchOrder", targets: ["WatchOrder"]),
        // Bridges: where two products meet, the glue between them.
        .library(name: "AnimePlannerJikan", targets: ["AnimePlannerJikan"]),
        .library(name: "WatchOrderTVMaze", targets: ["WatchOrderTVMaze"]),
        .library(name: "WatchOrderWiki", targets: ["WatchOrderWiki"]),
        // A franchise's watch order kept fresh: wiki pages (or a snapshot of them), broadcast facts,
        // TVMaze corroboration, episode articles, rules and orders, into a WatchOrderStore.
        .library(name: "WatchOrderSync", targets: ["WatchOrderSync"]),
        // Other services' export files (Trakt, TV Time) read into and written from WatchOrder.
        .library(name: "WatchOrderImport", targets: ["WatchOrderImport"]),
        .library(name: "CountdownKitTVMaze", targets: ["CountdownKitTVMaze"]),
        .library(name: "CountdownKitJikan", targets: ["CountdownKitJikan"]),
        // Other services' files, read and written beside the products they feed.
        .library(name: "AnimePlannerImport", targets: ["AnimePlannerImport"]),
        // Their types appear in the other products' public API (`CalendarDay`, `Week`, `ICalendar`;
        // `HTTPTransport`, `APIClientError`), so apps import them by name.
        .library(name: "AirdateCore", targets: ["AirdateCore"]),
        .library(name: "AirdateHTTP", targets: ["AirdateHTTP"]),
        // The persistence foundation of the three stores; its `StoreError` and `StoreObservation`
        // appear in their public API.
        .library(name: "AirdateStore", targets: ["AirdateStore"]),
        // `HTTPTransport` on AsyncHTTPClient, for server apps. Its AsyncHTTPClient and NIO
        // dependencies are behind the `AsyncHTTPClient` trait, so only an app that enables the trait
        // fetches them (without it the module is empty); README, "Server apps".
        .library(name: "AirdateAsyncHTTPClient", targets: ["AirdateAsyncHTTPClient"]),
    ],
    traits: [
        // Off by default: SwiftPM fetches a trait's dependencies only for packages that enable it
        // (`traits: ["AsyncHTTPClient"]`), so no other consumer fetches NIO. The package's own
        // tests and airdate-web use it when built with `--traits AsyncHTTPClient`, as CI does.
        .trait(name: "AsyncHTTPClient", description: "AirdateAsyncHTTPClient's transport on AsyncHTTPClient (fetches SwiftNIO)"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `swift package generate-documentation` (CI builds every product's DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The AsyncHTTPClient transport (behind the `AsyncHTTPClient` trait, so no app that does not
        // enable it fetches NIO) and the web example that runs on it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Only `airdate-web` (an executable target) and its tests use these: no library product's
        // consumer fetches them (Scripts/consumer-check.py checks).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: HTMLScrape
        // AirdateLocking is the package's one lock box; it adds no outside package.
        .target(name: "HTMLScrape", dependencies: ["AirdateLocking"]),
        .testTarget(
            name: "HTMLScrapeTests",
            dependencies: ["AirdateTestSupport", "HTMLScrape"]
        ),

        // MARK: Support targets
        // What every test target shares: the package's paths and conformance data, the one process
        // runner, hang bounds, the seeded generator, temporary files, the `.heavy` trait.
        .target(name: "AirdateTestSupport", dependencies: ["AirdateLocking"], path: "Tests/AirdateTestSupport"),
        .target(name: "AirdateCore"),
        // `LockBox`: the package's one lock, guarding state shared across threads outside actors.
        .target(name: "AirdateLocking"),
        .testTarget(name: "AirdateLockingTests", dependencies: ["AirdateLocking"]),
        .testTarget(
            name: "AirdateCoreTests",
            dependencies: ["AirdateTestSupport", "AirdateCore", .product(name: "Clocks", package: "swift-clocks")]
        ),
        // Shared HTTP plumbing of the API clients (TVMazeClient, JikanClient).
        .target(
            name: "AirdateHTTP",
            dependencies: [
                "AirdateLocking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Loopback test server (FlyingFox) that serves a fixtures folder and injects faults;
        // shared by the clients' test targets, never by a product.
        .target(
            name: "AirdateTestServer",
            dependencies: ["AirdateHTTP", "AirdateTestSupport", "CAirdateZlib", .product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/AirdateTestServer"
        ),
        // `HTTPTransport` on AsyncHTTPClient, for server apps (the web example runs on it). A
        // product, but everything that needs NIO is behind the `AsyncHTTPClient` trait: SwiftPM
        // fetches a trait's dependencies only for a package that enables it.
        .target(
            name: "AirdateAsyncHTTPClient",
            dependencies: [
                "AirdateHTTP", "AirdateLocking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .target(name: "CAirdateZlib", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        // zlib (the system's), for AirdateAsyncHTTPClient's bounded gzip/deflate decoding.
        .systemLibrary(name: "CAirdateZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // A second process for the tests: runs API calls through either transport and reports
        // what happened and its peak memory (two processes on one rate budget, the gzip bomb).
        .executableTarget(
            name: "AirdateHTTPProbe",
            dependencies: ["AirdateHTTP", "AirdateAsyncHTTPClient"],
            path: "Tests/AirdateHTTPProbe"
        ),
        .testTarget(
            name: "AirdateHTTPTests",
            dependencies: [
                "AirdateHTTP", "AirdateTestServer", "AirdateTestSupport", "AirdateAsyncHTTPClient", "AirdateHTTPProbe",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The one persistence foundation of WatchOrderStore, CountdownStore and PlannerStore (GRDB):
        // WAL, busy timeout, migrations, newer-schema refusal, StoreError, cross-process observation.
        .target(
            name: "AirdateStore",
            dependencies: ["AirdateCore", "AirdateLocking", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A second process for the foundation's tests: opens a StoreDatabase and adds, lists, counts,
        // imports or observes, so that several processes work on one file at once.
        .executableTarget(
            name: "AirdateStoreProbe",
            dependencies: ["AirdateStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/AirdateStoreProbe"
        ),
        // The foundation's own tests; its multi-process tests run AirdateStoreProbe (the example
        // programs on one database are ExamplesTests').
        .testTarget(
            name: "AirdateStoreTests",
            dependencies: ["AirdateTestSupport", "AirdateStoreProbe",
                "AirdateStore", "CountdownKit", "AnimePlanner", "WatchOrder",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),

        // MARK: TVMazeClient
        .target(
            name: "TVMazeClient",
            dependencies: ["AirdateHTTP", "AirdateCore", "HTMLScrape"]
        ),
        .testTarget(
            name: "TVMazeClientTests",
            dependencies: [
                "TVMazeClient", "AirdateTestServer", "AirdateTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),

        // MARK: JikanClient
        .target(
            name: "JikanClient",
            dependencies: ["AirdateHTTP", "AirdateCore"]
        ),
        .testTarget(
            name: "JikanClientTests",
            dependencies: [
                "JikanClient", "AirdateTestServer", "AirdateTestSupport", "AirdateHTTP",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),

        // MARK: CountdownKit
        .target(
            name: "CountdownKit",
            dependencies: ["AirdateCore", "AirdateStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "CountdownKitTests",
            dependencies: [
                "AirdateTestSupport", "CountdownKit", "AirdateStore",
                .product(name: "Clocks", package: "swift-clocks"), .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),

        // MARK: AnimePlanner
        .target(
            name: "AnimePlanner",
            dependencies: ["AirdateCore", "AirdateStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "AnimePlannerTests",
            dependencies: ["AirdateTestSupport", "AnimePlanner", "AirdateStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // MARK: WatchOrder
        .target(
            name: "WatchOrder",
            dependencies: ["AirdateCore", "AirdateStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "WatchOrderTests",
            dependencies: ["AirdateTestSupport", "WatchOrder", "AirdateStore", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["README.md"]
        ),

        // MARK: Bridges
        // Each imports exactly the two products it joins (plus the support targets).
        .target(
            name: "AnimePlannerJikan",
            dependencies: ["AnimePlanner", "JikanClient", "AirdateCore", "AirdateHTTP"]
        ),
        .testTarget(
            name: "AnimePlannerJikanTests",
            dependencies: ["AnimePlannerJikan", "AnimePlanner", "JikanClient", "AirdateCore", "AirdateHTTP", "AirdateTestServer", "AirdateTestSupport"]
        ),
        // MyAnimeList's list export (XML) read into AnimePlanner and written from it. XMLParser comes
        // from FoundationXML on Linux (libxml2), linked by this target only.
        .target(
            name: "AnimePlannerImport",
            dependencies: ["AnimePlanner", "AirdateCore"]
        ),
        .testTarget(
            name: "AnimePlannerImportTests",
            dependencies: ["AnimePlannerImport", "AnimePlanner", "AirdateCore", "AirdateTestSupport"]
        ),
        .target(
            name: "WatchOrderTVMaze",
            dependencies: ["WatchOrder", "TVMazeClient", "AirdateCore", "AirdateHTTP"]
        ),
        .testTarget(
            name: "WatchOrderTVMazeTests",
            dependencies: ["WatchOrderTVMaze", "WatchOrder", "WatchOrderWiki", "TVMazeClient", "AirdateCore", "AirdateHTTP", "AirdateTestServer", "AirdateTestSupport", "HTMLScrape"]
        ),
        // Countdowns that follow a show's next episode or next season's premiere, as TVMaze or
        // MyAnimeList (Jikan) schedule it; CountdownKit itself links neither client.
        .target(
            name: "CountdownKitTVMaze",
            dependencies: ["CountdownKit", "TVMazeClient", "AirdateCore", "AirdateHTTP"]
        ),
        .target(
            name: "CountdownKitJikan",
            dependencies: ["CountdownKit", "JikanClient", "AirdateCore", "AirdateHTTP"]
        ),
        .testTarget(
            name: "CountdownKitBridgeTests",
            dependencies: ["CountdownKitTVMaze", "CountdownKitJikan", "CountdownKit", "TVMazeClient", "JikanClient", "AirdateCore",
                           "AirdateHTTP", "AirdateTestServer", "AirdateTestSupport"]
        ),
        // MediaWiki episode tables read into WatchOrder's episode lists (HTMLScrape parses them),
        // from saved pages or fetched over AirdateHTTP; WatchOrder itself never links the parser.
        .target(
            name: "WatchOrderWiki",
            dependencies: ["WatchOrder", "AirdateHTTP", "HTMLScrape", "AirdateCore"]
        ),
        .testTarget(
            name: "WatchOrderWikiTests",
            dependencies: ["WatchOrderWiki", "WatchOrder", "AirdateHTTP", "AirdateTestServer", "AirdateTestSupport", "HTMLScrape", "AirdateCore"]
        ),
        // Refreshing a franchise (its shows, pages, ids, colours, rules and orders read from a JSON
        // file) into a WatchOrderStore: the pipeline `arrowverse` and `airdate-web` share, composing
        // the bridges above; a report and progress events, never printing.
        .target(
            name: "WatchOrderSync",
            dependencies: ["WatchOrder", "WatchOrderWiki", "WatchOrderTVMaze", "TVMazeClient", "AirdateHTTP", "AirdateCore", "AirdateStore"]
        ),
        .testTarget(
            name: "WatchOrderSyncTests",
            dependencies: [
                "WatchOrderSync", "WatchOrder", "WatchOrderWiki", "TVMazeClient", "AirdateHTTP", "AirdateCore", "AirdateStore",
                "AirdateLocking", "AirdateTestServer", "AirdateTestSupport",
            ]
        ),
        // Trakt's and TV Time's export files: readers, writers and the matcher that finds their watches
        // among a watch list's episodes. A target of its own so that WatchOrder stays small.
        .target(
            name: "WatchOrderImport",
            dependencies: ["WatchOrder", "AirdateCore", "CAirdateZlib"]
        ),
        .testTarget(
            name: "WatchOrderImportTests",
            dependencies: ["WatchOrderImport", "WatchOrder", "AirdateCore", "AirdateTestSupport"]
        ),

        // MARK: Consumer
        // Imports every product in one file, as an app does, and checks that no public type name
        // is declared by two modules.
        .testTarget(
            name: "AirdateConsumerTests",
            dependencies: ["AirdateCore", "AirdateHTTP", "AirdateStore", "AnimePlanner", "CountdownKit", "HTMLScrape", "JikanClient", "TVMazeClient", "WatchOrder", "AnimePlannerJikan", "AnimePlannerImport", "WatchOrderTVMaze", "WatchOrderWiki", "WatchOrderSync", "CountdownKitTVMaze", "CountdownKitJikan", "WatchOrderImport", "AirdateAsyncHTTPClient", "AirdateTestServer", "AirdateTestSupport"]
        ),

        // MARK: Examples
        // Runs the built example programs as a user would: arguments in; stdout, stderr and exit
        // status out. Depending on the executables makes `swift test` build them first.
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "AirdateTestSupport", "arrowverse", "tvweek", "animeplan", "countdowns", "scrape", "CountdownKit", "AirdateCore",
                "AirdateStore", "AnimePlanner", "WatchOrder", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The recorded data the example programs run on offline (the Arrowverse franchise and wiki
        // snapshot, TVMaze's and Jikan's recorded answers), shipped as SwiftPM resources beside the
        // executables: an installed program needs neither the network nor the source tree. The
        // folders stay in Fixtures/, where the tests read them; every other folder there is excluded
        // (testOnlyFixtures).
        .target(
            name: "AirdateOfflineData",
            path: "Fixtures",
            exclude: testOnlyFixtures,
            sources: ["AirdateOfflineData"],
            resources: offlineDataFolders.map { .copy($0) }
        ),
        // What every example's entry point shares (one-line errors, terminal manners, the time-zone
        // and database options); not a product.
        .target(
            name: "CommandLineSupport",
            dependencies: ["AirdateCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/CommandLineSupport"
        ),
        // What `arrowverse` and `airdate-web` share on the command line: the options that open the
        // watch-order database (`--db`, `--snapshot`, `--live`, `--tvmaze`, `--time-zone`) as a
        // WatchOrderSync configuration, and the lines a refresh writes on standard error. Not a product.
        .target(
            name: "ArrowverseCommandLine",
            dependencies: [
                "CommandLineSupport", "WatchOrderSync", "AirdateOfflineData", "WatchOrder", "WatchOrderWiki", "TVMazeClient", "AirdateHTTP",
                "AirdateCore", "AirdateStore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/ArrowverseCommandLine"
        ),
        // The JSON documents of `arrowverse --json` and of `airdate-web`'s API (an episode, a list,
        // progress, what is next). Not a product.
        .target(
            name: "ArrowverseDocuments",
            dependencies: ["WatchOrder", "AirdateCore"],
            path: "Examples/ArrowverseDocuments"
        ),
        .testTarget(
            name: "CommandLineSupportTests",
            dependencies: ["AirdateTestSupport", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "arrowverse",
            dependencies: [
                "ArrowverseCommandLine", "ArrowverseDocuments", "CommandLineSupport", "WatchOrder", "WatchOrderImport", "WatchOrderSync",
                "AirdateCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/arrowverse"
        ),
        // `airdate-web`: the Arrowverse checklist in a browser (Hummingbird 2). The app (routes, pages,
        // live events) is a target of its own so that its tests can build it in process; the executable
        // only reads the options and runs it.
        .target(
            name: "AirdateWebApp",
            dependencies: [
                "ArrowverseDocuments", "AirdateOfflineData", "WatchOrder", "WatchOrderSync", "AirdateCore", "AirdateStore", "AirdateHTTP",
                "TVMazeClient", "HTMLScrape", "AnimePlanner", "AnimePlannerJikan", "JikanClient", "CountdownKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/airdate-web/App"
        ),
        .executableTarget(
            name: "airdate-web",
            dependencies: [
                "AirdateWebApp", "ArrowverseCommandLine", "CommandLineSupport", "AirdateStore", "WatchOrder", "WatchOrderSync",
                "AirdateAsyncHTTPClient", "AirdateHTTP", "AirdateCore", "AnimePlanner", "CountdownKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Examples/airdate-web/Command"
        ),
        .testTarget(
            name: "AirdateWebTests",
            dependencies: [
                "AirdateWebApp", "AirdateTestSupport", "AirdateTestServer", "WatchOrder", "WatchOrderSync", "AirdateCore", "AirdateStore",
                "TVMazeClient", "AnimePlanner", "CountdownKit",
                // Built first, so the tests can run them as other processes.
                "arrowverse", "airdate-web", "animeplan", "countdowns",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "scrape",
            dependencies: ["CommandLineSupport", "HTMLScrape", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/scrape"
        ),
        .executableTarget(
            name: "tvweek",
            dependencies: [
                "CommandLineSupport", "TVMazeClient", "AirdateHTTP", "AirdateCore", "AirdateOfflineData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Examples/tvweek"
        ),
        .executableTarget(
            name: "countdowns",
            dependencies: ["CommandLineSupport", "CountdownKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/countdowns"
        ),
        .executableTarget(
            name: "animeplan",
            dependencies: [
                "CommandLineSupport", "AnimePlanner", "JikanClient", "AnimePlannerJikan", "AnimePlannerImport", "AirdateHTTP", "AirdateOfflineData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Examples/animeplan"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every target: an `import` is internal unless marked `public import` (a dependency's types reach a
// client only where they appear in public API), and a file sees only the members of modules it imports.
for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}

// `AIRDATE_PACKAGE_SUBSET=HTMLScrape`: the manifest declares only HTMLScrape, what it depends on and
// its tests, with no outside package. The sanitizer and fuzz runs use it (`.ci/run`, README
// "Sanitizers"), so that they build the parser under AddressSanitizer without building GRDB, NIO
// and Hummingbird a second time. Without the variable the manifest is the whole package.
if Context.environment["AIRDATE_PACKAGE_SUBSET"] == "HTMLScrape" {
    let kept: Set<String> = ["HTMLScrape", "AirdateLocking", "AirdateTestSupport", "HTMLScrapeTests"]
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = package.products.filter { $0.name == "HTMLScrape" }
    package.dependencies = []
}
