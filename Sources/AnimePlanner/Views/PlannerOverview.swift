public import AirdateCore
import Foundation

/// Tracked shows as they stand on one day — the one state every view of that day reads.
///
/// Each show is ``TrackedShow/caughtUp(on:planner:)`` for the day once, in memory (nothing is
/// written), and every view is made from those shows: the day's outlook per show, the statistics,
/// the calendar, the reminders and the iCalendar export. So they cannot disagree: the finish the
/// outlook gives is the statistics' and the last planned day of the calendar, and the status is the
/// same everywhere.
///
/// ```swift
/// let overview = PlannerOverview(try await store.all(), planner: planner)
/// for show in overview.outlooks { print(show.title, show.toWatchToday ?? "-", show.status, show.projectedFinish ?? "-") }
/// let month = try overview.agenda(month: overview.day)
/// let stats = try overview.statistics(recentDayCount: 14)
/// ```
public struct PlannerOverview: Sendable, Hashable {
    /// The day.
    public var day: CalendarDay
    /// The shows, caught up for ``day``, in the order given.
    public var shows: [TrackedShow]

    /// The overview of `shows` on `day` (the planner's today when `nil`).
    public init(_ shows: [TrackedShow], planner: ViewingPlanner, on day: CalendarDay? = nil) {
        let day = day ?? planner.today
        self.day = day
        self.shows = shows.map { $0.caughtUp(on: day, planner: planner) }
    }

    /// Each show on the day, in order.
    public var outlooks: [ShowOutlook] { shows.map { ShowOutlook($0, on: day) } }

    /// The show with `id` on the day, or `nil`.
    public func outlook(for id: Int) -> ShowOutlook? {
        shows.first { $0.id == id }.map { ShowOutlook($0, on: day) }
    }

    /// The number of episodes left to watch on the day, over all shows.
    public var episodesToWatchToday: Int {
        outlooks.reduce(0) { $0 + ($1.toWatchToday?.count ?? 0) }
    }

    /// The day the last show still planned is finished, or `nil` when nothing is planned ahead.
    public var finishDay: CalendarDay? {
        shows.filter { !$0.isCompleted }.compactMap(\.projectedFinish).max()
    }

    /// The statistics on the day (see ``PlannerStatistics/init(_:on:recentDayCount:)``).
    public func statistics(recentDayCount: Int = 7) throws(PlanError) -> PlannerStatistics {
        try PlannerStatistics(shows, on: day, recentDayCount: recentDayCount)
    }

    /// The calendar from `first` through `last` (see ``Agenda/init(_:from:through:)``).
    public func agenda(from first: CalendarDay, through last: CalendarDay) throws(PlanError) -> Agenda {
        try Agenda(shows, from: first, through: last)
    }

    /// The calendar of the month that contains `day`.
    public func agenda(month day: CalendarDay) throws(PlanError) -> Agenda {
        try Agenda(shows, from: day.firstDayOfMonth, through: day.lastDayOfMonth)
    }

    /// The reminders firing after `clock`'s now through `last` at `time` (see
    /// ``WatchReminder/upcoming(for:at:through:firingAt:)``).
    public func reminders(at clock: ViewerClock, through last: CalendarDay, firingAt time: TimeOfDay) throws(PlanError) -> [WatchReminder] {
        try WatchReminder.upcoming(for: shows, at: clock, through: last, firingAt: time)
    }
}
