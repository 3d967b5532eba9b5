import AirdateCore
import AirdateHTTP
public import AirdateStore
import Foundation
import TVMazeClient
public import WatchOrder
import WatchOrderTVMaze
import WatchOrderWiki

/// Keeps a franchise's watch order fresh in a `WatchOrderStorage` (the SQLite `WatchOrderStore`,
/// or another backend): reads each show's episodes (a
/// snapshot of saved wiki pages, or the wiki through the MediaWiki API), adds broadcast instants
/// (TVMaze's when asked, then the franchise's broadcast facts), links each episode to its own wiki
/// article, stores the lists, and sets the franchise's rules, show priority and named orders.
///
/// It returns a ``SyncReport`` and tells ``SyncEvent``s as it goes; it never prints.
///
/// ```swift
/// let franchise = try Franchise(contentsOf: folder.appendingPathComponent("franchise.json"))
/// let sync = FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .snapshot(folder)))
/// let store = try WatchOrderStore(path: path)
/// let report = try await sync.refresh(store) { event in
///     if case .pageSkipped(let skip, _, _) = event { log(skip.error.localizedDescription) }
/// }
/// ```
///
/// What a refresh keeps:
/// - A page that is missing or cannot be read is skipped: its show keeps the episodes the store has.
/// - Once a site cannot be reached, its other pages are not tried (one time-out, not one per page).
/// - From the network, when no page at all gives episodes, nothing is stored and the refresh throws
///   ``SyncError/Code/noPageRead``.
/// - Without TVMaze, instants an earlier TVMaze refresh stored are replaced by the broadcast facts'
///   (``SyncReport/droppedBroadcasts`` counts them), even when the pages are not read again.
public struct FranchiseSync: Sendable {
    /// The franchise refreshed.
    public var franchise: Franchise
    /// Where pages and broadcast times come from, and when pages are read.
    public var configuration: SyncConfiguration

    /// A refresh of `franchise` as `configuration` says.
    public init(franchise: Franchise, configuration: SyncConfiguration) {
        self.franchise = franchise
        self.configuration = configuration
    }

