import AirdateCore
import Foundation
import GRDB
import Testing
@testable import AnimePlanner
import AirdateStore

@Suite(.timeLimit(.minutes(10))) struct PlannerStoreTests {
    static let monday = Fixture.day("2025-03-03")

    func tracked(_ id: Int, _ title: String) throws -> TrackedShow {
        try TrackedShow(show: Fixture.show(id, title, episodes: 12), goal: .episodesPerDay(2),
                        options: PlanOptions(start: Self.monday, weekdays: [.monday, .saturday], skippedDays: [Fixture.day("2025-03-08")]),
                        planner: Fixture.planner)
    }

    @Test func roundTripOnARealFileKeepsTheLog() async throws {
        let path = Fixture.temporaryDatabasePath()
        var a = try tracked(5, "A")
        let b = try tracked(3, "B")
        do {
            let store = try PlannerStore(path: path)
            try await store.insert(a)
            try await store.insert(b)
            try a.watch(through: 4, on: Self.monday, planner: Fixture.planner)
            try await store.update(a)
            try a.watch(through: 12, on: Fixture.day("2025-03-10"), planner: Fixture.planner)
            try await store.update(a)
        }
        let reopened = try PlannerStore(path: path)
        let all = try await reopened.all()
        #expect(all == [a, b])  // in the order added
        #expect(all.first?.isCompleted == true)
        #expect(all.first?.log.map(\.episodes) == [1...4, 5...12])
        #expect(try await reopened.show(id: 99) == nil)

        // The log is rows of its own, one per entry.
        let queue = try DatabaseQueue(path: path)
        let rows = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM watchEntry") }
        #expect(rows == 2)

        try await reopened.delete(id: 5)
        #expect(try await reopened.all() == [b])
        let left = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM watchEntry") }
        #expect(left == 0)
    }

    @Test func refusals() async throws {
        let store = try PlannerStore(path: Fixture.temporaryDatabasePath())
        let a = try tracked(1, "A")
        try await store.insert(a)
        await #expect(throws: PlannerStoreError.duplicate(1)) { try await store.insert(a) }
        await #expect(throws: PlannerStoreError.notFound(2)) { try await store.update(try tracked(2, "B")) }
        await #expect(throws: PlannerStoreError.notFound(2)) { try await store.delete(id: 2) }
        #expect(throws: PlannerStoreError.self) { try PlannerStore(path: "/proc/nope/plan.sqlite") }
    }

    @Test func observationReEmitsOnChange() async throws {
        let store = try PlannerStore(path: Fixture.temporaryDatabasePath())
        var a = try tracked(1, "A")
        var iterator = store.observe().makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await store.insert(a)
        #expect(try await iterator.next() == [a])
        try a.watch(through: 2, on: Self.monday, planner: Fixture.planner)
        try await store.update(a)
        #expect(try await iterator.next()?.first?.watchedThrough == 2)
    }
}
