import AirdateCore
import AnimePlanner
import ArgumentParser
import Foundation

/// Options every subcommand takes: the database, the time zone, "today", and offline mode.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: animeplan.sqlite in the user's data directory, under Airdate/).")
    var db: String?

    @Option(name: .long, help: "The time zone days are counted in (default: the system's).")
    var tz: String?

    @Option(name: .long, help: "Take this day (YYYY-MM-DD) as today (default: today; offline: 2022-11-14, the snapshot's day).")
    var today: String?

    @Flag(name: .long, help: "Use the recorded Jikan snapshot in Fixtures/jikan/ instead of the network.")
    var offline = false

    @Option(name: .long, help: "The snapshot folder for --offline.")
    var fixtures: String?

    /// Opens the store.
    func openStore() throws -> PlannerStore {
        try PlannerStore(path: db ?? Self.defaultDatabasePath())
    }

    /// The viewer's zone.
    func zone() throws -> TimeZone {
        guard let tz else { return .current }
        do { return try TimeZone.named(tz) } catch {
            throw Input.invalid("--tz", tz, expected: "an IANA time zone such as Asia/Tokyo or UTC")
        }
    }

    /// The planner: "now" (noon of `--today` when given) and the viewer's zone.
    func planner() throws -> ViewingPlanner {
        let zone = try zone()
        let text = today ?? (offline ? "2022-11-14" : nil)
        guard let text else { return ViewingPlanner(clock: .system(timeZone: zone)) }
        let day = try Input.day(text, option: "--today")
        return ViewingPlanner(clock: .fixed(at: day.start(in: zone).addingTimeInterval(12 * 3600), timeZone: zone))
    }

    /// Where shows come from: the Jikan API, or the snapshot with `--offline`.
    func catalog() throws -> any AnimeCatalog {
        guard offline else { return try Catalogs.live() }
        let folder = fixtures.map { URL(fileURLWithPath: $0) } ?? Self.defaultFixtures
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("routes.json").path) else {
            throw CommandLineError.missingSnapshot(folder.path)
        }
        return try Catalogs.offline(folder: folder)
    }

    /// `Fixtures/jikan/` of the package this source file is in.
    static let defaultFixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jikan")

    static func defaultDatabasePath() -> String {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate").appendingPathComponent("animeplan.sqlite").path
    }
}

/// A failure while running that the command line reports in one line (exit status 1). Mistakes in
/// the command line itself are `ValidationError`s (exit status 64), made by ``Input``.
enum CommandLineError: Error, LocalizedError {
    case notTracked(Int)
    case alreadyTracked(Int)
    case missingSnapshot(String)
    case noResults(String)
    case unknownShow(Int, offline: Bool)

    var errorDescription: String? {
        switch self {
        case .notTracked(let id): "The show \(id) is not tracked. Add it with `animeplan add \(id) --per-day N`."
        case .alreadyTracked(let id): "The show \(id) is already tracked. Change its plan with `animeplan plan \(id) --per-day N`."
        case .missingSnapshot(let path): "No offline snapshot (routes.json) in \(path). Pass --fixtures with the path of Fixtures/jikan."
        case .noResults(let text): "Nothing matches \"\(text)\". Try fewer or other words of the title."
        case .unknownShow(let id, let offline):
            offline
                ? "The offline snapshot has no show \(id). Find the ids it has with `animeplan search TITLE --offline`."
                : "MyAnimeList has no show \(id). Find a show's id with `animeplan search TITLE`."
        }
    }
}

extension CommonOptions {
    /// Every tracked show with its plan caught up to today (re-planned from today when planned days
    /// passed unwatched), the caught-up ones saved: what every view shows.
    func currentShows(_ store: PlannerStore, planner: ViewingPlanner) async throws -> [TrackedShow] {
        var shows = try await store.all()
        for index in shows.indices where shows[index].catchUp(on: planner.today, planner: planner) {
            // Caught up again on the show as stored now, in one transaction: an episode another
            // process logged since `all()` is kept.
            shows[index] = try await store.require(shows[index].id) { show in
                _ = show.catchUp(on: planner.today, planner: planner)
                return show
            }
        }
        return shows
    }
}

extension PlannerStore {
    /// The tracked show `id`, or a one-line error.
    func require(_ id: Int) async throws -> TrackedShow {
        guard let show = try await show(id: id) else { throw CommandLineError.notTracked(id) }
        return show
    }

    /// Changes the tracked show `id` in one transaction (``PlannerStore/update(id:_:)``), or a
    /// one-line error when it is not tracked.
    func require<Result: Sendable>(_ id: Int, change: @escaping @Sendable (inout TrackedShow) throws -> Result) async throws -> Result {
        do {
            return try await update(id: id, change)
        } catch PlannerStoreError.notFound(id) {
            throw CommandLineError.notTracked(id)
        }
    }
}
