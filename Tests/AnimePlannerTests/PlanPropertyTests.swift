import AirdateCore
import AirdateTestSupport
import Foundation
import Testing
@testable import AnimePlanner

/// Issue 28, class 5 — "one question, one answer" — as properties of random command sequences.
///
/// Each sequence tracks a random show (finished, airing weekly with a broadcast slot, or airing with
/// only the episodes out known; totals known or not) with a random goal, options and first day (in
/// the past too), then runs random commands — `watched`, `plan`, `pause`, `resume`, `drop`,
/// `complete`, a pause and a resume on one day, or nothing but a look — on random days (mostly
/// forward, sometimes the same day, now and then back, as `--today` allows), each day with a planner
/// whose clock is that day. After every step, the show as every view sees it that day is checked:
/// - the finish of the day's outlook (what `today` prints), of the statistics (`stats`), of the
///   calendar (the last day it plans) and of the command that just ran (`add`, `plan`, `resume`)
///   agree, and the status is one;
/// - episodes watched plus episodes planned are the total (or the episodes out, while the total is
///   unknown);
/// - from the day on, no episode is planned twice, before the viewer's day of its release, or past
///   the total;
/// - a first day in the past makes the episodes it planned before the day due (behind by them);
/// - a pause and a resume on one day change nothing;
/// - the stored form (JSON, as in the database) reads back equal.
///
/// CI runs a fixed seed (``ciSeed``, ``ciSequences`` sequences). A larger run is documented in the
/// README: `AIRDATE_PROPERTY_SEQUENCES=20000 AIRDATE_PROPERTY_SEED=0x5EED swift test --filter PlanPropertyTests`.
@Suite(.heavy) struct PlanPropertyTests {
    static let ciSeed: UInt64 = 0x2805_A11D
    static let ciSequences = 400

