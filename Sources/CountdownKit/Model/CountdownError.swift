import Foundation

/// Why a countdown could not be made or changed.
public enum CountdownError: Error, LocalizedError, Sendable, Equatable {
    /// The title is empty or white space.
    case emptyTitle
    /// The recurrence text or interval is not understood.
    case invalidRecurrence(String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .emptyTitle:
            return "A countdown needs a title; give it a few words, such as \"Season 2 premiere\"."
        case .invalidRecurrence(let text):
            return "\"\(text)\" is not a repeat period; use yearly, monthly, monthly-last-day, weekly, daily or every-N-days (N ≥ 1)."
        }
    }
}
