public import Foundation

/// Why a calendar day could not be made.
public enum CalendarDayError: Error, LocalizedError, Sendable, Equatable {
    /// The text is not of the form `YYYY-MM-DD`.
    case malformed(String)
    /// The year, month and day name no real day (for example 2023-02-29), or the year is outside 1...9999.
    case nonexistentDay(year: Int, month: Int, day: Int)
    /// Arithmetic on days would leave the supported days, 0001-01-01 through 9999-12-31.
    case outOfRange(String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .malformed(let text):
            return "\"\(text)\" is not a calendar day; write it as YYYY-MM-DD, for example 2024-03-31."
        case .nonexistentDay(let year, let month, let day):
            return "year \(year), month \(month), day \(day) is not a day of the calendar; check the month's length and leap years (years 1 to 9999)."
        case .outOfRange(let what):
            return "\(what) is outside the supported days, 0001-01-01 to 9999-12-31; use a nearer day or a smaller count."
        }
    }
}
