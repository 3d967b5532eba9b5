public import AirdateCore
public import AirdateHTTP
import AirdateOfflineData
public import AirdateStore
public import ArgumentParser
import CommandLineSupport
public import Foundation
import TVMazeClient
public import WatchOrder
import WatchOrderWiki
public import WatchOrderSync

/// Options every `arrowverse` sub-command takes, and `airdate-web` too: the same `--db` is the same
/// database file, loaded the same way. The flags only choose; `WatchOrderSync` does the loading.
public struct CommonOptions: ParsableArguments {
    @Option(help: "The progress database (default: arrowverse.sqlite in the user's data directory).")
    public var db: String?
    @Option(help: "The franchise and wiki snapshot folder (default: the Arrowverse data installed with the program).")
    public var snapshot: String?
    @Flag(help: "Fetch every series' Wikipedia page (through the MediaWiki API) instead of reading the offline snapshot.")
    public var live = false
    @Flag(help: "Never use the network (the default unless --live): the wiki snapshot and, with --tvmaze, recorded TVMaze answers.")
    public var offline = false
    @Flag(help: "Order by TVMaze's broadcast times for this run (recorded answers unless --live), adding its runtimes; dates that differ are reported. Later runs without it go back to the schedule facts.")
    public var tvmaze = false
    @Option(help: "The viewer's time zone, such as Europe/Paris (default: the system's).")
    public var timeZone: String?

    /// The options as parsed (`--db` unset, snapshot offline, system time zone unless set).
    public init() {}

    public func validate() throws {
        if live && offline { throw ValidationError("Give --live or --offline, not both.") }
        if let db, db.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--db needs a path, such as --db ~/arrowverse.sqlite.")
        }
        if let snapshot, snapshot.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--snapshot needs a path, such as --snapshot Fixtures/arrowverse.")
        }
        if let timeZone, timeZone.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--time-zone needs a zone, such as --time-zone Europe/Paris.")
        }
        _ = try clock
    }

    /// The viewer's clock: the system's, in `--time-zone` when given.
    public var clock: ViewerClock {
        get throws {
            guard let timeZone else { return .system() }
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("--time-zone \"\(timeZone)\" is not a time zone identifier such as Europe/Paris.")
            }
            return .system(timeZone: zone)
        }
    }

    /// The database file: `--db` (its folder must exist), else `arrowverse.sqlite` in the user's
    /// data directory (created when missing).
    public func databasePath() throws -> String {
        if let db {
            let folder = URL(fileURLWithPath: db).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandLineError.databaseFolderMissing(folder)
            }
            if FileManager.default.fileExists(atPath: db, isDirectory: &isFolder), isFolder.boolValue {
                throw CommandLineError.unreadableFile(db, "it is a folder, not a database file (pass --db a file such as \(db)/arrowverse.sqlite)")
            }
            return db
        }
        let folder = DatabasePath.defaultFolder()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandLineError.unwritableFile(folder.path, FileProblem.reason(error, path: folder.path))
        }
        return folder.appendingPathComponent("arrowverse.sqlite").path
    }

    /// The franchise and snapshot folder: `--snapshot`, else the data installed with the program;
    /// checked to hold `franchise.json` and `pages.tsv`.
    public func snapshotFolder() throws -> URL {
        let folder: URL
        if let snapshot {
            folder = URL(fileURLWithPath: snapshot)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandLineError.snapshotNotFound(snapshot, given: true)
            }
        } else {
            guard let installed = OfflineData.arrowverse else { throw CommandLineError.offlineDataMissing }
            folder = installed
        }
        for name in [Franchise.fileName, "pages.tsv"] where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            throw CommandLineError.snapshotIncomplete(folder: folder.path, missing: name)
        }
        return folder
    }

    /// The franchise of the snapshot folder.
    public func franchise() throws -> Franchise {
        try Franchise(contentsOf: try snapshotFolder().appendingPathComponent(Franchise.fileName))
    }

    /// What the flags ask of a refresh: the snapshot's pages unless `--live` (the wiki through
    /// `transport`), TVMaze's broadcast times with `--tvmaze` (recorded unless `--live`).
    public func syncConfiguration(transport: (any HTTPTransport)? = nil) throws -> SyncConfiguration {
        let pages: SyncConfiguration.Pages = live
            ? .wiki(transport.map { WikiEpisodePages(transport: $0) } ?? WikiEpisodePages())
            : .snapshot(try snapshotFolder())
        guard tvmaze else { return SyncConfiguration(pages: pages) }
        if live {
            return SyncConfiguration(
                pages: pages, broadcasts: .tvmaze(transport.map { TVMaze(configuration: TVMaze.configuration(), transport: $0) } ?? TVMaze()))
        }
        guard let recorded = OfflineData.tvmaze?.appendingPathComponent("arrowverse") else { throw CommandLineError.offlineDataMissing }
        return SyncConfiguration(pages: pages, broadcasts: .recorded(recorded))
    }

    /// Opens the store and refreshes it as the flags ask (``syncConfiguration(transport:)``), saying
    /// what the refresh did on standard error (``SyncLines``).
    ///
    /// - Parameters:
    ///   - transport: what `--live` and `--tvmaze --live` fetch through (the library's default unless given).
    ///   - polling: how often the store's observations look for other processes' writes.
    ///   - busyTimeout: how long an operation waits for another process's lock.
    public func openStore(
        transport: (any HTTPTransport)? = nil, polling: ChangePolling = ChangePolling(), busyTimeout: Duration = .seconds(20)
    ) async throws -> WatchOrderStore {
        let sync = FranchiseSync(franchise: try franchise(), configuration: try syncConfiguration(transport: transport))
        let path = try databasePath()
        let (store, report) = try await sync.openStore(path: path, polling: polling, busyTimeout: busyTimeout) { event in
            for line in SyncLines.lines(for: event) { Stderr.line(line) }
        }
        for line in SyncLines.summary(of: report) { Stderr.line(line) }
        return store
    }
}

/// Lines for the reader on standard error (progress, warnings), apart from the output.
public enum Stderr {
    /// Writes `text` and a line break to standard error.
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
