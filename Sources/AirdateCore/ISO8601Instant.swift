public import Foundation

/// An instant read from (or written as) ISO 8601 text with a UTC offset, keeping the offset it was
/// written with: `2013-06-24T22:00:00-04:00`, `2024-01-07T00:00:00+00:00`, `2024-01-07T00:00:00.250Z`.
///
/// TVMaze's `airstamp` and Jikan's `aired.from` are such instants.
public struct ISO8601Instant: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// The instant.
    public let date: Date
    /// The offset from UTC the text was written with, in seconds east of Greenwich.
    public let utcOffsetSeconds: Int

    /// Wraps an instant, to be written with the offset `utcOffsetSeconds`.
    public init(date: Date, utcOffsetSeconds: Int = 0) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Wraps an instant, to be written with the offset `timeZone` has at that instant.
    public init(date: Date, in timeZone: TimeZone) {
        self.init(date: date, utcOffsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`, `±HH:MM`, `±HHMM` or `±HH`.
    /// A space is accepted in place of `T`.
    ///
    /// - Throws: ``TimeError/Code/invalidInstant`` when the text is not such an instant (an offset is required).
    public init(parsing text: String) throws(TimeError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let chars = Array(trimmed)
        guard chars.count >= 17, chars[10] == "T" || chars[10] == "t" || chars[10] == " ",
              let day = CalendarDay(String(chars[0..<10])) else {
            throw .invalidInstant(text)
        }
        // Split the time from the zone designator.
        var index = 11
        while index < chars.count, chars[index].isASCII, chars[index].isNumber || chars[index] == ":" || chars[index] == "." {
            index += 1
        }
        let timeText = String(chars[11..<index])
        let zoneText = String(chars[index...])
        var fraction = 0.0
        var clock = timeText
        if let dot = timeText.firstIndex(of: ".") {
            let digits = timeText[timeText.index(after: dot)...]
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let value = Double("0." + digits) else {
                throw .invalidInstant(text)
            }
            fraction = value
            clock = String(timeText[..<dot])
        }
        guard clock.count == 5 || clock.count == 8, let time = TimeOfDay(clock) else { throw .invalidInstant(text) }
        let offset: Int
        if zoneText == "Z" || zoneText == "z" {
            offset = 0
        } else {
            let sign: Int
            switch zoneText.first {
            case "+": sign = 1
            case "-", "\u{2212}": sign = -1
            default: throw .invalidInstant(text)
            }
            let rest = Array(zoneText.dropFirst())
            let digits: [Character]
            switch rest.count {
            case 2, 4: digits = rest
            case 5 where rest[2] == ":": digits = Array(rest[0..<2] + rest[3..<5])
            default: throw .invalidInstant(text)
            }
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let hours = Int(String(digits.prefix(2))),
                  let minutes = digits.count == 4 ? Int(String(digits.suffix(2))) : 0,
                  hours <= 23, minutes <= 59 else {
                throw .invalidInstant(text)
            }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        let wall = Double(day.daysSince1970 * 86_400 + time.secondsSinceMidnight) + fraction
        self.init(date: Date(timeIntervalSince1970: wall - Double(offset)), utcOffsetSeconds: offset)
    }

    /// Parses the text, or returns `nil`.
    public init?(_ description: String) {
        guard let value = try? ISO8601Instant(parsing: description) else { return nil }
        self = value
    }

    /// The instant written as `YYYY-MM-DDTHH:MM:SS` (with `.mmm` milliseconds when it has a fraction
    /// of a second, to the nearest millisecond) and `Z` (offset zero) or `±HH:MM`.
    public var description: String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = milliseconds.isFinite ? (milliseconds / 1000).rounded(.down) : date.timeIntervalSince1970
        let fraction = milliseconds.isFinite ? Int(milliseconds - seconds * 1000) : 0
        let clock = LocalDateTime(containing: Date(timeIntervalSince1970: seconds), in: TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt)
        let local = fraction == 0 ? "\(clock)" : "\(clock)." + String(String(1000 + fraction).dropFirst())
        guard utcOffsetSeconds != 0 else { return "\(local)Z" }
        let magnitude = abs(utcOffsetSeconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local)\(utcOffsetSeconds < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }

    /// The calendar day of this instant at the offset it was written with (TVMaze's local air date).
    public var localDay: CalendarDay {
        LocalDateTime(containing: date, in: TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt).day
    }

    /// Decodes from the string form, reporting a malformed value as `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.errorDescription ?? "invalid instant")
        }
    }

    /// Encodes as the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
