public import AirdateCore
public import AirdateHTTP
public import AirdateStore
public import ArgumentParser
import CommandLineSupport
public import Foundation
import TVMazeClient
public import WatchOrder
import WatchOrderTVMaze
import WatchOrderWiki

/// Options every `arrowverse` sub-command takes, and `airdate-web` too: the same `--db` is the same
/// database file, loaded the same way.
public struct CommonOptions: ParsableArguments {
    @Option(help: "The progress database (default: arrowverse.sqlite in the user's data directory).")
    public var db: String?
    @Option(help: "The offline snapshot folder (default: Fixtures/arrowverse of the package).")
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
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        let folder = base.appendingPathComponent("Airdate")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandLineError.unwritableFile(folder.path, FileProblem.reason(error, path: folder.path))
        }
        return folder.appendingPathComponent("arrowverse.sqlite").path
    }

    /// `Fixtures/<name>` of the package: below the working directory, else beside this source file.
    public func fixtures(_ name: String) -> URL? {
        [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures/\(name)"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"),
        ].first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The snapshot folder, checked to hold `rules.json` and `pages.tsv`.
    public func snapshotFolder() throws -> URL {
        let folder: URL
        if let snapshot {
            folder = URL(fileURLWithPath: snapshot)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandLineError.snapshotNotFound(snapshot, given: true)
            }
        } else {
            guard let found = fixtures("arrowverse") else {
                throw CommandLineError.snapshotNotFound(FileManager.default.currentDirectoryPath + "/Fixtures/arrowverse", given: false)
            }
            folder = found
        }
        for name in ["rules.json", "pages.tsv"] where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            throw CommandLineError.snapshotIncomplete(folder: folder.path, missing: name)
        }
        return folder
    }

    /// Opens the store; loads the episodes (live with --live, else from the snapshot when the store
    /// has none yet, or when --tvmaze asks for broadcast times) and the crossover rules, and links
    /// every episode to its own wiki article (``Franchise/episodeWiki``).
    ///
    /// - Parameters:
    ///   - transport: what `--live` and `--tvmaze --live` fetch through (the library's default unless given).
    ///   - polling: how often the store's observations look for other processes' writes.
    ///   - busyTimeout: how long an operation waits for another process's lock.
    public func openStore(
        transport: (any HTTPTransport)? = nil, polling: ChangePolling = ChangePolling(), busyTimeout: Duration = .seconds(20)
    ) async throws -> WatchOrderStore {
        let folder = try snapshotFolder()
        let store = try WatchOrderStore(path: try databasePath(), polling: polling, busyTimeout: busyTimeout)
        let rulesURL = folder.appendingPathComponent("rules.json")
        let ruleSet: OrderingRuleSet
        do {
            ruleSet = try OrderingRuleSet(json: Data(contentsOf: rulesURL))
        } catch let error as DecodingError {
            throw CommandLineError.unreadableFile(rulesURL.path, ErrorLine.normalized(ErrorLine.text(for: error)).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
        } catch {
            throw CommandLineError.unreadableFile(rulesURL.path, FileProblem.reason(error, path: rulesURL.path))
        }
        let catalog = try Loading.catalog(folder)
        let stored = try await store.state().lists
        if live || tvmaze || stored.isEmpty {
            var lists = live ? try await Loading.live(transport: transport) : try Loading.snapshot(folder)
            if tvmaze {
                lists = try await Loading.addingTVMaze(to: lists, live: live, recorded: fixtures("tvmaze/arrowverse"), transport: transport)
            }
            lists = Loading.addingCatalog(catalog, to: lists, reporting: true)
            try await store.refresh(Franchise.episodeWiki.linkingEpisodeArticles(in: lists))
        } else {
            // Without --tvmaze the order comes from the schedule facts: instants an earlier --tvmaze run
            // stored are not kept (and a file written before the facts, or before episodes had pages of
            // their own, gains them), keeping everything else.
            let untimed = stored.map { list in
                var list = list
                for index in list.episodes.indices { list.episodes[index].broadcast = nil }
                return list
            }
            let linked = Franchise.episodeWiki.linkingEpisodeArticles(in: Loading.addingCatalog(catalog, to: untimed, reporting: false))
            if linked != stored {
                let replaced = zip(stored.flatMap(\.episodes), linked.flatMap(\.episodes)).filter { old, new in
                    old.broadcast != nil && old.broadcast != new.broadcast
                }.count
                if replaced > 0 {
                    Stderr.line("Ordered by the schedule facts: \(replaced) broadcast times an earlier --tvmaze run stored are not kept (give --tvmaze to use TVMaze's).")
                }
                try await store.refresh(linked.filter { !$0.episodes.isEmpty })
            }
        }
        try await store.setRules(ruleSet.rules)
        try await store.setShowPriority(ruleSet.shows.map(Show.slug))
        try await store.setBuiltInOrders(ruleSet.builtInOrders)
        return store
    }
}

