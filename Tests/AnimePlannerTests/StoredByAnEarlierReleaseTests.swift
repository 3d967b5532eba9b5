import AirdateCore
import AirdateStore
import GRDB
import AirdateTestSupport
import Foundation
import Testing
@testable import AnimePlanner

/// `Fixtures/animeplanner/animeplan-0.2.0.sqlite` was written by `animeplan` 0.2.0 (before shows
/// carried a MyAnimeList id, before queued shows and suspended plans) with `--offline --time-zone UTC`:
/// Mushi-Shi 2 a day from 2022-11-10 with episodes 1–5 logged on 11-12; Fullmetal Alchemist:
/// Brotherhood by 2022-12-31 on Mon/Wed/Sat, 11-23 skipped, at most 4 a day; Bocchi the Rock! 1 a day
/// with 2 watched before; Mob Psycho 100 III at 60 minutes a day, paused on 11-15; Your Name.
/// completed on 11-14; Chainsaw Man with episode 1 logged on 11-14, dropped on 11-16.
/// The current release opens it and keeps everything; what it writes back reads back.
@Suite struct StoredByAnEarlierReleaseTests {
    static let fixture = TestPaths.fixtures("animeplanner/animeplan-0.2.0.sqlite")

    /// A copy of the fixture, so the committed file is never changed.
    static func copy() throws -> String {
        let path = try TemporaryFiles.folder("animeplanner-0.2.0").appendingPathComponent("plan.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    static let planner = ViewingPlanner(clock: .fixed(at: Fixture.instant("2022-11-16T12:00:00Z"), timeZone: .gmt))

    @Test func aDatabaseOfRelease020OpensWithEveryShowLogAndState() async throws {
        let store = try PlannerStore(path: try Self.copy())
        let shows = try await store.all()
        #expect(shows.map(\.id) == [457, 5114, 47917, 50172, 32281, 44511], "in the order they were added")
        #expect(shows.map(\.show.title) == ["Mushi-Shi", "Fullmetal Alchemist: Brotherhood", "Bocchi the Rock!", "Mob Psycho 100 III",
                                            "Your Name.", "Chainsaw Man"])
        #expect(shows.allSatisfy { $0.show.myAnimeListID == nil }, "0.2.0 stored no MyAnimeList id")
        let byID = Dictionary(uniqueKeysWithValues: shows.map { ($0.id, $0) })
        let mushishi = try #require(byID[457])
        #expect(mushishi.log == [WatchEntry(day: Fixture.day("2022-11-12"), episodes: 1...5)])
        #expect(mushishi.goal == .episodesPerDay(2) && mushishi.options.start == Fixture.day("2022-11-10"))
        let fma = try #require(byID[5114])
        #expect(fma.goal == .finish(by: Fixture.day("2022-12-31")))
        #expect(fma.options.weekdays == [.monday, .wednesday, .saturday] && fma.options.skippedDays == [Fixture.day("2022-11-23")])
        #expect(fma.options.maximumPerDay == 4 && fma.options.remainder == .lastDays, "0.2.0's default is kept for its plans")
        // 0.2.0 kept 11-14 (1–3, not watched) as history and re-planned from 11-16, when it was looked at.
        #expect(fma.plan.days.first == PlannedDay(day: Fixture.day("2022-11-14"), episodes: 1...3))
        #expect(fma.plan.days.dropFirst().first == PlannedDay(day: Fixture.day("2022-11-16"), episodes: 1...3))
        #expect(fma.plan.days.last == PlannedDay(day: Fixture.day("2022-12-31"), episodes: 61...64))
        #expect(fma.plan.days.count == 20)
        #expect(try #require(byID[47917]).watchedBeforeTracking == 2)
        #expect(try #require(byID[50172]).state == .paused(since: Fixture.day("2022-11-15")))
        #expect(try #require(byID[50172]).show.episodeCount == nil)
        #expect(try #require(byID[32281]).completedOn == Fixture.day("2022-11-14"))
        #expect(try #require(byID[44511]).state == .dropped(on: Fixture.day("2022-11-16")))
        #expect(try #require(byID[44511]).log == [WatchEntry(day: Fixture.day("2022-11-14"), episodes: 1...1)])

        // Every view of the day reads them.
        let overview = PlannerOverview(shows, planner: Self.planner)
        let stats = try overview.statistics()
        #expect(stats.watchingCount == 4 && stats.completedCount == 1 && stats.droppedCount == 1 && stats.queuedCount == 0)
        #expect(stats.episodesWatched == 7)
        #expect(overview.outlook(for: 457)?.status == .behind(by: 6))
    }

