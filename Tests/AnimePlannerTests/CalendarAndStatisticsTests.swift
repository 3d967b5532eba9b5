import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct CalendarAndStatisticsTests {
    static let monday = Fixture.day("2025-03-03")

    /// A: 12 × 24 min, 2 a day. B: 3 × 45 min, 1 a day. Both from Monday 03-03.
    /// Logged: A at 2 on Monday, at 3 on Tuesday; B at 1 on Monday, at 3 (done) on Tuesday.
    func sample() throws -> [TrackedShow] {
        let planner = Fixture.planner
        var a = try TrackedShow(show: Fixture.show(1, "A", episodes: 12, minutes: 24), goal: .episodesPerDay(2),
                                options: PlanOptions(start: Self.monday), planner: planner)
        var b = try TrackedShow(show: Fixture.show(2, "B", episodes: 3, minutes: 45), goal: .episodesPerDay(1),
                                options: PlanOptions(start: Self.monday), planner: planner)
        try a.watch(through: 2, on: Self.monday, planner: planner)
        try a.watch(through: 3, on: Fixture.day("2025-03-04"), planner: planner)
        try b.watch(through: 1, on: Self.monday, planner: planner)
        try b.watch(through: 3, on: Fixture.day("2025-03-04"), planner: planner)
        return [a, b]
    }

    @Test func agendaShowsPlannedAndWatchedPerShow() throws {
        let agenda = try Agenda(try sample(), from: Fixture.day("2025-03-04"), through: Fixture.day("2025-03-06"))
        #expect(agenda.days.map(\.day) == [Fixture.day("2025-03-04"), Fixture.day("2025-03-05"), Fixture.day("2025-03-06")])
        #expect(agenda.items(on: Fixture.day("2025-03-04")) == [
            AgendaItem(showID: 1, title: "A", planned: 3...3, watched: [3...3]),
            AgendaItem(showID: 2, title: "B", planned: 2...2, watched: [2...3]),
        ])
        #expect(agenda.items(on: Fixture.day("2025-03-05")) == [AgendaItem(showID: 1, title: "A", planned: 4...5, watched: [])])
        #expect(agenda.items(on: Fixture.day("2025-03-06")) == [AgendaItem(showID: 1, title: "A", planned: 6...7, watched: [])])
        #expect(try Agenda(try sample(), from: Fixture.day("2025-03-06"), through: Self.monday).days.isEmpty)
    }

    @Test func statisticsFromTheLog() throws {
        let stats = try PlannerStatistics(try sample(), on: Fixture.day("2025-03-05"), recentDayCount: 3)
        #expect(stats.watchingCount == 1)
        #expect(stats.completedCount == 1)
        #expect(stats.episodesWatched == 6)
        #expect(stats.timeWatched == .seconds((3 * 24 + 3 * 45) * 60))
        #expect(stats.episodesLeft == 9)
        #expect(stats.recentDays.map(\.day) == [Self.monday, Fixture.day("2025-03-04"), Fixture.day("2025-03-05")])
        #expect(stats.recentDays.map(\.watchedMinutes) == [48 + 45, 24 + 90, 0])
        #expect(stats.recentDays.map(\.plannedMinutes) == [48 + 45, 24 + 45, 48])
        #expect(stats.shows.map(\.episodesLeft) == [9, 0])
        #expect(stats.shows.map(\.projectedFinish) == [Fixture.day("2025-03-09"), Fixture.day("2025-03-04")])
        // A is at 3, Tuesday's plan ended at 3 and Wednesday's 4-5 are not due until Wednesday is over.
        #expect(stats.shows.map(\.status) == [.onTrack, .completed(on: Fixture.day("2025-03-04"))])
        #expect(stats.shows.map(\.episodesWatched) == [3, 3])
    }

    @Test func statisticsOfNothing() throws {
        #expect(throws: PlanError.outOfRange(what: "number of recent days", value: 0, allowed: PlannerLimits.days)) {
            try PlannerStatistics([], on: Self.monday, recentDayCount: 0)
        }
        let stats = try PlannerStatistics([], on: Self.monday, recentDayCount: 1)
        #expect(stats.watchingCount == 0)
        #expect(stats.timeWatched == .zero)
        #expect(stats.recentDays == [DayMinutes(day: Self.monday, watched: .zero, planned: .zero)])
    }
}
