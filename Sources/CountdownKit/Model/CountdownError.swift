public import Foundation

/// Why a countdown could not be made or changed.
public enum CountdownError: Error, LocalizedError, Sendable, Hashable {
    /// The title is empty or white space.
    case emptyTitle
    /// The recurrence text or interval is not understood.
    case invalidRecurrence(String)
    /// A number is outside the range CountdownKit accepts.
    case outOfRange(what: String, value: Int, allowed: ClosedRange<Int>)
    /// A text is longer than ``Countdown/Limits`` allows (`length` and `limit` in characters).
    case tooLong(what: String, length: Int, limit: Int)
    /// A list is longer than ``Countdown/Limits`` allows.
    case tooMany(what: String, count: Int, limit: Int)
    /// A repeating countdown was given the second pass of a time clocks pass twice: its occurrences
    /// are at the first pass, as calendar programs place them.
    case secondPassRepeats

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .emptyTitle:
            return "A countdown needs a title; give it a few words, such as \"Season 2 premiere\"."
        case .outOfRange(let what, let value, let allowed):
            return "The \(what) must be from \(allowed.lowerBound) to \(allowed.upperBound) (got \(value))."
        case .tooLong(let what, let length, let limit):
            return "The \(what) is \(length) characters long; the most is \(limit). Shorten it."
        case .tooMany(let what, let count, let limit):
            return "A countdown takes at most \(limit) \(what) (got \(count)). Remove some."
        case .secondPassRepeats:
            return "A repeating countdown is at the first of a time that clocks pass twice, as calendar programs place it; choose the second pass for a one-off countdown only."
        case .invalidRecurrence(let text):
            return "\"\(text)\" is not a repeat period; use \(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval))."
        }
    }
}
