public import Foundation

/// A date without a time of day: a year, a month and a day of the proleptic Gregorian calendar.
///
/// Air dates, premieres and all-day events are calendar days, never a `Date` at midnight UTC.
/// Converting to or from an instant always names a `TimeZone`.
///
/// ```swift
/// let day = try CalendarDay(year: 2024, month: 2, day: 28)
/// day.adding(days: 1).description   // "2024-02-29"
/// ```
///
/// Encodes and decodes as the string `"YYYY-MM-DD"`; years 1 to 9999 are accepted.
///
/// Nothing here traps on any input: the non-throwing arithmetic (``adding(days:)``,
/// ``adding(months:)``, ``init(daysSince1970:)``, ``init(containing:in:)``) stops at ``earliest`` and
/// ``latest``; the `checked` forms (``checkedAdding(days:)``, ``checkedAdding(months:)``,
/// ``init(checkedDaysSince1970:)``) throw ``CalendarDayError/Code/outOfRange`` instead.
public struct CalendarDay: Sendable, Hashable, Comparable, Strideable, Codable, LosslessStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 (never past the month's last day).
    public let day: Int

    /// Creates a day, checking that it exists (for example, February 29 only in leap years).
    ///
    /// - Throws: ``CalendarDayError/Code/nonexistentDay`` when the combination is not a real day.
    public init(year: Int, month: Int, day: Int) throws(CalendarDayError) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDay.numberOfDays(inMonth: month, year: year) else {
            throw .nonexistentDay(year: year, month: month, day: day)
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The first supported day, 0001-01-01.
    public static let earliest = CalendarDay(unchecked: 1, 1, 1)
    /// The last supported day, 9999-12-31.
    public static let latest = CalendarDay(unchecked: 9999, 12, 31)
    /// The day numbers (``daysSince1970``) of the supported days, ``earliest`` through ``latest``.
    public static let supportedDayNumbers: ClosedRange<Int> = -719_162...2_932_896

    /// Creates a day from its number of days since 1970-01-01 (which is day 0), stopping at
    /// ``earliest`` and ``latest`` for numbers outside ``supportedDayNumbers``.
    public init(daysSince1970 number: Int) {
        self.init(civil: min(max(number, Self.supportedDayNumbers.lowerBound), Self.supportedDayNumbers.upperBound))
    }

    /// Creates a day from its number of days since 1970-01-01.
    ///
    /// - Throws: ``CalendarDayError/Code/outOfRange`` when the day would be before 0001-01-01 or after 9999-12-31.
    public init(checkedDaysSince1970 number: Int) throws(CalendarDayError) {
        guard Self.supportedDayNumbers.contains(number) else { throw .outOfRange("day number \(number)") }
        self.init(civil: number)
    }

    private init(civil number: Int) {
        // Howard Hinnant's civil_from_days.
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses a strict `"YYYY-MM-DD"` string.
    ///
    /// - Throws: ``CalendarDayError/Code/malformed`` when the text is not four digits, a dash, two digits,
    ///   a dash and two digits; ``CalendarDayError/Code/nonexistentDay`` when it names no real day.
    public init(parsing text: String) throws(CalendarDayError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .malformed(text)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else {
            throw .malformed(text)
        }
        try self.init(year: y, month: m, day: d)
    }

    /// Parses a strict `"YYYY-MM-DD"` string, or returns `nil`.
    public init?(_ description: String) {
        guard let day = try? CalendarDay(parsing: description) else { return nil }
        self = day
    }

    /// The calendar day that contains `date` in `timeZone` (``earliest`` or ``latest`` for instants
    /// outside the supported years, and for a NaN instant).
    public init(containing date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = date.timeIntervalSince1970.rounded(.down) + Double(offset)
        let days = (local / 86_400).rounded(.down)
        let bounds = Self.supportedDayNumbers
        guard days >= Double(bounds.lowerBound) else {
            self = .earliest
            return
        }
        guard days <= Double(bounds.upperBound) else {
            self = .latest
            return
        }
        self.init(civil: Int(days))
    }

    /// The number of days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `"YYYY-MM-DD"`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The day `days` days later (earlier when negative), stopping at ``earliest`` and ``latest``
    /// (use ``checkedAdding(days:)`` to be told instead).
    public func adding(days: Int) -> CalendarDay {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(days)
        if overflow { return days > 0 ? .latest : .earliest }
        return CalendarDay(daysSince1970: sum)
    }

    /// The day `days` days later (earlier when negative).
    ///
    /// - Throws: ``CalendarDayError/Code/outOfRange`` when it would be before 0001-01-01 or after 9999-12-31.
    public func checkedAdding(days: Int) throws(CalendarDayError) -> CalendarDay {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(days)
        guard !overflow, Self.supportedDayNumbers.contains(sum) else {
            throw .outOfRange("\(self) plus \(days) days")
        }
        return CalendarDay(civil: sum)
    }

    /// The number of days from this day to `other` (negative when `other` is earlier).
    public func days(to other: CalendarDay) -> Int {
        other.daysSince1970 - daysSince1970
    }

    /// The same day of the month `months` months later (earlier when negative), clamped to the
    /// target month's last day (January 31 plus one month is February 28 or 29); stops at
    /// ``earliest`` and ``latest`` (use ``checkedAdding(months:)`` to be told instead).
    public func adding(months: Int) -> CalendarDay {
        (try? checkedAdding(months: months)) ?? (months > 0 ? .latest : .earliest)
    }

    /// The same day of the month `months` months later (earlier when negative), clamped to the
    /// target month's last day.
    ///
    /// - Throws: ``CalendarDayError/Code/outOfRange`` when the month is before year 1 or after year 9999.
    public func checkedAdding(months: Int) throws(CalendarDayError) -> CalendarDay {
        let (index, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(months)
        let remainder = index % 12
        let newYear = remainder < 0 ? index / 12 - 1 : index / 12
        guard !overflow, (1...9999).contains(newYear) else { throw .outOfRange("\(self) plus \(months) months") }
        let newMonth = (remainder < 0 ? remainder + 12 : remainder) + 1
        let last = CalendarDay.numberOfDays(inMonth: newMonth, year: newYear)
        return CalendarDay(unchecked: newYear, newMonth, min(day, last))
    }

    /// The same day `years` years later, with February 29 becoming February 28 in common years;
    /// stops at ``earliest`` and ``latest``.
    public func adding(years: Int) -> CalendarDay {
        let (months, overflow) = years.multipliedReportingOverflow(by: 12)
        if overflow { return years > 0 ? .latest : .earliest }
        return adding(months: months)
    }

    /// The day of the week.
    public var weekday: Weekday {
        let index = ((daysSince1970 + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday
        return Weekday(rawValue: index + 1) ?? .sunday
    }

    /// The first day of this day's month.
    public var firstDayOfMonth: CalendarDay { CalendarDay(unchecked: year, month, 1) }

    /// The last day of this day's month.
    public var lastDayOfMonth: CalendarDay {
        CalendarDay(unchecked: year, month, CalendarDay.numberOfDays(inMonth: month, year: year))
    }

    /// Whether this day is the last day of its month.
    public var isLastDayOfMonth: Bool { day == CalendarDay.numberOfDays(inMonth: month, year: year) }

    /// The first instant of this day in `timeZone`.
    ///
    /// Usually local midnight; on days whose midnight is skipped by a daylight-saving change (for
    /// example in `America/Santiago`, where clocks jump from 00:00 to 01:00) it is the instant the day
    /// really begins.
    public func start(in timeZone: TimeZone) -> Date {
        LocalDateTime(day: self, time: .midnight).date(in: timeZone)
    }

    /// The interval from this day's first instant to the next day's first instant in `timeZone`
    /// (23, 24 or 25 hours around daylight-saving changes).
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: start(in: timeZone), end: adding(days: 1).start(in: timeZone))
    }

    /// Whether `year` is a leap year of the Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Earlier first.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days from this day to `other`.
    public func distance(to other: CalendarDay) -> Int { days(to: other) }

    /// The day `n` days away.
    public func advanced(by n: Int) -> CalendarDay { adding(days: n) }

    /// Decodes from the string form, reporting a malformed value as `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: error.errorDescription ?? "invalid calendar day")
        }
    }

    /// Encodes as the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Creates a day the caller has already validated.
    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}
