import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct ScheduleTests {
    static let monday = Fixture.day("2025-03-03")

    @Test func slotsGoToTheShowWithFewestMinutesThatDay() throws {
        let a = Fixture.show(1, "A", episodes: 3, minutes: 24)
        let b = Fixture.show(2, "B", episodes: 2, minutes: 48)
        let schedule = try Fixture.planner.schedule([a, b], minutesPerDay: 96, options: PlanOptions(start: Self.monday))
        // Monday: A (tie, listed first), B (0 < 24 min), A (24 < 48 min) = 96 minutes. Tuesday: A, then B.
        #expect(schedule.plans.map(Fixture.lines) == [["2025-03-03: 1-2", "2025-03-04: 3-3"], ["2025-03-03: 1-1", "2025-03-04: 2-2"]])
        #expect(schedule.episodes(on: Self.monday) == [1: 1...2, 2: 1...1])
        #expect(schedule.finishDay == Fixture.day("2025-03-04"))
    }

    @Test func waitingForAReleaseDoesNotBlockOthers() throws {
        let slot = BroadcastSlot(weekday: .saturday, time: Fixture.time("12:00"), timeZone: .gmt)
        let airing = Fixture.show(1, "Airing", episodes: 3, minutes: 24,
                                  release: .weekly(slot: slot, releasedEpisodes: 1, asOf: Fixture.instant("2025-03-03T00:00:00Z")))
        let old = Fixture.show(2, "Old", episodes: 6, minutes: 24)
        let schedule = try Fixture.planner.schedule([airing, old], nextEpisodes: [2: 3], minutesPerDay: 48,
                                                    options: PlanOptions(start: Self.monday, weekdays: [.monday, .saturday]))
        #expect(schedule.plans.map(Fixture.lines) == [
            ["2025-03-03: 1-1", "2025-03-08: 2-2", "2025-03-15: 3-3"],
            ["2025-03-03: 3-3", "2025-03-08: 4-4", "2025-03-10: 5-6"],
        ])
    }

    @Test func refusals() {
        let long = Fixture.show(1, "Movie", episodes: 1, minutes: 120)
        #expect(throws: PlanError.budgetTooSmall(minutes: 90, episodeMinutes: 120)) {
            try Fixture.planner.schedule([long], minutesPerDay: 90, options: PlanOptions(start: Self.monday))
        }
        #expect(throws: PlanError.unknownEpisodeLength(title: "Unknown")) {
            try Fixture.planner.schedule([Fixture.show(1, "Unknown", episodes: 1, minutes: nil)], minutesPerDay: 90,
                                         options: PlanOptions(start: Self.monday))
        }
        #expect(throws: PlanError.noWeekdaysChosen) {
            try Fixture.planner.schedule([long], minutesPerDay: 90, options: PlanOptions(start: Self.monday, weekdays: []))
        }
    }

    @Test func manyShowsNeverExceedTheBudgetAndPlanEveryEpisodeOnce() throws {
        var generator = SeededGenerator(seed: 7)
        let shows = (1...60).map { id in
            Fixture.show(id, "S\(id)", episodes: Int(generator.next() % 26) + 1, minutes: [3, 12, 24, 24, 45, 90][Int(generator.next() % 6)])
        }
        let schedule = try Fixture.planner.schedule(shows, minutesPerDay: 150,
                                                    options: PlanOptions(start: Self.monday, weekdays: [.friday, .saturday, .sunday],
                                                                         maximumPerDay: 4))
        var minutesByDay: [CalendarDay: Int] = [:]
        for (show, plan) in zip(shows, schedule.plans) {
            var next = 1
            for day in plan.days {
                #expect(day.episodes.lowerBound == next)
                #expect(day.episodes.count <= 4)
                #expect([Weekday.friday, .saturday, .sunday].contains(day.day.weekday))
                next = day.episodes.upperBound + 1
                minutesByDay[day.day, default: 0] += day.episodes.count * Int(show.episodeLength!.components.seconds / 60)
            }
            #expect(next == show.episodeCount! + 1)
        }
        #expect(minutesByDay.values.allSatisfy { $0 <= 150 })
    }
}

