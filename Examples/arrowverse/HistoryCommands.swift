import AirdateCore
import ArgumentParser
import ArrowverseCommandLine
import CommandLineSupport
import Foundation
import WatchOrder

/// `arrowverse history [--show NAME] [--limit N] [--hours] [--json]`
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The watches, oldest first, with when each was watched (in the viewer's time zone).",
        discussion: """
        Each line: the day and time of the watch ("time unknown" for a mark made before times were kept), \
        the episode, and the rewatch or the service it came from. --hours adds the hours watched per show \
        and month (from runtimes). With --json: {"timeZone", "watches": [{"episode", "show", "code", "title", \
        "watchedAt" (ISO 8601 or null), "rewatch", "source"}], "playCounts": {episode id: plays}}.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Only this show's watches.") var show: String?
    @Option(parsing: .unconditional, help: "Only the most recent N watches.") var limit: Int?
    @Flag(help: "Add the hours watched per show and month.") var hours = false
    @Flag(help: "Print the history as one JSON document.") var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more (it was \(limit)).") }
        if hours && json { throw ValidationError("Give --hours or --json, not both.") }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let clock = try common.clock.frozen()
        let showID = try show.map { try list.show(named: $0).id }
        let history = try await store.history(HistoryQuery(show: showID, limit: limit))
        let sessions = Dictionary(history.sessions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        if json {
            try JSONOutput.print(HistoryDocument(
                timeZone: clock.timeZone.identifier,
                watches: history.watches.map { watch in
                    let episode = list.episode(watch.episodeID)
                    return .init(
                        episode: watch.episodeID.rawValue, show: episode.flatMap { list.show($0.showID)?.name },
                        code: episode.map { list.code(of: $0) }, title: episode?.title,
                        watchedAt: watch.watchedAt.map { $0.formatted(.iso8601) }, rewatch: watch.rewatch.flatMap { sessions[$0] },
                        source: watch.source)
                },
                playCounts: Dictionary(history.playCounts.map { ($0.key.rawValue, $0.value) }, uniquingKeysWith: +)))
            return
        }
        if history.watches.isEmpty {
            print(showID == nil ? "Nothing watched yet." : "Nothing of \(list.show(showID ?? "")?.name ?? "") watched yet.")
            return
        }
        for watch in history.watches {
            let when = watch.watchedAt.map { Rendering.dayAndTime($0, in: clock.timeZone) } ?? "time unknown    "
            let what = list.episode(watch.episodeID).map { list.code(of: $0, .withShow) + " \"\($0.title)\"" } ?? watch.episodeID.rawValue
            var line = "\(when)  \(what)"
            if let session = watch.rewatch.flatMap({ sessions[$0] }) { line += " (rewatch \"\(session)\")" }
            if let source = watch.source { line += " [\(source)]" }
            print(DisplayWidth.fitted(line))
        }
        let episodes = Set(history.watches.map(\.episodeID)).count
        print("\(Rendering.plural(history.watches.count, "watch")) of \(Rendering.plural(episodes, "episode")).")
        if hours {
            let report = history.watchTime(in: list, timeZone: clock.timeZone)
            for row in report.rows {
                let month = row.month.map { String($0.description.prefix(7)) } ?? "unknown"
                let name = list.show(row.showID)?.name ?? row.showID
                print("\(month)  \(name): \(Rendering.hours(row.time))")
            }
            print("Total: \(Rendering.hours(report.total))")
        }
    }
}

/// The JSON of `history --json`.
struct HistoryDocument: Encodable {
    struct Watch: Encodable {
        var episode: String
        var show: String?
        var code: String?
        var title: String?
        var watchedAt: String?
        var rewatch: String?
        var source: String?
    }
    var timeZone: String
    var watches: [Watch]
    var playCounts: [String: Int]
}

/// `arrowverse undo [--list]`
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Undo the last change (a mark, an unmark, a show choice, an import…); again for the one before.",
        discussion: "Every change is kept in the database, so undo works from any later run. --list shows the recent changes.")

    @OptionGroup var common: CommonOptions
    @Flag(help: "List the recent changes instead, newest first (undone ones marked).") var list = false

    func run() async throws {
        let store = try await common.openStore()
        let clock = try common.clock.frozen()
        if list {
            let changes = try await store.changes(limit: 20)
            if changes.isEmpty { print("No change to undo.") }
            for change in changes {
                let when = Rendering.dayAndTime(change.madeAt, in: clock.timeZone)
                print(DisplayWidth.fitted("\(when)  \(change.summary)\(change.undoneAt == nil ? "" : " (undone)")"))
            }
            return
        }
        guard let undone = try await store.undo(undoneAt: clock.now) else {
            print("Nothing to undo.")
            return
        }
        print("Undid: \(undone.summary) (\(Rendering.dayAndTime(undone.madeAt, in: clock.timeZone))).")
    }
}
