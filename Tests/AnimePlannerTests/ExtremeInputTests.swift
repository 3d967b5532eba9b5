import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

/// Seeded random extreme values through AnimePlanner's public API: every call either works or throws
/// a typed error; nothing traps, hangs or allocates without bound.
@Suite(.heavy) struct PlannerExtremeInputTests {
    static let extremes = [Int.min, Int.min + 1, -1, 0, 1, 2, 24, 1_440, 1_441, 100_000, 100_001, 3_660, 36_600, 36_601,
                           Int.max - 1, Int.max]

    /// An extreme value (one time in six), any Int (one in six) or a plausible one.
    static func value(_ random: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: extremes.randomElement(using: &random) ?? 0
        case 1: Int.random(in: Int.min...Int.max, using: &random)
        default: Int.random(in: 0...40, using: &random)
        }
    }

    /// The first or last supported day, one near the end, or any (one time in two), or a day of 2025.
    static func day(_ random: inout SeededGenerator) -> CalendarDay {
        guard Bool.random(using: &random) else { return Fixture.day("2025-03-03").adding(days: Int.random(in: -10...60, using: &random)) }
        return [CalendarDay.earliest, .latest, .latest.adding(days: -10),
                CalendarDay(daysSince1970: Int.random(in: CalendarDay.supportedDayNumbers, using: &random))].randomElement(using: &random)
            ?? .earliest
    }

    @Test func extremeValuesThrowTypedErrors() throws {
        var random = SeededGenerator(seed: 0xE7)
        var planned = 0, refused = 0
        let titles = ["", String(repeating: "題", count: 100_000), "Frieren"]
        for index in 0..<800 {
            let release: ReleaseSchedule
            switch index % 3 {
            case 0: release = .allReleased
            case 1: release = .releasedSoFar(Self.value(&random))
            default: release = .weekly(slot: BroadcastSlot(weekday: .friday, time: .midnight, timeZone: .gmt),
                                       releasedEpisodes: Self.value(&random),
                                       asOf: Date(timeIntervalSince1970: Double(Self.value(&random))))
            }
            let show = AnimeShow(id: Self.value(&random), title: titles[index % titles.count],
                                 episodeCount: Bool.random(using: &random) ? Self.value(&random) : nil,
                                 episodeLength: .seconds(Bool.random(using: &random) ? 1_440 : Int64(Self.value(&random))), release: release)
            let goal: PlanGoal = [.episodesPerDay(Self.value(&random)), .minutesPerDay(Self.value(&random)),
                                  .finish(by: Self.day(&random))].randomElement(using: &random) ?? .episodesPerDay(1)
            let options = PlanOptions(start: Self.day(&random), maximumPerDay: Bool.random(using: &random) ? Self.value(&random) : nil)
            let planner = ViewingPlanner(clock: .fixed(at: Date(timeIntervalSince1970: Double(Self.value(&random))), timeZone: .gmt),
                                         horizonDays: Bool.random(using: &random) ? 3_660 : Self.value(&random))
            _ = show.releasedEpisodes(asOf: Date(timeIntervalSince1970: Double(Self.value(&random))))
            _ = release.releaseInstant(ofEpisode: Self.value(&random))
            do {
                var tracked = try TrackedShow(show: show, goal: goal, options: options,
                                              watchedBeforeTracking: Self.value(&random), planner: planner)
                planned += 1
                let episode = Self.value(&random)
                do {
                    try tracked.watch(through: episode, on: Self.day(&random), planner: planner)
                    #expect(PlannerLimits.episodes.contains(episode))
                } catch {
                    // Typed: the only errors are "no such episode" and "already watched".
                    if error.code != .episodeOutOfRange && error.code != .alreadyWatched { Issue.record("\(error)") }
                }
                tracked.catchUp(on: Self.day(&random), planner: planner)
                tracked.pause(on: Self.day(&random))
                try? tracked.resume(on: Self.day(&random), planner: planner)
                try? tracked.complete(on: Self.day(&random), planner: planner)
                _ = tracked.status(on: Self.day(&random))
                _ = try? PlannerStatistics([tracked], on: Self.day(&random), recentDayCount: Self.value(&random))
                _ = try? Agenda([tracked], from: Self.day(&random), through: Self.day(&random))
                _ = try? WatchReminder.upcoming(for: [tracked], at: .fixed(at: Date(timeIntervalSince1970: Double(Self.value(&random))), timeZone: .gmt),
                                                through: Self.day(&random), firingAt: .midnight)
                _ = ICalendar(trackedShows: [tracked], from: Self.day(&random), timestamp: .distantFuture).text
            } catch {
                refused += 1
            }
            _ = try? planner.schedule([show], nextEpisodes: [show.id: Self.value(&random)], minutesPerDay: Self.value(&random),
                                      options: options)
        }
        print("PlannerExtremeInputTests: 800 random shows, \(planned) planned, \(refused) refused with PlanError")
        #expect(planned > 40 && refused > 100)
    }

    @Test func theCrashesOfIssue14AreErrors() throws {
        let planner = Fixture.planner
        let show = Fixture.show(episodes: 26)
        #expect(throws: PlanError.watchedBeyondTotal(watched: 30, total: 26)) {
            try TrackedShow(show: show, goal: .episodesPerDay(3), options: PlanOptions(start: Fixture.day("2025-03-03")),
                            watchedBeforeTracking: 30, planner: planner)
        }
        #expect(throws: PlanError.pastLastSupportedDay) {
            try planner.plan(show, goal: .episodesPerDay(1), options: PlanOptions(start: Fixture.day("9999-12-20")))
        }
        #expect(throws: PlanError.outOfRange(what: "number of recent days", value: Int.max, allowed: PlannerLimits.days)) {
            try PlannerStatistics([], on: Fixture.day("2025-03-03"), recentDayCount: Int.max)
        }
        #expect(throws: PlanError.self) { try Agenda([], from: .earliest, through: .latest) }
        #expect(throws: PlanError.outOfRange(what: "number of minutes per day", value: Int.max, allowed: PlannerLimits.minutesPerDay)) {
            try planner.plan(show, goal: .minutesPerDay(Int.max), options: PlanOptions(start: Fixture.day("2025-03-03")))
        }
        var tracked = try TrackedShow(show: Fixture.show(episodes: nil, release: .releasedSoFar(3)), goal: .episodesPerDay(1),
                                      options: PlanOptions(start: Fixture.day("2025-03-03")), planner: planner)
        #expect(throws: ProgressError.episodeOutOfRange(episode: Int.max, episodeCount: nil)) {
            try tracked.watch(through: Int.max, on: Fixture.day("2025-03-03"), planner: planner)
        }
    }
}
