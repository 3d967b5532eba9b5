public import AirdateCore
public import Foundation

/// Makes viewing plans: for one show (``plan(_:from:goal:options:)``) or for many under one daily
/// time budget (``schedule(_:nextEpisodes:minutesPerDay:options:)``).
///
/// The planner reads "now" and the viewer's time zone from one `ViewerClock`: days are calendar
/// days in the clock's time zone, and an episode is never planned before the viewer's day that
/// contains its release. With a `ViewerClock/fixed(at:timeZone:firstWeekday:)` clock, plans are
/// reproducible.
///
/// ```swift
/// let planner = ViewingPlanner(clock: .system())
/// let plan = try planner.plan(show, goal: .finish(by: lastDay), options: PlanOptions(start: planner.today))
/// ```
public struct ViewingPlanner: Sendable {
    /// Where "now" and the viewer's time zone come from.
    public var clock: ViewerClock
    /// The longest plan, in days, before ``PlanError/tooLong(days:)``; values outside
    /// ``PlannerLimits/days`` are refused by every planning call.
    public var horizonDays: Int

    /// Creates a planner timed by `clock`.
    public init(clock: ViewerClock, horizonDays: Int = 3_660) {
        self.clock = clock
        self.horizonDays = horizonDays
    }

    /// The current instant: what is released is judged at it.
    public var now: Date { clock.now }
    /// The viewer's time zone.
    public var timeZone: TimeZone { clock.timeZone }

    /// Today in the viewer's time zone.
    public var today: CalendarDay { CalendarDay(containing: now, in: timeZone) }

    /// Plans `show` from episode `firstEpisode` on (episodes before it are taken as watched).
    ///
    /// - ``PlanGoal/finish(by:)``: the episodes are divided by the watching days from `options.start`
    ///   through the finish day; the remainder goes where `options.remainder` says. A show still airing
    ///   gets its episodes no earlier than they come out, so the days before a release may get fewer.
    /// - ``PlanGoal/episodesPerDay(_:)``: that many on each watching day (fewer while waiting for releases).
    /// - ``PlanGoal/minutesPerDay(_:)``: as many whole episodes as fit in the budget on each watching day.
    ///
    /// A show whose total is unknown is planned up to the episodes out at ``now``
    /// (``ViewingPlan/coversOnlyReleasedEpisodes``). Days without an episode are left out.
    ///
    /// - Throws: ``PlanError`` saying why and, where there is one, the nearest possible plan.
    public func plan(_ show: AnimeShow, from firstEpisode: Int = 1, goal: PlanGoal,
                     options: PlanOptions) throws(PlanError) -> ViewingPlan {
        try validate(options)
        let window = try EpisodeWindow(show: show, from: firstEpisode, now: now, timeZone: timeZone)
        let days: [PlannedDay]
        switch goal {
        case .episodesPerDay(let count):
            guard count >= 1 else { throw .notPositive(what: "number of episodes per day", value: count) }
            guard PlannerLimits.episodesPerDay.contains(count) else {
                throw .outOfRange(what: "number of episodes per day", value: count, allowed: PlannerLimits.episodesPerDay)
            }
            if let maximum = options.maximumPerDay, count > maximum {
                throw .aboveMaximumPerDay(requested: count, maximum: maximum)
            }
            days = try perDay(count, window, options)
        case .minutesPerDay(let minutes):
            guard minutes >= 1 else { throw .notPositive(what: "number of minutes per day", value: minutes) }
            guard PlannerLimits.minutesPerDay.contains(minutes) else {
                throw .outOfRange(what: "number of minutes per day", value: minutes, allowed: PlannerLimits.minutesPerDay)
            }
            guard let seconds = show.episodeSeconds else { throw .unknownEpisodeLength(title: show.title) }
            let fits = minutes * 60 / seconds
            guard fits >= 1 else { throw .budgetTooSmall(minutes: minutes, episodeMinutes: seconds / 60 + (seconds % 60 > 0 ? 1 : 0)) }
            days = try perDay(min(fits, options.maximumPerDay ?? fits), window, options)
        case .finish(let finish):
            days = try finishing(by: finish, window, options)
        }
        return ViewingPlan(showID: show.id, title: show.title, days: days,
                           coversOnlyReleasedEpisodes: window.coversOnlyReleased)
    }

