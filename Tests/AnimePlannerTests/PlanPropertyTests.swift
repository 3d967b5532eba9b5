import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

/// Seeded random sequences of progress entries and plan changes: after each step, the plan's future
/// never lists an episode twice, and what is watched plus what is planned is the show's total.
@Suite struct PlanPropertyTests {
    static let start = Fixture.day("2025-03-03")

    static func randomGoal(_ random: inout SplitMix, from day: CalendarDay) -> PlanGoal {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .episodesPerDay(Int.random(in: 1...5, using: &random))
        case 1: .minutesPerDay(Int.random(in: 24...150, using: &random))
        default: .finish(by: day.adding(days: Int.random(in: 5...60, using: &random)))
        }
    }

    static func randomOptions(_ random: inout SplitMix, start: CalendarDay) -> PlanOptions {
        var weekdays = Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
        if weekdays.isEmpty { weekdays = [.saturday] }
        return PlanOptions(start: start, weekdays: weekdays,
                           maximumPerDay: Bool.random(using: &random) ? nil : Int.random(in: 3...8, using: &random),
                           remainder: RemainderPlacement.allCases.randomElement(using: &random) ?? .lastDays)
    }

    @Test func theFutureListsEachEpisodeOnceAndWatchedPlusPlannedIsTheTotal() throws {
        var random = SplitMix(seed: 0x1414)
        let planner = Fixture.planner
        var shows = 0, steps = 0, identities = 0, refused = 0
        for _ in 0..<400 {
            let total = Int.random(in: 1...80, using: &random)
            let show = Fixture.show(episodes: total)
            let options = Self.randomOptions(&random, start: Self.start)
            guard var tracked = try? TrackedShow(show: show, goal: Self.randomGoal(&random, from: Self.start), options: options,
                                                 watchedBeforeTracking: Int.random(in: 0...(total / 2), using: &random),
                                                 planner: planner) else {
                refused += 1  // a finish day too early for the maximum per day: refused, nothing to check
                continue
            }
            shows += 1
            var today = Self.start
            for _ in 0..<Int.random(in: 1...15, using: &random) {
                today = today.adding(days: Int.random(in: 0...4, using: &random))
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6 where tracked.watchedThrough < total:
                    let episode = min(total, tracked.watchedThrough + Int.random(in: 1...6, using: &random))
                    try tracked.recordProgress(atEpisode: episode, on: today, planner: planner)
                case 6:
                    tracked.pause(on: today)
                case 7:
                    try? tracked.resume(on: today, planner: planner)
                case 8:
                    try? tracked.change(goal: Self.randomGoal(&random, from: today),
                                        options: Self.randomOptions(&random, start: today), planner: planner)
                default:
                    break
                }
                tracked.catchUp(on: today, planner: planner)
                steps += 1

                // Days in order, each with at least one episode.
                #expect(zip(tracked.plan.days, tracked.plan.days.dropFirst()).allSatisfy { $0.day < $1.day })
                // From today on, as the calendar, agenda and export show it: no episode twice.
                let shown = tracked.plan.days.filter { $0.day >= today }.flatMap { Array($0.episodes) }
                #expect(Set(shown).count == shown.count, "an episode is planned twice from \(today): \(tracked.plan.days)")
                let upcoming = tracked.upcomingPlan(from: today)
                let episodes = upcoming.days.flatMap { Array($0.episodes) }
                #expect(Set(episodes).count == episodes.count)
                #expect(episodes.allSatisfy { $0 > tracked.watchedThrough && $0 <= total })
                if tracked.isActive, tracked.planIssue == nil {
                    #expect(tracked.watchedThrough + upcoming.episodeCount == total,
                            "watched \(tracked.watchedThrough) + planned \(upcoming.episodeCount) != \(total)")
                    // The future starts at the next episode to watch.
                    if !tracked.isCompleted { #expect(episodes.first == tracked.watchedThrough + 1) }
                    identities += 1
                } else if !tracked.isActive {
                    #expect(upcoming.days.isEmpty)
                }
                // Every view reads the same status.
                let statistics = try PlannerStatistics([tracked], on: today, recentDayCount: 3)
                #expect(statistics.shows.first?.status == tracked.status(on: today))
            }
        }
        print("PlanPropertyTests: \(shows) shows, \(steps) steps, \(identities) watched + planned = total checks, \(refused) goals refused")
        #expect(shows > 300 && identities > 1_500)
    }
}
