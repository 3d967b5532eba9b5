import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct ProgressTests {
    static let monday = Fixture.day("2025-03-03")

    func twelveTwoADay() throws -> TrackedShow {
        try TrackedShow(show: Fixture.show(episodes: 12), goal: .episodesPerDay(2), options: PlanOptions(start: Self.monday),
                        planner: Fixture.planner)
    }

    @Test func progressIsALogAndReplansTheRest() throws {
        var tracked = try twelveTwoADay()
        #expect(Fixture.lines(tracked.plan) == ["2025-03-03: 1-2", "2025-03-04: 3-4", "2025-03-05: 5-6", "2025-03-06: 7-8",
                                                "2025-03-07: 9-10", "2025-03-08: 11-12"])
        // Monday's episodes are not due until Monday is over; on Tuesday they are.
        #expect(tracked.status(on: Self.monday) == .onTrack)
        #expect(tracked.status(on: Fixture.day("2025-03-04")) == .behind(by: 2))

        // Tuesday: "I am at episode 3". Tuesday's plan becomes what is watched of it (3), and the
        // rest moves from Wednesday on: no episode is planned twice.
        try tracked.watch(through: 3, on: Fixture.day("2025-03-04"), planner: Fixture.planner)
        #expect(tracked.log == [WatchEntry(day: Fixture.day("2025-03-04"), episodes: 1...3)])
        #expect(Fixture.lines(tracked.plan) == ["2025-03-03: 1-2", "2025-03-04: 3-3", "2025-03-05: 4-5", "2025-03-06: 6-7",
                                                "2025-03-07: 8-9", "2025-03-08: 10-11", "2025-03-09: 12-12"])
        #expect(tracked.status(on: Fixture.day("2025-03-04")) == .onTrack)
        #expect(tracked.projectedFinish == Fixture.day("2025-03-09"))

        // Wednesday: at episode 8 — ahead by 3 of the 5 planned through Wednesday.
        try tracked.watch(through: 8, on: Fixture.day("2025-03-05"), planner: Fixture.planner)
        #expect(tracked.status(on: Fixture.day("2025-03-05")) == .ahead(by: 3))
        #expect(Fixture.lines(tracked.plan).suffix(2) == ["2025-03-06: 9-10", "2025-03-07: 11-12"])
        #expect(tracked.episodesLeft == 4)

        // Thursday: finished. The log and the past plan stay.
        try tracked.watch(through: 12, on: Fixture.day("2025-03-06"), planner: Fixture.planner)
        #expect(tracked.isCompleted)
        #expect(tracked.completedOn == Fixture.day("2025-03-06"))
        #expect(tracked.status(on: Fixture.day("2025-03-10")) == .completed(on: Fixture.day("2025-03-06")))
        #expect(tracked.status(on: Fixture.day("2025-03-05")) == .ahead(by: 3))
        #expect(tracked.log.map(\.episodes) == [1...3, 4...8, 9...12])
        #expect(tracked.episodesWatched == 12)
        #expect(tracked.plan.finishDay == Fixture.day("2025-03-06"))
        #expect(tracked.projectedFinish == Fixture.day("2025-03-06"))
    }

    @Test func badProgressChangesNothing() throws {
        var tracked = try twelveTwoADay()
        try tracked.watch(through: 5, on: Self.monday, planner: Fixture.planner)
        let before = tracked
        #expect(throws: ProgressError.alreadyWatched(episode: 5, watchedThrough: 5)) {
            try tracked.watch(through: 5, on: Self.monday, planner: Fixture.planner)
        }
        #expect(throws: ProgressError.episodeOutOfRange(episode: 13, episodeCount: 12)) {
            try tracked.watch(through: 13, on: Self.monday, planner: Fixture.planner)
        }
        #expect(throws: ProgressError.episodeOutOfRange(episode: 0, episodeCount: 12)) {
            try tracked.watch(through: 0, on: Self.monday, planner: Fixture.planner)
        }
        #expect(tracked == before)
    }

    @Test func dateRangePlansAreReplannedOverTheDaysLeft() throws {
        var tracked = try TrackedShow(show: Fixture.show(episodes: 10), goal: .finish(by: Fixture.day("2025-03-07")),
                                      options: PlanOptions(start: Self.monday), planner: Fixture.planner)
        try tracked.watch(through: 1, on: Self.monday, planner: Fixture.planner)
        // 9 left over Tuesday to Friday: 2, 2, 2, 3 with the remainder last.
        #expect(Fixture.lines(tracked.plan) == ["2025-03-03: 1-1", "2025-03-04: 2-3", "2025-03-05: 4-5", "2025-03-06: 6-7",
                                                "2025-03-07: 8-10"])
        // Past the finish day: the log is kept and the plan says why it could not go on.
        try tracked.watch(through: 4, on: Fixture.day("2025-03-08"), planner: Fixture.planner)
        #expect(tracked.watchedThrough == 4)
        #expect(tracked.planIssue == .finishBeforeStart(start: Fixture.day("2025-03-09"), finish: Fixture.day("2025-03-07"),
                                                        earliestFinish: Fixture.day("2025-03-09")))
        #expect(tracked.status(on: Fixture.day("2025-03-08")) == .behind(by: 6))
        // Choosing a new goal clears it.
        try tracked.change(goal: .episodesPerDay(3), options: PlanOptions(start: Fixture.day("2025-03-09")), planner: Fixture.planner)
        #expect(tracked.planIssue == nil)
        #expect(Fixture.lines(tracked.plan).suffix(2) == ["2025-03-09: 5-7", "2025-03-10: 8-10"])
    }

    @Test func progressBeforeTrackingCounts() throws {
        let tracked = try TrackedShow(show: Fixture.show(episodes: 12), goal: .episodesPerDay(4), options: PlanOptions(start: Self.monday),
                                      watchedBeforeTracking: 6, planner: Fixture.planner)
        #expect(Fixture.lines(tracked.plan) == ["2025-03-03: 7-10", "2025-03-04: 11-12"])
        #expect(tracked.watchedThrough == 6)
        #expect(tracked.episodesWatched == 0)
        #expect(tracked.status(on: Fixture.day("2025-03-02")) == .onTrack)
    }
}

