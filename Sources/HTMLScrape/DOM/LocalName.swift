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
/// Two open-addressing hash tables over byte spellings, so that the tokenizer can intern a tag name
/// straight from its bytes without building a `String`: the known names, in one table every
/// document shares and none copies (with the lower-case spellings of the mixed-case SVG and MathML
/// names), and the names a document added (custom elements, `data-*` attributes…), numbered after
/// them, in a small table of its own. (One table
/// seeded with the known names and copied on the first new name cost a copy of the 323 spellings
/// and 1,024 slots, and their release, on every page with a name outside them: about 15 % of the
/// parse of a 2 KB page.)
struct NameTable: Sendable {
    /// The known names (ids below `LocalName.knownCount`), then the lower-case spellings of those
    /// with capitals (`foreignobject`, `viewbox`: what the tokenizer makes of SVG's names, which
    /// ``ForeignNames`` maps back), one table for the process.
    private static let sharedKnownNames: SpellingTable = {
        var table = SpellingTable(seeding: LocalName.knownSpellings, slots: 1024)
        for spelling in LocalName.knownSpellings where spelling.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            var lower = spelling.utf8.map(HTMLBytes.lower)
            lower.withUnsafeMutableBufferPointer { buffer in
                let name = UnsafeBufferPointer(buffer)
                _ = table.intern(name, hash: SpellingTable.hash(name))
            }
        }
        return table
    }()
    /// The shared table of known names, held here (never mutated, so never copied) so that the hot
    /// paths read a stored property rather than a lazily initialised global.
    private let knownNames: SpellingTable
    /// The first id of the names this table adds: the shared table's size.
    private let base: UInt32
    /// The names this table added; id `base + i` is its entry `i`.
    private var added = SpellingTable(seeding: [], slots: 16)

    init() {
        knownNames = Self.sharedKnownNames
        base = UInt32(Self.sharedKnownNames.spellings.count)
    }

    /// How many names there are (every id is below it).
    var count: Int { Int(base) + added.spellings.count }

    /// The spelling of a name.
    @inline(__always)
    func spelling(of name: LocalName) -> String {
        name.id < base ? knownNames.spellings[Int(name.id)] : added.spellings[Int(name.id - base)]
    }

    /// The UTF-8 bytes of a name's spelling.
    func utf8(of name: LocalName) -> ArraySlice<UInt8> {
        name.id < base ? knownNames.utf8(of: Int(name.id)) : added.utf8(of: Int(name.id - base))
    }

    /// The id of a name, adding it when it is new.
    mutating func intern(_ name: String) -> LocalName {
        var utf8 = Array(name.utf8)
        return utf8.withUnsafeMutableBufferPointer { intern(UnsafeBufferPointer($0)) }
    }

    /// The id of a name given as UTF-8 bytes, adding it when it is new.
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> LocalName {
        let hash = SpellingTable.hash(name)
        if let known = knownNames.probe(name, hash: hash).found { return LocalName(id: UInt32(known)) }
        return LocalName(id: base + UInt32(added.intern(name, hash: hash)))
    }

    /// The id of a name if the table has it.
    func lookup(_ name: String) -> LocalName? {
        var utf8 = Array(name.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            let name = UnsafeBufferPointer(buffer)
            let hash = SpellingTable.hash(name)
            if let known = knownNames.probe(name, hash: hash).found { return LocalName(id: UInt32(known)) }
            return added.probe(name, hash: hash).found.map { LocalName(id: base + UInt32($0)) }
        }
    }
}

/// One open-addressing hash table of spellings, numbered from 0 in the order they were added.
private struct SpellingTable: Sendable {
    /// Spellings, by number.
    private(set) var spellings: [String] = []
    /// UTF-8 bytes of every spelling, back to back; `ranges[number]` locates one.
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []
    /// Slots hold `number + 1`; 0 is empty. The count is a power of two.
    private var slots: [UInt32]

    init(seeding names: [String], slots count: Int) {
        slots = [UInt32](repeating: 0, count: count)
        for name in names {
            var utf8 = Array(name.utf8)
            utf8.withUnsafeMutableBufferPointer { buffer in
                let name = UnsafeBufferPointer(buffer)
                _ = intern(name, hash: Self.hash(name))
            }
        }
    }

    func utf8(of number: Int) -> ArraySlice<UInt8> {
        bytes[ranges[number]]
    }

    /// The number of a name, adding it when it is new.
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int {
        let (found, slotIndex) = probe(name, hash: hash)
        if let found { return found }
        let number = spellings.count
        let start = bytes.count
        bytes.append(contentsOf: name)
        ranges.append(start..<bytes.count)
        spellings.append(String(decoding: name, as: UTF8.self))
        slots[slotIndex] = UInt32(number + 1)
        if spellings.count * 2 > slots.count { grow() }
        return number
    }

    /// Finds a name: its number, or the empty slot where it would go. One pass over raw buffers,
    /// with no bounds checks in the loop (slot indices are masked, byte ranges come from `ranges`).
    @inline(__always)
    func probe(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (found: Int?, slot: Int) {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { all in
                ranges.withUnsafeBufferPointer { ranges in
                    while true {
                        let slot = slots[index]
                        if slot == 0 { return (nil, index) }
                        let range = ranges[Int(slot - 1)]
                        if range.count == name.count,
                           Self.sameBytes(all, from: range.lowerBound, name) {
                            return (Int(slot - 1), index)
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
            for number in 0..<spellings.count {
                let range = ranges[number]
                let name = UnsafeBufferPointer(rebasing: all[range])
                var index = Int(Self.hash(name)) & mask
                while newSlots[index] != 0 { index = (index + 1) & mask }
                newSlots[index] = UInt32(number + 1)
            }
        }
        slots = newSlots
    }

    @inline(__always)
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // FNV-1a: names are short, so a byte-at-a-time hash is as fast as anything fancier.
        var hash: UInt32 = 2_166_136_261
        for byte in name {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
