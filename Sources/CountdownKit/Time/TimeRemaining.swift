public import AirdateCore
import Foundation

/// The signed, calendar-aware time from "now" to a countdown's target, in English phrases that
/// work on every platform (no `DateComponentsFormatter`).
///
/// Timed targets are measured on the viewer's wall clock: from 12:00 on the day before a
/// spring-forward change to 12:00 on the day itself is "1 day", though only 23 hours pass. All-day
/// targets are measured in whole calendar days from today.
///
/// ```swift
/// let remaining = TimeRemaining(to: countdown.target, at: .system())
/// remaining.phrase          // "2 months, 3 days", "5 hours, 12 minutes", "3 days ago"
/// remaining.relativePhrase  // "tomorrow", "in 3 days", "2 weeks ago"
/// ```
public struct TimeRemaining: Sendable, Hashable {
    /// Whether the target is in the past.
    public let isPast: Bool
    /// Whether the target is an all-day target (then hours, minutes and seconds are zero).
    public let isAllDay: Bool
    /// Whole years.
    public let years: Int
    /// Whole months after the years, 0...11.
    public let months: Int
    /// Whole days after the months.
    public let days: Int
    /// Hours after the days, 0...23 (0...24 on a day with a repeated hour).
    public let hours: Int
    /// Minutes after the hours.
    public let minutes: Int
    /// Seconds after the minutes.
    public let seconds: Int
    /// Signed calendar days from today to the target's day in the viewer's zone (1 is tomorrow).
    public let calendarDays: Int
    /// Signed whole seconds from now to the target's first instant: rounded up while it is ahead (so
    /// a ticking display shows 00:00:01 until the instant comes, never 00:00:00 with time left), and
    /// down once it has passed (negative).
    public let totalSeconds: Int

    /// Measures from `reference.now` to `target`.
    public init(to target: CountdownTarget, at reference: ViewerClock) {
        let zone = reference.timeZone
        let now = reference.now
        let today = CalendarDay(containing: now, in: zone)
        let targetDay = target.day(in: zone)
        calendarDays = today.days(to: targetDay)
        let ahead = target.start(in: zone).timeIntervalSince(now)
        totalSeconds = ahead > 0 ? Int(saturating: ahead.rounded(.up)) : -Int(saturating: (-ahead).rounded(.down))
        switch target {
        case .allDay(let day):
            isAllDay = true
            isPast = day < today
            let (from, to) = isPast ? (day, today) : (today, day)
            var monthCount = (to.year - from.year) * 12 + to.month - from.month
            if from.adding(months: monthCount) > to { monthCount -= 1 }
            years = monthCount / 12
            months = monthCount % 12
            days = from.adding(months: monthCount).days(to: to)
            hours = 0
            minutes = 0
            seconds = 0
        case .timed(let time):
            isAllDay = false
            let date = time.date
            isPast = date < now
            // Whole seconds, as ``totalSeconds`` counts them: up while ahead, down once passed.
            let whole = Double(abs(totalSeconds))
            let (earlier, later) = isPast ? (date, date.addingTimeInterval(whole)) : (date.addingTimeInterval(-whole), date)
            let start = LocalDateTime(containing: earlier, in: zone)
            let end = LocalDateTime(containing: later, in: zone)
            let fraction = earlier.timeIntervalSince1970 - earlier.timeIntervalSince1970.rounded(.down)
            func instant(_ day: CalendarDay) -> Date {
                LocalDateTime(day: day, time: start.time).date(in: zone).addingTimeInterval(fraction)
            }
            var monthCount = (end.day.year - start.day.year) * 12 + end.day.month - start.day.month
            if monthCount > 0, instant(start.day.adding(months: monthCount)) > later { monthCount -= 1 }
            let monthBase = start.day.adding(months: monthCount)
            var dayCount = monthBase.days(to: end.day)
            if dayCount > 0, instant(monthBase.adding(days: dayCount)) > later { dayCount -= 1 }
            let base = (monthCount == 0 && dayCount == 0) ? earlier : instant(monthBase.adding(days: dayCount))
            let rest = max(0, Int(saturating: later.timeIntervalSince(base).rounded()))
            years = monthCount / 12
            months = monthCount % 12
            days = dayCount
            hours = rest / 3600
            minutes = rest % 3600 / 60
            seconds = rest % 60
        }
    }

    /// The time left (or passed) as a ticking clock reads it, from ``totalSeconds``: `HH:MM:SS`, with
    /// whole days before it when there are any (`3d 04:05:06`), never signed — say "in" or "ago"
    /// with ``isPast``. An all-day target counts to (or from) the start of its day.
    public var clockText: String {
        let total = totalSeconds.magnitude
        func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = "\(two(total % 86_400 / 3600)):\(two(total % 3600 / 60)):\(two(total % 60))"
        return total >= 86_400 ? "\(total / 86_400)d \(clock)" : clock
    }

    /// The largest non-zero unit and the next smaller one when it is not zero, such as
    /// "2 months, 3 days", "5 hours, 12 minutes" or "1 year" (for 1 year, 0 months, 4 days), with
    /// "ago" after a past target; "today" for an all-day target today and "now" for a timed one
    /// within the second.
    public var phrase: String {
        let units: [(Int, String)] = [(years, "year"), (months, "month"), (days, "day"),
                                      (hours, "hour"), (minutes, "minute"), (seconds, "second")]
        guard let first = units.firstIndex(where: { $0.0 != 0 }) else { return isAllDay ? "today" : "now" }
        var parts = [TimeRemaining.count(units[first].0, units[first].1)]
        if first + 1 < units.count, units[first + 1].0 != 0 {
            parts.append(TimeRemaining.count(units[first + 1].0, units[first + 1].1))
        }
        let text = parts.joined(separator: ", ")
        return isPast ? "\(text) ago" : text
    }

    /// A short relative phrase: "now", "in 12 minutes" (within the hour), "today", "tomorrow",
    /// "yesterday", "in 3 days", "in 2 weeks", "in 5 months", "in 2 years", or the same with "ago".
    public var relativePhrase: String {
        if !isAllDay, abs(totalSeconds) < 3600 {
            let minutes = abs(totalSeconds) / 60
            if minutes == 0 { return "now" }
            let text = TimeRemaining.count(minutes, "minute")
            return totalSeconds > 0 ? "in \(text)" : "\(text) ago"
        }
        switch calendarDays {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        default: break
        }
        let magnitude = abs(calendarDays)
        let text: String
        if magnitude < 14 {
            text = TimeRemaining.count(magnitude, "day")
        } else if magnitude < 60 {
            text = TimeRemaining.count(magnitude / 7, "week")
        } else {
            let totalMonths = years * 12 + months
            text = totalMonths < 24 ? TimeRemaining.count(max(totalMonths, 2), "month")
                                    : TimeRemaining.count(totalMonths / 12, "year")
        }
        return calendarDays > 0 ? "in \(text)" : "\(text) ago"
    }

    private static func count(_ value: Int, _ unit: String) -> String {
        value == 1 ? "1 \(unit)" : "\(value) \(unit)s"
    }
}

extension Int {
    /// `value` rounded toward zero, stopping at `Int.min` and `Int.max` (0 for NaN).
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