@Suite struct WatchReminderTests {
    @Test func remindersListWhatIsLeftEachDayAtTheChosenTime() throws {
        let monday = Fixture.day("2025-03-03")
        var tracked = try TrackedShow(show: Fixture.show(1, "A", episodes: 6), goal: .episodesPerDay(2),
                                      options: PlanOptions(start: monday), planner: Fixture.planner)
        try tracked.watch(through: 1, on: monday, planner: Fixture.planner)
        // Plan now: Mon 1 (watched), Tue 2-3, Wed 4-5, Thu 6. New York moves to summer time on Sunday 03-09.
        let zone = Fixture.zone("America/New_York")
        let now = Fixture.instant("2025-03-03T23:00:00Z")  // Monday 18:00 in New York
        let reminders = try WatchReminder.upcoming(for: [tracked], at: .fixed(at: now, timeZone: zone), through: Fixture.day("2025-03-05"), firingAt: Fixture.time("20:00"))
        // Monday's plan is done (episode 2 moved to Tuesday when progress was logged): no Monday reminder.
        #expect(reminders.map(\.fireDate) == [Fixture.instant("2025-03-05T01:00:00Z"), Fixture.instant("2025-03-06T01:00:00Z")])
        #expect(reminders.map(\.day) == [Fixture.day("2025-03-04"), Fixture.day("2025-03-05")])
        #expect(reminders.map { $0.items.map(\.planned) } == [[2...3], [4...5]])
        // After Monday 20:00, Monday's reminder is gone.
        #expect(try WatchReminder.upcoming(for: [tracked], at: .fixed(at: Fixture.instant("2025-03-04T01:00:00Z"), timeZone: zone), through: Fixture.day("2025-03-04"), firingAt: Fixture.time("20:00")).map(\.day) == [Fixture.day("2025-03-04")])
    }
}
