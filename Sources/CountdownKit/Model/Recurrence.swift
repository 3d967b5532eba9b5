public import AirdateCore
import Foundation

/// How a countdown repeats, anchored on the day of its first occurrence so that month-end and
/// leap-day anchors come back (January 31 monthly: February 29, March 31, April 30, …).
///
/// The exported ``rule`` names exactly the days ``occurrence(_:)`` computes, so a calendar program
/// shows the countdown on the same days as the app (see ``rule``).
public struct Recurrence: Sendable, Hashable, Codable {
    /// The longest interval of ``Frequency/everyDays(_:)``: 3 660 days (about ten years).
    public static let maximumDayInterval = 3_660

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
        /// Every week on each of these weekdays (from the first of them on or after the anchor).
        case weeklyOn(Set<Weekday>)
        /// Every `n` days (1 ≤ `n` ≤ ``Recurrence/maximumDayInterval``).
        case everyDays(Int)

        /// The names of every period, as ``description`` writes them and ``init(_:)`` reads them, for
        /// help and error messages: `yearly, monthly, monthly-last-day, weekly, weekly:mon,wed, daily
        /// or every-N-days`.
        public static let vocabulary = "yearly, monthly, monthly-last-day, weekly, weekly:mon,wed, daily or every-N-days"

        /// Parses the names of ``vocabulary``: `yearly`, `monthly`, `monthly-last-day`, `weekly`,
        /// `weekly:mon,wed,fri`, `daily` or `every-N-days`, ignoring case. Older spellings are read
        /// too (`year`, `month`, `month-end`, `week`, `day`, `N-days`), but never written.
        public init?(_ description: String) {
            let text = description.lowercased().trimmingCharacters(in: .whitespaces)
            switch text {
            case "yearly", "year", "annually": self = .yearly
            case "monthly", "month": self = .monthly
            case "monthly-last-day", "month-end", "last-day-of-month": self = .monthlyOnLastDay
            case "weekly", "week": self = .weekly
            case "daily", "day": self = .everyDays(1)
            default:
                if text.hasPrefix("weekly:") {
                    var days = Set<Weekday>()
                    for part in text.dropFirst(7).split(separator: ",", omittingEmptySubsequences: false) {
                        let name = part.trimmingCharacters(in: .whitespaces)
                        guard name.count >= 2, let day = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(name) }) else {
                            return nil
                        }
                        days.insert(day)
                    }
                    guard !days.isEmpty else { return nil }
                    self = .weeklyOn(days)
                    return
                }
                var core = Substring(text)
                if core.hasPrefix("every-") { core = core.dropFirst(6) }
                let digits = core.prefix { $0.isASCII && $0.isNumber }
                let unit = core.dropFirst(digits.count)
                guard unit == "-days" || unit == "-day", let number = Int(digits),
                      (1...Recurrence.maximumDayInterval).contains(number) else { return nil }
                self = .everyDays(number)
            }
        }

        /// The name in ``vocabulary``: `yearly`, `monthly`, `monthly-last-day`, `weekly`,
        /// `weekly:mon,wed`, `daily` (every day) or `every-N-days` (N > 1); ``init(_:)`` reads it back.
        public var description: String {
            switch self {
            case .yearly: "yearly"
            case .monthly: "monthly"
            case .monthlyOnLastDay: "monthly-last-day"
            case .weekly: "weekly"
            case .weeklyOn(let days): "weekly:" + days.sorted().map { $0.name.prefix(3).lowercased() }.joined(separator: ",")
            case .everyDays(1): "daily"
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
    /// - Throws: ``CountdownError/invalidRecurrence(_:)`` for `everyDays` outside 1...``maximumDayInterval``
    ///   or `weeklyOn` without a weekday.
    public init(_ frequency: Frequency, anchor: CalendarDay) throws(CountdownError) {
        switch frequency {
        case .everyDays(let n) where !(1...Self.maximumDayInterval).contains(n):
            throw .invalidRecurrence(frequency.description)
        case .weeklyOn(let days) where days.isEmpty:
            throw .invalidRecurrence(frequency.description)
        default: break
        }
        self.frequency = frequency
        self.anchor = anchor
    }

    /// The `n`th occurrence (0 is the first one, on or near the anchor), or `nil` for a negative `n`
    /// or one after 9999-12-31.
    public func occurrence(_ n: Int) -> CalendarDay? {
        guard n >= 0 else { return nil }
        do {
            switch frequency {
            case .yearly:
                let (months, overflow) = n.multipliedReportingOverflow(by: 12)
                return overflow ? nil : try anchor.checkedAdding(months: months)
            case .monthly: return try anchor.checkedAdding(months: n)
            case .monthlyOnLastDay: return try anchor.checkedAdding(months: n).lastDayOfMonth
            case .weekly:
                let (days, overflow) = n.multipliedReportingOverflow(by: 7)
                return overflow ? nil : try anchor.checkedAdding(days: days)
            case .weeklyOn(let weekdays):
                let offsets = weekOffsets(weekdays)
                guard let first = offsets.first else { return nil }
                let (days, overflow) = (n / offsets.count).multipliedReportingOverflow(by: 7)
                return overflow ? nil : try anchor.checkedAdding(days: first).checkedAdding(days: days)
                    .checkedAdding(days: offsets[n % offsets.count] - first)
            case .everyDays(let step):
                let (days, overflow) = n.multipliedReportingOverflow(by: max(1, step))
                return overflow ? nil : try anchor.checkedAdding(days: days)
            }
        } catch {
            return nil
        }
    }

    /// The days after the anchor (0...6, ascending) that fall on `weekdays`.
    private func weekOffsets(_ weekdays: Set<Weekday>) -> [Int] {
        (0..<7).filter { weekdays.contains(anchor.adding(days: $0).weekday) }
    }

    /// The first occurrence on or after `day` (never before the first occurrence), or `nil` when
    /// there is none by 9999-12-31.
    public func firstOccurrence(onOrAfter day: CalendarDay) -> CalendarDay? {
        var n: Int
        switch frequency {
        case .yearly: n = day.year - anchor.year - 1
        case .monthly, .monthlyOnLastDay: n = (day.year - anchor.year) * 12 + day.month - anchor.month - 1
        case .weekly: n = anchor.days(to: day) / 7 - 1
        case .weeklyOn(let weekdays): n = (anchor.days(to: day) / 7 - 1) * weekdays.count
        case .everyDays(let step): n = anchor.days(to: day) / max(1, step) - 1
        }
        n = max(0, n)
        while let candidate = occurrence(n) {
            if candidate >= day { return candidate }
            n += 1
        }
        return nil
    }

    /// The iCalendar rule for this recurrence: expanded from the occurrence ``occurrence(_:)`` gives
    /// as `DTSTART`, by any RFC 5545 calendar program, it yields exactly the days ``occurrence(_:)`` yields.
    ///
    /// - yearly: `FREQ=YEARLY`; from February 29, `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1`
    ///   (February 29 in leap years, February 28 in the others);
    /// - monthly from day 29, 30 or 31: `FREQ=MONTHLY;BYMONTHDAY=28,…,D;BYSETPOS=-1` (that day, or the
    ///   month's last day when it is shorter) — plain `FREQ=MONTHLY` would skip the shorter months;
    /// - monthly on the last day: `FREQ=MONTHLY;BYMONTHDAY=-1`;
    /// - weekly: `FREQ=WEEKLY`, on several weekdays `FREQ=WEEKLY;BYDAY=MO,WE`;
    /// - every N days: `FREQ=DAILY;INTERVAL=N`.
    public var rule: RecurrenceRule {
        switch frequency {
        case .yearly:
            guard anchor.month == 2, anchor.day == 29 else { return RecurrenceRule(frequency: .yearly) }
            return RecurrenceRule(frequency: .yearly, byMonth: [2], byMonthDay: [28, 29], bySetPosition: [-1])
        case .monthly:
            guard anchor.day > 28 else { return RecurrenceRule(frequency: .monthly) }
            return RecurrenceRule(frequency: .monthly, byMonthDay: Array(28...anchor.day), bySetPosition: [-1])
        case .monthlyOnLastDay: return RecurrenceRule(frequency: .monthly, byMonthDay: [-1])
        case .weekly: return RecurrenceRule(frequency: .weekly)
        case .weeklyOn(let days):
            return RecurrenceRule(frequency: .weekly, byDay: days.sorted { ($0.rawValue + 5) % 7 < ($1.rawValue + 5) % 7 })
        case .everyDays(let n): return RecurrenceRule(frequency: .daily, interval: n)
        }
    }
}
