/// One entry of the list of active formatting elements: a marker, or a formatting element.
struct FormattingEntry: Sendable {
    /// The element's arena index, or `NodeArena.none` for a marker.
    var node: Int32
    /// The element's name (meaningless for a marker).
    var name: LocalName
    /// A hash of the element's name and attributes, mixed with the number of markers before the entry:
    /// entries that the Noah's Ark clause could find identical have equal keys. ``unknownKey`` until
    /// the list holds three entries of the element's name (before that, no clause can apply).
    var arkKey: UInt64

    /// Whether this entry is a marker.
    var isMarker: Bool { node == NodeArena.none }

    /// The key of an entry whose key is not computed yet. Computed keys are odd, so never equal it.
    static let unknownKey: UInt64 = 0
}

/// The list of active formatting elements (WHATWG HTML §13.2.4.3). Formatting elements are always in
/// the HTML namespace, so an entry only keeps the node, its name and its Noah's Ark key.
///
/// The list counts its entries per Noah's Ark key, so that pushing an element that has fewer than three
/// look-alikes after the last marker (the usual case, and the case of thousands of distinct unclosed
/// `<b id=…>`) does not scan the list.
struct ActiveFormattingElements: Sendable {
    /// The entries, oldest first.
    private(set) var entries: [FormattingEntry] = []
    /// Per Noah's Ark key: how many element entries have it.
    private var keyCounts = KeyCounts()
    /// The number of markers in the list.
    private(set) var markerCount: UInt64 = 0
    /// Per arena node: how many entries hold it (0 or 1), so that looking for a node that is not in
    /// the list costs nothing.
    private var membership: [UInt8] = []
    /// Per name id: how many element entries have that name (so that looking for a name that is not
    /// in the list costs nothing), and how many of them have no key yet. One array, so that an entry
    /// joining or leaving the list updates both with one write.
    private var nameCounts: [NameCount] = []

    /// The counts kept per name id.
    private struct NameCount: Sendable {
        /// Element entries of the name.
        var entries: Int32 = 0
        /// Element entries of the name that have no Noah's Ark key yet.
        var unknownKeys: Int32 = 0
    }

    /// The number of entries.
    var count: Int { entries.count }
    /// Whether the list is empty.
    var isEmpty: Bool { entries.isEmpty }

    /// The entry at a position.
    subscript(position: Int) -> FormattingEntry { entries[position] }

    /// The key an element with this attribute signature gets when pushed now.
    func arkKey(signature: UInt64) -> UInt64 {
        Self.arkKey(signature: signature, markers: markerCount)
    }

    /// The key of an element with this attribute signature and this many markers before it: odd, so
    /// that it never equals ``FormattingEntry/unknownKey``.
    static func arkKey(signature: UInt64, markers: UInt64) -> UInt64 {
        (signature &+ markers &* 0x9E37_79B9_7F4A_7C15) | 1
    }

    /// How many element entries are named `name`.
    func count(named name: LocalName) -> Int32 {
        Int(name.id) < nameCounts.count ? nameCounts[Int(name.id)].entries : 0
    }

    /// How many element entries named `name` have no key yet.
    func unknownKeys(named name: LocalName) -> Int32 {
        Int(name.id) < nameCounts.count ? nameCounts[Int(name.id)].unknownKeys : 0
    }

    /// Gives the entry at a position, which has no key yet, its key.
    mutating func setKey(at position: Int, _ key: UInt64) {
        let entry = entries[position]
        precondition(entry.arkKey == FormattingEntry.unknownKey && key != FormattingEntry.unknownKey)
        entries[position].arkKey = key
        nameCounts[Int(entry.name.id)].unknownKeys -= 1
        keyCounts.increment(key)
    }

    /// How many entries have a key.
    func count(ofKey key: UInt64) -> Int32 {
        keyCounts.count(of: key)
    }

