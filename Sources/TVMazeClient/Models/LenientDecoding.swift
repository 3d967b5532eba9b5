import AirdateCore
import AirdateHTTP
import Foundation

// TVMaze's loosely typed fields, read through AirdateHTTP's one lenient reader: empty strings for
// "no value", nullable everything, links as text that may be `http` or `https`. A value that is
// there but cannot be read becomes `nil` and is reported (see `LenientContainer`).

extension LenientContainer {
    /// A calendar day from `"YYYY-MM-DD"`; `nil` for null, missing or empty text, reported when
    /// unreadable. A year alone (`"1970"`), a year and month (`"1970-05"`) or a date with zeros for
    /// what is unknown (`"1970-00-00"`) is not a day: it becomes `nil` and is reported — as partly
    /// read when the model keeps the year in `yearField` (read it with ``year(_:)``), as unreadable
    /// otherwise.
    func day(_ key: Key, yearKeptIn yearField: String? = nil) -> CalendarDay? {
        guard hasValue(key) else { return nil }
        guard let text = try? raw.decode(String.self, forKey: key) else {
            return parsed(key, expecting: "a calendar day (YYYY-MM-DD)") { CalendarDay($0) }  // reports the wrong kind
        }
        if text.isEmpty { return nil }
        if let day = CalendarDay(text) { return day }
        if let year = Self.leadingYear(text) {
            if let yearField {
                record(.partialValue, at: key, reason: "only part of a date (\"\(text)\"), not a day: the day is nil, the year \(year) is kept in \(yearField)")
            } else {
                record(.unreadableValue, at: key, reason: "only part of a date (\"\(text)\"), not a day; replaced by nil")
            }
            return nil
        }
        record(.unreadableValue, at: key, reason: "expected a calendar day (YYYY-MM-DD), found \"\(text.prefix(40))\"; replaced by nil")
        return nil
    }

    /// The year of a `"YYYY-MM-DD"`, `"YYYY-MM"` or `"YYYY"` date, without reporting anything
    /// (``day(_:)`` reports for the same field).
    func year(_ key: Key) -> Int? {
        guard let text = try? raw.decodeIfPresent(String.self, forKey: key) else { return nil }
        if let day = CalendarDay(text) { return day.year }
        return Self.leadingYear(text)
    }

    /// `1970`, `1970-05`, `1970-00-00`, `1970-05-00`: the year of a date given in part.
    private static func leadingYear(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, let year = Int(parts[0]), year > 0 else { return nil }
        let month = parts.count > 1 ? Int(parts[1]) : 0
        let day = parts.count > 2 ? Int(parts[2]) : 0
        guard parts.dropFirst().allSatisfy({ $0.count == 2 }), let month, let day, (0...12).contains(month), (0...31).contains(day) else {
            return nil
        }
        // A full date that is not a real day ("1970-02-30") is unreadable, not partial.
        guard parts.count < 3 || month == 0 || day == 0 else { return nil }
        return year
    }

    /// A time of day from `"HH:MM"`; `nil` for null, missing or empty text (TVMaze's "no time"),
    /// reported when unreadable.
    func time(_ key: Key) -> TimeOfDay? {
        parsed(key, expecting: "a time of day (HH:MM)") { TimeOfDay($0) }
    }

    /// `{"average": 8.1}` flattened to the average; `nil` when the object or the value is null.
    func ratingAverage(_ key: Key) -> Double? {
        nested(keyedBy: RatingKeys.self, key)?.number(.average)
    }

    /// The trailing id of a `_links` entry (`{"href": "https://api.tvmaze.com/shows/1"}` → 1).
    func linkedID(_ key: Key) -> Int? {
        nested(keyedBy: LinkKeys.self, key)?.parsed(.href, expecting: "a link ending in an id", Link.trailingID)
    }

    /// The trailing ids of a list of `_links` entries (`"episodes": [{"href": …}]`).
    func linkedIDs(_ key: Key) -> [Int] {
        list(Link.self, key).compactMap(\.id)
    }
}

private enum RatingKeys: String, CodingKey { case average }
private enum LinkKeys: String, CodingKey { case href }

/// A `_links` entry: `{"href": "https://api.tvmaze.com/shows/1"}` (sometimes with a `name`).
struct Link: Decodable, Hashable, Sendable {
    var id: Int?

    init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: LinkKeys.self)
        id = c.string(.href).flatMap(Self.trailingID)
    }

    /// The trailing number of a link's path (`/shows/1` → 1), when there is one.
    static func trailingID(_ href: String) -> Int? {
        href.split(separator: "/").last.flatMap { Int($0) }
    }
}
