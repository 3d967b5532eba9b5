import AirdateCore
import Foundation
import GRDB
import Testing
@testable import WatchOrder

/// A database written by the release before the watch history (Fixtures/watchorder/before-history.sqlite,
/// made by that release's code) opens with the history schema and keeps every mark, time and setting.
@Suite("A database from before the watch history keeps every mark")
struct HistoryMigrationTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Fixtures/watchorder/before-history.sqlite")

    /// A copy of the fixture (the committed file is never opened for writing), and its marks as the
    /// old release stored them, read with plain SQL before the store migrates it.
    private func copy() throws -> (path: String, marks: [String: Double?], settings: [String: String]) {
        // The old schema: nothing but the first release's migration has run on it.
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("before-history.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let queue = try DatabaseQueue(path: path)
        let (marks, settings) = try queue.read { db in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == ["v1"])
            let marks = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT episodeID, markedAt FROM watched").map {
                ($0["episodeID"] as String, $0["markedAt"] as Double?)
            })
            let settings = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM setting").map {
                ($0["key"] as String, $0["value"] as String)
            })
            return (marks, settings)
        }
        try queue.close()
        return (path, marks, settings)
    }

    @Test("Every mark becomes a first watch with its time to the last bit; the unknown id and the mark without a time are kept")
    func marksKept() async throws {
        let (path, marks, settings) = try copy()
        #expect(marks.count == 31)
        #expect(marks["the-flash/s1e2"] == .some(nil))
        #expect(marks["no-such-show/s1e1"] != nil)
        #expect(settings["hidesSpecials"] == "0")
        let store = try WatchOrderStore(path: path)
        let state = try await store.state()
        #expect(state.checklist.watched == Set(marks.keys.map(EpisodeID.init(rawValue:))))
        #expect(state.checklist.hidesSpecials == false)
        #expect(state.checklist.selectedShows == ["arrow", "the-flash", "supergirl", "legends-of-tomorrow", "batwoman"])
        #expect(state.checklist.skipped.isEmpty && state.checklist.showStatus.isEmpty && state.checklist.rewatches.isEmpty)
        #expect(state.lists.flatMap(\.episodes).count == 828)
        #expect(state.rules.count == 11)
        let history = try await store.history()
        #expect(history.watches.count == 31)
        #expect(history.sessions.isEmpty)
        for watch in history.watches {
            let old = marks[watch.episodeID.rawValue]
            #expect(old != nil, "\(watch.episodeID) was not a mark")
            #expect(watch.watchedAt?.timeIntervalSince1970 == old ?? nil, "\(watch.episodeID)")
            #expect(watch.rewatch == nil)
        }
        #expect(Set(history.watches.map(\.episodeID)).count == 31)
        // The watch with no time comes first; the 2019 import next; every play count is one.
        #expect(history.watches.first?.episodeID.rawValue == "the-flash/s1e2")
        #expect(history.watches.first?.watchedAt == nil)
        #expect(history.watches[1].watchedAt == Date(timeIntervalSince1970: 1_556_740_800))
        #expect(history.playCounts.values.allSatisfy { $0 == 1 })
        // Nothing to undo: the migration is not a change of the viewer's.
        #expect(try await store.changes().isEmpty)
        #expect(try await store.undo() == nil)
    }

    @Test("After the migration: marking, undoing and reopening work on the migrated file")
    func usableAfterMigration() async throws {
        let (path, marks, _) = try copy()
        do {
            let store = try WatchOrderStore(path: path)
            let summary = try await store.watch([EpisodeID(rawValue: "arrow/s1e1"), EpisodeID(rawValue: "arrow/s1e6")],
                                               watchedAt: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(summary.alreadyWatched.map(\.rawValue) == ["arrow/s1e1"])
            #expect(summary.newlyWatched.map(\.rawValue) == ["arrow/s1e6"])
            #expect(try await store.undo()?.kind == .watch)
        }
        let reopened = try WatchOrderStore(path: path)
        let history = try await reopened.history()
        #expect(history.watches.count == marks.count)
        #expect(history.watches.first { $0.episodeID.rawValue == "arrow/s1e1" }?.watchedAt?.timeIntervalSince1970 == marks["arrow/s1e1"] ?? nil)
        #expect(try await reopened.changes().map(\.undoneAt).allSatisfy { $0 != nil })
    }
}
