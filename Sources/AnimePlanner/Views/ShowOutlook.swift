public import AirdateCore

/// One show on one day, as a "today" screen shows it: what is left to watch that day (or the next
/// planned day), how the viewer stands, and when the show will be finished.
///
/// Made by ``PlannerOverview`` from the show ``TrackedShow/caughtUp(on:planner:)`` for the day, so its
/// status and finish are those of ``PlannerStatistics`` and its episodes those of the ``Agenda``.
public struct ShowOutlook: Sendable, Hashable, Identifiable {
    /// The show's id.
    public var showID: Int
    /// The title.
    public var title: String
    /// The day.
    public var day: CalendarDay
    /// How the viewer stands at the end of the day (``TrackedShow/status(on:)``).
    public var status: PlanStatus
    /// The highest episode watched.
    public var watchedThrough: Int
    /// The show's episode count, `nil` while unknown.
    public var episodeCount: Int?
    /// Episodes left, `nil` while the total is unknown.
    public var episodesLeft: Int?
    /// The episodes planned on the day, watched or not.
    public var plannedToday: ClosedRange<Int>?
    /// The episodes planned on the day and not yet watched: today's count is `toWatchToday?.count ?? 0`.
    public var toWatchToday: ClosedRange<Int>?
    /// The next planned day after the day with episodes to watch (with only those episodes), when
    /// nothing is left to watch on the day.
    public var next: PlannedDay?
    /// When the plan says the show will be finished (``TrackedShow/projectedFinish``).
    public var projectedFinish: CalendarDay?
    /// Why the plan could not be updated, when it could not (only while the plan is active).
    public var planIssue: PlanError?
    /// Whether the plan stops at the episodes out so far (``ViewingPlan/coversOnlyReleasedEpisodes``).
    public var coversOnlyReleasedEpisodes: Bool

    /// The show's id.
    public var id: Int { showID }

    /// Whether the viewer is on track or ahead (not behind, and the plan active).
    public var isOnTrack: Bool {
        switch status {
        case .onTrack, .ahead: true
        default: false
        }
    }

    /// The outlook of `show` on `day`, read from the show as given: pass it
    /// ``TrackedShow/caughtUp(on:planner:)`` for `day` (``PlannerOverview`` does).
    public init(_ show: TrackedShow, on day: CalendarDay) {
        showID = show.id
        title = show.show.title
        self.day = day
        status = show.status(on: day)
        watchedThrough = show.watchedThrough
        episodeCount = show.show.episodeCount
        episodesLeft = show.episodesLeft
        projectedFinish = show.projectedFinish
        planIssue = show.isActive ? show.planIssue : nil
        coversOnlyReleasedEpisodes = show.isActive && show.plan.coversOnlyReleasedEpisodes
        plannedToday = show.isActive ? show.plan.episodes(on: day) : nil
        let upcoming = show.upcomingPlan(from: day).days
        if let first = upcoming.first, first.day == day {
            toWatchToday = first.episodes
        } else {
            next = upcoming.first
        }
    }
}
