import AirdateCore
import AirdateHTTP
import AirdateLocking
import AirdateStore
import AirdateTestServer
import AirdateTestSupport
import Foundation
import Testing
import WatchOrder
import WatchOrderSync
import WatchOrderWiki

/// Every event a refresh told, in order.
struct EventLog: Sendable {
    private let events = LockBox<[SyncEvent]>([])

    var all: [SyncEvent] { events.withLock { $0 } }

    var handler: @Sendable (SyncEvent) -> Void { { [events] event in events.withLock { $0.append(event) } } }
}

/// A new store in a fresh folder.
func newStore() throws -> WatchOrderStore {
    try WatchOrderStore(path: try TemporaryFiles.folder("sync").appendingPathComponent("watch.sqlite").path)
}

/// Refreshes from the real snapshot files (`Fixtures/arrowverse`), the recorded TVMaze answers
/// (`Fixtures/tvmaze/arrowverse`) and real SQLite stores.
@Suite("FranchiseSync from a snapshot", .serialized)
struct SnapshotSyncTests {
    static let recordedTVMaze = TestPaths.fixtures("tvmaze/arrowverse")

    private func sync(
        _ folder: URL = Arrowverse.folder, broadcasts: SyncConfiguration.Broadcasts = .schedule, reading: SyncConfiguration.Reading? = nil
    ) throws -> FranchiseSync {
        FranchiseSync(franchise: try Franchise(contentsOf: folder.appendingPathComponent(Franchise.fileName)),
                      configuration: SyncConfiguration(pages: .snapshot(folder), broadcasts: broadcasts, reading: reading))
    }

    @Test("a new store: 828 episodes of eleven shows from fourteen pages; rules, priority and the built-in orders set")
    func firstRefresh() async throws {
        let store = try newStore()
        let log = EventLog()
        let report = try await sync().refresh(store, progress: log.handler)
        #expect(report.readPages && report.storeChanged)
        #expect(report.pagesRead.count == 14)
        #expect(report.pagesRead.allSatisfy { $0.file != nil && $0.episodes > 0 })
        #expect(report.pagesSkipped.isEmpty && report.unreachableSites.isEmpty && report.corroborations.isEmpty)
        #expect(report.episodes == 828)
        #expect(report.droppedBroadcasts == 0)
        let state = try await store.state()
        #expect(state.lists.count == 11)
        #expect(state.lists.reduce(0) { $0 + $1.episodes.count } == 828)
        #expect(state.showPriority == (try Arrowverse.franchise()).showPriority)
        #expect(state.orders.map(\.id) == ["airing", "crossovers-together"])
        #expect(!state.rules.isEmpty)
        #expect(try await store.watchList().episodes.count == 828)
        // Ids from the franchise, links to the episode wiki, instants from the broadcast facts.
        let arrow = try #require(state.lists.first { $0.show.id == "arrow" })
        #expect(arrow.show.externalIDs.tvmaze == 4 && arrow.show.externalIDs.imdb == "tt2193021")
        #expect(arrow.episodes.allSatisfy { $0.pageURL?.absoluteString.hasPrefix("https://") == true })
        #expect(arrow.episodes.filter { $0.broadcast != nil }.count > 150)
        // Each page read was told, in order.
        let told = log.all.compactMap { event -> String? in
            if case .pageRead(let read, _, let count) = event, count == 14 { return read.page.title }
            return nil
        }
        #expect(told == report.pagesRead.map(\.page.title))
    }

    @Test("a store with episodes: the pages are not read again unless asked; nothing written when nothing changed")
    func keepsStored() async throws {
        let store = try newStore()
        try await sync().refresh(store)
        let again = try await sync().refresh(store)
        #expect(!again.readPages && !again.storeChanged && again.pagesRead.isEmpty)
        #expect(again.episodes == 828)
        let forced = try await sync(reading: .always).refresh(store)
        #expect(forced.readPages && forced.pagesRead.count == 14)
    }

    @Test("a missing page and an unreadable one are skipped with their reasons; their shows keep their stored episodes")
    func skippedPages() async throws {
        let folder = try Arrowverse.copy()
        let store = try newStore()
        try await sync(folder).refresh(store)
        let vixen = folder.appendingPathComponent("wikipedia/Vixen_(web_series).html")
        try FileManager.default.removeItem(at: vixen)
        try Data("<html><body><p>Moved.</p></body></html>".utf8).write(to: folder.appendingPathComponent("wikipedia/Constantine_(TV_series).html"))
        let log = EventLog()
        let report = try await sync(folder, reading: .always).refresh(store, progress: log.handler)
        #expect(report.pagesRead.count == 12)
        #expect(report.pagesSkipped.map(\.page.show.name) == ["Constantine", "Vixen"])
        let constantine = try #require(report.pagesSkipped.first)
        #expect(constantine.error.code == .pageUnreadable)
        #expect(constantine.error.underlying is WikiPageError, "the wiki's own error: \(String(describing: constantine.error.underlying))")
        #expect(constantine.error.errorDescription?.contains("keeps its stored episodes") == true)
        let missing = try #require(report.pagesSkipped.last)
        #expect(missing.error.code == .pageMissing && missing.error.path == vixen.path && missing.file == vixen)
        #expect(missing.error.show == "Vixen")
        #expect(report.episodes == 828, "Vixen's and Constantine's stored episodes are kept")
        let state = try await store.state()
        #expect(state.lists.first { $0.show.id == "vixen" }?.episodes.count ?? 0 > 0)
        #expect(state.lists.first { $0.show.id == "constantine" }?.episodes.count ?? 0 > 0)
        let skippedEvents = log.all.filter { if case .pageSkipped = $0 { true } else { false } }
        #expect(skippedEvents.count == 2)
    }

