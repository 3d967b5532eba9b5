import AirdateCore
import ArgumentParser
import ArrowverseCommandLine
import ArrowverseDocuments
import CommandLineSupport
import Foundation
import WatchOrder
import WatchOrderSync

/// `arrowverse list [--show NAME]... [--unwatched] [--hide-specials] [--json]`
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the episodes in watch order (the default).",
        discussion: """
        Each line: ✓ watched, · not aired yet; the position in the watch order; the air day; the show \
        and the code that watch and unwatch take ("Arrow 3x08", "Legends of Tomorrow special 1"). \
        With --json: {"episodes": [...], "timeZone": ...}, each episode with position, code, id, show, \
        season, number, title, airDay (YYYY-MM-DD), broadcast (ISO 8601), watched and aired.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Only this show (repeatable), even a hidden one; without it, every show not hidden with `arrowverse shows`.") var show: [String] = []
    @Flag(help: "Only episodes not yet watched.") var unwatched = false
    @Flag(help: "Leave out specials.") var hideSpecials = false
    @Flag(help: "Print the list as one JSON document.") var json = false
    @OptionGroup var order: OrderOption

    func run() async throws {
        let store = try await common.openStore()
        let clock = try common.clock.frozen()
        let state = try await store.state()
        let list = try order.watchList(state)
        var checklist = state.checklist
        if !show.isEmpty {
            // Shows named are listed, hidden or not.
            let named = Set(try show.map { try list.show(named: $0).id })
            checklist.selectedShows = named
            for id in named { checklist.showStatus[id] = nil }
        }
        if hideSpecials { checklist.hidesSpecials = true }
        let shown = list.episodes.enumerated().filter { _, episode in
            checklist.isVisible(episode) && !(unwatched && checklist.isWatched(episode.id))
        }
        if json {
            let context = ListingContext(list: list, checklist: checklist, clock: clock)
            try JSONOutput.print(ListDocument(timeZone: clock.timeZone.identifier,
                                              episodes: shown.map { EpisodeDocument($0.element, in: context) }))
            return
        }
        let colors = ShowColors(list: list)
        for (index, episode) in shown {
            let line = DisplayWidth.fitted(Rendering.line(episode, position: index + 1, list: list, checklist: checklist, clock: clock))
            print(colors.paint(line, name: list.show(episode.showID)?.name ?? episode.showID, at: Rendering.showColumn, showID: episode.showID))
        }
    }
}

/// `arrowverse shows [--only Arrow,Flash | --all | --hide NAME | --drop NAME | --resume NAME] [--json]`
struct Shows: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hide shows, or drop them, for list, next, progress and airdate-web (saved with the progress).",
        discussion: """
        Names are matched ignoring case and punctuation, and the start of a name will do ("flash", \
        "legends"). One setting, saved in the database, so airdate-web on the same file shows the same: \
        a hidden show is shown nowhere; a dropped one (you stopped following it) is listed, with its \
        progress, but out of next and coming soon. Each line: ✓ shown, then the name and its status. \
        With --json: {"shows": [{"id", "name", "followed" (shown), "episodes", "externalIDs", "status"}, ...], "notLoaded": [...]}.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Hide every show but these, comma-separated (\"Arrow,Flash\"); these are shown again.") var only: String?
    @Flag(help: "Show every hidden show again (dropped shows stay dropped).") var all = false
    @Option(help: "Hide a show: shown nowhere (list, next, progress, the web pages, feeds and calendar) until --resume; its marks and history kept.") var hide: String?
    @Option(help: "Drop a show (you stopped following it): out of next and coming soon, still in list and progress; its marks and history kept.") var drop: String?
    @Option(help: "Show a hidden show again, or follow a dropped one again.") var resume: String?
    @Flag(help: "Print the shows as one JSON document.") var json = false

    func validate() throws {
        if [only != nil, all, hide != nil, drop != nil, resume != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --only, --all, --hide, --drop or --resume.")
        }
        if let only, only.split(separator: ",").allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--only needs at least one show name, such as --only \"Arrow,Flash\".")
        }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let now = try common.clock.now
        if let only {
            let names = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let shown = Set(try names.map { try list.show(named: $0).id })
            try await store.setHiddenShows(Set(list.shows.map(\.id)).subtracting(shown), changedAt: now)
        } else if all {
            try await store.setHiddenShows([], changedAt: now)
        } else if let (name, status) = hide.map({ ($0, ShowStatus.hidden) }) ?? drop.map({ ($0, ShowStatus.dropped) })
                    ?? resume.map({ ($0, ShowStatus.watching) }) {
            try await store.setStatus(status, ofShow: try list.show(named: name).id, changedAt: now)
        }
        let checklist = try await store.state().checklist
        let shown = Set(checklist.visibleShows(in: list).map(\.id))
        let absent = try common.franchise().shows.filter { series in !list.shows.contains { $0.id == series.id } }
        if json {
            let counts = Dictionary(grouping: list.episodes, by: \.showID).mapValues(\.count)
            try JSONOutput.print(ShowsDocument(
                shows: list.shows.map { show in
                    .init(id: show.id, name: show.name, followed: shown.contains(show.id),
                          episodes: counts[show.id] ?? 0, externalIDs: show.externalIDs,
                          status: checklist.status(ofShow: show.id).rawValue)
                },
                notLoaded: absent.map(\.name)))
            return
        }
        for show in list.shows {
            let status = checklist.status(ofShow: show.id)
            print("\(shown.contains(show.id) ? "✓" : " ") \(show.name)\(status == .watching ? "" : " (\(status.rawValue))")")
        }
        if !absent.isEmpty {
            print("Not loaded (no saved page; --live fetches them): \(absent.map(\.name).joined(separator: ", "))")
        }
    }
}

