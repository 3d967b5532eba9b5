import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct PlanModeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var episodes: Int
        var minutes: Int? = 24
        var first = 1
        var goal: PlanGoal
        var options: PlanOptions
        var expected: [String]
        var testDescription: String { name }
    }

    static let monday = Fixture.day("2025-03-03")

    static let cases: [Case] = [
        // By date range.
        Case(name: "even split", episodes: 12, goal: .finish(by: Fixture.day("2025-03-06")), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-3", "2025-03-04: 4-6", "2025-03-05: 7-9", "2025-03-06: 10-12"]),
        Case(name: "one-day plan", episodes: 12, goal: .finish(by: monday), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-12"]),
        Case(name: "one-day plan of one episode", episodes: 1, goal: .finish(by: monday), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-1"]),
        Case(name: "remainder spread (the default)", episodes: 10, goal: .finish(by: Fixture.day("2025-03-06")),
             options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-2", "2025-03-04: 3-5", "2025-03-05: 6-7", "2025-03-06: 8-10"]),
        Case(name: "remainder on the last days (the rule before 0.3.0)", episodes: 10, goal: .finish(by: Fixture.day("2025-03-06")),
             options: PlanOptions(start: monday, remainder: .lastDays),
             expected: ["2025-03-03: 1-2", "2025-03-04: 3-4", "2025-03-05: 5-7", "2025-03-06: 8-10"]),
        Case(name: "remainder on the first days", episodes: 10, goal: .finish(by: Fixture.day("2025-03-06")),
             options: PlanOptions(start: monday, remainder: .firstDays),
             expected: ["2025-03-03: 1-3", "2025-03-04: 4-6", "2025-03-05: 7-8", "2025-03-06: 9-10"]),
        Case(name: "remainder spread", episodes: 10, goal: .finish(by: Fixture.day("2025-03-06")),
             options: PlanOptions(start: monday, remainder: .spread),
             expected: ["2025-03-03: 1-2", "2025-03-04: 3-5", "2025-03-05: 6-7", "2025-03-06: 8-10"]),
        Case(name: "fewer episodes than days, last days", episodes: 3, goal: .finish(by: Fixture.day("2025-03-07")),
             options: PlanOptions(start: monday, remainder: .lastDays),
             expected: ["2025-03-05: 1-1", "2025-03-06: 2-2", "2025-03-07: 3-3"]),
        // Issue 28, class 6: finish by a day spreads the work over the whole period by default.
        Case(name: "fewer episodes than days, spread over the period (the default)", episodes: 3,
             goal: .finish(by: Fixture.day("2025-03-08")), options: PlanOptions(start: monday),
             expected: ["2025-03-04: 1-1", "2025-03-06: 2-2", "2025-03-08: 3-3"]),
        Case(name: "12 episodes in 48 days: one every fourth day, from the fourth", episodes: 12,
             goal: .finish(by: Fixture.day("2025-04-19")), options: PlanOptions(start: monday),
             expected: ["2025-03-06: 1-1", "2025-03-10: 2-2", "2025-03-14: 3-3", "2025-03-18: 4-4", "2025-03-22: 5-5",
                        "2025-03-26: 6-6", "2025-03-30: 7-7", "2025-04-03: 8-8", "2025-04-07: 9-9", "2025-04-11: 10-10",
                        "2025-04-15: 11-11", "2025-04-19: 12-12"]),
        Case(name: "spread over chosen weekdays only", episodes: 4, goal: .finish(by: Fixture.day("2025-03-30")),
             options: PlanOptions(start: monday, weekdays: [.saturday, .sunday]),
             expected: ["2025-03-09: 1-1", "2025-03-16: 2-2", "2025-03-23: 3-3", "2025-03-30: 4-4"]),
        Case(name: "fewer episodes than days, first days", episodes: 3, goal: .finish(by: Fixture.day("2025-03-07")),
             options: PlanOptions(start: monday, remainder: .firstDays),
             expected: ["2025-03-03: 1-1", "2025-03-04: 2-2", "2025-03-05: 3-3"]),
        Case(name: "chosen weekdays", episodes: 6, goal: .finish(by: Fixture.day("2025-03-09")),
             options: PlanOptions(start: monday, weekdays: [.monday, .wednesday, .saturday]),
             expected: ["2025-03-03: 1-2", "2025-03-05: 3-4", "2025-03-08: 5-6"]),
        Case(name: "chosen weekdays and a skipped day", episodes: 6, goal: .finish(by: Fixture.day("2025-03-09")),
             options: PlanOptions(start: monday, weekdays: [.monday, .wednesday, .saturday],
                                  skippedDays: [Fixture.day("2025-03-05")]),
             expected: ["2025-03-03: 1-3", "2025-03-08: 4-6"]),
        Case(name: "range from a later episode", episodes: 12, first: 9, goal: .finish(by: Fixture.day("2025-03-04")),
             options: PlanOptions(start: monday), expected: ["2025-03-03: 9-10", "2025-03-04: 11-12"]),
        Case(name: "range within the maximum", episodes: 6, goal: .finish(by: Fixture.day("2025-03-05")),
             options: PlanOptions(start: monday, maximumPerDay: 2),
             expected: ["2025-03-03: 1-2", "2025-03-04: 3-4", "2025-03-05: 5-6"]),
        // By episodes per day.
        Case(name: "per day with a short last day", episodes: 12, goal: .episodesPerDay(5), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-5", "2025-03-04: 6-10", "2025-03-05: 11-12"]),
        Case(name: "per day on weekends only", episodes: 12, goal: .episodesPerDay(5),
             options: PlanOptions(start: monday, weekdays: [.saturday, .sunday]),
             expected: ["2025-03-08: 1-5", "2025-03-09: 6-10", "2025-03-15: 11-12"]),
        Case(name: "per day from episode 7", episodes: 12, first: 7, goal: .episodesPerDay(4), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 7-10", "2025-03-04: 11-12"]),
        Case(name: "per day, skipped day", episodes: 4, goal: .episodesPerDay(2),
             options: PlanOptions(start: monday, skippedDays: [monday]),
             expected: ["2025-03-04: 1-2", "2025-03-05: 3-4"]),
        Case(name: "per day, all watched", episodes: 12, first: 13, goal: .episodesPerDay(2), options: PlanOptions(start: monday),
             expected: []),
        // By minutes per day.
        Case(name: "an hour of 24-minute episodes", episodes: 5, goal: .minutesPerDay(60), options: PlanOptions(start: monday),
             expected: ["2025-03-03: 1-2", "2025-03-04: 3-4", "2025-03-05: 5-5"]),
        Case(name: "two hours of 2-hour episodes", episodes: 2, minutes: 120, goal: .minutesPerDay(120),
             options: PlanOptions(start: monday), expected: ["2025-03-03: 1-1", "2025-03-04: 2-2"]),
        Case(name: "budget capped by the maximum", episodes: 5, goal: .minutesPerDay(120),
             options: PlanOptions(start: monday, maximumPerDay: 3), expected: ["2025-03-03: 1-3", "2025-03-04: 4-5"]),
    ]

    @Test(arguments: cases) func plans(_ test: Case) throws {
        let show = Fixture.show(episodes: test.episodes, minutes: test.minutes)
        let plan = try Fixture.planner.plan(show, from: test.first, goal: test.goal, options: test.options)
        #expect(Fixture.lines(plan) == test.expected)
        #expect(plan.coversOnlyReleasedEpisodes == false)
    }

    @Test func thirtySecondEpisodesAreSecondsNotMinutes() throws {
        let show = AnimeShow(id: 1, title: "Shorts", episodeCount: 10, episodeLength: .seconds(30))
        let plan = try Fixture.planner.plan(show, goal: .minutesPerDay(2), options: PlanOptions(start: Self.monday))
        #expect(Fixture.lines(plan) == ["2025-03-03: 1-4", "2025-03-04: 5-8", "2025-03-05: 9-10"])
    }

    @Test func planFacts() throws {
        let plan = try Fixture.planner.plan(Fixture.show(episodes: 12), goal: .episodesPerDay(5),
                                            options: PlanOptions(start: Self.monday))
        #expect(plan.finishDay == Fixture.day("2025-03-05"))
        #expect(plan.episodeCount == 12)
        #expect(plan.episodes(on: Fixture.day("2025-03-04")) == 6...10)
        #expect(plan.episodes(on: Fixture.day("2025-03-06")) == nil)
        #expect(plan.lastEpisodePlanned(through: Fixture.day("2025-03-04")) == 10)
        #expect(plan.lastEpisodePlanned(through: Fixture.day("2025-03-02")) == nil)
    }
}
