/// An interned element or attribute name: an integer id into a document's name table.
///
/// Names that the parser, the serializer and the selector engine compare against have fixed ids
/// (`KnownNames.swift`, generated); any other name gets an id when it is first seen. Comparing two
/// names is an integer compare.
struct LocalName: Hashable, Sendable {
    /// The id: below `LocalName.knownCount` for known names.
    var id: UInt32

    init(id: UInt32) {
        self.id = id
    }
}

/// A set of known tag names, as a 256-bit set: membership is a shift and a mask.
///
/// Only names with ids below 256 (every known tag name) can be members; any other name is never
/// contained, which is right, since the sets the HTML spec defines only list known tags.
struct NameSet: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// A set given as its bit words: bit `id & 63` of word `id >> 6` for each member (how the
    /// generated `TagSets` spell their sets, so that the compiler folds them into constants).
    @inline(__always)
    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    static func == (left: NameSet, right: NameSet) -> Bool {
        left.words == right.words
    }

    /// The number of ids a set can hold.
    static let capacity: UInt32 = 256

    init(_ names: LocalName...) {
        for name in names { insert(name) }
    }

    mutating func insert(_ name: LocalName) {
        precondition(name.id < Self.capacity, "NameSet holds known tag names only")
        let bit = UInt64(1) << UInt64(name.id & 63)
        switch name.id >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ name: LocalName) -> Bool {
        let id = name.id
        guard id < Self.capacity else { return false }
        let bit = UInt64(1) << UInt64(id & 63)
        switch id >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// The union of two sets.
    func union(_ other: NameSet) -> NameSet {
        var result = self
        result.words.0 |= other.words.0
        result.words.1 |= other.words.1
        result.words.2 |= other.words.2
        result.words.3 |= other.words.3
        return result
    }
}

/// Interns names: maps the UTF-8 spelling of a name to its `LocalName` and back.
///
/// An open-addressing hash table over byte spellings, seeded with the known names, so that the
/// tokenizer can intern a tag name straight from its bytes without building a `String`.
struct NameTable: Sendable {
    /// Spellings, indexed by id.
    private(set) var spellings: [String]
    /// UTF-8 bytes of every spelling, back to back; `ranges[id]` locates one.
    private var bytes: [UInt8]
    private var ranges: [Range<Int>]
    /// Slots hold `id + 1`; 0 is empty. The count is a power of two.
    private var slots: [UInt32]

    /// A table holding the known names only.
    static let known = NameTable(seeding: LocalName.knownSpellings)

    init() {
        self = Self.known
    }

    private init(seeding names: [String]) {
        spellings = []
        bytes = []
        ranges = []
        slots = [UInt32](repeating: 0, count: 1024)
        for name in names {
            _ = intern(name)
        }
    }

    /// The spelling of a name.
    @inline(__always)
    func spelling(of name: LocalName) -> String {
        spellings[Int(name.id)]
    }

    /// The UTF-8 bytes of a name's spelling.
    func utf8(of name: LocalName) -> ArraySlice<UInt8> {
        bytes[ranges[Int(name.id)]]
    }

    /// The id of a name, adding it when it is new.
    mutating func intern(_ name: String) -> LocalName {
        var utf8 = Array(name.utf8)
        return utf8.withUnsafeMutableBufferPointer { intern(UnsafeBufferPointer($0)) }
    }

    /// The id of a name given as UTF-8 bytes, adding it when it is new.
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> LocalName {
        let (found, slotIndex) = probe(name)
        if let found { return found }
        let id = spellings.count
        let start = bytes.count
        bytes.append(contentsOf: name)
        ranges.append(start..<bytes.count)
        spellings.append(String(decoding: name, as: UTF8.self))
        slots[slotIndex] = UInt32(id + 1)
        if spellings.count * 2 > slots.count { grow() }
        return LocalName(id: UInt32(id))
    }

    /// The id of a name if the table has it.
    func lookup(_ name: String) -> LocalName? {
        var utf8 = Array(name.utf8)
        return utf8.withUnsafeMutableBufferPointer { probe(UnsafeBufferPointer($0)).found }
    }

    /// Finds a name: its id, or the empty slot where it would go. One pass over raw buffers, with no
    /// bounds checks in the loop (slot indices are masked, byte ranges come from `ranges`).
    @inline(__always)
    private func probe(_ name: UnsafeBufferPointer<UInt8>) -> (found: LocalName?, slot: Int) {
        let mask = slots.count - 1
        var index = Int(Self.hash(name)) & mask
        return slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { all in
                ranges.withUnsafeBufferPointer { ranges in
                    while true {
                        let slot = slots[index]
                        if slot == 0 { return (nil, index) }
                        let range = ranges[Int(slot - 1)]
                        if range.count == name.count,
                           Self.sameBytes(all, from: range.lowerBound, name) {
                            return (LocalName(id: slot - 1), index)
                        }
                        index = (index + 1) & mask
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func sameBytes(
        _ all: UnsafeBufferPointer<UInt8>, from start: Int, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var i = 0
        while i < name.count {
            if all[start &+ i] != name[i] { return false }
            i &+= 1
        }
        return true
    }

    private mutating func grow() {
        var newSlots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = newSlots.count - 1
        bytes.withUnsafeBufferPointer { all in
            for id in 0..<spellings.count {
                let range = ranges[id]
                let name = UnsafeBufferPointer(rebasing: all[range])
                var index = Int(Self.hash(name)) & mask
                while newSlots[index] != 0 { index = (index + 1) & mask }
                newSlots[index] = UInt32(id + 1)
            }
        }
        slots = newSlots
    }

    @inline(__always)
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // FNV-1a: names are short, so a byte-at-a-time hash is as fast as anything fancier.
        var hash: UInt32 = 2_166_136_261
        for byte in name {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
