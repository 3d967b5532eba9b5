public import AirdateCore

/// Where a tracked show is in its life: watched by plan, paused, dropped, or queued to watch later.
/// Completion is not a state of its own: it follows from the log (``TrackedShow/isCompleted``).
public enum PlanState: Sendable, Hashable, Codable {
    /// Planned and watched.
    case active
    /// Not planned from this day on, until ``TrackedShow/resume(on:planner:)``.
    case paused(since: CalendarDay)
    /// Given up on this day; the log is kept, nothing more is planned.
    case dropped(on: CalendarDay)
    /// On the list to watch later since this day ("plan to watch"): nothing is planned until
    /// ``TrackedShow/resume(on:planner:)`` or ``TrackedShow/change(goal:options:planner:)``.
    case queued(since: CalendarDay)
}
