import AirdateCore
import Foundation

/// The viewer's "now" and time zone: everything that depends on the current time (filters,
/// grouping, time remaining, auto-archive) takes one, so that callers and tests choose it.
public struct ReferenceTime: Sendable, Hashable {
    /// The current instant.
    public var now: Date
    /// The viewer's time zone: days and all-day targets are seen from it.
    public var timeZone: TimeZone
    /// The weekday weeks start on, for "this week".
    public var firstWeekday: Weekday

    /// Creates a reference time.
    public init(now: Date, timeZone: TimeZone, firstWeekday: Weekday = .monday) {
        self.now = now
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
    }

    /// The calendar day of ``now`` in ``timeZone``.
    public var today: CalendarDay { CalendarDay(containing: now, in: timeZone) }
}
