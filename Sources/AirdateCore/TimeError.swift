public import Foundation

/// Why a time, a time zone or an instant could not be read.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch TimeError.Code.unknownTimeZone { … }`.
public struct TimeError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `TimeError.Code.unknownTimeZone`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The text (``TimeError/text``) is not a 24-hour time such as `20:30`.
        public static let invalidTimeOfDay = Code("invalidTimeOfDay")
        /// No time zone has the identifier ``TimeError/text``.
        public static let unknownTimeZone = Code("unknownTimeZone")
        /// The text (``TimeError/text``) is not an ISO 8601 instant with an offset, such as
        /// `2024-03-10T20:00:00-04:00`.
        public static let invalidInstant = Code("invalidInstant")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? TimeError)?.code == code
        }

        /// Matches a `TimeError` against a code, after calls that declare `throws(TimeError)`.
        public static func ~= (code: Code, error: TimeError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The text that could not be read: the time, the zone's identifier, the instant.
    public var text: String

    /// An error of `code` about `text`.
    public init(_ code: Code, text: String) {
        self.code = code
        self.text = text
    }

    /// `text` is not a time of day.
    public static func invalidTimeOfDay(_ text: String) -> TimeError { TimeError(.invalidTimeOfDay, text: text) }
    /// No time zone is named `name`.
    public static func unknownTimeZone(_ name: String) -> TimeError { TimeError(.unknownTimeZone, text: name) }
    /// `text` is not an ISO 8601 instant.
    public static func invalidInstant(_ text: String) -> TimeError { TimeError(.invalidInstant, text: text) }

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch code {
        case .invalidTimeOfDay:
            return "\"\(text)\" is not a time of day; write it as HH:MM on a 24-hour clock, for example 20:30."
        case .unknownTimeZone:
            return "\"\(text)\" is not a known time zone; use an IANA identifier such as America/New_York or UTC."
        case .invalidInstant:
            return "\"\(text)\" is not an ISO 8601 instant; write it as YYYY-MM-DDTHH:MM:SS with Z or an offset such as +09:00."
        default:
            return "\"\(text)\" could not be read as a time (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}

extension TimeZone {
    /// The time zone with the IANA identifier `identifier` (such as `"Europe/Berlin"`).
    ///
    /// - Throws: ``TimeError/Code/unknownTimeZone`` when no such zone exists.
    public static func named(_ identifier: String) throws(TimeError) -> TimeZone {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            throw .unknownTimeZone(identifier)
        }
        return zone
    }
}
