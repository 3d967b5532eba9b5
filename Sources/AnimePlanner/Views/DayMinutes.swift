public import AirdateCore

/// Time watched and planned on one day, over all shows.
public struct DayMinutes: Sendable, Hashable {
    /// The day.
    public var day: CalendarDay
    /// Time watched (from the log and each show's episode length).
    public var watched: Duration
    /// Time planned.
    public var planned: Duration

    /// Creates a value.
    public init(day: CalendarDay, watched: Duration, planned: Duration) {
        self.day = day
        self.watched = watched
        self.planned = planned
    }

    /// Whole minutes watched (rounded down).
    public var watchedMinutes: Int { Int(watched.components.seconds / 60) }
    /// Whole minutes planned (rounded down).
    public var plannedMinutes: Int { Int(planned.components.seconds / 60) }
}
