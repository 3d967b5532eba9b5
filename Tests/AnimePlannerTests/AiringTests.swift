import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

/// Shows still airing: episodes are never planned before the viewer's day of their release.
@Suite struct AiringTests {
    /// Sundays 08:30 in Tokyo, which is Saturday 23:30 UTC: Saturday in London in winter, Sunday once
    /// London moves to summer time on 2025-03-30.
    static let tokyoSundayMorning = BroadcastSlot(weekday: .sunday, time: Fixture.time("08:30"), timeZone: Fixture.zone("Asia/Tokyo"))
    static let london = Fixture.zone("Europe/London")
    static let mondayMidnight = Fixture.instant("2025-03-17T00:00:00Z")

    static func airing(episodes: Int?, released: Int) -> AnimeShow {
        Fixture.show(episodes: episodes, release: .weekly(slot: tokyoSundayMorning, releasedEpisodes: released, asOf: mondayMidnight))
    }

    @Test func broadcastsKeepTheirWallClockAcrossTheBroadcastersDaylightSavingChange() {
        // New York moves to summer time on 2025-03-09.
        let slot = BroadcastSlot(weekday: .saturday, time: Fixture.time("22:00"), timeZone: Fixture.zone("America/New_York"))
        let start = Fixture.instant("2025-03-03T00:00:00Z")
        #expect(slot.broadcast(0, after: start) == Fixture.instant("2025-03-09T03:00:00Z"))  // 22:00 EST
        #expect(slot.broadcast(1, after: start) == Fixture.instant("2025-03-16T02:00:00Z"))  // 22:00 EDT
        // Strictly after: a broadcast at the instant itself is not "next".
        #expect(slot.nextBroadcast(after: Fixture.instant("2025-03-16T02:00:00Z")) == Fixture.instant("2025-03-23T02:00:00Z"))
        #expect(slot.nextBroadcast(after: Fixture.instant("2025-03-16T01:59:59Z")) == Fixture.instant("2025-03-16T02:00:00Z"))
    }

