import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite(.timeLimit(.minutes(10))) struct PlanLifecycleTests {
    static let monday = Fixture.day("2022-11-14")

    /// 26 episodes, 3 a day from Monday 2022-11-14 (the issue's Mushishi).
    static func mushishi() throws -> TrackedShow {
        try TrackedShow(show: Fixture.show(457, "Mushi-Shi", episodes: 26, minutes: 25), goal: .episodesPerDay(3),
                        options: PlanOptions(start: monday), planner: Fixture.planner)
    }

    static func day(_ offset: Int) -> CalendarDay { monday.adding(days: offset) }

    /// The issue's steps: at 4 on Monday, nothing on Tuesday, at 7 on Wednesday. Every view then
    /// agrees: no episode twice from Wednesday on, one status, what is left is what the export writes.
    @Test func theIssuesScenarioNoLongerContradictsItself() throws {
        var show = try Self.mushishi()
        try show.watch(through: 4, on: Self.monday, planner: Fixture.planner)
        // Wednesday morning: Tuesday's 5-7 were not watched; the future moves to start at 5.
        let caughtUp = show.catchUp(on: Self.day(2), planner: Fixture.planner)
        #expect(caughtUp)
        let again = show.catchUp(on: Self.day(2), planner: Fixture.planner)
        #expect(!again)  // up to date: left alone
        #expect(show.upcomingPlan(from: Self.day(2)).days.first == PlannedDay(day: Self.day(2), episodes: 5...7))
        #expect(show.status(on: Self.day(2)) == .behind(by: 3))
        try show.watch(through: 7, on: Self.day(2), planner: Fixture.planner)
        let wednesday = Self.day(2)
        let agenda = try Agenda([show], from: wednesday, through: Self.day(4))
        #expect(agenda.items(on: wednesday) == [AgendaItem(showID: 457, title: "Mushi-Shi", planned: 5...7, watched: [5...7])])
        #expect(agenda.items(on: Self.day(3)).map(\.planned) == [8...10])
        let planned = agenda.days.flatMap { $0.items.compactMap(\.planned) }.flatMap { Array($0) }
        #expect(Set(planned).count == planned.count)
        // One status everywhere.
        let statistics = try PlannerStatistics([show], on: wednesday, recentDayCount: 3)
        #expect(show.status(on: wednesday) == .onTrack)
        #expect(statistics.shows.map(\.status) == [.onTrack])
        // The export writes what is left, from today: 8-10 first, 19 episodes in all.
        let lines = ICalendar(trackedShows: [show], from: wednesday, timestamp: Fixture.instant("2026-11-24T01:02:03Z")).contentLines
        #expect(lines.filter { $0.hasPrefix("SUMMARY:") }.first == "SUMMARY:Mushi-Shi: episodes 8–10")
        #expect(lines.contains("DTSTAMP:20261124T010203Z"))
        #expect(show.watchedThrough + show.upcomingPlan(from: wednesday).episodeCount == 26)
    }

    /// Looked at on a day the plan can no longer reach (`--today 9999-12-31`): no finish, not the
    /// last day of the history, in every view.
    @Test func aPlanThatCannotBeRemadeHasNoFinish() throws {
        let show = try Self.mushishi()
        let last = Fixture.day("9999-12-31")
        let planner = ViewingPlanner(clock: .fixed(at: last.start(in: .gmt).addingTimeInterval(12 * 3600), timeZone: .gmt))
        let overview = PlannerOverview([show], planner: planner)
        let current = try #require(overview.shows.first)
        #expect(current.planIssue != nil)
        #expect(current.projectedFinish == nil)
        #expect(overview.outlook(for: 457)?.projectedFinish == nil)
        #expect(try overview.statistics().shows.first?.projectedFinish == nil)
        #expect(overview.finishDay == nil)
    }

    @Test func pauseResumeDropAndComplete() throws {
        var show = try Self.mushishi()
        try show.watch(through: 3, on: Self.monday, planner: Fixture.planner)
        show.pause(on: Self.day(1))
        #expect(show.state == .paused(since: Self.day(1)))
        #expect(show.status(on: Self.day(3)) == .paused(since: Self.day(1)))
        #expect(show.upcomingPlan(from: Self.day(1)).days.isEmpty)
        #expect(show.plan.days.allSatisfy { $0.day < Self.day(1) })
        #expect(show.projectedFinish == nil)
        let pausedCatchUp = show.catchUp(on: Self.day(3), planner: Fixture.planner)
        #expect(!pausedCatchUp)
        try show.resume(on: Self.day(5), planner: Fixture.planner)
        #expect(show.isActive)
        #expect(show.upcomingPlan(from: Self.day(5)).days.first == PlannedDay(day: Self.day(5), episodes: 4...6))
        // A plan is changed on the day it starts (a planner whose today is years later would find
        // the finish day passed and refuse the change).
        let saturday = ViewingPlanner(clock: .fixed(at: Fixture.instant("2022-11-20T12:00:00Z"), timeZone: .gmt))
        #expect(throws: PlanError.self) {
            try show.change(goal: .finish(by: Self.day(9)), options: PlanOptions(start: Self.day(6)), planner: Fixture.planner)
        }
        try show.change(goal: .finish(by: Self.day(9)), options: PlanOptions(start: Self.day(6)), planner: saturday)
        #expect(show.plan.finishDay == Self.day(9))
        #expect(show.upcomingPlan(from: Self.day(6)).episodeCount == 23)
        show.drop(on: Self.day(7))
        #expect(show.status(on: Self.day(8)) == .dropped(on: Self.day(7)))
        #expect(try PlannerStatistics([show], on: Self.day(8)).droppedCount == 1)
        try show.complete(on: Self.day(8), planner: Fixture.planner)
        #expect(show.isCompleted)
        #expect(show.status(on: Self.day(8)) == .completed(on: Self.day(8)))
        #expect(show.log.last == WatchEntry(day: Self.day(8), episodes: 4...26))
    }

    @Test func anUnknownTotalEndsAtTheLastEpisodeWatched() throws {
        var show = try TrackedShow(show: Fixture.show(episodes: nil, release: .releasedSoFar(10)), goal: .episodesPerDay(2),
                                   options: PlanOptions(start: Self.monday), planner: Fixture.planner)
        #expect(throws: ProgressError.nothingWatched(title: "Show")) { try show.complete(on: Self.monday, planner: Fixture.planner) }
        try show.watch(through: 6, on: Self.monday, planner: Fixture.planner)
        try show.complete(on: Self.day(1), planner: Fixture.planner)
        #expect(show.show.episodeCount == 6)
        #expect(show.isCompleted)
    }

    @Test func watchedBeyondTheTotalIsAnErrorAndAllWatchedIsCompleted() throws {
        #expect(throws: PlanError.watchedBeyondTotal(watched: 27, total: 26)) {
            try TrackedShow(show: Fixture.show(episodes: 26), goal: .episodesPerDay(3), options: PlanOptions(start: Self.monday),
                            watchedBeforeTracking: 27, planner: Fixture.planner)
        }
        let done = try TrackedShow(show: Fixture.show(episodes: 26), goal: .episodesPerDay(3), options: PlanOptions(start: Self.monday),
                                   watchedBeforeTracking: 26, planner: Fixture.planner)
        #expect(done.status(on: Self.monday) == .completed(on: Self.monday))
    }

    @Test func theStoreKeepsThePlansState() async throws {
        let path = Fixture.temporaryDatabasePath()
        var show = try Self.mushishi()
        show.pause(on: Self.day(2))
        do {
            let store = try PlannerStore(path: path)
            try await store.insert(show)
        }
        let stored = try #require(try await PlannerStore(path: path).show(id: 457))
        #expect(stored.state == .paused(since: Self.day(2)))
        #expect(stored == show)
    }
}
