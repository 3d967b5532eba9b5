import AirdateCore
import AirdateOfflineData
import AnimePlanner
import ArgumentParser
import CommandLineSupport
import Foundation

/// Options every subcommand takes: the database, the time zone, "today", and offline mode.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: animeplan.sqlite in the user's data directory, under Airdate/). Its folder must exist.")
    var db: String?

    @OptionGroup var timeZone: TimeZoneOption

    @Option(name: .long, help: "Take this day (YYYY-MM-DD) as today (default: today, offline too).")
    var today: String?

    @Flag(name: .long, help: "Use the recorded Jikan snapshot installed with the program instead of the network (the data, not the date: today stays today).")
    var offline = false

    @Option(name: .long, help: "The snapshot folder for --offline (default: the one installed with the program; the package's Fixtures/jikan).")
    var fixtures: String?

    func validate() throws {
        if let today { _ = try Input.day(today, option: "--today") }
        if let fixtures, fixtures.isEmpty { throw ValidationError("--fixtures needs a folder, such as --fixtures Fixtures/jikan.") }
    }

    /// Opens the store; a `--db` whose folder does not exist is refused (never created).
    func openStore() throws -> PlannerStore {
        try PlannerStore(path: try DatabasePath.resolve(db, defaultName: "animeplan.sqlite"))
    }

    /// The viewer's zone.
    func zone() throws -> TimeZone {
        try timeZone.resolved()
    }

    /// The planner: "now" (noon of `--today` when given, else the real now, offline too) and the
    /// viewer's zone.
    func planner() throws -> ViewingPlanner {
        let zone = try zone()
        guard let today else { return ViewingPlanner(clock: .system(timeZone: zone)) }
        let day = try Input.day(today, option: "--today")
        return ViewingPlanner(clock: .fixed(at: day.start(in: zone).addingTimeInterval(12 * 3600), timeZone: zone))
    }

    /// Where shows come from: the Jikan API, or the snapshot with `--offline`.
    func catalog() throws -> any AnimeCatalog {
        guard offline else { return Catalogs.live() }
        guard let folder = fixtures.map({ URL(fileURLWithPath: $0) }) ?? OfflineData.jikan else {
            throw CommandLineError.missingSnapshot("the program's folder (Airdate_AirdateOfflineData.resources is not installed beside it)")
        }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("routes.json").path) else {
            throw CommandLineError.missingSnapshot(folder.path)
        }
        return try Catalogs.offline(folder: folder)
    }
}

/// A failure while running that the command line reports in one line (exit status 1). Mistakes in
/// the command line itself are `ValidationError`s (exit status 64), made by ``Input``.
enum CommandLineError: Error, LocalizedError {
    case notTracked(Int)
    case alreadyTracked(Int)
    case missingSnapshot(String)
    case noResults(String, offline: Bool)
    case unknownShow(Int, offline: Bool)
    /// A failure already worded for the user.
    case failed(String)

    var errorDescription: String? {
        switch self {
        case .notTracked(let id): "The show \(id) is not tracked. Add it with `animeplan add \(id) --per-day N`."
        case .alreadyTracked(let id): "The show \(id) is already tracked. Change its plan with `animeplan plan \(id) --per-day N`."
        case .missingSnapshot(let path): "No offline snapshot (routes.json) in \(path). Pass --fixtures with the path of Fixtures/jikan."
        case .noResults(let text, let offline):
            offline
                ? "The offline snapshot has no anime titled \"\(TerminalText.echoed(text))\" (it holds the anime of its recorded searches, schedules and seasons). Search MyAnimeList without --offline."
                : "Nothing on MyAnimeList matches \"\(TerminalText.echoed(text))\". Try other words of the title."
        case .failed(let text): text
        case .unknownShow(let id, let offline):
            offline
                ? "The offline snapshot has no show \(id). Find the ids it has with `animeplan search TITLE --offline`."
                : "MyAnimeList has no show \(id). Find a show's id with `animeplan search TITLE`."
        }
    }
}

extension CommonOptions {
    /// Every tracked show as it stands today, caught up in memory (nothing is written): the one
    /// state every view reads. Shows stored before they carried a MyAnimeList id get theirs (in
    /// `animeplan`, ids are MyAnimeList ids).
    func overview(_ store: PlannerStore, planner: ViewingPlanner) async throws -> PlannerOverview {
        PlannerOverview(try await store.all(), planner: planner)
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
        } catch let error as PlannerStoreError where error.code == .notFound && error.id == id {
            throw CommandLineError.notTracked(id)
        }
    }
}
