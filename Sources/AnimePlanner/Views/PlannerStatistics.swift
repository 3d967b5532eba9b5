public import AirdateCore

/// Figures over tracked shows on a given day: shows watching and completed, episodes and time
/// watched (from the log and each show's episode length), minutes per day over the last days
/// (watched and planned), and per show the episodes left and the projected finish.
public struct PlannerStatistics: Sendable, Hashable {
    /// Shows neither completed, dropped nor queued (paused ones included).
    public var watchingCount: Int
    /// Shows queued to watch later (``PlanState/queued(since:)``).
    public var queuedCount: Int
    /// Shows dropped.
    public var droppedCount: Int
    /// Shows completed.
    public var completedCount: Int
    /// Episodes watched by the statistics' day: those seen before tracking (an import's progress) and
    /// those logged, as each show's plan counts them; with ``episodesLeft``, each show's total.
    public var episodesWatched: Int
    /// Time watched, of ``episodesWatched``; episodes of unknown length (or longer than a day) count
    /// as nothing.
    public var timeWatched: Duration
    /// Episodes left on the statistics' day over the shows whose total is known.
    public var episodesLeft: Int
    /// The last days, oldest first, ending with the statistics' day.
    public var recentDays: [DayMinutes]
    /// One line per show, in the order given.
    public var shows: [ShowSummary]

    /// Statistics of `shows` on `day`, with `recentDayCount` days of minutes; each show's status is
    /// ``TrackedShow/status(on:)`` (the one definition, see ``PlanStatus``). The shows are read as
    /// given: pass them ``TrackedShow/caughtUp(on:planner:)`` for `day`, or use
    /// ``PlannerOverview/statistics(recentDayCount:)``.
    ///
    /// - Throws: ``PlanError/outOfRange(what:value:allowed:)`` when `recentDayCount` is outside ``PlannerLimits/days``.
    public init(_ shows: [TrackedShow], on day: CalendarDay, recentDayCount: Int = 7) throws(PlanError) {
        guard PlannerLimits.days.contains(recentDayCount) else {
            throw .outOfRange(what: "number of recent days", value: recentDayCount, allowed: PlannerLimits.days)
        }
        let span = recentDayCount
        let first = day.adding(days: -(span - 1))
        var watched: [CalendarDay: Duration] = [:]
        var planned: [CalendarDay: Duration] = [:]
        var total = Duration.zero
        var episodes = 0
        var left = 0
        var completed = 0
        var dropped = 0
        var queued = 0
        var lines: [ShowSummary] = []
        for tracked in shows {
            let length = tracked.show.countableEpisodeLength ?? .zero
            // One count, the plan's: what was seen before tracking (an import) counts as watched; it
            // has no day, so it is in the totals and not in the days' minutes.
            let watchedOnDay = tracked.episodesWatched(on: day)
            episodes += watchedOnDay
            total += length * watchedOnDay
            for entry in tracked.log where entry.day <= day && entry.day >= first {
                watched[entry.day, default: .zero] += length * entry.episodes.count
            }
            for entry in tracked.plan.days where entry.day >= first && entry.day <= day {
                planned[entry.day, default: .zero] += length * entry.episodes.count
            }
            let status = tracked.status(on: day)
            if case .completed = status { completed += 1 }
            if case .dropped = status { dropped += 1 }
            if case .queued = status { queued += 1 }
            left += tracked.episodesLeft(on: day) ?? 0
            lines.append(ShowSummary(
                showID: tracked.id, title: tracked.show.title, episodesWatched: watchedOnDay,
                episodesLeft: tracked.episodesLeft(on: day), projectedFinish: tracked.projectedFinish, status: status))
        }
        watchingCount = shows.count - completed - dropped - queued
        queuedCount = queued
        droppedCount = dropped
        completedCount = completed
        episodesWatched = episodes
        timeWatched = total
        episodesLeft = left
        recentDays = (first...day).map { DayMinutes(day: $0, watched: watched[$0] ?? .zero, planned: planned[$0] ?? .zero) }
        self.shows = lines
    }
}
