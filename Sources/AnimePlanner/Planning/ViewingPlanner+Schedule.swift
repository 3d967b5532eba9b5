import AirdateCore

extension ViewingPlanner {
    /// Plans many shows together so that no watching day goes over `minutesPerDay`.
    ///
    /// **Slot policy.** Each watching day starts with the whole budget and hands out one episode at
    /// a time. The next episode goes to the show that has had the *fewest minutes so far that day*,
    /// among the shows whose next episode is out by that day, fits in what is left of the budget and
    /// keeps the show within `options.maximumPerDay`. Ties go to the show listed first, so list the
    /// shows in order of priority. The day ends when no show can take an episode. So shows are
    /// interleaved fairly by time (a show of 48-minute episodes gets one while a show of 24-minute ones
    /// gets two), the budget is never exceeded, and a show waiting for a broadcast never blocks the others.
    ///
    /// - Parameters:
    ///   - shows: the shows, in priority order; each needs an episode length.
    ///   - nextEpisodes: the next episode to watch by show id (1 when absent).
    ///   - minutesPerDay: the daily budget, in minutes.
    ///   - options: the start day, watching weekdays, skipped days and maximum per day.
    /// - Throws: ``PlanError/unknownEpisodeLength(title:)``, ``PlanError/budgetTooSmall(minutes:episodeMinutes:)``
    ///   when one episode is longer than the whole budget, and the errors of ``plan(_:from:goal:options:)``.
    public func schedule(_ shows: [AnimeShow], nextEpisodes: [Int: Int] = [:], minutesPerDay: Int,
                         options: PlanOptions) throws(PlanError) -> CombinedSchedule {
        try validate(options)
        guard minutesPerDay >= 1 else { throw .notPositive(what: "number of minutes per day", value: minutesPerDay) }
        guard PlannerLimits.minutesPerDay.contains(minutesPerDay) else {
            throw .outOfRange(what: "number of minutes per day", value: minutesPerDay, allowed: PlannerLimits.minutesPerDay)
        }
        let maximum = options.maximumPerDay ?? Int.max
        let budget = minutesPerDay * 60

        struct Cursor {
            let window: EpisodeWindow
            let seconds: Int
            var next: Int
            var days: [PlannedDay] = []
            var countToday = 0
            var secondsToday = 0
        }
        var cursors: [Cursor] = []
        for show in shows {
            guard let seconds = show.episodeSeconds else { throw .unknownEpisodeLength(title: show.title) }
            guard seconds <= budget else { throw .budgetTooSmall(minutes: minutesPerDay, episodeMinutes: seconds / 60 + (seconds % 60 > 0 ? 1 : 0)) }
            let window = try EpisodeWindow(show: show, from: nextEpisodes[show.id] ?? 1, now: now, timeZone: timeZone)
            cursors.append(Cursor(window: window, seconds: seconds, next: window.first))
        }

        var active = cursors.indices.filter { cursors[$0].next <= cursors[$0].window.last }
        var day = options.start
        let limit = options.start.adding(days: horizonDays)
        while !active.isEmpty {
            guard day <= limit else { throw .tooLong(days: horizonDays) }
            guard options.isWatchingDay(day) else {
                day = try dayAfter(day)
                continue
            }
            var left = budget
            for index in active {
                cursors[index].countToday = 0
                cursors[index].secondsToday = 0
            }
            while true {
                var best: Int?
                for index in active {
                    let cursor = cursors[index]
                    guard cursor.next <= cursor.window.last, cursor.countToday < maximum, cursor.seconds <= left,
                          cursor.window.isOut(cursor.next, on: day) else { continue }
                    if let current = best, cursors[current].secondsToday <= cursor.secondsToday { continue }
                    best = index
                }
                guard let chosen = best else { break }
                cursors[chosen].next += 1
                cursors[chosen].countToday += 1
                cursors[chosen].secondsToday += cursors[chosen].seconds
                left -= cursors[chosen].seconds
            }
            var assigned = false
            for index in active where cursors[index].countToday > 0 {
                let cursor = cursors[index]
                cursors[index].days.append(PlannedDay(day: day, episodes: (cursor.next - cursor.countToday)...(cursor.next - 1)))
                assigned = true
            }
            active.removeAll { cursors[$0].next > cursors[$0].window.last }
            if !assigned {
                // Everyone is waiting for a release: jump to the first one.
                let releases = active.compactMap { cursors[$0].window.releaseDay(cursors[$0].next) }
                if let first = releases.min(), first > day {
                    day = first
                    continue
                }
            }
            if active.isEmpty { break }
            day = try dayAfter(day)
        }
        let plans = shows.indices.map { index in
            ViewingPlan(showID: shows[index].id, title: shows[index].title, days: cursors[index].days,
                        coversOnlyReleasedEpisodes: cursors[index].window.coversOnlyReleased)
        }
        return CombinedSchedule(minutesPerDay: minutesPerDay, plans: plans)
    }
}