    static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["AIRDATE_PROPERTY_SEED"] else { return ciSeed }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? ciSeed : UInt64(text) ?? ciSeed
    }

    static var sequences: Int {
        ProcessInfo.processInfo.environment["AIRDATE_PROPERTY_SEQUENCES"].flatMap { Int($0) }.map { max(1, $0) } ?? ciSequences
    }

    static let zones = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/London"].map(Fixture.zone)
    static let base = Fixture.day("2025-03-03")

    /// A planner whose "now" is noon of `day` in `zone`.
    static func planner(_ day: CalendarDay, _ zone: TimeZone) -> ViewingPlanner {
        ViewingPlanner(clock: .fixed(at: day.start(in: zone).addingTimeInterval(12 * 3600), timeZone: zone))
    }

    static func randomShow(_ random: inout SeededGenerator, zone: TimeZone) -> AnimeShow {
        let total: Int? = Int.random(in: 0..<6, using: &random) == 0 ? nil : Int.random(in: 1...60, using: &random)
        let minutes: Int? = Int.random(in: 0..<10, using: &random) == 0 ? nil : Int.random(in: 3...60, using: &random)
        var release = ReleaseSchedule.allReleased
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where total != nil, 1 where total != nil:
            break
        case 2:
            release = .releasedSoFar(Int.random(in: 0...(total ?? 30), using: &random))
        default:
            let slot = BroadcastSlot(weekday: Weekday.allCases.randomElement(using: &random) ?? .sunday,
                                     time: (try? TimeOfDay(hour: Int.random(in: 0...23, using: &random),
                                                           minute: [0, 30, 45].randomElement(using: &random) ?? 0)) ?? .midnight,
                                     timeZone: zones.randomElement(using: &random) ?? zone)
            let asOf = base.start(in: zone).addingTimeInterval(Double(Int.random(in: -20...20, using: &random)) * 86_400)
            release = .weekly(slot: slot, releasedEpisodes: Int.random(in: 0...min(total ?? 20, 20), using: &random), asOf: asOf)
        }
        return AnimeShow(id: Int.random(in: 1...99_999, using: &random), title: "Show", episodeCount: total,
                         episodeLength: minutes.map { .seconds($0 * 60) }, release: release,
                         myAnimeListID: Bool.random(using: &random) ? nil : 1)
    }

    static func randomGoal(_ random: inout SeededGenerator, from day: CalendarDay) -> PlanGoal {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .episodesPerDay(Int.random(in: 1...5, using: &random))
        case 1: .minutesPerDay(Int.random(in: 20...150, using: &random))
        default: .finish(by: day.adding(days: Int.random(in: 0...90, using: &random)))
        }
    }

    static func randomOptions(_ random: inout SeededGenerator, start: CalendarDay) -> PlanOptions {
        var weekdays = Set(Weekday.allCases.filter { _ in Int.random(in: 0..<4, using: &random) > 0 })
        if weekdays.isEmpty { weekdays = [.saturday] }
        var options = PlanOptions(start: start, weekdays: weekdays,
                                  skippedDays: Set((0..<Int.random(in: 0...3, using: &random)).map { _ in
                                      start.adding(days: Int.random(in: 0...20, using: &random))
                                  }),
                                  maximumPerDay: Bool.random(using: &random) ? nil : Int.random(in: 2...8, using: &random))
        if Bool.random(using: &random) { options.remainder = RemainderPlacement.allCases.randomElement(using: &random) ?? .spread }
        return options
    }

    /// What was counted, for the summary line and the floor the test expects.
    struct Counts {
        var sequences = 0, steps = 0, refused = 0, totals = 0, finishes = 0, pastStarts = 0, sameDayResumes = 0, backwards = 0
    }

    /// Only this sequence (its number in the failure messages), to replay a failure.
    static var only: Int? { ProcessInfo.processInfo.environment["AIRDATE_PROPERTY_ONLY"].flatMap { Int($0) } }

    @Test func oneQuestionOneAnswerOverRandomCommandSequences() throws {
        var counts = Counts()
        for index in 0..<Self.sequences where Self.only == nil || Self.only == index {
            // Each sequence has a generator of its own, so a failure names one sequence to replay.
            var random = SeededGenerator(seed: Self.seed &+ UInt64(index) &* 0x9E37_79B9)
            try Self.runSequence(&random, &counts, number: index)
        }
        print("PlanPropertyTests (seed 0x\(String(Self.seed, radix: 16, uppercase: true)), \(Self.sequences) sequences): "
            + "\(counts.sequences) tracked, \(counts.refused) refused at add, \(counts.steps) steps, "
            + "\(counts.totals) watched+planned=total checks, \(counts.finishes) finish agreements, "
            + "\(counts.pastStarts) past first days, \(counts.sameDayResumes) same-day pause+resume, \(counts.backwards) steps back in time")
        if Self.sequences == Self.ciSequences, Self.only == nil {
            // The fixed CI run must exercise every property, not pass by refusing everything.
            #expect(counts.sequences > 250 && counts.steps > 2_000 && counts.totals > 800 && counts.finishes > 800)
            #expect(counts.pastStarts > 50 && counts.sameDayResumes > 50 && counts.backwards > 20)
        }
    }

    static func runSequence(_ random: inout SeededGenerator, _ counts: inout Counts, number: Int) throws {
        let zone = zones.randomElement(using: &random) ?? .gmt
        var day = base.adding(days: Int.random(in: 0...30, using: &random))
        let show = randomShow(&random, zone: zone)
        let start = day.adding(days: Int.random(in: -20...10, using: &random))
        let goal = randomGoal(&random, from: start)
        let options = randomOptions(&random, start: start)
        let watchedBefore = Int.random(in: 0...((show.episodeCount ?? 10) / 2), using: &random)
        var planner = Self.planner(day, zone)
        var tracked: TrackedShow
        do {
            tracked = try TrackedShow(show: show, goal: goal, options: options, watchedBeforeTracking: watchedBefore, planner: planner)
        } catch {
            counts.refused += 1
            return
        }
        counts.sequences += 1
        // `add`: the finish it reports, and a first day in the past counted as due.
        var reported = tracked.caughtUp(on: day, planner: planner).projectedFinish
        if start < day {
            counts.pastStarts += 1
            let independent = try planner.plan(show, from: watchedBefore + 1, goal: goal, options: options)
            let due = independent.days.last { $0.day < day }?.episodes.upperBound ?? watchedBefore
            let expected: PlanStatus = due > watchedBefore ? .behind(by: due - watchedBefore) : .onTrack
            #expect(tracked.status(on: day) == expected || tracked.isCompleted, "a first day in the past counts as due: \(tracked)")
        }
        try check(tracked, on: day, planner: planner, reported: reported, counts: &counts, context: "sequence \(number), add")

        for step in 0..<Int.random(in: 1...20, using: &random) {
            let move = Int.random(in: 0..<20, using: &random)
            if move == 0 {
                day = day.adding(days: -Int.random(in: 1...3, using: &random))
                counts.backwards += 1
            } else {
                day = day.adding(days: Int.random(in: 0...4, using: &random))
            }
            planner = Self.planner(day, zone)
            reported = nil
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<5:
                let next = tracked.watchedThrough + Int.random(in: 1...6, using: &random)
                let episode = min(next, tracked.show.episodeCount ?? next)
                if episode > tracked.watchedThrough {
                    try tracked.watch(through: episode, on: day, planner: planner)
                }
            case 5:
                let newStart = day.adding(days: Int.random(in: -5...5, using: &random))
                if (try? tracked.change(goal: randomGoal(&random, from: newStart), options: randomOptions(&random, start: newStart),
                                        planner: planner)) != nil {
                    reported = tracked.caughtUp(on: day, planner: planner).projectedFinish
                }
            case 6:
                tracked.pause(on: day)
            case 7:
                if (try? tracked.resume(on: day, planner: planner)) != nil, tracked.isActive {
                    reported = tracked.caughtUp(on: day, planner: planner).projectedFinish
                }
            case 8:
                tracked.drop(on: day)
            case 9:
                try? tracked.complete(on: day, planner: planner)
            case 10 where tracked.isActive:
                // Pause and resume on one day: nothing changes, in the stored show and in every view.
                let before = tracked
                let views = try Views(tracked, on: day, planner: planner)
                tracked.pause(on: day)
                try tracked.resume(on: day, planner: planner)
                #expect(tracked == before, "pause and resume on \(day) changed the show")
                #expect(try Views(tracked, on: day, planner: planner) == views)
                counts.sameDayResumes += 1
            default:
                break  // a look only
            }
            counts.steps += 1
            try check(tracked, on: day, planner: planner, reported: reported, counts: &counts,
                      context: "sequence \(number), step \(step), \(day): \(tracked)")
        }
    }

    /// Everything the views of a day show.
    struct Views: Equatable {
        var outlook: ShowOutlook
        var summary: ShowSummary
        var agenda: Agenda
        var reminders: Int
        var exported: [String]

        init(_ show: TrackedShow, on day: CalendarDay, planner: ViewingPlanner) throws {
            let overview = PlannerOverview([show], planner: planner, on: day)
            outlook = try #require(overview.outlooks.first)
            summary = try #require(try overview.statistics(recentDayCount: 3).shows.first)
            let current = overview.shows[0]
            let last = max(day, current.plan.days.last?.day ?? day)
            agenda = try overview.agenda(from: day, through: last)
            reminders = try overview.reminders(at: planner.clock, through: last, firingAt: .midnight).count
            exported = ICalendar(overview: overview, timestamp: Date(timeIntervalSince1970: 0)).contentLines
                .filter { $0.hasPrefix("SUMMARY:") || $0.hasPrefix("DTSTART") }
        }
    }

    static func check(_ tracked: TrackedShow, on day: CalendarDay, planner: ViewingPlanner, reported: CalendarDay?,
                      counts: inout Counts, context: @autoclosure () -> String) throws {
        let at = context()
        // The stored form reads back equal.
        let stored = try JSONDecoder().decode(TrackedShow.self, from: JSONEncoder().encode(tracked))
        #expect(stored == tracked, "\(at)")

        let views = try Views(stored, on: day, planner: planner)
        let current = stored.caughtUp(on: day, planner: planner)
        let watched = current.watchedThrough
        // One status.
        #expect(views.outlook.status == views.summary.status, "\(at)")
        #expect(views.outlook.status == current.status(on: day), "\(at)")
        // One finish: today's, the statistics', the command's and the calendar's.
        #expect(views.outlook.projectedFinish == views.summary.projectedFinish, "\(at)")
        if let reported { #expect(reported == views.outlook.projectedFinish, "the command said \(reported) [\(at)]") }
        // A finish still to come is never before the day (a failed re-plan has none).
        if !current.isCompleted, let finish = views.outlook.projectedFinish {
            #expect(finish >= day, "finishing \(finish), before \(day) [\(at)]")
        }
        let plannedDays = views.agenda.days.filter { day in day.items.contains { ($0.planned?.upperBound ?? 0) > watched } }
        if current.isActive, !current.isCompleted, current.planIssue == nil {
            #expect(plannedDays.last?.day == views.outlook.projectedFinish,
                    "calendar finish \(String(describing: plannedDays.last?.day)) ≠ \(String(describing: views.outlook.projectedFinish)) [\(at)]")
            counts.finishes += 1
        }
        // From the day on: no episode twice, none before its release, none past the end.
        let planned = views.agenda.days.flatMap { agendaDay in
            agendaDay.items.compactMap(\.planned).map { (agendaDay.day, $0) }
        }
        let episodes = planned.flatMap { Array($0.1) }
        #expect(Set(episodes).count == episodes.count, "an episode is planned twice from \(day): \(planned) [\(at)]")
        for (plannedDay, range) in planned where range.upperBound > watched {
            if let total = current.show.episodeCount { #expect(range.upperBound <= total, "\(at)") }
            if case .releasedSoFar(let out) = current.show.release { #expect(range.upperBound <= out, "\(at)") }
            if let release = current.show.release.releaseInstant(ofEpisode: range.upperBound) {
                #expect(CalendarDay(containing: release, in: planner.timeZone) <= plannedDay,
                        "episode \(range.upperBound) planned on \(plannedDay), before its release [\(at)]")
            }
        }
        // Watched plus planned is the total (or the episodes out while the total is unknown).
        let upcoming = current.upcomingPlan(from: day)
        if current.isActive, !current.isCompleted, current.planIssue == nil,
           let end = EpisodeWindow.lastEpisode(of: current.show, now: planner.now), end > watched {
            #expect(watched + upcoming.episodeCount == end, "watched \(watched) + planned \(upcoming.episodeCount) ≠ \(end) [\(at)]")
            #expect(upcoming.days.first?.episodes.lowerBound == watched + 1, "\(at)")
            counts.totals += 1
        }
        if !current.isActive { #expect(upcoming.days.isEmpty, "\(at)") }
        // What `today` says is to watch is what the calendar plans for the day.
        if let toWatch = views.outlook.toWatchToday {
            #expect(views.agenda.items(on: day).first?.planned?.upperBound == toWatch.upperBound, "\(at)")
        }
        // The export writes the upcoming days, no more.
        #expect(views.exported.count == 2 * upcoming.days.count, "\(at)")
        // Looking twice changes nothing.
        #expect(current.caughtUp(on: day, planner: planner) == current, "\(at)")
    }
}
