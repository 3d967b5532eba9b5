import AirdateCore
import ArgumentParser
import Foundation
import WatchOrder

/// `arrowverse list [--show NAME]... [--unwatched] [--hide-specials]`
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the episodes in watch order (the default).")

    @OptionGroup var common: CommonOptions
    @Option(help: "Only this show (repeatable).") var show: [String] = []
    @Flag(help: "Only episodes not yet watched.") var unwatched = false
    @Flag(help: "Leave out specials.") var hideSpecials = false

    func run() async throws {
        let store = try await common.openStore()
        let zone = try common.zone
        let state = try await store.state()
        var checklist = state.checklist
        if !show.isEmpty { checklist.selectedShows = Set(try show.map { try EpisodeInput.showID($0, in: state) }) }
        if hideSpecials { checklist.hidesSpecials = true }
        let list = try state.watchList()
        let now = Date()
        for (position, episode) in list.episodes.enumerated() where checklist.isVisible(episode) {
            if unwatched && checklist.isWatched(episode.id) { continue }
            print(Rendering.line(episode, position: position + 1, list: list, checklist: checklist, now: now, zone: zone))
        }
    }
}

/// `arrowverse next`
struct Next: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The next episode to watch, per show, and what is coming.")

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let store = try await common.openStore()
        let state = try await store.state()
        let list = try state.watchList()
        let upNext = try state.upNext(at: .fixed(at: Date(), timeZone: try common.zone))
        if let next = upNext.next {
            print("Next: \(Rendering.name(next, list: list)) — \(next.airDay?.description ?? "TBA")")
        } else {
            print("Nothing aired is left to watch.")
        }
        for show in list.shows {
            guard let episode = upNext.byShow[show.id] else { continue }
            print("  \(show.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(episode.code)  \(episode.title)")
        }
        for episode in upNext.comingSoon {
            print("Coming \(episode.airDay?.description ?? "TBA"): \(Rendering.name(episode, list: list))")
        }
    }
}

/// `arrowverse watch EPISODE` / `arrowverse watch --through EPISODE` / `arrowverse watch --season "Arrow 3"`
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark an episode, everything up to one, or a season as watched.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode: arrow/s3e8, \"Arrow 3x08\" or \"The Flash S1E8\".") var episode: String?
    @Option(help: "Mark every aired episode up to and including this one in watch order.") var through: String?
    @Option(help: "Mark a whole season (\"Arrow 3\") or show (\"Arrow\"), unaired episodes skipped.") var season: String?

    func validate() throws {
        if [episode, through, season].compactMap({ $0 }).count != 1 {
            throw ValidationError("Give one of: EPISODE, --through EPISODE, --season \"SHOW [N]\".")
        }
    }

    func run() async throws {
        let store = try await common.openStore()
        let state = try await store.state()
        let list = try state.watchList()
        let zone = try common.zone
        let now = Date()
        let marked: [EpisodeID]
        if let episode {
            let id = try EpisodeInput.episodeID(episode, in: list)
            try await store.mark([id], at: now)
            marked = [id]
        } else if let through {
            marked = try await store.mark(through: try EpisodeInput.episodeID(through, in: list), at: .fixed(at: now, timeZone: zone))
        } else {
            let (showID, number) = try EpisodeInput.season(season ?? "", in: state)
            marked = try await store.mark(show: showID, season: number, at: .fixed(at: now, timeZone: zone))
        }
        print("Marked \(marked.count) episode\(marked.count == 1 ? "" : "s") watched.")
    }
}

/// `arrowverse unwatch EPISODE`
struct Unwatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove an episode's watched mark.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode: arrow/s3e8, \"Arrow 3x08\" or \"The Flash S1E8\".") var episode: String

    func run() async throws {
        let store = try await common.openStore()
        let id = try EpisodeInput.episodeID(episode, in: try await store.watchList())
        try await store.unmark([id])
        print("Unmarked \(id).")
    }
}

/// `arrowverse progress`
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "progress", abstract: "Progress per show, per season and overall.")

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let store = try await common.openStore()
        let state = try await store.state()
        let list = try state.watchList()
        let zone = try common.zone
        let now = Date()
        let checklist = state.checklist
        for show in list.shows {
            let progress = checklist.progress(in: list, show: show.id, at: .fixed(at: now, timeZone: zone))
            print("\(show.name): \(Rendering.progress(progress))")
            let seasons = Set(list.episodes.filter { $0.showID == show.id }.map(\.season)).sorted()
            for season in seasons {
                let seasonProgress = checklist.progress(in: list, show: show.id, season: season, at: .fixed(at: now, timeZone: zone))
                print("  Season \(season): \(Rendering.progress(seasonProgress))")
            }
        }
        print("Overall: \(Rendering.progress(checklist.progress(in: list, at: .fixed(at: now, timeZone: zone))))")
    }
}

/// `arrowverse export [FILE]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write the watched marks as JSON (to FILE or standard output).")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The file to write.") var file: String?

    func run() async throws {
        let store = try await common.openStore()
        let data = try await store.exportProgress(at: Date())
        if let file {
            try data.write(to: URL(fileURLWithPath: file))
        } else {
            FileHandle.standardOutput.write(data)
            print()
        }
    }
}

/// `arrowverse import FILE`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add the watched marks of an exported JSON file.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The file to read.") var file: String

    func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandLineError.unreadableFile(file, error.localizedDescription)
        }
        let store = try await common.openStore()
        let count = try await store.importProgress(data)
        print("Imported \(count) watched mark\(count == 1 ? "" : "s").")
    }
}
