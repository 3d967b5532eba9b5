public import Foundation

/// Why a countdown could not be made or changed.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch CountdownError.Code.tooLong { … }`.
public struct CountdownError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `CountdownError.Code.emptyTitle`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The title is empty or white space.
        public static let emptyTitle = Code("emptyTitle")
        /// The recurrence text (``CountdownError/text``) or interval is not understood.
        public static let invalidRecurrence = Code("invalidRecurrence")
        /// A number (``CountdownError/value``) is outside the range CountdownKit accepts
        /// (``CountdownError/allowed``).
        public static let outOfRange = Code("outOfRange")
        /// A text is longer than ``Countdown/Limits`` allows: ``CountdownError/value`` characters where
        /// ``CountdownError/limit`` are allowed.
        public static let tooLong = Code("tooLong")
        /// A list is longer than ``Countdown/Limits`` allows: ``CountdownError/value`` items where
        /// ``CountdownError/limit`` are allowed.
        public static let tooMany = Code("tooMany")
        /// A repeating countdown was given the second pass of a time clocks pass twice: its occurrences
        /// are at the first pass, as calendar programs place them.
        public static let secondPassRepeats = Code("secondPassRepeats")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CountdownError)?.code == code
        }

        /// Matches a `CountdownError` against a code, after calls that declare `throws(CountdownError)`.
        public static func ~= (code: Code, error: CountdownError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// What was refused, in words (`"note"`, `"tag"`, `"number of reminders"`), when the code is about
    /// one field of several.
    public var subject: String?
    /// The number refused: the value out of range, a text's length in characters, a list's count.
    public var value: Int?
    /// The range accepted (``Code/outOfRange``).
    public var allowed: ClosedRange<Int>?
    /// The most accepted (``Code/tooLong``: characters, ``Code/tooMany``: items).
    public var limit: Int?
    /// The text refused (``Code/invalidRecurrence``).
    public var text: String?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, subject: String? = nil, value: Int? = nil, allowed: ClosedRange<Int>? = nil, limit: Int? = nil, text: String? = nil) {
        self.code = code
        self.subject = subject
        self.value = value
        self.allowed = allowed
        self.limit = limit
        self.text = text
    }

    // MARK: Making errors

    /// The title is empty or white space.
    public static var emptyTitle: CountdownError { CountdownError(.emptyTitle) }
    /// `text` is not a repeat period.
    public static func invalidRecurrence(_ text: String) -> CountdownError { CountdownError(.invalidRecurrence, text: text) }
    /// `value` is outside `allowed` for `what`.
    public static func outOfRange(what: String, value: Int, allowed: ClosedRange<Int>) -> CountdownError {
        CountdownError(.outOfRange, subject: what, value: value, allowed: allowed)
    }
    /// The `what` is `length` characters long, past `limit`.
    public static func tooLong(what: String, length: Int, limit: Int) -> CountdownError {
        CountdownError(.tooLong, subject: what, value: length, limit: limit)
    }
    /// `count` `what` where at most `limit` are taken.
    public static func tooMany(what: String, count: Int, limit: Int) -> CountdownError {
        CountdownError(.tooMany, subject: what, value: count, limit: limit)
    }
    /// A repeating countdown at the second pass of a repeated time.
    public static var secondPassRepeats: CountdownError { CountdownError(.secondPassRepeats) }

    // MARK: Describing

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        let what = subject ?? "value"
        switch code {
        case .emptyTitle:
            return "A countdown needs a title; give it a few words, such as \"Season 2 premiere\"."
        case .outOfRange:
            let range = allowed.map { "from \($0.lowerBound) to \($0.upperBound)" } ?? "within the accepted range"
            return "The \(what) must be \(range) (got \(value.map(String.init) ?? "?"))."
        case .tooLong:
            return "The \(what) is \(value.map(String.init) ?? "too many") characters long; the most is \(limit.map(String.init) ?? "less"). Shorten it."
        case .tooMany:
            return "A countdown takes at most \(limit.map(String.init) ?? "a few") \(what) (got \(value.map(String.init) ?? "more")). Remove some."
        case .secondPassRepeats:
            return "A repeating countdown is at the first of a time that clocks pass twice, as calendar programs place it; choose the second pass for a one-off countdown only."
        case .invalidRecurrence:
            return "\"\(text ?? "")\" is not a repeat period; use \(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval))."
        default:
            return "The countdown is not valid (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
