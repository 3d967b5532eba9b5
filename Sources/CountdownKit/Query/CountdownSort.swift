public import Foundation

/// An order for countdowns: a key and a direction.
///
/// Every key × direction is a strict weak order, and ``sorted(_:in:locale:)`` is stable: countdowns
/// whose keys are equal are ordered by the tie-break, the same in both directions — earlier `created`
/// first (to the millisecond), then the order they were given in (``CountdownStore`` gives them in
/// insertion order, so countdowns made in the same millisecond keep the order they were added in).
/// A descending order compares the key with its arguments swapped, never by negating the ascending
/// comparison.
///
/// Titles and tag names are compared by the viewer's locale collation (case- and accent-aware, digits
/// as numbers: "Élan" next to "Elan", "Season 2" before "Season 10"), then by their exact text.
///
/// ```swift
/// let order = CountdownSort(.date, .descending)       // or CountdownSort("date:desc")
/// let sorted = order.sorted(countdowns, in: .current, locale: Locale(identifier: "sv_SE"))
/// ```
public struct CountdownSort: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// What to sort by.
    public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
        /// The target's first instant (an all-day target's start of day in the viewer's zone).
        case date
        /// When the countdown was made.
        case created
        /// When it was last changed.
        case modified
        /// The tags' names: each countdown's tag names in collation order, compared name by name
        /// (untagged countdowns first when ascending).
        case tags
        /// The title, by the locale's collation, then by exact text.
        case title
        /// The number of tags (untagged countdowns first when ascending): `tag-count`.
        case tagCount = "tag-count"
    }

    /// Smallest first, or largest first.
    public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
        /// Smallest key first.
        case ascending = "asc"
        /// Largest key first.
        case descending = "desc"
    }

    /// The key.
    public var key: Key
    /// The direction.
    public var direction: Direction

    /// Creates an order.
    public init(_ key: Key, _ direction: Direction = .ascending) {
        self.key = key
        self.direction = direction
    }

    /// Parses `KEY` or `KEY:asc`/`KEY:desc`, with KEY one of `date`, `created`, `modified`, `tags`,
    /// `tag-count` or `title` (a ``Key``'s raw value), ignoring case.
    public init?(_ description: String) {
        let parts = description.lowercased().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let key = Key(rawValue: String(parts[0])) else { return nil }
        var direction = Direction.ascending
        if parts.count == 2 {
            guard let parsed = Direction(rawValue: String(parts[1])) else { return nil }
            direction = parsed
        }
        self.init(key, direction)
    }

    /// `KEY:asc` or `KEY:desc`.
    public var description: String { "\(key.rawValue):\(direction.rawValue)" }

    /// Sorts `countdowns`; all-day targets are placed at the start of their day in `timeZone`, titles
    /// and tags collated for `locale` (the user's by default).
    public func sorted(_ countdowns: [Countdown], in timeZone: TimeZone, locale: Locale = .current) -> [Countdown] {
        switch key {
        case .date: sorted(countdowns) { $0.target.start(in: timeZone).timeIntervalSince1970 }
        case .created: sorted(countdowns) { $0.created.timeIntervalSince1970 }
        case .modified: sorted(countdowns) { $0.modified.timeIntervalSince1970 }
        case .tags: sorted(countdowns) { TagsKey($0.tags, locale: locale) }
        case .title: sorted(countdowns) { CollatedText($0.title, locale: locale) }
        case .tagCount: sorted(countdowns) { $0.tags.count }
        }
    }

    /// Whether `a` comes before `b` in this order: the comparator ``sorted(_:in:locale:)`` uses,
    /// without its last tie-break on the order given (a strict weak order).
    public func areInIncreasingOrder(_ a: Countdown, _ b: Countdown, in timeZone: TimeZone, locale: Locale = .current) -> Bool {
        switch key {
        case .date: ordered(a, b) { $0.target.start(in: timeZone).timeIntervalSince1970 }
        case .created: ordered(a, b) { $0.created.timeIntervalSince1970 }
        case .modified: ordered(a, b) { $0.modified.timeIntervalSince1970 }
        case .tags: ordered(a, b) { TagsKey($0.tags, locale: locale) }
        case .title: ordered(a, b) { CollatedText($0.title, locale: locale) }
        case .tagCount: ordered(a, b) { $0.tags.count }
        }
    }

    private func ordered<K: Comparable>(_ a: Countdown, _ b: Countdown, _ key: (Countdown) -> K) -> Bool {
        let x = SortEntry(key: key(a), countdown: a, index: 0)
        let y = SortEntry(key: key(b), countdown: b, index: 0)
        return precedes(x, y)
    }

    private func sorted<K: Comparable>(_ countdowns: [Countdown], _ key: (Countdown) -> K) -> [Countdown] {
        var entries: [SortEntry<K>] = []
        entries.reserveCapacity(countdowns.count)
        for (index, countdown) in countdowns.enumerated() {
            entries.append(SortEntry(key: key(countdown), countdown: countdown, index: index))
        }
        entries.sort(by: precedes)
        return entries.map { countdowns[$0.index] }
    }

    private func precedes<K: Comparable>(_ a: SortEntry<K>, _ b: SortEntry<K>) -> Bool {
        if a.key != b.key {
            // Descending swaps the arguments; it never negates.
            return direction == .ascending ? a.key < b.key : b.key < a.key
        }
        if a.created != b.created { return a.created < b.created }
        return a.index < b.index
    }
}

/// A precomputed sort key with the tie-break fields.
private struct SortEntry<K: Comparable> {
    let key: K
    let created: Double
    let index: Int

    init(key: K, countdown: Countdown, index: Int) {
        self.key = key
        self.created = countdown.created.timeIntervalSince1970
        self.index = index
    }
}

/// Text compared by a locale's collation (case- and accent-aware, numbers by value), then by its
/// exact Unicode scalars in NFC, so only identical texts are equal.
struct CollatedText: Comparable {
    let text: String
    let exact: [UInt8]
    let locale: Locale

    init(_ text: String, locale: Locale) {
        self.text = text
        self.exact = Array(text.precomposedStringWithCanonicalMapping.utf8)
        self.locale = locale
    }

    static func == (a: CollatedText, b: CollatedText) -> Bool { a.exact == b.exact }

    static func < (a: CollatedText, b: CollatedText) -> Bool {
        switch a.text.compare(b.text, options: [.numeric], range: nil, locale: a.locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.exact.lexicographicallyPrecedes(b.exact)
        }
    }
}

/// A countdown's tag names in collation order, compared name by name (a shorter prefix first).
private struct TagsKey: Comparable {
    let names: [CollatedText]

    init(_ tags: [CountdownTag], locale: Locale) {
        names = tags.map { CollatedText($0.name, locale: locale) }.sorted()
    }

    static func < (a: TagsKey, b: TagsKey) -> Bool { a.names.lexicographicallyPrecedes(b.names) }
}
