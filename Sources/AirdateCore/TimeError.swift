public import Foundation

/// Why a time, a time zone or an instant could not be read.
public enum TimeError: Error, LocalizedError, Sendable, Equatable {
    /// The text is not a 24-hour time such as `20:30`.
    case invalidTimeOfDay(String)
    /// No time zone has this identifier.
    case unknownTimeZone(String)
    /// The text is not an ISO 8601 instant with an offset, such as `2024-03-10T20:00:00-04:00`.
    case invalidInstant(String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .invalidTimeOfDay(let text):
            return "\"\(text)\" is not a time of day; write it as HH:MM on a 24-hour clock, for example 20:30."
        case .unknownTimeZone(let name):
            return "\"\(name)\" is not a known time zone; use an IANA identifier such as America/New_York or UTC."
        case .invalidInstant(let text):
            return "\"\(text)\" is not an ISO 8601 instant; write it as YYYY-MM-DDTHH:MM:SS with Z or an offset such as +09:00."
        }
    }
}

extension TimeZone {
    /// The time zone with the IANA identifier `identifier` (such as `"Europe/Berlin"`).
    ///
    /// - Throws: ``TimeError/unknownTimeZone(_:)`` when no such zone exists.
    public static func named(_ identifier: String) throws(TimeError) -> TimeZone {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            throw .unknownTimeZone(identifier)
        }
        return zone
    }
}