    @Test func releasedEpisodesCountBroadcastsSinceTheReference() {
        let show = Self.airing(episodes: 12, released: 4)
        #expect(show.releasedEpisodes(asOf: Fixture.instant("2025-03-22T23:29:59Z")) == 4)
        #expect(show.releasedEpisodes(asOf: Fixture.instant("2025-03-22T23:30:00Z")) == 5)
        #expect(show.releasedEpisodes(asOf: Fixture.instant("2025-04-06T00:00:00Z")) == 7)
        #expect(show.releasedEpisodes(asOf: Fixture.instant("2026-01-01T00:00:00Z")) == 12)  // capped by the total
        #expect(Self.airing(episodes: nil, released: 4).releasedEpisodes(asOf: Fixture.instant("2025-04-06T00:00:00Z")) == 7)
        #expect(AnimeShow(id: 1, title: "x", episodeCount: 24, episodeLength: nil, release: .releasedSoFar(9))
            .releasedEpisodes(asOf: Date()) == 9)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var show: AnimeShow
        var goal: PlanGoal
        var options: PlanOptions
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Releases seen from London: 1 on Sat 03-22, 2 on Sat 03-29, then Sundays from 04-06.
        Case(name: "daily viewer follows releases across London's change to summer time",
             show: airing(episodes: 8, released: 0), goal: .episodesPerDay(2), options: PlanOptions(start: Fixture.day("2025-03-17")),
             expected: ["2025-03-22: 1-1", "2025-03-29: 2-2", "2025-04-06: 3-3", "2025-04-13: 4-4", "2025-04-20: 5-5",
                        "2025-04-27: 6-6", "2025-05-04: 7-7", "2025-05-11: 8-8"]),
        Case(name: "Saturday viewer waits a week once releases move to Sunday",
             show: airing(episodes: 8, released: 0), goal: .episodesPerDay(2),
             options: PlanOptions(start: Fixture.day("2025-03-17"), weekdays: [.saturday]),
             expected: ["2025-03-22: 1-1", "2025-03-29: 2-2", "2025-04-12: 3-3", "2025-04-19: 4-4", "2025-04-26: 5-5",
                        "2025-05-03: 6-6", "2025-05-10: 7-7", "2025-05-17: 8-8"]),
        Case(name: "episodes out are watched at once, the rest as they air",
             show: airing(episodes: 6, released: 3), goal: .episodesPerDay(2), options: PlanOptions(start: Fixture.day("2025-03-17")),
             expected: ["2025-03-17: 1-2", "2025-03-18: 3-3", "2025-03-22: 4-4", "2025-03-29: 5-5", "2025-04-06: 6-6"]),
        Case(name: "finish by a day, remainder last: no release is in the way",
             show: airing(episodes: 4, released: 2), goal: .finish(by: Fixture.day("2025-03-30")),
             options: PlanOptions(start: Fixture.day("2025-03-17"), remainder: .lastDays),
             expected: ["2025-03-27: 1-1", "2025-03-28: 2-2", "2025-03-29: 3-3", "2025-03-30: 4-4"]),
        // Issue 28, class 6 (`animeplan add 47917 --until 2022-12-31`): spread over the period, never before a release.
        Case(name: "finish by a day, spread (the default): the work starts at once, releases respected",
             show: airing(episodes: 4, released: 2), goal: .finish(by: Fixture.day("2025-03-30")),
             options: PlanOptions(start: Fixture.day("2025-03-17")),
             expected: ["2025-03-20: 1-1", "2025-03-23: 2-2", "2025-03-27: 3-3", "2025-03-30: 4-4"]),
        Case(name: "finish by a day, spread: an episode waits for its release",
             show: airing(episodes: 4, released: 0), goal: .finish(by: Fixture.day("2025-04-20")),
             options: PlanOptions(start: Fixture.day("2025-03-17")),
             expected: ["2025-03-25: 1-1", "2025-04-03: 2-2", "2025-04-12: 3-3", "2025-04-20: 4-4"]),
        Case(name: "finish by a day, remainder first: held back until the releases",
             show: airing(episodes: 4, released: 2), goal: .finish(by: Fixture.day("2025-03-30")),
             options: PlanOptions(start: Fixture.day("2025-03-17"), remainder: .firstDays),
             expected: ["2025-03-17: 1-1", "2025-03-18: 2-2", "2025-03-22: 3-3", "2025-03-29: 4-4"]),
    ]

    @Test(arguments: cases) func plansAiringShows(_ test: Case) throws {
        let planner = ViewingPlanner(clock: .fixed(at: Self.mondayMidnight, timeZone: Self.london))
        let plan = try planner.plan(test.show, goal: test.goal, options: test.options)
        #expect(Fixture.lines(plan) == test.expected)
    }

    @Test func finishingBeforeTheLastReleaseIsRefused() {
        let planner = ViewingPlanner(clock: .fixed(at: Self.mondayMidnight, timeZone: Self.london))
        #expect(throws: PlanError.notReleasedInTime(episode: 8, releaseDay: Fixture.day("2025-05-11"),
                                                    earliestFinish: Fixture.day("2025-05-11"))) {
            try planner.plan(Self.airing(episodes: 8, released: 0), goal: .finish(by: Fixture.day("2025-04-30")),
                             options: PlanOptions(start: Fixture.day("2025-03-17")))
        }
        // Out on a Sunday, but only Saturdays are watching days: the earliest finish is the Saturday after.
        #expect(throws: PlanError.notReleasedInTime(episode: 8, releaseDay: Fixture.day("2025-05-11"),
                                                    earliestFinish: Fixture.day("2025-05-17"))) {
            try planner.plan(Self.airing(episodes: 8, released: 0), goal: .finish(by: Fixture.day("2025-05-16")),
                             options: PlanOptions(start: Fixture.day("2025-03-17"), weekdays: [.saturday]))
        }
    }

    @Test func unknownTotalsArePlannedUpToWhatHasAiredAndExtendedLater() throws {
        let show = Self.airing(episodes: nil, released: 3)
        // On Monday 03-24 episode 4 (out Saturday 03-22) is out too.
        let planner = ViewingPlanner(clock: .fixed(at: Fixture.instant("2025-03-24T12:00:00Z"), timeZone: Self.london))
        var tracked = try TrackedShow(show: show, goal: .episodesPerDay(2),
                                      options: PlanOptions(start: Fixture.day("2025-03-24")), planner: planner)
        #expect(Fixture.lines(tracked.plan) == ["2025-03-24: 1-2", "2025-03-25: 3-4"])
        #expect(tracked.plan.coversOnlyReleasedEpisodes)
        #expect(tracked.episodesLeft == nil)
        try tracked.watch(through: 4, on: Fixture.day("2025-03-25"), planner: planner)
        #expect(tracked.projectedFinish == nil)
        // Two weeks later episodes 5 (03-29) and 6 (04-06) are out: the show as it stands that day
        // plans them; the same facts given again change nothing (the weekly schedule said so already).
        let later = ViewingPlanner(clock: .fixed(at: Fixture.instant("2025-04-07T12:00:00Z"), timeZone: Self.london))
        let sameFacts = tracked.refresh(show, planner: later)
        #expect(!sameFacts)
        #expect(Fixture.lines(tracked.plan) == ["2025-03-24: 1-2", "2025-03-25: 3-4"])
        #expect(Fixture.lines(tracked.caughtUp(on: later.today, planner: later).plan) == ["2025-03-24: 1-2", "2025-03-25: 3-4", "2025-04-07: 5-6"])
        tracked.catchUp(on: later.today, planner: later)
        #expect(Fixture.lines(tracked.plan) == ["2025-03-24: 1-2", "2025-03-25: 3-4", "2025-04-07: 5-6"])
        #expect(tracked.log == [WatchEntry(day: Fixture.day("2025-03-25"), episodes: 1...4)])
        // The total becomes known: the plan now follows the weekly releases to the end.
        var finished = show
        finished.episodeCount = 8
        let newFacts = tracked.refresh(finished, planner: later)
        #expect(newFacts)
        #expect(Fixture.lines(tracked.plan) == ["2025-03-24: 1-2", "2025-03-25: 3-4", "2025-04-07: 5-6",
                                                "2025-04-13: 7-7", "2025-04-20: 8-8"])
        #expect(tracked.plan.coversOnlyReleasedEpisodes == false)
    }
}
