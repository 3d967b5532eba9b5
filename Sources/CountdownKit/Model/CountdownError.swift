public import Foundation

/// Why a countdown could not be made or changed.
public enum CountdownError: Error, LocalizedError, Sendable, Equatable {
    /// The title is empty or white space.
    case emptyTitle
    /// The recurrence text or interval is not understood.
    case invalidRecurrence(String)
    /// A number is outside the range CountdownKit accepts.
    case outOfRange(what: String, value: Int, allowed: ClosedRange<Int>)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .emptyTitle:
            return "A countdown needs a title; give it a few words, such as \"Season 2 premiere\"."
        case .outOfRange(let what, let value, let allowed):
            return "The \(what) must be from \(allowed.lowerBound) to \(allowed.upperBound) (got \(value))."
        case .invalidRecurrence(let text):
            return "\"\(text)\" is not a repeat period; use \(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval))."
        }
    }
}