/// Where episode lists come from, with a line on standard error for each page.
public enum Loading {
    /// The saved pages of the offline snapshot, as `pages.tsv` lists them (Wikipedia- and
    /// Fandom-shaped, one list page per show or one page per season), one list per show. A page that
    /// cannot be read is reported and skipped, so the store keeps that show's stored episodes.
    public static func snapshot(_ folder: URL) throws -> [EpisodeList] {
        let manifestURL = folder.appendingPathComponent("pages.tsv")
        let manifest: String
        do {
            manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        } catch {
            throw CommandLineError.unreadableFile(manifestURL.path, FileProblem.reason(error, path: manifestURL.path))
        }
        var lists: [EpisodeList] = []
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { continue }
            let url = folder.appendingPathComponent(fields[2])
            let show = Show(name: fields[0])
            let site: WikiSite = fields[1] == "fandom" ? .fandom("arrow") : .englishWikipedia
            let title = url.deletingPathExtension().lastPathComponent
            let page = WikiPage(site: site, title: title, show: show, season: fields.count > 3 ? Int(fields[3]) : nil)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                Stderr.line("\(show.name): \(url.path) is missing. Skipped; its stored episodes are kept.")
                continue
            }
            do {
                let list = try WikiEpisodePages.episodeList(saved: data, of: page, sourceURL: url)
                if let index = lists.firstIndex(where: { $0.show.id == show.id }) {
                    lists[index] = lists[index].appending(list)
                } else {
                    lists.append(list)
                }
            } catch {
                Stderr.line("\(show.name): \(ErrorLine.text(for: error)) Skipped; its stored episodes are kept.")
            }
        }
        return lists
    }

    /// The series catalog of the snapshot folder (`series.json`: broadcast facts and external ids);
    /// `nil`, said on standard error, when the folder has none.
    public static func catalog(_ folder: URL) throws -> SeriesCatalog? {
        let url = folder.appendingPathComponent("series.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Stderr.line("\(url.path) is missing: episodes keep no broadcast time, and same-day episodes go by show priority.")
            return nil
        }
        do {
            return try SeriesCatalog(json: data)
        } catch {
            throw CommandLineError.unreadableFile(url.path, ErrorLine.text(for: error).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
        }
    }

    /// The lists with the catalog's show ids (TVMaze, TheTVDB, IMDb) and broadcast instants added
    /// where an episode has none (TVMaze's, with --tvmaze, are kept). With `reporting`, the
    /// episodes the facts cannot place and the instants they contradict go to standard error.
    public static func addingCatalog(_ catalog: SeriesCatalog?, to lists: [EpisodeList], reporting: Bool) -> [EpisodeList] {
        guard let catalog else { return lists }
        return lists.map { list in
            guard let series = catalog.series(id: list.show.id) else { return list }
            var list = list
            list.show.externalIDs.fill(from: series.externalIDs)
            let scheduled = list.addingBroadcasts(from: series.schedule)
            if reporting {
                for note in scheduled.notes { Stderr.line("Schedule \(note)") }
            }
            return scheduled.list
        }
    }

    /// Every series' page, fetched in turn; a page that fails is reported and the others kept. When
    /// a site cannot be reached, its other pages are not tried: one line says so, and the run ends
    /// after one time-out instead of one per page.
    public static func live(transport: (any HTTPTransport)? = nil) async throws -> [EpisodeList] {
        let pages = transport.map { WikiEpisodePages(transport: $0) } ?? WikiEpisodePages()
        let outcomes = await pages.episodeLists(Franchise.series.map(\.page)) { outcome, index, count in
            let prefix = "[\(index + 1)/\(count)] \(outcome.page.show.name)"
            guard outcome.wasTried else { return }
            switch outcome.result {
            case .success(let list):
                Stderr.line("\(prefix): \(list.episodes.count) episodes, \(list.diagnostics.count) notes")
                // What the reader skipped or could not read, said rather than swallowed.
                for diagnostic in list.diagnostics.prefix(10) { Stderr.line("  note: \(diagnostic)") }
                if list.diagnostics.count > 10 { Stderr.line("  … and \(list.diagnostics.count - 10) more notes") }
            case .failure(let error): Stderr.line("\(prefix): failed. \(ErrorLine.text(for: error))")
            }
        }
        let lists = outcomes.compactMap { try? $0.result.get() }
        let skipped = outcomes.filter { !$0.wasTried }
        if let first = skipped.first {
            Stderr.line("Not tried (\(first.page.site.baseURL.host ?? "the site") cannot be reached): "
                + skipped.map(\.page.show.name).joined(separator: ", ") + ".")
        }
        // Each distinct reason once, with the series it stopped.
        var reasons: [(reason: String, shows: [String])] = []
        for outcome in outcomes where outcome.wasTried {
            guard case .failure(let error) = outcome.result else { continue }
            let reason = ErrorLine.text(for: error).trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if let index = reasons.firstIndex(where: { $0.reason == reason }) {
                reasons[index].shows.append(outcome.page.show.name)
            } else {
                reasons.append((reason, [outcome.page.show.name]))
            }
        }
        let failed = reasons.map { "\($0.shows.joined(separator: ", ")): \($0.reason)" }
        guard !lists.isEmpty else { throw CommandLineError.allPagesFailed(failed) }
        if !failed.isEmpty { Stderr.line("Kept the other series; failed: \(failed.joined(separator: "; "))") }
        return lists
    }

    /// The lists with TVMaze's broadcast instants and runtimes; differing dates are reported.
    public static func addingTVMaze(
        to lists: [EpisodeList], live: Bool, recorded: URL?, transport: (any HTTPTransport)? = nil
    ) async throws -> [EpisodeList] {
        let client: TVMaze
        if live {
            client = transport.map { TVMaze(configuration: TVMaze.configuration(), transport: $0) } ?? TVMaze()
        } else {
            guard let recorded else { throw CommandLineError.snapshotNotFound("Fixtures/tvmaze/arrowverse", given: false) }
            var configuration = TVMaze.configuration()
            configuration.rateLimits = []
            client = TVMaze(configuration: configuration, transport: try SnapshotTransport(folder: recorded))
        }
        var result: [EpisodeList] = []
        for list in lists {
            guard let id = Franchise.series.first(where: { $0.show.id == list.show.id })?.tvmazeID else {
                result.append(list)
                continue
            }
            do {
                let corroborated = list.addingBroadcasts(from: try await client.episodeList(ofShow: id, as: list.show), sourceName: "TVMaze")
                Stderr.line("TVMaze \(list.show.name): \(corroborated.broadcastsAdded) broadcast times added, "
                    + "\(corroborated.disagreements.count) dates differ, \(corroborated.unmatched.count) episodes not on TVMaze")
                for disagreement in corroborated.disagreements { Stderr.line("  differs: \(disagreement)") }
                result.append(corroborated.list)
            } catch APIClientError.Code.notFound where !live {
                Stderr.line("TVMaze \(list.show.name): not in the recorded answers (--live asks TVMaze); kept without broadcast times.")
                result.append(list)
            } catch {
                Stderr.line("TVMaze \(list.show.name): failed. \(ErrorLine.text(for: error)) Kept without broadcast times.")
                result.append(list)
            }
        }
        return result
    }
}

/// Lines for the reader on standard error (progress, warnings), apart from the output.
public enum Stderr {
    /// Writes `text` and a line break to standard error.
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
