import AirdateCore
import AirdateStore
import Foundation
import GRDB
import Testing
@testable import WatchOrder

/// A database written before owners (Fixtures/watchorder/before-owners.sqlite, made by that
/// release's code) opens with every row the local owner's: watches, sessions, skips, statuses,
/// settings, the viewer's order and choice, and a change log whose last change still undoes.
@Suite("A database from before owners keeps everything, as the local owner's")
struct OwnersMigrationTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Fixtures/watchorder/before-owners.sqlite")
    static let bob = StoreOwner(id: "bob")

    private func copy() throws -> String {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("before-owners.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let queue = try DatabaseQueue(path: path)
        let migrations = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(migrations == ["v1", "episodePageURL", "externalIDs", "namedOrders", "watchHistory"])
        try queue.close()
        return path
    }

    @Test("Every row becomes the local owner's; another owner sees none of it")
    func everythingKept() async throws {
        let path = try copy()
        let store = try WatchOrderStore(path: path)
        let state = try await store.state()
        #expect(state.lists.flatMap(\.episodes).count == 828)
        #expect(state.orders.map(\.id) == ["airing", "crossovers-together", "flash-first"])
        #expect(state.orders.last?.origin == .user && state.orders.last?.title == "The Flash first")
        #expect(state.chosenOrderID == "crossovers-together")
        let checklist = state.checklist
        #expect(checklist.watched.count == 8)  // Arrow 1x01–1x05, the Flash's first two and an unknown id
        #expect(checklist.watched.contains(EpisodeID(rawValue: "no-such-show/s1e1")))
        #expect(checklist.skipped == [EpisodeID(rawValue: "supergirl/s1e1")])
        #expect(checklist.showStatus == ["batwoman": .hidden, "black-lightning": .dropped])
        #expect(checklist.hidesSpecials)
        #expect(checklist.selectedShows == ["arrow", "the-flash", "supergirl", "legends-of-tomorrow"])
        #expect(checklist.rewatches.map(\.name) == ["Second run"])
        #expect(checklist.rewatches.first?.watched == [EpisodeID(rawValue: "arrow/s1e1")])
        let history = try await store.history()
        #expect(history.playCount(of: EpisodeID(rawValue: "the-flash/s1e1")) == 2)
        #expect(history.watches.first { $0.episodeID.rawValue == "the-flash/s1e2" }?.watchedAt
            == Date(timeIntervalSince1970: 1_700_000_000.123456789))
        // The changes logged before keep their sentences.
        let changes = try await store.changes(limit: 100)
        #expect(changes.first?.summary == "Recorded another watch of 1 episode")
        #expect(changes.allSatisfy { $0.detail == nil && $0.loggedSummary != nil })

        let bob = store.scoped(to: Self.bob)
        let bobs = try await bob.state()
        #expect(bobs.checklist == Checklist())
        #expect(bobs.orders.map(\.id) == ["airing", "crossovers-together"] && bobs.chosenOrderID == nil)
        #expect(try await bob.history().watches.isEmpty)
        #expect(try await bob.changes().isEmpty)
    }

    @Test("The changes logged before owners undo exactly, newest first, as the local owner's")
    func undoAfterMigration() async throws {
        let path = try copy()
        let store = try WatchOrderStore(path: path)
        #expect(try await store.scoped(to: Self.bob).undo() == nil)
        let before = try await store.history()
        let play = try #require(try await store.undo())
        #expect(play.summary == "Recorded another watch of 1 episode" && play.kind == .rewatchPlay)
        #expect(try await store.history().playCount(of: EpisodeID(rawValue: "the-flash/s1e1")) == 1)
        // The watch in the session, then the session itself.
        #expect(try await store.undo()?.kind == .watch)
        #expect(try await store.undo()?.kind == .rewatch)
        #expect(try await store.state().checklist.rewatches.isEmpty)
        // Settings and statuses come back as they were before them.
        #expect(try await store.undo()?.kind == .settings)
        #expect(try await store.state().checklist.selectedShows == nil)
        #expect(try await store.undo()?.kind == .settings)
        #expect(try await store.state().checklist.hidesSpecials == false)
        #expect(try await store.undo()?.kind == .showStatus)
        #expect(try await store.undo()?.kind == .showStatus)
        #expect(try await store.state().checklist.showStatus.isEmpty)
        #expect(try await store.undo()?.kind == .skip)
        #expect(try await store.state().checklist.skipped.isEmpty)
        // New changes log their detail next to the old sentences, and undo in turn.
        try await store.watch([EpisodeID(rawValue: "arrow/s1e6")], watchedAt: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try await store.changes().first?.detail?.action == .watch)
        #expect(try await store.undo()?.summary == "Marked 1 episode watched")
        #expect(try await store.history().watches.count == before.watches.count - 2)
    }

    @Test("A file from before owners opens read-only only after an upgrade, and a newer schema is still refused")
    func schemaGuards() async throws {
        let path = try copy()
        #expect(throws: WatchOrderStoreError.self) { try WatchOrderStore(path: path, readOnly: true) }
        _ = try WatchOrderStore(path: path)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: later')")
        }
        try queue.close()
        do {
            _ = try WatchOrderStore(path: path)
            Issue.record("a newer schema was opened")
        } catch WatchOrderStoreError.Code.store {
        } catch {
            Issue.record("expected a store error, got \(error)")
        }
        let error = try #require(throws: WatchOrderStoreError.self) { try WatchOrderStore(path: path) }
        #expect(error.storeError == .newerSchema(path: path, unknownMigrations: ["v99: later"]))
    }
}
