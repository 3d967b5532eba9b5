import Foundation

/// A wall-clock time without a date or zone: hour, minute and second.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59.
    public let second: Int

    /// 00:00:00.
    public static let midnight = TimeOfDay(unchecked: 0, 0, 0)

    /// Creates a time, checking the ranges.
    ///
    /// - Throws: ``TimeError/Code/invalidTimeOfDay`` when a field is out of range.
    public init(hour: Int, minute: Int, second: Int = 0) throws(TimeError) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw .invalidTimeOfDay("\(hour):\(minute):\(second)")
        }
        self.init(unchecked: hour, minute, second)
    }

    /// Parses `"HH:MM"` or `"HH:MM:SS"` (24-hour clock; one-digit hours such as `"9:30"` are accepted).
    ///
    /// - Throws: ``TimeError/Code/invalidTimeOfDay`` when the text is not such a time.
    public init(parsing text: String) throws(TimeError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts[0].count >= 1, parts[0].count <= 2,
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else {
            throw .invalidTimeOfDay(text)
        }
        let second = parts.count == 3 ? Int(parts[2]) ?? 99 : 0
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw .invalidTimeOfDay(text)
        }
        self.init(unchecked: hour, minute, second)
    }

    /// Parses `"HH:MM"` or `"HH:MM:SS"`, or returns `nil`.
    public init?(_ description: String) {
        guard let time = try? TimeOfDay(parsing: description) else { return nil }
        self = time
    }

    /// Seconds since midnight on the wall clock.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    /// `"HH:MM"` when the seconds are zero, otherwise `"HH:MM:SS"`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return second == 0 ? "\(two(hour)):\(two(minute))" : "\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// Earlier first.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    /// Decodes from the string form, reporting a malformed value as `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.errorDescription ?? "invalid time")
        }
    }

    /// Encodes as the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    init(unchecked hour: Int, _ minute: Int, _ second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}
