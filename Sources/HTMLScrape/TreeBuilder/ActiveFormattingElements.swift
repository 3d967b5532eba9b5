/// One entry of the list of active formatting elements: a marker, or a formatting element.
struct FormattingEntry: Sendable {
    /// The element's arena index, or `NodeArena.none` for a marker.
    var node: Int32
    /// The element's name (meaningless for a marker).
    var name: LocalName
    /// A hash of the element's name and attributes, mixed with the number of markers before the entry:
    /// entries that the Noah's Ark clause could find identical have equal keys.
    var arkKey: UInt64

    /// Whether this entry is a marker.
    var isMarker: Bool { node == NodeArena.none }
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
    private var keyCounts: [UInt64: Int32] = [:]
    /// The number of markers in the list.
    private var markerCount: UInt64 = 0

    /// The number of entries.
    var count: Int { entries.count }
    /// Whether the list is empty.
    var isEmpty: Bool { entries.isEmpty }

    /// The entry at a position.
    subscript(position: Int) -> FormattingEntry { entries[position] }

    /// The key an element with this attribute signature gets when pushed now.
    func arkKey(signature: UInt64) -> UInt64 {
        signature &+ markerCount &* 0x9E37_79B9_7F4A_7C15
    }

    /// How many entries have a key.
    func count(ofKey key: UInt64) -> Int32 {
        keyCounts[key] ?? 0
    }

    /// Appends a marker.
    mutating func pushMarker() {
        entries.append(FormattingEntry(node: NodeArena.none, name: LocalName(id: 0), arkKey: 0))
        markerCount += 1
    }

    /// Appends an element (the caller has applied the Noah's Ark clause).
    mutating func push(_ node: Int32, name: LocalName, key: UInt64) {
        entries.append(FormattingEntry(node: node, name: name, arkKey: key))
        keyCounts[key, default: 0] += 1
    }

    /// Forgets an entry that left the list.
    private mutating func forget(_ entry: FormattingEntry) {
        if entry.isMarker {
            markerCount -= 1
        } else if let count = keyCounts[entry.arkKey] {
            if count <= 1 { keyCounts[entry.arkKey] = nil } else { keyCounts[entry.arkKey] = count - 1 }
        }
    }

    /// Removes the entry at a position.
    mutating func remove(at position: Int) {
        forget(entries.remove(at: position))
    }

    /// Inserts an element entry at a position (the adoption agency's bookmark), with the key of the
    /// entry it stands for.
    mutating func insert(_ node: Int32, name: LocalName, key: UInt64, at position: Int) {
        entries.insert(FormattingEntry(node: node, name: name, arkKey: key), at: position)
        keyCounts[key, default: 0] += 1
    }

    /// Replaces the element of the entry at a position by a copy of it (same name and attributes).
    mutating func replace(at position: Int, with node: Int32) {
        entries[position].node = node
    }

    /// Removes the entry holding `node`, if any.
    mutating func remove(node: Int32) {
        if let position = position(of: node) { remove(at: position) }
    }

    /// The position of the entry holding `node`.
    func position(of node: Int32) -> Int? {
        var i = entries.count - 1
        while i >= 0 {
            if entries[i].node == node { return i }
            i -= 1
        }
        return nil
    }

    /// The last element named `name` after the last marker, with its position.
    func lastElement(named name: LocalName) -> (position: Int, node: Int32)? {
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
