import AirdateCore
import AirdateTestSupport
import Foundation
import WatchOrder

/// The Arrowverse from the facts table, with the shows' ids as the snapshot ships them (TVMaze,
/// TheTVDB, IMDb where known), and the import fixtures.
enum Support {
    static let packageRoot = TestPaths.packageRoot
    static let imports = packageRoot.appendingPathComponent("Fixtures/imports")

    static func fixture(_ path: String) throws -> Data { try Data(contentsOf: imports.appendingPathComponent(path)) }

    static let ids: [String: ExternalIDs] = [
        "Arrow": ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021"),
        "The Flash": ExternalIDs(tvmaze: 13, theTVDB: 279121, imdb: "tt3107288"),
        "Supergirl": ExternalIDs(tvmaze: 1850, theTVDB: 295759, imdb: "tt4016454"),
        "Legends of Tomorrow": ExternalIDs(tvmaze: 1851, imdb: "tt4532368"),
        "Constantine": ExternalIDs(imdb: "tt3489184"),
    ]

    /// One list per show of the facts table, shows carrying ``ids``.
    static func lists(withIDs: Bool = true) throws -> [EpisodeList] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Fixtures/arrowverse/episodes.tsv"), encoding: .utf8)
        var order: [String] = []
        var episodes: [String: [Episode]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let show = fields[0]
            if episodes[show] == nil { order.append(show) }
            episodes[show, default: []].append(Episode(
                showID: Show.slug(show), season: Int(fields[1]) ?? -1, number: Int(fields[2]), overall: Int(fields[3]),
                title: fields[4], airDay: CalendarDay(fields[5]), runtime: .seconds(42 * 60)))
        }
        return order.map { name in
            EpisodeList(show: Show(name: name, externalIDs: withIDs ? ids[name] ?? .none : .none), episodes: episodes[name] ?? [])
        }
    }

    static func list(withIDs: Bool = true) throws -> WatchList { try WatchList.merge(try lists(withIDs: withIDs)) }

    static func store() async throws -> WatchOrderStore {
        let path = try TemporaryFiles.folder("watchorder-import").appendingPathComponent("import.sqlite").path
        let store = try WatchOrderStore(path: path, clock: .fixed(at: Date(timeIntervalSince1970: 1_800_000_000), timeZone: .gmt))
        try await store.refresh(try lists())
        return store
    }

    static func date(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }
}
