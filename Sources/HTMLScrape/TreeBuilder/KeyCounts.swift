/// Counts per 64-bit key in an open-addressing table: what the list of active formatting elements
/// needs for the Noah's Ark clause, without hashing every key through `Hasher` (the keys are already
/// well mixed).
///
/// A slot keeps its key when its count drops to zero, so a later increment of the same key reuses it;
/// the table is rebuilt without such slots when it fills up.
struct KeyCounts: Sendable {
    private var keys: [UInt64] = []
    private var counts: [Int32] = []
    /// Slots that hold a key, counted or not.
    private var used = 0

    /// How many times `key` was added and not removed.
    func count(of key: UInt64) -> Int32 {
        guard !keys.isEmpty else { return 0 }
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while counts[slot] >= 0 {
            if keys[slot] == key { return counts[slot] }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Adds one to `key`'s count.
    mutating func increment(_ key: UInt64) {
        if (used + 1) * 2 > keys.count { rebuild() }
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while counts[slot] >= 0 {
            if keys[slot] == key {
                counts[slot] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        counts[slot] = 1
        used += 1
    }

    /// Removes one from `key`'s count (which must be positive).
    mutating func decrement(_ key: UInt64) {
        guard !keys.isEmpty else { return }
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while counts[slot] >= 0 {
            if keys[slot] == key {
                if counts[slot] > 0 { counts[slot] -= 1 }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Re-inserts the counted keys, dropping the uncounted ones, into a table at least four times
    /// as big as what is still counted (and never smaller than 256 slots, so that the many distinct
    /// keys of a page's links do not rebuild a tiny table again and again). A table of the same size
    /// is cleared in place.
    private mutating func rebuild() {
        var live: [(UInt64, Int32)] = []
        for slot in keys.indices where counts[slot] > 0 { live.append((keys[slot], counts[slot])) }
        var capacity = 256
        while capacity < (live.count + 1) * 4 { capacity *= 2 }
        if capacity == keys.count {
            for slot in counts.indices { counts[slot] = -1 }
        } else {
            keys = [UInt64](repeating: 0, count: capacity)
            counts = [Int32](repeating: -1, count: capacity)
        }
        used = 0
        let mask = capacity - 1
        for (key, count) in live {
            var slot = Self.slot(key, mask)
            while counts[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            counts[slot] = count
            used += 1
        }
    }
}