    /// Refreshes `store`; `progress` hears each event as it happens (on the refreshing task).
    ///
    /// The episode catalogue, rules, show priority and built-in orders a refresh writes are shared by
    /// every owner of the store, so any owner's handle refreshes them for all.
    ///
    /// - Throws: ``SyncError`` when nothing could be refreshed (the snapshot's page list cannot be
    ///   read, no page of the network gives episodes, TVMaze's recorded answers cannot be read, or
    ///   the store fails). A page or show that fails while others succeed is in the report instead.
    @discardableResult
    public func refresh(
        _ store: some WatchOrderStorage, progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws(SyncError) -> SyncReport {
        do {
            return try await refreshing(store, progress: progress)
        } catch let error as SyncError {
            throw error
        } catch {
            // Anything else is the store's.
            throw SyncError(.store, detail: SyncError.sentence(error), underlying: error)
        }
    }

    private func refreshing(_ store: some WatchOrderStorage, progress: @escaping @Sendable (SyncEvent) -> Void) async throws -> SyncReport {
        let stored = try await store.state().lists
        var report = SyncReport()
        if configuration.reading == .always || stored.isEmpty {
            var lists = try await episodeLists(report: &report, progress: progress)
            lists = try await addingBroadcasts(to: lists, report: &report, progress: progress)
            lists = addingFacts(to: lists) { note in
                report.scheduleNotes.append(note)
                progress(.scheduleNote(note))
            }
            lists = linkingArticles(lists)
            report.readPages = true
            if !lists.isEmpty {
                try await store.refresh(lists)
                report.storeChanged = true
            }
            var counts = Dictionary(stored.map { ($0.show.id, $0.episodes.count) }, uniquingKeysWith: { $1 })
            for list in lists { counts[list.show.id] = list.episodes.count }
            report.episodes = counts.values.reduce(0, +)
        } else {
            // The broadcast facts order the episodes: instants an earlier TVMaze refresh stored are
            // not kept (and a store written before the facts, or before episodes had pages of their
            // own, gains them), keeping everything else.
            let untimed = stored.map { list in
                var list = list
                for index in list.episodes.indices { list.episodes[index].broadcast = nil }
                return list
            }
            let linked = linkingArticles(addingFacts(to: untimed) { _ in })
            if linked != stored {
                report.droppedBroadcasts = zip(stored.flatMap(\.episodes), linked.flatMap(\.episodes)).filter { old, new in
                    old.broadcast != nil && old.broadcast != new.broadcast
                }.count
                if report.droppedBroadcasts > 0 { progress(.broadcastsDropped(report.droppedBroadcasts)) }
                try await store.refresh(linked.filter { !$0.episodes.isEmpty })
                report.storeChanged = true
            }
            report.episodes = linked.reduce(0) { $0 + $1.episodes.count }
        }
        try await store.setRules(franchise.rules.rules)
        try await store.setShowPriority(franchise.showPriority)
        try await store.setBuiltInOrders(franchise.orders)
        return report
    }

    /// Opens (or creates) the store at `path` and refreshes it: what an app does at launch.
    ///
    /// - Parameters:
    ///   - path: the database file (created when missing; its folder must exist).
    ///   - owner: whose watches, history and orders the returned handle reads and writes (the
    ///     catalogue the refresh writes is shared by every owner).
    ///   - polling: how often the store's observations look for other processes' writes.
    ///   - busyTimeout: how long an operation waits for another process's lock.
    ///   - progress: hears each event of the refresh as it happens.
    /// - Throws: ``SyncError`` (``SyncError/Code/store`` when the file cannot be opened).
    public func openStore(
        path: String, owner: StoreOwner = .local, polling: ChangePolling = ChangePolling(), busyTimeout: Duration = .seconds(20),
        progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws(SyncError) -> (store: WatchOrderStore, report: SyncReport) {
        let store: WatchOrderStore
        do {
            store = try WatchOrderStore(path: path, owner: owner, polling: polling, busyTimeout: busyTimeout)
        } catch {
            throw SyncError(.store, path: path, detail: SyncError.sentence(error), underlying: error)
        }
        return (store, try await refresh(store, progress: progress))
    }

    /// The episode lists the configured pages give, one per show (a show's pages appended in turn),
    /// without storing them. Pages skipped and sites not reached go to `report`.
    func episodeLists(
        report: inout SyncReport, progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws(SyncError) -> [EpisodeList] {
        switch configuration.pages {
        case .snapshot(let folder):
            return try snapshotLists(folder, report: &report, progress: progress)
        case .wiki(let reader):
            return try await wikiLists(reader, report: &report, progress: progress)
        }
    }

    // MARK: Pages

    private func snapshotLists(
        _ folder: URL, report: inout SyncReport, progress: @Sendable (SyncEvent) -> Void
    ) throws(SyncError) -> [EpisodeList] {
        let manifestURL = folder.appendingPathComponent("pages.tsv")
        let manifest: String
        do {
            manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        } catch {
            throw SyncError(.snapshotUnreadable, path: manifestURL.path, detail: FranchiseError.reason(error, path: manifestURL.path),
                            underlying: error)
        }
        let entries = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count >= 3 }
        var lists: [EpisodeList] = []
        for (index, fields) in entries.enumerated() {
            let url = folder.appendingPathComponent(fields[2])
            let show = franchiseShow(named: fields[0])
            let title = url.deletingPathExtension().lastPathComponent
            let season = fields.count > 3 ? Int(fields[3]) : nil
            guard let site = snapshotSite(fields[1]) else {
                let page = WikiPage(site: .englishWikipedia, title: title, show: show, season: season)
                let skip = SyncReport.PageSkip(page: page, file: url, error: SyncError(
                    .pageUnreadable, show: show.name, path: url.path,
                    detail: "pages.tsv names the reader \"\(fields[1])\" (give wikipedia, fandom or fandom:COMMUNITY)"))
                report.pagesSkipped.append(skip)
                progress(.pageSkipped(skip, index: index, count: entries.count))
                continue
            }
            let page = WikiPage(site: site, title: title, show: show, season: season)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                let skip = SyncReport.PageSkip(page: page, file: url, error: SyncError(
                    .pageMissing, show: show.name, path: url.path, detail: "\(url.path) is missing"))
                report.pagesSkipped.append(skip)
                progress(.pageSkipped(skip, index: index, count: entries.count))
                continue
            }
            do {
                let list = try WikiEpisodePages.episodeList(saved: data, of: page, sourceURL: url)
                let read = SyncReport.PageRead(page: page, file: url, episodes: list.episodes.count, diagnostics: list.diagnostics)
                report.pagesRead.append(read)
                progress(.pageRead(read, index: index, count: entries.count))
                Self.append(list, to: &lists)
            } catch {
                let skip = SyncReport.PageSkip(page: page, file: url, error: SyncError(
                    .pageUnreadable, show: show.name, path: url.path, detail: SyncError.sentence(error), underlying: error))
                report.pagesSkipped.append(skip)
                progress(.pageSkipped(skip, index: index, count: entries.count))
            }
        }
        return lists
    }

    private func wikiLists(
        _ reader: WikiEpisodePages, report: inout SyncReport, progress: @escaping @Sendable (SyncEvent) -> Void
    ) async throws(SyncError) -> [EpisodeList] {
        let outcomes = await reader.episodeLists(franchise.pages) { outcome, index, count in
            guard outcome.wasTried else { return }
            switch outcome.result {
            case .success(let list):
                progress(.pageRead(SyncReport.PageRead(page: outcome.page, episodes: list.episodes.count, diagnostics: list.diagnostics),
                                   index: index, count: count))
            case .failure(let error):
                progress(.pageSkipped(Self.skip(outcome.page, error), index: index, count: count))
            }
        }
        var lists: [EpisodeList] = []
        var unreachable: [SyncReport.UnreachableSite] = []
        for outcome in outcomes {
            switch outcome.result {
            case .success(let list):
                report.pagesRead.append(SyncReport.PageRead(page: outcome.page, episodes: list.episodes.count, diagnostics: list.diagnostics))
                Self.append(list, to: &lists)
            case .failure(let error) where outcome.wasTried:
                report.pagesSkipped.append(Self.skip(outcome.page, error))
            case .failure(let error):
                let host = outcome.page.site.baseURL.host ?? outcome.page.site.baseURL.absoluteString
                if let index = unreachable.firstIndex(where: { $0.host == host }) {
                    unreachable[index].pagesNotTried.append(outcome.page)
                } else {
                    unreachable.append(SyncReport.UnreachableSite(host: host, pagesNotTried: [outcome.page], error: error))
                }
            }
        }
        for site in unreachable { progress(.siteUnreachable(site)) }
        report.unreachableSites = unreachable
        guard !lists.isEmpty else {
            // Each distinct reason once, with the shows it stopped.
            var reasons: [(reason: String, shows: [String])] = []
            for skip in report.pagesSkipped {
                let reason = skip.error.detail
                if let index = reasons.firstIndex(where: { $0.reason == reason }) {
                    reasons[index].shows.append(skip.page.show.name)
                } else {
                    reasons.append((reason, [skip.page.show.name]))
                }
            }
            throw SyncError(.noPageRead, detail: reasons.map { "\($0.shows.joined(separator: ", ")): \($0.reason)" }.joined(separator: "; "))
        }
        return lists
    }

    private static func skip(_ page: WikiPage, _ error: WikiPageError) -> SyncReport.PageSkip {
        SyncReport.PageSkip(page: page, error: SyncError(.pageUnreadable, show: page.show.name, detail: SyncError.sentence(error), underlying: error))
    }

    /// `list` added to `lists`: appended to its show's list when the show has one already.
    private static func append(_ list: EpisodeList, to lists: inout [EpisodeList]) {
        if let index = lists.firstIndex(where: { $0.show.id == list.show.id }) {
            lists[index] = lists[index].appending(list)
        } else {
            lists.append(list)
        }
    }

    /// The franchise's show named `name` (or with that id), with its ids; a show of that name otherwise.
    private func franchiseShow(named name: String) -> Show {
        franchise.shows.first { $0.name == name || $0.id == name }?.show ?? Show(name: name)
    }

    /// A snapshot's reader column: `wikipedia`, `fandom` (the franchise's episode wiki when it is a
    /// Fandom community) or `fandom:<community>`.
    private func snapshotSite(_ text: String) -> WikiSite? {
        if text == "fandom" {
            guard let wiki = franchise.episodeWiki, wiki.shape == .fandom else { return nil }
            return wiki
        }
        return WikiSite(named: text)
    }

    // MARK: Broadcasts

    private func addingBroadcasts(
        to lists: [EpisodeList], report: inout SyncReport, progress: @Sendable (SyncEvent) -> Void
    ) async throws(SyncError) -> [EpisodeList] {
        let client: TVMaze
        let recorded: Bool
        switch configuration.broadcasts {
        case .schedule:
            return lists
        case .tvmaze(let live):
            client = live
            recorded = false
        case .recorded(let folder):
            var settings = TVMaze.configuration()
            settings.rateLimits = []  // nothing to protect offline
            do {
                client = TVMaze(configuration: settings, transport: try SnapshotTransport(folder: folder))
            } catch {
                throw SyncError(.recordedAnswersUnreadable, path: folder.path, detail: error.reason, underlying: error)
            }
            recorded = true
        }
        var result: [EpisodeList] = []
        for list in lists {
            guard let id = franchise.show(id: list.show.id)?.tvmazeID else {
                result.append(list)
                continue
            }
            var corroboration = SyncReport.Corroboration(show: list.show, tvmazeID: id)
            do {
                let corroborated = list.addingBroadcasts(from: try await client.episodeList(ofShow: id, as: list.show), sourceName: "TVMaze")
                corroboration.broadcastsAdded = corroborated.broadcastsAdded
                corroboration.disagreements = corroborated.disagreements
                corroboration.unmatched = corroborated.unmatched
                result.append(corroborated.list)
            } catch {
                if recorded && error.code == .notFound {
                    corroboration.error = SyncError(.notRecorded, show: list.show.name, detail: "not in the recorded answers", underlying: error)
                } else {
                    corroboration.error = SyncError(.corroborationFailed, show: list.show.name, detail: SyncError.sentence(error), underlying: error)
                }
                result.append(list)
            }
            report.corroborations.append(corroboration)
            progress(.corroborated(corroboration))
        }
        return result
    }

    /// The lists with the franchise's ids on each show and the broadcast facts' instants added where
    /// an episode has none (TVMaze's are kept); `note` hears what the facts cannot place.
    private func addingFacts(to lists: [EpisodeList], note: (ScheduleNote) -> Void) -> [EpisodeList] {
        lists.map { list in
            var list = list
            if let show = franchise.show(id: list.show.id) { list.show.externalIDs.fill(from: show.externalIDs) }
            guard let series = franchise.broadcasts?.series(id: list.show.id) else { return list }
            let scheduled = list.addingBroadcasts(from: series.schedule)
            scheduled.notes.forEach(note)
            return scheduled.list
        }
    }

    /// Every episode without a page of its own linked to its article on the episode wiki.
    private func linkingArticles(_ lists: [EpisodeList]) -> [EpisodeList] {
        franchise.episodeWiki?.linkingEpisodeArticles(in: lists) ?? lists
    }
}

extension SyncError {
    /// An error's text without its final period, to go inside a sentence.
    static func sentence(_ error: any Error) -> String {
        var text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
