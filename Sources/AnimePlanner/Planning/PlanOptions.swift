public import AirdateCore

/// When a viewer watches: the first day, the weekdays, days to skip, a per-day maximum, and where
/// a date-range plan puts its remainder.
public struct PlanOptions: Sendable, Hashable, Codable {
    /// The first day a plan may use.
    public var start: CalendarDay
    /// The weekdays to watch on; all by default. Empty is an error (``PlanError/noWeekdaysChosen``).
    public var weekdays: Set<Weekday>
    /// Days not to watch on, whatever their weekday.
    public var skippedDays: Set<CalendarDay>
    /// At most this many episodes of one show on one day; `nil` for no limit.
    public var maximumPerDay: Int?
    /// Where the extra episodes of a date-range plan go: spread through the range by default, so a
    /// plan to finish by a day starts at once (see ``RemainderPlacement``).
    public var remainder: RemainderPlacement

    /// Creates options.
    public init(start: CalendarDay, weekdays: Set<Weekday> = Set(Weekday.allCases), skippedDays: Set<CalendarDay> = [],
                maximumPerDay: Int? = nil, remainder: RemainderPlacement = .spread) {
        self.start = start
        self.weekdays = weekdays
        self.skippedDays = skippedDays
        self.maximumPerDay = maximumPerDay
        self.remainder = remainder
    }

    /// Whether `day` is a watching day (its weekday is chosen and it is not skipped); `start` is not considered.
    public func isWatchingDay(_ day: CalendarDay) -> Bool {
        weekdays.contains(day.weekday) && !skippedDays.contains(day)
    }

    /// The first watching day on or after `day`, looking at most `limit` days ahead.
    public func firstWatchingDay(onOrAfter day: CalendarDay, limit: Int = 3_700) -> CalendarDay? {
        guard !weekdays.isEmpty, limit >= 0 else { return nil }
        var candidate = day
        for _ in 0...min(limit, PlannerLimits.days.upperBound) {
            if isWatchingDay(candidate) { return candidate }
            guard let next = try? candidate.checkedAdding(days: 1) else { return nil }
            candidate = next
        }
        return nil
    }
}
