import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct PlanErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var show: AnimeShow
        var goal: PlanGoal
        var options: PlanOptions
        var expected: PlanError
        var suggestion: PlanGoal?
        var testDescription: String { name }
    }

    static let monday = Fixture.day("2025-03-03")
    static let twelve = Fixture.show(episodes: 12)

    static let cases: [Case] = [
        Case(name: "finish before start", show: twelve, goal: .finish(by: monday),
             options: PlanOptions(start: Fixture.day("2025-03-05")),
             expected: .finishBeforeStart(start: Fixture.day("2025-03-05"), finish: monday,
                                          earliestFinish: Fixture.day("2025-03-05")),
             suggestion: .finish(by: Fixture.day("2025-03-05"))),
        Case(name: "finish before start with a maximum", show: twelve, goal: .finish(by: monday),
             options: PlanOptions(start: Fixture.day("2025-03-05"), maximumPerDay: 5),
             expected: .finishBeforeStart(start: Fixture.day("2025-03-05"), finish: monday,
                                          earliestFinish: Fixture.day("2025-03-07")),
             suggestion: .finish(by: Fixture.day("2025-03-07"))),
        Case(name: "no weekdays", show: twelve, goal: .episodesPerDay(2), options: PlanOptions(start: monday, weekdays: []),
             expected: .noWeekdaysChosen),
        Case(name: "no weekdays in a range", show: twelve, goal: .finish(by: Fixture.day("2025-03-07")),
             options: PlanOptions(start: monday, weekdays: []), expected: .noWeekdaysChosen),
        Case(name: "no watching day in the range", show: twelve, goal: .finish(by: Fixture.day("2025-03-04")),
             options: PlanOptions(start: monday, weekdays: [.saturday]),
             expected: .noWatchingDays(from: monday, through: Fixture.day("2025-03-04"), earliestFinish: Fixture.day("2025-03-08")),
             suggestion: .finish(by: Fixture.day("2025-03-08"))),
        Case(name: "fewer days than the maximum allows", show: twelve, goal: .finish(by: Fixture.day("2025-03-05")),
             options: PlanOptions(start: monday, maximumPerDay: 3),
             expected: .tooFewDays(episodes: 12, days: 3, maximumPerDay: 3, earliestFinish: Fixture.day("2025-03-06")),
             suggestion: .finish(by: Fixture.day("2025-03-06"))),
        Case(name: "one-day plan over the maximum", show: twelve, goal: .finish(by: monday),
             options: PlanOptions(start: monday, maximumPerDay: 4),
             expected: .tooFewDays(episodes: 12, days: 1, maximumPerDay: 4, earliestFinish: Fixture.day("2025-03-05")),
             suggestion: .finish(by: Fixture.day("2025-03-05"))),
        Case(name: "per day above the maximum", show: twelve, goal: .episodesPerDay(5),
             options: PlanOptions(start: monday, maximumPerDay: 3),
             expected: .aboveMaximumPerDay(requested: 5, maximum: 3), suggestion: .episodesPerDay(3)),
        Case(name: "zero per day", show: twelve, goal: .episodesPerDay(0), options: PlanOptions(start: monday),
             expected: .notPositive(what: "number of episodes per day", value: 0)),
        Case(name: "zero minutes", show: twelve, goal: .minutesPerDay(0), options: PlanOptions(start: monday),
             expected: .notPositive(what: "number of minutes per day", value: 0)),
        Case(name: "2-hour episode in 90 minutes", show: Fixture.show(episodes: 1, minutes: 120), goal: .minutesPerDay(90),
             options: PlanOptions(start: monday), expected: .budgetTooSmall(minutes: 90, episodeMinutes: 120),
             suggestion: .minutesPerDay(120)),
        Case(name: "unknown length on a budget", show: Fixture.show(episodes: 12, minutes: nil), goal: .minutesPerDay(60),
             options: PlanOptions(start: monday), expected: .unknownEpisodeLength(title: "Show")),
        Case(name: "unknown count of a finished show", show: Fixture.show(episodes: nil), goal: .episodesPerDay(2),
             options: PlanOptions(start: monday), expected: .unknownEpisodeCount(title: "Show")),
        Case(name: "range longer than the horizon", show: twelve, goal: .finish(by: Fixture.day("2045-03-03")),
             options: PlanOptions(start: monday), expected: .tooLong(days: 3_660)),
    ]

    @Test(arguments: cases) func refuses(_ test: Case) {
        #expect(throws: test.expected) {
            try Fixture.planner.plan(test.show, goal: test.goal, options: test.options)
        }
        #expect(test.expected.suggestedGoal == test.suggestion)
        #expect(test.expected.errorDescription?.isEmpty == false)
    }

    @Test func messagesSayWhyAndWhatWorks() {
        let error = PlanError.tooFewDays(episodes: 12, days: 3, maximumPerDay: 3, earliestFinish: Fixture.day("2025-03-06"))
        #expect(error.errorDescription == "12 episodes do not fit in 3 watching days at most 3 a day; finish later or raise the maximum. The earliest possible finish is 2025-03-06.")
        #expect(PlanError.noWeekdaysChosen.errorDescription == "No weekday is chosen to watch on; choose at least one, for example mon,wed,sat.")
    }

    @Test func theCodedFormIsTheOneEarlierReleasesStored() throws {
        // As the enum of releases before the struct wrote them (a tracked show keeps its plan issue).
        let stored = [
            #"{"tooFewDays":{"days":3,"earliestFinish":"2025-03-06","episodes":12,"maximumPerDay":3}}"#,
            #"{"noWeekdaysChosen":{}}"#,
            #"{"finishBeforeStart":{"finish":"2025-03-03","start":"2025-03-05"}}"#,
            #"{"outOfRange":{"allowed":[1,3660],"value":0,"what":"number of recent days"}}"#,
            #"{"aboveMaximumPerDay":{"maximum":3,"requested":5}}"#,
            #"{"watchedBeyondTotal":{"total":26,"watched":30}}"#,
        ]
        let expected: [PlanError] = [
            .tooFewDays(episodes: 12, days: 3, maximumPerDay: 3, earliestFinish: Fixture.day("2025-03-06")),
            .noWeekdaysChosen,
            .finishBeforeStart(start: Fixture.day("2025-03-05"), finish: Self.monday, earliestFinish: nil),
            .outOfRange(what: "number of recent days", value: 0, allowed: 1...3660),
            .aboveMaximumPerDay(requested: 5, maximum: 3),
            .watchedBeyondTotal(watched: 30, total: 26),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (text, error) in zip(stored, expected) {
            #expect(try JSONDecoder().decode(PlanError.self, from: Data(text.utf8)) == error, "\(text)")
            #expect(String(decoding: try encoder.encode(error), as: UTF8.self) == text)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlanError.self, from: Data(#"{"noSuchIssue":{}}"#.utf8)) }
    }
}
