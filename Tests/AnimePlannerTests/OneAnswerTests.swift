import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

/// Issue 38, class 1: one stored answer per question. Episodes watched before a show was tracked
/// (a MyAnimeList import's progress, `watchedBeforeTracking`) are watched episodes in every view:
/// the statistics, each show's line, the outlook and the plan agree, and watched plus left is the
/// show's total.
@Suite("One answer: watched and left agree in every view")
struct OneAnswerTests {
    static let start = Fixture.day("2025-03-03")

    /// Mushishi as an import leaves it: 26 episodes of 25 minutes, 5 watched before tracking, then
    /// watched through 8 on the plan's first day.
    func imported() throws -> TrackedShow {
        var show = try TrackedShow(show: Fixture.show(457, "Mushishi", episodes: 26, minutes: 25), goal: .episodesPerDay(1),
                                   options: PlanOptions(start: Self.start), watchedBeforeTracking: 5, planner: Fixture.planner)
        try show.watch(through: 8, on: Self.start, planner: Fixture.planner)
        return show
    }

    @Test("after an import at 5 and watching through 8: 8 watched, 18 left, everywhere")
    func importedEpisodesCount() throws {
        let show = try imported()
        #expect(show.watchedThrough == 8)
        #expect(show.episodesWatched == 8, "the show's own count includes what the import brought")
        #expect(show.episodesLeft == 18)
        let stats = try PlannerStatistics([show], on: Self.start, recentDayCount: 3)
        #expect(stats.episodesWatched == 8)
        #expect(stats.episodesLeft == 18)
        #expect(stats.timeWatched == .seconds(8 * 25 * 60))
        #expect(stats.shows.map(\.episodesWatched) == [8])
        #expect(stats.shows.map(\.episodesLeft) == [18])
        // The chart counts the days it knows: the three episodes of the 3rd, none before.
        #expect(stats.recentDays.last?.watched == .seconds(3 * 25 * 60))
    }

    @Test("a past day's statistics read the show as it stood that day: watched and left add up to the total")
    func pastDay() throws {
        let show = try imported()
        let before = try PlannerStatistics([show], on: Self.start.adding(days: -1))
        #expect(before.episodesWatched == 5 && before.episodesLeft == 21)
        #expect(before.shows.map(\.episodesWatched) == [5] && before.shows.map(\.episodesLeft) == [21])
        for day in (-2...3).map({ Self.start.adding(days: $0) }) {
            let stats = try PlannerStatistics([show], on: day)
            #expect(stats.episodesWatched + stats.episodesLeft == 26, "\(day)")
            #expect(stats.episodesWatched == show.watchedThrough(on: day), "\(day)")
        }
    }
}