    func validate(_ options: PlanOptions) throws(PlanError) {
        guard !options.weekdays.isEmpty else { throw .noWeekdaysChosen }
        if let maximum = options.maximumPerDay {
            guard maximum >= 1 else { throw .notPositive(what: "maximum number of episodes per day", value: maximum) }
            guard PlannerLimits.episodesPerDay.contains(maximum) else {
                throw .outOfRange(what: "maximum number of episodes per day", value: maximum, allowed: PlannerLimits.episodesPerDay)
            }
        }
        guard PlannerLimits.days.contains(horizonDays) else {
            throw .outOfRange(what: "planner horizon in days", value: horizonDays, allowed: PlannerLimits.days)
        }
    }

    /// The day after `day`, or ``PlanError/pastLastSupportedDay`` after 9999-12-31.
    func dayAfter(_ day: CalendarDay) throws(PlanError) -> CalendarDay {
        do {
            return try day.checkedAdding(days: 1)
        } catch {
            throw .pastLastSupportedDay
        }
    }

    /// `count` a day on each watching day from `options.start`, never before a release.
    func perDay(_ count: Int, _ window: EpisodeWindow, _ options: PlanOptions) throws(PlanError) -> [PlannedDay] {
        var days: [PlannedDay] = []
        var next = window.first
        var day = options.start
        let limit = options.start.adding(days: horizonDays)
        while next <= window.last {
            guard day <= limit else { throw .tooLong(days: horizonDays) }
            if !window.isOut(next, on: day), let release = window.releaseDay(next) {
                day = release  // nothing to watch before then
                continue
            }
            if options.isWatchingDay(day) {
                var take = 0
                while take < count, next + take <= window.last, window.isOut(next + take, on: day) { take += 1 }
                days.append(PlannedDay(day: day, episodes: next...(next + take - 1)))
                next += take
                if next > window.last { break }
            }
            day = try dayAfter(day)
        }
        return days
    }

    /// The finish day of the fastest plan the options allow, or `nil` when there is none.
    private func earliestFinish(_ window: EpisodeWindow, _ options: PlanOptions) -> CalendarDay? {
        guard window.count > 0 else { return options.firstWatchingDay(onOrAfter: options.start) }
        return (try? perDay(options.maximumPerDay ?? Int.max, window, options))?.last?.day
    }

    private func finishing(by finish: CalendarDay, _ window: EpisodeWindow,
                           _ options: PlanOptions) throws(PlanError) -> [PlannedDay] {
        guard finish >= options.start else {
            throw .finishBeforeStart(start: options.start, finish: finish, earliestFinish: earliestFinish(window, options))
        }
        guard options.start.days(to: finish) <= horizonDays else { throw .tooLong(days: horizonDays) }
        let watching = (options.start...finish).filter(options.isWatchingDay)
        guard !watching.isEmpty else {
            throw .noWatchingDays(from: options.start, through: finish, earliestFinish: earliestFinish(window, options))
        }
        let total = window.count
        guard total > 0 else { return [] }
        if let release = window.releaseDay(window.last), release > finish {
            throw .notReleasedInTime(episode: window.last, releaseDay: release, earliestFinish: earliestFinish(window, options))
        }
        let base = total / watching.count
        let extra = total % watching.count
        if let maximum = options.maximumPerDay, base + (extra > 0 ? 1 : 0) > maximum {
            throw .tooFewDays(episodes: total, days: watching.count, maximumPerDay: maximum,
                              earliestFinish: earliestFinish(window, options))
        }
        var days: [PlannedDay] = []
        var target = 0
        var planned = 0
        var out = 0
        for (index, day) in watching.enumerated() {
            target += base + (options.remainder.getsExtra(index, of: watching.count, extra: extra) ? 1 : 0)
            while out < total, window.isOut(window.first + out, on: day) { out += 1 }
            let cumulative = min(target, out)
            let take = cumulative - planned
            guard take > 0 else { continue }
            if let maximum = options.maximumPerDay, take > maximum {
                // Releases bunch the episodes up on fewer days than the maximum allows.
                throw .tooFewDays(episodes: total, days: watching.count, maximumPerDay: maximum,
                                  earliestFinish: earliestFinish(window, options))
            }
            days.append(PlannedDay(day: day, episodes: (window.first + planned)...(window.first + cumulative - 1)))
            planned = cumulative
        }
        if planned < total {
            // The last episodes come out after the last watching day of the range.
            let episode = window.first + planned
            throw .notReleasedInTime(episode: episode, releaseDay: window.releaseDay(episode) ?? finish,
                                     earliestFinish: earliestFinish(window, options))
        }
        return days
    }
}
