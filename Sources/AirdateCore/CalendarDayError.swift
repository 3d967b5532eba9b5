public import Foundation

/// Why a calendar day could not be made.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch CalendarDayError.Code.malformed { … }`.
public struct CalendarDayError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `CalendarDayError.Code.malformed`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The text (``CalendarDayError/text``) is not of the form `YYYY-MM-DD`.
        public static let malformed = Code("malformed")
        /// The ``CalendarDayError/year``, ``CalendarDayError/month`` and ``CalendarDayError/day`` name
        /// no real day (for example 2023-02-29), or the year is outside 1...9999.
        public static let nonexistentDay = Code("nonexistentDay")
        /// Arithmetic on days (``CalendarDayError/text`` says which) would leave the supported days,
        /// 0001-01-01 through 9999-12-31.
        public static let outOfRange = Code("outOfRange")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CalendarDayError)?.code == code
        }

        /// Matches a `CalendarDayError` against a code, after calls that declare `throws(CalendarDayError)`.
        public static func ~= (code: Code, error: CalendarDayError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The text refused (``Code/malformed``), or the arithmetic that left the range (``Code/outOfRange``).
    public var text: String?
    /// The year given (``Code/nonexistentDay``).
    public var year: Int?
    /// The month given (``Code/nonexistentDay``).
    public var month: Int?
    /// The day of the month given (``Code/nonexistentDay``).
    public var day: Int?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, text: String? = nil, year: Int? = nil, month: Int? = nil, day: Int? = nil) {
        self.code = code
        self.text = text
        self.year = year
        self.month = month
        self.day = day
    }

    /// `text` is not of the form `YYYY-MM-DD`.
    public static func malformed(_ text: String) -> CalendarDayError { CalendarDayError(.malformed, text: text) }
    /// `year`, `month` and `day` name no real day.
    public static func nonexistentDay(year: Int, month: Int, day: Int) -> CalendarDayError {
        CalendarDayError(.nonexistentDay, year: year, month: month, day: day)
    }
    /// `what` would leave the supported days.
    public static func outOfRange(_ what: String) -> CalendarDayError { CalendarDayError(.outOfRange, text: what) }

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        func number(_ value: Int?) -> String { value.map(String.init) ?? "?" }
        switch code {
        case .malformed:
            return "\"\(text ?? "")\" is not a calendar day; write it as YYYY-MM-DD, for example 2024-03-31."
        case .nonexistentDay:
            return "year \(number(year)), month \(number(month)), day \(number(day)) is not a day of the calendar; check the month's length and leap years (years 1 to 9999)."
        case .outOfRange:
            return "\(text ?? "the day") is outside the supported days, 0001-01-01 to 9999-12-31; use a nearer day or a smaller count."
        default:
            return "The calendar day could not be made (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