    @Test func whatTheCurrentReleaseWritesToItReadsBack() async throws {
        let path = try Self.copy()
        do {
            let store = try PlannerStore(path: path)
            // Paused on 11-15 and resumed the same day: the suspended plan is stored with the show.
            try await store.update(id: 457) { show in show.pause(on: Fixture.day("2022-11-16")) }
            try await store.update(id: 47917) { show in show.queue(on: Fixture.day("2022-11-16")) }
        }
        let store = try PlannerStore(path: path)
        let mushishi = try #require(try await store.show(id: 457))
        #expect(mushishi.state == .paused(since: Fixture.day("2022-11-16")))
        #expect(!mushishi.suspendedDays.isEmpty)
        #expect(try #require(try await store.show(id: 47917)).state == .queued(since: Fixture.day("2022-11-16")))
        try await store.update(id: 457) { show in try show.resume(on: Fixture.day("2022-11-16"), planner: Self.planner) }
        let resumed = try #require(try await store.show(id: 457))
        let original = try #require(try await PlannerStore(path: try Self.copy()).show(id: 457))
        #expect(resumed == original, "paused and resumed on one day: as 0.2.0 stored it")
    }

    @Test func theOwnersMigrationKeepsEveryLogLineForTheLocalOwnerAndNoOtherOwnerSeesThem() async throws {
        let path = try Self.copy()
        let before = try Self.rawLog(path)
        let local = try PlannerStore(path: path)
        #expect(try await local.all().count == 6)
        let after = try Self.rawLog(path)
        #expect(after.map(\.line) == before.map(\.line), "every log line kept, in its order, with its row id")
        #expect(after.allSatisfy { $0.owner == "" })

        let guest = local.scoped(to: StoreOwner(id: "guest"))
        #expect(try await guest.all().isEmpty)
        // The guest tracks the same anime with a plan of their own; the local log is untouched.
        let mushishi = try #require(try await local.show(id: 457))
        let planner = Self.planner
        try await guest.insert(try TrackedShow(show: mushishi.show, goal: .episodesPerDay(1), options: PlanOptions(start: planner.today),
                                               planner: planner))
        try await guest.update(id: 457) { show in try show.watch(through: 2, on: planner.today, planner: planner) }
        #expect(try await guest.show(id: 457)?.watchedThrough == 2)
        #expect(try await local.show(id: 457) == mushishi)
        try await guest.delete(id: 457)
        #expect(try await local.show(id: 457)?.log == mushishi.log, "a cascade deletes the guest's log only")
    }

    /// The watch log as stored, without AnimePlanner: row id, show, day, episodes, and the owner once
    /// the file has owners.
    static func rawLog(_ path: String) throws -> [(line: String, owner: String?)] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let hasOwner = try db.columns(in: "watchEntry").contains { $0.name == "owner" }
            return try Row.fetchAll(db, sql: "SELECT * FROM watchEntry ORDER BY rowID").map { row in
                let line = "\(row["rowID"] as Int64) \(row["showID"] as Int) \(row["day"] as String) \(row["firstEpisode"] as Int)-\(row["lastEpisode"] as Int)"
                return (line, hasOwner ? row["owner"] as String : nil)
            }
        }
    }
}
