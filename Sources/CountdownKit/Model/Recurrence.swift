import AirdateCore
import Foundation

/// How a countdown repeats, anchored on the day of its first occurrence so that month-end and
/// leap-day anchors come back (January 31 monthly: February 29, March 31, April 30, …).
public struct Recurrence: Sendable, Hashable, Codable {
    /// The repeat period.
    public enum Frequency: Sendable, Hashable, Codable, LosslessStringConvertible {
        /// Every year on the anchor's month and day (February 29 falls on February 28 in common years).
        case yearly
        /// Every month on the anchor's day of the month, or the month's last day when it is shorter.
        case monthly
        /// Every month on its last day.
        case monthlyOnLastDay
        /// Every week on the anchor's weekday.
        case weekly
        /// Every `n` days (`n` ≥ 1).
        case everyDays(Int)

        /// Parses `yearly`, `monthly`, `monthly-last-day`, `weekly`, `daily` or `every-N-days`
        /// (also `year`, `month`, `month-end`, `week`, `day`, `N-days`).
        public init?(_ description: String) {
            let text = description.lowercased().trimmingCharacters(in: .whitespaces)
            switch text {
            case "yearly", "year", "annually": self = .yearly
            case "monthly", "month": self = .monthly
            case "monthly-last-day", "month-end", "last-day-of-month": self = .monthlyOnLastDay
            case "weekly", "week": self = .weekly
            case "daily", "day": self = .everyDays(1)
            default:
                var core = Substring(text)
                if core.hasPrefix("every-") { core = core.dropFirst(6) }
                let digits = core.prefix { $0.isASCII && $0.isNumber }
                let unit = core.dropFirst(digits.count)
                guard unit == "-days" || unit == "-day", let number = Int(digits), number >= 1 else { return nil }
                self = .everyDays(number)
            }
        }

        /// `yearly`, `monthly`, `monthly-last-day`, `weekly` or `every-N-days`.
        public var description: String {
            switch self {
            case .yearly: "yearly"
            case .monthly: "monthly"
            case .monthlyOnLastDay: "monthly-last-day"
            case .weekly: "weekly"
            case .everyDays(let n): "every-\(n)-days"
            }
        }

        /// Decodes the ``description`` form.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let value = Frequency(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: CountdownError.invalidRecurrence(text).errorDescription ?? text)
            }
            self = value
        }

        /// Encodes the ``description`` form.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// The repeat period.
    public let frequency: Frequency
    /// The day of the first occurrence, which later occurrences are counted from.
    public let anchor: CalendarDay

    /// Creates a recurrence.
    ///
    /// - Throws: ``CountdownError/invalidRecurrence(_:)`` for `everyDays` below 1.
    public init(_ frequency: Frequency, anchor: CalendarDay) throws(CountdownError) {
        if case .everyDays(let n) = frequency, n < 1 { throw .invalidRecurrence(frequency.description) }
        self.frequency = frequency
        self.anchor = anchor
    }

    /// The `n`th occurrence (0 is the first one, on or near the anchor).
    public func occurrence(_ n: Int) -> CalendarDay {
        switch frequency {
        case .yearly: anchor.adding(years: n)
        case .monthly: anchor.adding(months: n)
        case .monthlyOnLastDay: anchor.adding(months: n).lastDayOfMonth
        case .weekly: anchor.adding(days: 7 * n)
        case .everyDays(let step): anchor.adding(days: max(1, step) * n)
        }
    }

    /// The first occurrence on or after `day` (never before the first occurrence).
    public func firstOccurrence(onOrAfter day: CalendarDay) -> CalendarDay {
        var n: Int
        switch frequency {
        case .yearly: n = day.year - anchor.year - 1
        case .monthly, .monthlyOnLastDay: n = (day.year - anchor.year) * 12 + day.month - anchor.month - 1
        case .weekly: n = anchor.days(to: day) / 7 - 1
        case .everyDays(let step): n = anchor.days(to: day) / max(1, step) - 1
        }
        n = max(0, n)
        while occurrence(n) < day { n += 1 }
        return occurrence(n)
    }

    /// The iCalendar rule for this recurrence.
    ///
    /// Calendar apps skip months that lack the anchor day (a monthly event on the 31st) where this
    /// type moves it to the month's last day; use ``Frequency/monthlyOnLastDay`` for month ends.
    public var rule: RecurrenceRule {
        switch frequency {
        case .yearly: RecurrenceRule(frequency: .yearly)
        case .monthly: RecurrenceRule(frequency: .monthly)
        case .monthlyOnLastDay: RecurrenceRule(frequency: .monthly, byMonthDay: -1)
        case .weekly: RecurrenceRule(frequency: .weekly)
        case .everyDays(let n): RecurrenceRule(frequency: .daily, interval: n)
        }
    }
}