    /// Appends a marker.
    mutating func pushMarker() {
        entries.append(FormattingEntry(node: NodeArena.none, name: LocalName(id: 0), arkKey: 0))
        markerCount += 1
    }

    /// Appends an element (the caller has applied the Noah's Ark clause), with its key or
    /// ``FormattingEntry/unknownKey``.
    mutating func push(_ node: Int32, name: LocalName, key: UInt64) {
        entries.append(FormattingEntry(node: node, name: name, arkKey: key))
        account(node, name: name, key: key, 1)
    }

    /// Counts an element entry in (`delta` 1) or out (-1): its node's membership, its name, and its
    /// key (in the key table, or as unknown for the name).
    @inline(__always)
    private mutating func account(_ node: Int32, name: LocalName, key: UInt64, _ delta: Int32) {
        let index = Int(node)
        if index >= membership.count {
            membership.append(contentsOf: repeatElement(0, count: max(index + 1 - membership.count, membership.count, 64)))
        }
        membership[index] = UInt8(truncatingIfNeeded: Int32(membership[index]) &+ delta)
        let id = Int(name.id)
        if id >= nameCounts.count {
            nameCounts.append(contentsOf: repeatElement(NameCount(), count: id + 64 - nameCounts.count))
        }
        let known = key != FormattingEntry.unknownKey
        // One write for both counts of the name.
        nameCounts[id] = NameCount(
            entries: nameCounts[id].entries &+ delta, unknownKeys: nameCounts[id].unknownKeys &+ (known ? 0 : delta))
        if known {
            if delta > 0 { keyCounts.increment(key) } else { keyCounts.decrement(key) }
        }
    }

    /// Forgets an entry that left the list.
    private mutating func forget(_ entry: FormattingEntry) {
        if entry.isMarker {
            markerCount -= 1
            return
        }
        account(entry.node, name: entry.name, key: entry.arkKey, -1)
    }

    /// Removes the entry at a position.
    mutating func remove(at position: Int) {
        forget(entries.remove(at: position))
    }

    /// Inserts an element entry at a position (the adoption agency's bookmark), with the key of the
    /// entry it stands for.
    mutating func insert(_ node: Int32, name: LocalName, key: UInt64, at position: Int) {
        entries.insert(FormattingEntry(node: node, name: name, arkKey: key), at: position)
        account(node, name: name, key: key, 1)
    }

    /// Replaces the element of the entry at a position by a copy of it (same name and attributes).
    mutating func replace(at position: Int, with node: Int32) {
        // The name stays, so only the membership of the two nodes changes.
        let old = Int(entries[position].node)
        entries[position].node = node
        membership[old] &-= 1
        let index = Int(node)
        if index >= membership.count {
            membership.append(contentsOf: repeatElement(0, count: max(index + 1 - membership.count, membership.count, 64)))
        }
        membership[index] &+= 1
    }

    /// Removes the entry holding `node`, if any.
    mutating func remove(node: Int32) {
        if let position = position(of: node) { remove(at: position) }
    }

    /// The position of the entry holding `node`.
    func position(of node: Int32) -> Int? {
        guard node >= 0, Int(node) < membership.count, membership[Int(node)] > 0 else { return nil }
        var i = entries.count - 1
        while i >= 0 {
            if entries[i].node == node { return i }
            i -= 1
        }
        return nil
    }

    /// The last element named `name` after the last marker, with its position.
    func lastElement(named name: LocalName) -> (position: Int, node: Int32)? {
        guard Int(name.id) < nameCounts.count, nameCounts[Int(name.id)].entries > 0 else { return nil }
        var i = entries.count - 1
        while i >= 0 {
            let entry = entries[i]
            if entry.isMarker { return nil }
            if entry.name == name { return (i, entry.node) }
            i -= 1
        }
        return nil
    }

    /// Removes entries up to and including the last marker.
    mutating func clearToLastMarker() {
        while let entry = entries.popLast() {
            forget(entry)
            if entry.isMarker { return }
        }
    }
}
