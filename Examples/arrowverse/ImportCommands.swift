import AirdateCore
import ArgumentParser
import ArrowverseCommandLine
import CommandLineSupport
import Foundation
import WatchOrder
import WatchOrderImport

/// The formats `import` reads and `export` writes.
enum ExchangeFormat: String, ExpressibleByArgument, CaseIterable {
    /// Airdate's own progress file (`export` without --to).
    case airdate
    /// Trakt's data export (its ZIP archive, the unpacked folder, or one watched-history file).
    case trakt
    /// TV Time's data export (its ZIP archive, the unpacked folder, or its history file).
    case tvtime
}

/// `arrowverse export [FILE] [--to airdate|trakt|tvtime]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the progress as Airdate's JSON (to FILE or standard output), or the history for Trakt or TV Time.",
        discussion: """
        Without --to: what `arrowverse import` reads, {"version": 1, "exported" (ISO 8601), "watched": [ids], \
        "hidesSpecials", "selectedShows"}. --to trakt: Trakt's watched history (JSON, one item per watch, \
        with the shows' ids). --to tvtime: a folder holding seen_episode.csv and followed_tv_show.csv in TV \
        Time's columns (hidden and dropped shows archived). Specials, which have no number, are left out of \
        both and counted.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "The format: airdate (the default), trakt or tvtime.") var to: ExchangeFormat = .airdate
    @Argument(help: "The file to write (for --to tvtime, a folder; it is created when its parent exists).") var file: String?

    func validate() throws {
        if to == .tvtime && file == nil { throw ValidationError("--to tvtime writes two files: give the folder to write them in.") }
        if let file, file.isEmpty { throw ValidationError("The file to write needs a path.") }
    }

    func run() async throws {
        let store = try await common.openStore()
        guard to != .airdate else { return try await writeProgress(store) }
        let list = try await store.watchList()
        let state = try await store.state()
        let export = ExternalHistoryWriter(list: list).export(try await store.history(), checklist: state.checklist)
        if to == .trakt {
            try write(TraktExport.write(export.watches), to: file)
        } else if let file {
            let folder = URL(fileURLWithPath: file)
            let parent = folder.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: parent) else {
                throw CommandLineError.unwritableFile(file, "the folder \(parent) does not exist")
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            } catch CocoaError.fileWriteFileExists {
            } catch {
                if !FileManager.default.fileExists(atPath: folder.path) { throw CommandLineError.unwritableFile(file, FileProblem.reason(error, path: file)) }
            }
            for (name, data) in TVTimeExport.write(export.watches, follows: export.follows).sorted(by: { $0.key < $1.key }) {
                try write(data, to: folder.appendingPathComponent(name).path)
            }
        }
        var line = "Exported \(Rendering.plural(export.watches.count, "watch")) for \(to == .trakt ? "Trakt" : "TV Time")"
        if let file { line += " to \(file)" }
        if !export.leftOut.isEmpty { line += " (\(Rendering.plural(export.leftOut.count, "watch")) of specials or unlisted episodes left out)" }
        if file != nil { print(line + ".") } else { Stderr.line(line + ".") }
    }

    private func writeProgress(_ store: some WatchOrderStorage) async throws {
        let data = try await store.exportProgress(exportedAt: try common.clock.now)
        try write(data, to: file)
        if let file {
            let count = try await store.state().checklist.watched.count
            print("Exported \(Rendering.plural(count, "watched mark")) to \(file).")
        }
    }

    private func write(_ data: Data, to file: String?) throws {
        guard let file else {
            FileHandle.standardOutput.write(data)
            print()
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandLineError.unwritableFile(file, FileProblem.reason(error, path: file))
        }
    }
}

/// `arrowverse import FILE [--from airdate|trakt|tvtime] [--dry-run]`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add the watches of an exported file: Airdate's own, Trakt's history, or TV Time's data export.",
        discussion: """
        Says everything it changes: watches added, watches already there, episodes that match nothing \
        (with the reason), settings and shows changed, and ids no listed show has (left out). Episodes are \
        matched by their ids first, then by the show's ids or title with season and number. A file that \
        cannot be read changes nothing. Importing one file twice adds nothing the second time, and \
        `arrowverse undo` takes a whole import back. --dry-run shows all of it and writes nothing.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "The format: airdate (a file `arrowverse export` wrote; the default), trakt or tvtime.") var from: ExchangeFormat = .airdate
    @Flag(help: "Show what the import would change, and change nothing.") var dryRun = false
    @Argument(help: "The file to read (for trakt and tvtime, the export's ZIP archive, the unpacked folder or one history file: Trakt's watched-history.json or watched-history-N.json, TV Time's tracking-prod-records-v2.csv or seen_episode.csv).") var file: String

    func validate() throws {
        if file.isEmpty { throw ValidationError("The file to import needs a path.") }
    }

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw CommandLineError.unreadableFile(file, FileProblem.reason(CocoaError(.fileReadNoSuchFile), path: file))
        }
        switch from {
        case .airdate:
            if isFolder.boolValue { throw CommandLineError.unreadableFile(file, "it is a folder") }
            try await importProgress(try read(url))
        case .trakt:
            try await importHistory(try TraktExport.read(contentsOf: url))
        case .tvtime:
            try await importHistory(try TVTimeExport.read(contentsOf: url))
        }
    }

    private func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CommandLineError.unreadableFile(file, FileProblem.reason(error, path: file))
        }
    }

    private func importProgress(_ data: Data) async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let looksLikeTrakt = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } == UInt8(ascii: "[")
        let hint = looksLikeTrakt ? " (a Trakt history? add --from trakt)" : ""
        let report: ProgressImportReport
        do {
            report = try await store.importProgress(data, dryRun: dryRun)
        } catch {
            guard error.code == .invalidImport, let reason = error.reason else { throw error }
            throw CommandLineError.notAnExport(file, reason + hint)
        }
        let prefix = dryRun ? "Dry run — would import" : "Imported"
        print(Rendering.summary(report.watches, verb: prefix, noun: "watched mark"))
        func names(_ ids: Set<String>?) -> String {
            guard let ids else { return "every show" }
            return ids.map { list.show($0)?.name ?? $0 }.sorted().joined(separator: ", ")
        }
        if let change = report.hidesSpecials {
            print("Specials: \(change.from ? "hidden" : "shown") → \(change.to ? "hidden" : "shown").")
        }
        if let change = report.selectedShows {
            print("Shows followed: \(names(change.from)) → \(names(change.to)).")
        }
        if let change = report.showStatus {
            func statuses(_ map: [String: ShowStatus]) -> String {
                map.isEmpty ? "none" : map.map { "\(list.show($0.key)?.name ?? $0.key) (\($0.value.rawValue))" }.sorted().joined(separator: ", ")
            }
            print("Shows hidden or dropped: \(statuses(change.from)) → \(statuses(change.to)).")
        }
        if !report.unknownShows.isEmpty {
            let kept = report.selectedShows == nil ? "; the shows followed were kept" : ""
            print("Left out \(Rendering.plural(report.unknownShows.count, "show id")) no listed show has: \(report.unknownShows.joined(separator: ", "))\(kept).")
        }
        if dryRun { print("Nothing was written.") }
    }

    private func importHistory(_ history: ExternalHistory) async throws {
        let store = try await common.openStore()
        let list = try await store.watchList()
        let plan = ExternalHistoryMatcher(list: list).match(history)
        let service = history.service.displayName
        var read = "Read \(Rendering.plural(history.watches.count, "watched episode")) from \(service)"
        if !history.follows.isEmpty { read += " and \(Rendering.plural(history.follows.count, "followed show"))" }
        if !plan.skipped.isEmpty { read += "; skipped \(Rendering.plural(plan.skipped.count, "entry").replacingOccurrences(of: "entrys", with: "entries"))" }
        print(read + ".")
        for skip in plan.skipped.prefix(20) { print("  skipped \(skip)") }
        if plan.skipped.count > 20 { print("  … and \(plan.skipped.count - 20) more skipped") }
        let methods = Dictionary(grouping: plan.matched, by: \.method).mapValues(\.count)
        let how = [(MatchMethod.episodeID, "by episode id"), (.showID, "by show id"), (.title, "by title")]
            .compactMap { method, text in methods[method].map { "\($0) \(text)" } }.joined(separator: ", ")
        let percent = Int((plan.matchRate * 100).rounded())
        print("Matched \(plan.matched.count) of \(plan.matched.count + plan.unmatched.count) (\(percent)%)\(how.isEmpty ? "" : ": \(how)")"
            + (plan.unmatched.isEmpty ? "." : "; \(plan.unmatched.count) unmatched:"))
        for unmatched in plan.unmatched.prefix(50) { print(DisplayWidth.fitted("  \(unmatched)")) }
        if plan.unmatched.count > 50 { print("  … and \(plan.unmatched.count - 50) more unmatched") }
        for follow in plan.follows where follow.showID == nil {
            print("  followed show not listed: \(follow.follow.show.title) — \(follow.reason ?? "")")
        }
        let report = try await store.importWatches(
            plan.watchesToRecord, showStatus: plan.showStatus, source: history.service.rawValue, dryRun: dryRun)
        let verb = dryRun ? "Would add" : "Added"
        print("\(verb) \(Rendering.plural(report.added.count, "watch")) (\(Rendering.plural(report.newlyWatched.count, "episode")) newly watched); "
            + "\(Rendering.plural(report.alreadyThere.count, "watch")) already there.")
        for change in report.statusChanges {
            let verb = change.to == .hidden ? (dryRun ? "Would hide" : "Hidden") : (dryRun ? "Would drop" : "Dropped")
            print("\(verb): \(list.show(change.showID)?.name ?? change.showID) (archived on \(service)).")
        }
        if dryRun { print("Dry run: nothing was written.") }
    }
}
