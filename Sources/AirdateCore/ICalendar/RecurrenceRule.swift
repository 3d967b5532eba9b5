/// A small typed RFC 5545 recurrence rule (`RRULE`): a frequency, an interval, the `BYMONTH`,
/// `BYMONTHDAY`, `BYDAY` and `BYSETPOS` parts, and an optional end.
///
/// ```swift
/// RecurrenceRule(frequency: .monthly, byMonthDay: [-1]).text   // "FREQ=MONTHLY;BYMONTHDAY=-1"
/// // The 31st, or the month's last day when it is shorter:
/// RecurrenceRule(frequency: .monthly, byMonthDay: [28, 29, 30, 31], bySetPosition: [-1]).text
/// // "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"
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
    /// Months, 1...12 (`BYMONTH`); others are left out.
    public var byMonth: [Int]
    /// Days of the month, 1...31 or -31...-1 counting from the end (`BYMONTHDAY`); others are left out.
    public var byMonthDay: [Int]
    /// Weekdays (`BYDAY`, such as `MO,WE`).
    public var byDay: [Weekday]
    /// Which of each period's occurrences to keep, 1...366 or -366...-1 counting from the end
    /// (`BYSETPOS`; `-1` is the last); others are left out.
    public var bySetPosition: [Int]
    /// When the repetition ends; `nil` for never.
    public var end: End?

    /// Creates a rule.
    public init(frequency: Frequency, interval: Int = 1, byMonth: [Int] = [], byMonthDay: [Int] = [],
                byDay: [Weekday] = [], bySetPosition: [Int] = [], end: End? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.byMonth = byMonth
        self.byMonthDay = byMonthDay
        self.byDay = byDay
        self.bySetPosition = bySetPosition
        self.end = end
    }

    /// The `RRULE` value, such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`. `INTERVAL` is left out when it is 1.
    public var text: String {
        func list(_ values: [Int], _ range: ClosedRange<Int>) -> String {
            values.filter { $0 != 0 && range.contains($0) }.map(String.init).joined(separator: ",")
        }
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        let months = list(byMonth, 1...12)
        if !months.isEmpty { parts.append("BYMONTH=\(months)") }
        let monthDays = list(byMonthDay, -31...31)
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=\(monthDays)") }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.iCalendarCode).joined(separator: ",")) }
        let positions = list(bySetPosition, -366...366)
        if !positions.isEmpty { parts.append("BYSETPOS=\(positions)") }
        switch end {
        case .afterOccurrences(let count): parts.append("COUNT=\(max(1, count))")
        case .onDay(let day): parts.append("UNTIL=\(ICalendarFormat.date(day))")
        case nil: break
        }
        return parts.joined(separator: ";")
    }
}

extension Weekday {
    /// The two-letter RFC 5545 code: `MO`, `TU`, `WE`, `TH`, `FR`, `SA` or `SU`.
    public var iCalendarCode: String { String(name.prefix(2)).uppercased() }
}
