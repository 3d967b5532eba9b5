import AirdateTestSupport
import AirdateCore
import AirdateStore
import AnimePlanner
import Clocks
import CountdownKit
import Foundation
import GRDB
import Testing
import WatchOrder

/// The three stores on `StoreDatabase`: each refuses a newer schema with its `.store` case, and each
/// observation sees a write made by another store on the file (as another process would) at the next
/// poll of its test clock.
@Suite("WatchOrderStore, CountdownStore and PlannerStore on the foundation")
struct StoresOnTheFoundationTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func addFutureMigration(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: later')") }
        try queue.close()
    }

    @Test func anotherStoresFileIsRefusedAsSuchNotAsNewer() throws {
        let countdowns = try TestPaths.temporaryDatabase()
        _ = try CountdownStore(path: countdowns)
        #expect(throws: PlannerStoreError.store(.otherStore(path: countdowns, migrations: ["v1: countdown", "v2: wall-clock times, followed shows, moves", "v3: owners"]))) {
            try PlannerStore(path: countdowns)
        }
        #expect(throws: WatchOrderStoreError.store(.otherStore(path: countdowns, migrations: ["v1: countdown", "v2: wall-clock times, followed shows, moves", "v3: owners"]))) {
            try WatchOrderStore(path: countdowns)
        }
        // Refused without a write: the countdowns store still opens it.
        _ = try CountdownStore(path: countdowns)
    }

    @Test func eachStoreRefusesANewerSchema() throws {
        let countdowns = try TestPaths.temporaryDatabase()
        _ = try CountdownStore(path: countdowns)
        try addFutureMigration(countdowns)
        #expect(throws: CountdownStoreError.store(.newerSchema(path: countdowns, unknownMigrations: ["v99: later"]))) {
            try CountdownStore(path: countdowns)
        }
        let plans = try TestPaths.temporaryDatabase()
        _ = try PlannerStore(path: plans)
        try addFutureMigration(plans)
        #expect(throws: PlannerStoreError.store(.newerSchema(path: plans, unknownMigrations: ["v99: later"]))) {
            try PlannerStore(path: plans)
        }
        let watch = try TestPaths.temporaryDatabase()
        _ = try WatchOrderStore(path: watch)
        try addFutureMigration(watch)
        #expect(throws: WatchOrderStoreError.store(.newerSchema(path: watch, unknownMigrations: ["v99: later"]))) {
            try WatchOrderStore(path: watch)
        }
    }

    @Test func countdownObservationSeesAnotherStoresInsert() async throws {
        let clock = TestClock()
        let polling = ChangePolling(clock: ViewerClock(clock: clock, startingAt: Self.start, timeZone: .gmt))
        let path = try TestPaths.temporaryDatabase()
        let observed = try CountdownStore(path: path, polling: polling)
        let other = try CountdownStore(path: path)
        let seen = Seen()
        let following = Task { for try await all in observed.observe() { await seen.add(all.map(\.title)) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        try await other.insert(try Countdown(title: "Elsewhere", target: .allDay(try CalendarDay(parsing: "2030-01-01")), created: Self.start))
        try await seen.waitFor(advancing: clock, by: polling.interval) { $0.last == ["Elsewhere"] }
    }

    @Test func plannerObservationSeesAnotherStoresInsert() async throws {
        let clock = TestClock()
        let polling = ChangePolling(clock: ViewerClock(clock: clock, startingAt: Self.start, timeZone: .gmt))
        let path = try TestPaths.temporaryDatabase()
        let observed = try PlannerStore(path: path, polling: polling)
        let other = try PlannerStore(path: path)
        let seen = Seen()
        let following = Task { for try await shows in observed.observe() { await seen.add(shows.map(\.show.title)) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        let planner = ViewingPlanner(clock: .fixed(at: Self.start, timeZone: .gmt))
        let show = AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60))
        try await other.insert(try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: planner.today), planner: planner))
        try await seen.waitFor(advancing: clock, by: polling.interval) { $0.last == ["Mushishi"] }
    }

    @Test func watchOrderObservationsSeeAnotherStoresMark() async throws {
        let clock = TestClock()
        let viewer = ViewerClock(clock: clock, startingAt: Self.start, timeZone: .gmt)
        let polling = ChangePolling(clock: viewer)
        let path = try TestPaths.temporaryDatabase()
        let other = try WatchOrderStore(path: path)
        let show = Show(name: "Alpha")
        let episodes = try (1...3).map { number in
            Episode(showID: show.id, season: 1, number: number, title: "Part \(number)",
                    airDay: try CalendarDay(year: 2026, month: 1, day: number))
        }
        try await other.refresh(EpisodeList(show: show, episodes: episodes))
        let observed = try WatchOrderStore(path: path, polling: polling)
        let seen = Seen()
        let following = Task {
            for try await upNext in observed.observeUpNext(at: viewer) { await seen.add([upNext.next?.title ?? "none"]) }
        }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == ["Part 1"] }
        try await other.watch([EpisodeID(rawValue: "alpha/s1e1")])
        try await seen.waitFor(advancing: clock, by: polling.interval) { $0.last == ["Part 2"] }
    }
}
