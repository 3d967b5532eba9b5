import AirdateCore
import AirdateTestSupport
import AirdateStore
import AnimePlanner
import Clocks
import CountdownKit
import Foundation
import GRDB
import Testing

/// Two owners on one file (two accounts of a server, `StoreOwner`): neither ever reads, changes,
/// deletes or observes the other's countdowns or plans, and both may hold the same id.
@Suite("Owners of one database never see each other's data")
struct StoreOwnerTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private static let alice = StoreOwner(id: "alice")
    private static let bob = StoreOwner(id: "bob")

    private static func countdown(_ title: String, id: UUID = UUID()) throws -> Countdown {
        try Countdown(id: id, title: title, target: .allDay(try CalendarDay(parsing: "2030-01-01")), created: start)
    }

    private static func tracked(_ id: Int, _ title: String, perDay: Int = 2) throws -> TrackedShow {
        let planner = ViewingPlanner(clock: .fixed(at: start, timeZone: .gmt))
        let show = AnimeShow(id: id, title: title, episodeCount: 26, episodeLength: .seconds(25 * 60))
        return try TrackedShow(show: show, goal: .episodesPerDay(perDay), options: PlanOptions(start: planner.today), planner: planner)
    }

    @Test func countdownsOfTwoOwnersStayApart() async throws {
        let path = try TestPaths.temporaryDatabase()
        let local = try CountdownStore(path: path)
        let alice = try CountdownStore(path: path, owner: Self.alice)
        let bob = alice.scoped(to: Self.bob)
        #expect(local.owner == .local && alice.owner == Self.alice && bob.owner == Self.bob)

        let shared = UUID()
        try await local.insert(try Self.countdown("Mine"))
        try await alice.insert(contentsOf: [try Self.countdown("Alice's", id: shared), try Self.countdown("Alice's second")])
        // The same id for another owner is another countdown, not a duplicate.
        try await bob.insert(try Self.countdown("Bob's", id: shared))

        #expect(try await local.all().map(\.title) == ["Mine"])
        #expect(try await alice.all().map(\.title) == ["Alice's", "Alice's second"])
        #expect(try await bob.all().map(\.title) == ["Bob's"])
        #expect(try await bob.countdown(id: shared)?.title == "Bob's")
        let alicesSecond = try #require(try await alice.all().last)
        #expect(try await bob.countdown(id: alicesSecond.id) == nil)

        // Bob can neither change nor delete Alice's countdown: for him it does not exist.
        await #expect(throws: CountdownStoreError.notFound(alicesSecond.id)) {
            try await bob.update(id: alicesSecond.id) { countdown in try countdown.rename("Taken over") }
        }
        await #expect(throws: CountdownStoreError.notFound(alicesSecond.id)) { try await bob.delete(id: alicesSecond.id) }
        await #expect(throws: CountdownStoreError.notFound(alicesSecond.id)) { try await bob.update(alicesSecond) }
        // His change of the shared id touches his own row only.
        try await bob.update(id: shared) { countdown in try countdown.rename("Bob's, renamed") }
        #expect(try await alice.countdown(id: shared)?.title == "Alice's")
        try await bob.delete(id: shared)
        #expect(try await alice.countdown(id: shared)?.title == "Alice's")

        // An import goes to the importing owner only, and an export holds the owner's countdowns only.
        let export = try await alice.exportJSON(timestamp: Self.start)
        let imported = try await bob.importJSON(export)
        #expect(imported.added.count == 2 && imported.updated.isEmpty)
        #expect(Set(try await bob.all().map(\.title)) == ["Alice's", "Alice's second"], "(the export orders countdowns of one instant by id)")
        #expect(try await local.all().map(\.title) == ["Mine"])
        // The automatic archive and followed shows change the owner's rows only.
        let outcome = try await local.autoArchive(at: .fixed(at: Date(timeIntervalSince1970: 1_950_000_000), timeZone: .gmt))
        #expect(outcome.changed.map(\.title) == ["Mine"])
        #expect(try await alice.all().allSatisfy { $0.archived == nil })
    }

    @Test func plansOfTwoOwnersStayApartAndMayTrackTheSameShow() async throws {
        let path = try TestPaths.temporaryDatabase()
        let alice = try PlannerStore(path: path, owner: Self.alice)
        let bob = alice.scoped(to: Self.bob)
        let planner = ViewingPlanner(clock: .fixed(at: Self.start, timeZone: .gmt))

        try await alice.insert(contentsOf: [try Self.tracked(457, "Mushishi"), try Self.tracked(5114, "Fullmetal Alchemist")])
        try await bob.insert(try Self.tracked(457, "Mushishi", perDay: 1))
        try await alice.update(id: 457) { show in try show.watch(through: 4, on: planner.today, planner: planner) }
        try await bob.update(id: 457) { show in try show.watch(through: 1, on: planner.today, planner: planner) }

        #expect(try await alice.all().map(\.id) == [457, 5114])
        #expect(try await bob.all().map(\.id) == [457])
        #expect(try await alice.show(id: 457)?.watchedThrough == 4, "each owner's log is their own")
        #expect(try await bob.show(id: 457)?.watchedThrough == 1)
        #expect(try await bob.show(id: 5114) == nil)
        await #expect(throws: PlannerStoreError.notFound(5114)) { try await bob.delete(id: 5114) }

        // Deleting Bob's show deletes his log only.
        try await bob.delete(id: 457)
        #expect(try await alice.show(id: 457)?.log.count == 1)
        #expect(try await PlannerStore(path: path).all().isEmpty, "the local owner has none")
    }

    @Test func anObservationSeesItsOwnersChangesOnly() async throws {
        let clock = TestClock()
        let polling = ChangePolling(clock: ViewerClock(clock: clock, startingAt: Self.start, timeZone: .gmt))
        let path = try TestPaths.temporaryDatabase()
        let alice = try CountdownStore(path: path, owner: Self.alice, polling: polling)
        let bob = try CountdownStore(path: path, owner: Self.bob)  // another process, for SQLite
        let aliceSaw = Seen()
        let following = Task { for try await all in alice.observe() { await aliceSaw.add(all.map(\.title)) } }
        defer { following.cancel() }
        try await aliceSaw.waitFor { $0.last == [] }
        // Bob's writes (through another connection, seen at the next poll) emit nothing for Alice…
        try await bob.insert(try Self.countdown("Bob's"))
        try await alice.scoped(to: Self.bob).insert(try Self.countdown("Bob's, through Alice's file handle"))
        for _ in 0..<4 {
            await clock.advance(by: polling.interval)
            try await Task.sleep(for: .milliseconds(20))
        }
        // …and her own write is the next value she sees.
        try await alice.insert(try Self.countdown("Alice's"))
        try await aliceSaw.waitFor(advancing: clock, by: polling.interval) { $0.last == ["Alice's"] }
        #expect(await aliceSaw.all == [[], ["Alice's"]])

        let planClock = TestClock()
        let planPolling = ChangePolling(clock: ViewerClock(clock: planClock, startingAt: Self.start, timeZone: .gmt))
        let plans = try TestPaths.temporaryDatabase()
        let bobsPlans = try PlannerStore(path: plans, owner: Self.bob, polling: planPolling)
        let bobSaw = Seen()
        let planFollowing = Task { for try await shows in bobsPlans.observe() { await bobSaw.add(shows.map(\.show.title)) } }
        defer { planFollowing.cancel() }
        try await bobSaw.waitFor { $0.last == [] }
        try await PlannerStore(path: plans, owner: Self.alice).insert(try Self.tracked(457, "Alice's Mushishi"))
        for _ in 0..<4 {
            await planClock.advance(by: planPolling.interval)
            try await Task.sleep(for: .milliseconds(20))
        }
        try await bobsPlans.insert(try Self.tracked(457, "Bob's Mushishi"))
        try await bobSaw.waitFor(advancing: planClock, by: planPolling.interval) { $0.last == ["Bob's Mushishi"] }
        #expect(await bobSaw.all == [[], ["Bob's Mushishi"]])
    }
}
