public import Foundation

/// Seven consecutive calendar days starting on a chosen weekday, in a time zone.
///
/// ```swift
/// let week = Week(containing: Date(), firstWeekday: .monday, in: TimeZone(identifier: "Europe/Berlin")!)
/// week.days.count        // 7
/// week.end.timeIntervalSince(week.start) / 3600   // 168, or 167/169 across a DST change
/// ```
public struct Week: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first day of the week.
    public let firstDay: CalendarDay
    /// The weekday weeks start on.
    public let firstWeekday: Weekday
    /// The time zone that turns the days into instants.
    public let timeZone: TimeZone

    /// The week that contains `day`.
    public init(containing day: CalendarDay, firstWeekday: Weekday = .monday, in timeZone: TimeZone) {
        let back = (day.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        self.firstDay = day.adding(days: -back)
        self.firstWeekday = firstWeekday
        self.timeZone = timeZone
    }

    /// The week that contains the instant `date` in `timeZone`.
    public init(containing date: Date, firstWeekday: Weekday = .monday, in timeZone: TimeZone) {
        self.init(containing: CalendarDay(containing: date, in: timeZone), firstWeekday: firstWeekday, in: timeZone)
    }

    /// The seven days, first to last.
    public var days: [CalendarDay] { (0..<7).map { firstDay.adding(days: $0) } }

    /// The last day of the week.
    public var lastDay: CalendarDay { firstDay.adding(days: 6) }

    /// The first instant of the week.
    public var start: Date { firstDay.start(in: timeZone) }

    /// The first instant after the week (the next week's ``start``); exclusive.
    public var end: Date { firstDay.adding(days: 7).start(in: timeZone) }

    /// ``start`` to ``end``: 168 hours, or 167/169 in a week with a daylight-saving change.
    public var interval: DateInterval { DateInterval(start: start, end: end) }

    /// The following week.
    public var next: Week { Week(containing: firstDay.adding(days: 7), firstWeekday: firstWeekday, in: timeZone) }

    /// The preceding week.
    public var previous: Week { Week(containing: firstDay.adding(days: -7), firstWeekday: firstWeekday, in: timeZone) }

    /// Whether `day` is one of the seven days.
    public func contains(_ day: CalendarDay) -> Bool { day >= firstDay && day <= lastDay }

    /// Whether the instant falls in the week (start inclusive, end exclusive).
    public func contains(_ date: Date) -> Bool { date >= start && date < end }

    /// `"YYYY-MM-DD…YYYY-MM-DD"`.
    public var description: String { "\(firstDay)…\(lastDay)" }
}
