import AirdateCore
import ArgumentParser
import Foundation
import WatchOrder

/// `arrowverse list [--show NAME]... [--unwatched] [--hide-specials]`
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the episodes in watch order (the default).")

    @OptionGroup var common: CommonOptions
    @Option(help: "Only this show (repeatable); without it, the shows chosen with `arrowverse shows`.") var show: [String] = []
    @Flag(help: "Only episodes not yet watched.") var unwatched = false
    @Flag(help: "Leave out specials.") var hideSpecials = false

    func run() async throws {
        let store = try await common.openStore()
        let clock = try common.clock.frozen()
        let state = try await store.state()
        let list = try state.watchList()
        var checklist = state.checklist
        if !show.isEmpty { checklist.selectedShows = Set(try show.map { try list.show(named: $0).id }) }
        if hideSpecials { checklist.hidesSpecials = true }
        for (position, episode) in list.episodes.enumerated() where checklist.isVisible(episode) {
            if unwatched && checklist.isWatched(episode.id) { continue }
            print(Rendering.line(episode, position: position + 1, list: list, checklist: checklist, clock: clock))
        }
    }
}

/// `arrowverse shows [--only Arrow,Flash | --all]`
struct Shows: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Choose the shows that list, next and progress follow (saved with the progress).")

    @OptionGroup var common: CommonOptions
    @Option(help: "Follow only these shows, comma-separated (\"Arrow,Flash\").") var only: String?
    @Flag(help: "Follow every show again.") var all = false

    func validate() throws {
        if only != nil && all { throw ValidationError("Give --only or --all, not both.") }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        if let only {
            let names = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            try await store.setSelectedShows(Set(try names.map { try list.show(named: $0).id }))
        } else if all {
            try await store.setSelectedShows(nil)
        }
        let checklist = try await store.state().checklist
        for show in list.shows {
            let followed = checklist.selectedShows?.contains(show.id) ?? true
            print("\(followed ? "✓" : " ") \(show.name)")
        }
        let absent = Franchise.series.filter { series in !list.shows.contains { $0.id == series.show.id } }
        if !absent.isEmpty {
            print("Not loaded (no saved page; --live fetches them): \(absent.map(\.name).joined(separator: ", "))")
        }
    }
}

/// `arrowverse next [--watch] [--show NAME]`
struct Next: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The next episode to watch, per show and overall, and what is coming.")

    @OptionGroup var common: CommonOptions
    @Flag(help: "Mark the next episode (overall, or of --show) watched.") var watch = false
    @Option(help: "Only this show (with --watch, mark its next episode).") var show: String?

    func run() async throws {
        let store = try await common.openStore()
        let clock = try common.clock.frozen()
        var state = try await store.state()
        let list = try state.watchList()
        let target = try show.map { try list.show(named: $0) }
        if let target { state.checklist.selectedShows = [target.id] }  // --show looks past the saved choice
        let upNext = try state.upNext(at: clock)
        if watch {
            guard let episode = target.map({ upNext.byShow[$0.id] }) ?? upNext.next else { throw CommandLineError.nothingToWatch }
            try await store.mark([episode.id], at: clock.now)
            print("Marked \(Rendering.name(episode, list: list)) watched.")
            return
        }
        if let next = upNext.next {
            print("Next: \(Rendering.name(next, list: list)) — \(next.airDay?.description ?? "TBA")")
        } else {
            print("Nothing aired is left to watch.")
        }
        for show in state.checklist.visibleShows(in: list) {
            guard let episode = upNext.byShow[show.id] else { continue }
            print("  \(show.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(list.code(of: episode))  \(episode.title)")
        }
        for episode in upNext.comingSoon {
            print("Coming \(episode.airDay?.description ?? "TBA"): \(Rendering.name(episode, list: list))")
        }
    }
}

/// `arrowverse watch EPISODE` / `--through EPISODE` / `--season "Arrow 3"` / `--show Arrow`
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark an episode, everything up to one, a season or a show as watched.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode, by the code `list` prints: \"Arrow 3x08\", \"Legends special 1\" (or arrow/s3e8).") var episode: String?
    @Option(help: "Mark every aired episode up to and including this one in watch order.") var through: String?
    @Option(help: "Mark a whole season (\"Arrow 3\"), unaired episodes skipped.") var season: String?
    @Option(help: "Mark a whole show (\"Arrow\"), unaired episodes skipped.") var show: String?

    func validate() throws {
        if [episode, through, season, show].compactMap({ $0 }).count != 1 {
            throw ValidationError("Give one of: EPISODE, --through EPISODE, --season \"SHOW N\", --show SHOW.")
        }
    }

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let clock = try common.clock.frozen()
        let marked: [EpisodeID]
        if let episode {
            let id = try list.episode(named: episode).id
            try await store.mark([id], at: clock.now)
            marked = [id]
        } else if let through {
            marked = try await store.mark(through: try list.episode(named: through).id, at: clock)
        } else if let season {
            let (show, number) = try list.season(named: season)
            marked = try await store.mark(show: show.id, season: number, at: clock)
        } else {
            marked = try await store.mark(show: try list.show(named: show ?? "").id, at: clock)
        }
        print("Marked \(marked.count) episode\(marked.count == 1 ? "" : "s") watched.")
    }
}

/// `arrowverse unwatch EPISODE`
struct Unwatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove an episode's watched mark.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The episode, by the code `list` prints: \"Arrow 3x08\", \"Legends special 1\".") var episode: String

    func run() async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let found = try list.episode(named: episode)
        try await store.unmark([found.id])
        print("Unmarked \(Rendering.name(found, list: list)).")
    }
}

/// `arrowverse progress`
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "progress", abstract: "Progress per show, per season and overall, and what is coming.")

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let store = try await common.openStore()
        let state = try await store.state()
        let list = try state.watchList()
        let clock = try common.clock.frozen()
        let checklist = state.checklist
        for show in checklist.visibleShows(in: list) {
            print("\(show.name): \(Rendering.progress(checklist.progress(in: list, show: show.id, at: clock)))")
            let seasons = Set(list.episodes.filter { $0.showID == show.id }.map(\.season)).sorted()
            for season in seasons {
                print("  Season \(season): \(Rendering.progress(checklist.progress(in: list, show: show.id, season: season, at: clock)))")
            }
            for episode in checklist.comingSoon(in: list, show: show.id, at: clock, limit: 3) {
                print("  Coming soon: \(list.code(of: episode)) \"\(episode.title)\" — \(episode.airDay?.description ?? "TBA")")
            }
        }
        print("Overall: \(Rendering.progress(checklist.progress(in: list, at: clock)))")
    }
}

/// `arrowverse export [FILE]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write the watched marks and the show choice as JSON (to FILE or standard output).")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The file to write.") var file: String?

    func run() async throws {
        let store = try await common.openStore()
        let data = try await store.exportProgress(at: try common.clock.now)
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