    @Test("TVMaze's recorded answers: five shows corroborated, three not recorded, instants kept until a run without them drops them")
    func recordedTVMaze() async throws {
        let store = try newStore()
        let log = EventLog()
        let report = try await sync(broadcasts: .recorded(Self.recordedTVMaze)).refresh(store, progress: log.handler)
        #expect(report.readPages)
        #expect(report.corroborations.map(\.tvmazeID) == [4, 13, 1850, 1851, 37776, 20683, 44751, 37809])
        let supergirl = try #require(report.corroborations.first { $0.show.id == "supergirl" })
        #expect(supergirl.error == nil && supergirl.broadcastsAdded == 86 && supergirl.disagreements.isEmpty)
        let notRecorded = report.corroborations.filter { $0.error?.code == .notRecorded }.map(\.show.name)
        #expect(notRecorded == ["Black Lightning", "Superman & Lois", "Stargirl"])
        #expect(report.corroborations.filter { $0.error == nil }.allSatisfy { $0.broadcastsAdded > 0 })
        let told = log.all.compactMap { event -> Int? in if case .corroborated(let c) = event { c.tvmazeID } else { nil } }
        #expect(told == report.corroborations.map(\.tvmazeID))

        // Without TVMaze, the facts order the episodes again: TVMaze's instants are dropped and counted.
        let dropped = try await sync().refresh(store, progress: log.handler)
        #expect(!dropped.readPages && dropped.storeChanged)
        #expect(dropped.droppedBroadcasts > 0)
        #expect(log.all.contains { if case .broadcastsDropped(let count) = $0 { count == dropped.droppedBroadcasts } else { false } })
        let settled = try await sync().refresh(store)
        #expect(settled.droppedBroadcasts == 0 && !settled.storeChanged)
        #expect(settled.episodes == 828)
    }

    @Test("a snapshot without pages.tsv, recorded answers without routes.json: thrown, nothing stored")
    func unreadable() async throws {
        let folder = try Arrowverse.copy()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pages.tsv"))
        let store = try newStore()
        let error = await #expect(throws: SyncError.self) { try await sync(folder).refresh(store) }
        #expect(error?.code == .snapshotUnreadable)
        #expect(error?.errorDescription?.contains("pages.tsv") == true)
        #expect(try await store.state().lists.isEmpty)

        let empty = try TemporaryFiles.folder("no-routes")
        let noRoutes = await #expect(throws: SyncError.self) { try await sync(broadcasts: .recorded(empty)).refresh(store) }
        #expect(noRoutes?.code == .recordedAnswersUnreadable)
        #expect(noRoutes?.path == empty.path)
        #expect(try await store.state().lists.isEmpty)
    }

    @Test("openStore opens (or creates) the file and refreshes it; a file that cannot be opened is a store error")
    func openStore() async throws {
        let path = try TemporaryFiles.folder("sync").appendingPathComponent("watch.sqlite").path
        let (store, report) = try await sync().openStore(path: path)
        #expect(report.episodes == 828)
        #expect(store.path == path)
        let folder = try TemporaryFiles.folder("sync")
        let error = await #expect(throws: SyncError.self) { try await sync().openStore(path: folder.path) }
        #expect(error?.code == .store && error?.path == folder.path)
    }

    @Test("an owner's handle: openStore(owner:) scopes it, the catalogue is every owner's, the watches stay each owner's own")
    func owners() async throws {
        let path = try TemporaryFiles.folder("sync").appendingPathComponent("watch.sqlite").path
        let account = StoreOwner(id: "account-7")
        let (store, report) = try await sync().openStore(path: path, owner: account)
        #expect(report.episodes == 828 && store.owner == account)
        let pilot = try #require(try await store.state().lists.first { $0.show.id == "arrow" }?.episodes.first?.id)
        _ = try await store.watch([pilot])
        // The local owner's handle on the same file sees the catalogue the account's refresh wrote, not its watches.
        let local: any WatchOrderStorage = store.scoped(to: .local)
        let state = try await local.state()
        #expect(state.lists.reduce(0) { $0 + $1.episodes.count } == 828)
        #expect(state.checklist.watched.isEmpty)
        #expect(try await store.state().checklist.watched == [pilot])
        // A refresh through the protocol (any backend) finds the catalogue stored and reads no page.
        let again = try await sync().refresh(local)
        #expect(again.episodes == 828 && !again.readPages && again.pagesRead.isEmpty)
    }
}