/// `arrowverse next [--watch] [--show NAME] [--json]`
struct Next: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The next episode to watch, per show and overall, and what is coming.",
        discussion: """
        Each show's next episode comes by air date (the one that aired first leads, ties by broadcast \
        time), as airdate-web's /next shows it. With --json: {"next": EPISODE or null, "byShow": \
        [{"show", "episode", "behind"}, ...], "comingSoon": [...]}, each episode as in `list --json`.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Mark the next episode (overall, or of --show) watched.") var watch = false
    @Option(help: "Only this show, even a hidden or dropped one (with --watch, mark its next episode).") var show: String?
    @Flag(help: "Print what is next as one JSON document (not with --watch).") var json = false
    @OptionGroup var order: OrderOption

    func validate() throws {
        if watch && json { throw ValidationError("Give --watch or --json, not both.") }
        if watch && order.order != nil {
            throw ValidationError("--watch follows the chosen order; choose another with `arrowverse orders --choose ID`.")
        }
    }

    func run() async throws {
        let store = try await common.openStore()
        let clock = try common.clock.frozen()
        var state = try await store.state()
        let named = try order.named(state)
        let list = try state.watchList(in: named)
        let target = try show.map { try list.show(named: $0) }
        if watch {
            // Found and marked in one transaction: two `next --watch` at once mark two episodes.
            let summary = try await store.watchNext(ofShow: target?.id, at: clock)
            guard let id = summary.episodes.first else { throw CommandLineError.nothingToWatch(show: target?.name) }
            print("Marked \(list.episode(id).map { Rendering.name($0, list: list) } ?? id.rawValue) watched.")
            return
        }
        if let target {  // --show looks past the saved choice: a hidden or dropped show named is looked at
            state.checklist.selectedShows = [target.id]
            state.checklist.showStatus[target.id] = nil
        }
        // The one up next (airdate-web's /next and /api/next show the same): shows by air date.
        let upNext = state.checklist.upNext(in: list, at: clock)
        if json {
            try JSONOutput.print(NextDocument(upNext, in: ListingContext(list: list, checklist: state.checklist, clock: clock)))
            return
        }
        let colors = ShowColors(list: list)
        if let next = upNext.next {
            let name = list.show(next.showID)?.name ?? next.showID
            print(colors.paint("Next: \(Rendering.name(next, list: list)) — \(next.airDay?.description ?? "TBA")", name: name, at: 6, showID: next.showID))
        } else {
            print("Nothing aired is left to watch.")
        }
        for entry in upNext.shows {
            let episode = entry.next
            let line = "  \(entry.show.name.padding(toLength: Rendering.showWidth(list), withPad: " ", startingAt: 0)) \(list.code(of: episode))  \(episode.airDay?.description ?? "TBA")  \(episode.title)"
            print(colors.paint(line, name: entry.show.name, at: 2, showID: entry.show.id))
        }
        for episode in upNext.comingSoon {
            print("Coming \(episode.airDay?.description ?? "TBA"): \(Rendering.name(episode, list: list))")
        }
    }
}

/// `arrowverse watch EPISODE` / `--through EPISODE` / `--season "Arrow 3"` / `--show Arrow`
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark an episode, everything up to one, a season or a show as watched.",
        discussion: "Says what changed: how many episodes were newly marked and how many were already watched.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode, by the code `list` prints: \"Arrow 3x08\", \"Legends special 1\" (or arrow/s3e8).") var episode: String?
    @Option(help: "Mark every aired episode up to and including this one in watch order (the chosen one, or --order).") var through: String?
    @Option(help: "Mark a whole season (\"Arrow 3\"), unaired episodes skipped.") var season: String?
    @Option(help: "Mark a whole show (\"Arrow\"), unaired episodes skipped.") var show: String?
    @OptionGroup var order: OrderOption

    func validate() throws {
        if [episode, through, season, show].compactMap({ $0 }).count != 1 {
            throw ValidationError("Give one of: EPISODE, --through EPISODE, --season \"SHOW N\", --show SHOW.")
        }
        if order.order != nil && through == nil { throw ValidationError("--order goes with --through (the order decides what comes before).") }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let clock = try common.clock.frozen()
        if let episode {
            let found = try list.episode(named: episode)
            let summary = try await store.watch([found.id], watchedAt: clock.now)
            print(summary.newlyWatched.isEmpty
                ? "\(Rendering.name(found, list: list)) was already watched; nothing changed."
                : "Marked \(Rendering.name(found, list: list)) watched.")
            return
        }
        let summary: WatchSummary
        if let through {
            let state = try await store.state()
            summary = try await store.watch(through: try list.episode(named: through).id, order: try order.named(state)?.id, at: clock)
        } else if let season {
            let (show, number) = try list.season(named: season)
            guard let number else { throw seasonNeeded(option: "--season", show: show.name, verb: "mark") }
            summary = try await store.watch(show: show.id, season: number, at: clock)
        } else {
            summary = try await store.watch(show: try list.show(named: show ?? "").id, at: clock)
        }
        print(summary.episodes.isEmpty ? "No aired episode to mark; nothing changed." : Rendering.summary(summary))
    }
}

/// `arrowverse unwatch EPISODE` / `--through EPISODE` / `--season "Arrow 3"` / `--show Arrow`
struct Unwatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove an episode's watched mark, or those of a season or a show.",
        discussion: "Says what changed: the episode unmarked, or how many marks were removed.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode, by the code `list` prints: \"Arrow 3x08\", \"Legends special 1\".") var episode: String?
    @Option(help: "Unmark every episode up to and including this one in watch order (the inverse of watch --through).") var through: String?
    @Option(help: "Unmark a whole season (\"Arrow 3\").") var season: String?
    @Option(help: "Unmark a whole show (\"Arrow\").") var show: String?

    func validate() throws {
        if [episode, through, season, show].compactMap({ $0 }).count != 1 {
            throw ValidationError("Give the episode to unmark (\"Arrow 3x08\"), or --through EPISODE, or --season \"SHOW N\", or --show SHOW.")
        }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        if let episode {
            let found = try list.episode(named: episode)
            let removed = try await store.unwatch([found.id])
            print(removed.isEmpty
                ? "\(Rendering.name(found, list: list)) was not marked watched; nothing changed."
                : "Unmarked \(Rendering.name(found, list: list)).")
            return
        }
        let removed: [EpisodeID]
        let what: String
        if let through {
            let found = try list.episode(named: through)
            removed = try await store.unwatch(through: found.id)
            what = "the watch order up to \(Rendering.name(found, list: list))"
        } else if let season {
            let (show, number) = try list.season(named: season)
            guard let number else { throw seasonNeeded(option: "--season", show: show.name, verb: "unmark") }
            removed = try await store.unwatch(show: show.id, season: number)
            what = "\(show.name) season \(number)"
        } else {
            let found = try list.show(named: show ?? "")
            removed = try await store.unwatch(show: found.id)
            what = found.name
        }
        print(removed.isEmpty
            ? "No episode of \(what) was marked watched; nothing changed."
            : "Unmarked \(Rendering.plural(removed.count, "episode")) of \(what).")
    }
}

/// `arrowverse progress [--json]`
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Progress per show, per season and overall, and what is coming.",
        discussion: """
        With --json: {"shows": [{"show", "progress", "seasons": [{"season", "progress"}], "comingSoon"}], \
        "overall"}, each progress as {"watched", "aired", "total", "percent"}.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Print the progress as one JSON document.") var json = false

    func run() async throws {
        let store = try await common.openStore()
        let state = try await store.state()
        let list = try state.watchList()
        let clock = try common.clock.frozen()
        let report = ProgressReportDocument(list: list, checklist: state.checklist, clock: clock)
        if json {
            try JSONOutput.print(report)
            return
        }
        let colors = ShowColors(list: list)
        for show in report.shows {
            let id = list.shows.first { $0.name == show.show }?.id ?? show.show
            print(colors.paint("\(show.show): \(Rendering.progress(show.progress))", name: show.show, at: 0, showID: id))
            for season in show.seasons {
                print("  Season \(season.season): \(Rendering.progress(season.progress))")
            }
            for episode in show.comingSoon {
                print("  Coming soon: \(episode.codeInShow) \"\(episode.title)\" — \(episode.airDay?.description ?? "TBA")")
            }
        }
        print("Overall: \(Rendering.progress(report.overall))")
    }
}

/// A sweeping option given a show without a season number: refused as a usage error, rather than
/// taken for the whole show (`watch --season "Arrow"` once marked 170 episodes).
func seasonNeeded(option: String, show: String, verb: String) -> ValidationError {
    ValidationError("\(option) needs a season number, such as \(option) \"\(show) 3\"; to \(verb) every episode of \(show), give --show \"\(show)\".")
}
