import AirdateCore
import Foundation

/// Decoding helpers for TVMaze's loosely typed fields: empty strings for "no value", nullable
/// everything, links as text that may be `http` or `https`.
extension KeyedDecodingContainer {
    /// A calendar day from `"YYYY-MM-DD"`; `nil` for null, missing, empty or unreadable text.
    func lenientDay(_ key: Key) throws -> CalendarDay? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return CalendarDay(text)
    }

    /// A time of day from `"HH:MM"`; `nil` for null, missing or empty text (TVMaze's "no time").
    func lenientTime(_ key: Key) throws -> TimeOfDay? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return TimeOfDay(text)
    }

    /// An instant from ISO 8601 text with an offset; `nil` for null, missing or empty text.
    func lenientInstant(_ key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return ISO8601Instant(text)?.date
    }

    /// A URL from text; `nil` for null, missing, empty or malformed text.
    func lenientURL(_ key: Key) throws -> URL? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return URL(string: text)
    }

    /// A string that is `nil` when null, missing or empty.
    func nonEmptyString(_ key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return text
    }

    /// An array that is empty when null or missing.
    func arrayOrEmpty<T: Decodable>(_ type: [T].Type, _ key: Key) throws -> [T] {
        try decodeIfPresent([T].self, forKey: key) ?? []
    }

    /// A Unix time in seconds as a `Date`; `nil` for null or missing.
    func unixTime(_ key: Key) throws -> Date? {
        try decodeIfPresent(Double.self, forKey: key).map { Date(timeIntervalSince1970: $0) }
    }

    /// `{"average": 8.1}` flattened to the average; `nil` when the object or the value is null.
    func ratingAverage(_ key: Key) throws -> Double? {
        try decodeIfPresent(Rating.self, forKey: key)?.average
    }
}

/// TVMaze's `rating` object.
struct Rating: Decodable {
    var average: Double?
}

/// A `_links` entry: `{"href": "https://api.tvmaze.com/shows/1"}` (sometimes with a `name`).
struct Link: Decodable, Hashable, Sendable {
    var href: String

    /// The trailing number of the link's path (`/shows/1` → 1), when there is one.
    var trailingID: Int? {
        href.split(separator: "/").last.flatMap { Int($0) }
    }
}

/// A dynamic key, for objects keyed by ids (`/updates/shows`).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; self.intValue = Int(stringValue) }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}
