/// A small typed RFC 5545 recurrence rule (`RRULE`): a frequency, an interval, an optional
/// day of the month (`-1` for the last day) and an optional end.
///
/// ```swift
/// RecurrenceRule(frequency: .monthly, byMonthDay: -1).text   // "FREQ=MONTHLY;BYMONTHDAY=-1"
/// ```
public struct RecurrenceRule: Sendable, Hashable, Codable {
    /// How often the event repeats.
    public enum Frequency: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every year (`FREQ=YEARLY`).
        case yearly = "YEARLY"
        /// Every month (`FREQ=MONTHLY`).
        case monthly = "MONTHLY"
        /// Every week (`FREQ=WEEKLY`).
        case weekly = "WEEKLY"
        /// Every day (`FREQ=DAILY`).
        case daily = "DAILY"
    }

    /// How the repetition ends.
    public enum End: Sendable, Hashable, Codable {
        /// After this many occurrences in all (`COUNT=`).
        case afterOccurrences(Int)
        /// On this day at the latest (`UNTIL=` as a date).
        case onDay(CalendarDay)
    }

    /// The frequency.
    public var frequency: Frequency
    /// Every `interval` periods; 1 or more (values below 1 are written as 1).
    public var interval: Int
    /// The day of the month, 1...31, or -31...-1 counting from the end (`-1` is the last day).
    public var byMonthDay: Int?
    /// When the repetition ends; `nil` for never.
    public var end: End?

    /// Creates a rule.
    public init(frequency: Frequency, interval: Int = 1, byMonthDay: Int? = nil, end: End? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.byMonthDay = byMonthDay
        self.end = end
    }

    /// The `RRULE` value, such as `FREQ=WEEKLY;INTERVAL=2`. `INTERVAL` is left out when it is 1.
    public var text: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if let byMonthDay, byMonthDay != 0, (-31...31).contains(byMonthDay) { parts.append("BYMONTHDAY=\(byMonthDay)") }
        switch end {
        case .afterOccurrences(let count): parts.append("COUNT=\(max(1, count))")
        case .onDay(let day): parts.append("UNTIL=\(ICalendarFormat.date(day))")
        case nil: break
        }
        return parts.joined(separator: ";")
    }
}
