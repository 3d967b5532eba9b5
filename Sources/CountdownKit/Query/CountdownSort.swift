import Foundation

/// An order for countdowns: a key and a direction.
///
/// The order is a strict total order. Countdowns with equal keys are ordered by the tie-break,
/// which is the same in both directions: earlier `created` first, then `id` (in the order of its
/// uppercase string form), then the order they were given in. A descending order compares the key
/// with its arguments swapped, never by negating the ascending comparison.
///
/// ```swift
/// let order = CountdownSort(.date, .descending)       // or CountdownSort("date:desc")
/// let sorted = order.sorted(countdowns, in: .current)
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
        /// The number of tags.
        case tags
        /// The title, ignoring case, then by exact text.
        case title
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

    /// Parses `KEY` or `KEY:asc`/`KEY:desc`, with KEY one of `date`, `created`, `modified`, `tags`, `title`.
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

    /// Sorts `countdowns`; all-day targets are placed at the start of their day in `timeZone`.
    public func sorted(_ countdowns: [Countdown], in timeZone: TimeZone) -> [Countdown] {
        switch key {
        case .date: sorted(countdowns) { $0.target.start(in: timeZone).timeIntervalSince1970 }
        case .created: sorted(countdowns) { $0.created.timeIntervalSince1970 }
        case .modified: sorted(countdowns) { $0.modified.timeIntervalSince1970 }
        case .tags: sorted(countdowns) { $0.tags.count }
        case .title: sorted(countdowns) { TitleKey($0.title) }
        }
    }

    /// Whether `a` comes before `b` in this order (the comparator ``sorted(_:in:)`` uses,
    /// without its last tie-break on input order).
    public func areInIncreasingOrder(_ a: Countdown, _ b: Countdown, in timeZone: TimeZone) -> Bool {
        switch key {
        case .date: ordered(a, b) { $0.target.start(in: timeZone).timeIntervalSince1970 }
        case .created: ordered(a, b) { $0.created.timeIntervalSince1970 }
        case .modified: ordered(a, b) { $0.modified.timeIntervalSince1970 }
        case .tags: ordered(a, b) { $0.tags.count }
        case .title: ordered(a, b) { TitleKey($0.title) }
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
        if a.idHigh != b.idHigh { return a.idHigh < b.idHigh }
        if a.idLow != b.idLow { return a.idLow < b.idLow }
        return a.index < b.index
    }
}

/// A precomputed sort key with the tie-break fields.
private struct SortEntry<K: Comparable> {
    let key: K
    let created: Double
    let idHigh: UInt64
    let idLow: UInt64
    let index: Int

    init(key: K, countdown: Countdown, index: Int) {
        self.key = key
        self.created = countdown.created.timeIntervalSince1970
        (self.idHigh, self.idLow) = withUnsafeBytes(of: countdown.id.uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
        self.index = index
    }
}

/// A title compared without regard to case, then exactly.
///
/// Both forms are kept as the UTF-8 bytes of their NFC normalisation: for NFC text, byte order is
/// Unicode scalar order, which is how `String` compares, so the order matches comparing the
/// strings while each comparison is a `memcmp`.
private struct TitleKey: Comparable {
    let folded: [UInt8]
    let exact: [UInt8]

    init(_ title: String) {
        let bytes = Array(title.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // ASCII is already NFC; lowercase it without allocating a String.
            self.exact = bytes
            self.folded = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        } else {
            self.exact = Array(title.precomposedStringWithCanonicalMapping.utf8)
            self.folded = Array(title.lowercased().precomposedStringWithCanonicalMapping.utf8)
        }
    }

    static func == (a: TitleKey, b: TitleKey) -> Bool { a.folded == b.folded && a.exact == b.exact }

    static func < (a: TitleKey, b: TitleKey) -> Bool {
        let order = compare(a.folded, b.folded)
        return order != 0 ? order < 0 : compare(a.exact, b.exact) < 0
    }

    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int32 {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let result = memcmp(p, q, common)
                    if result != 0 { return result }
                }
                return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
            }
        }
    }
}
