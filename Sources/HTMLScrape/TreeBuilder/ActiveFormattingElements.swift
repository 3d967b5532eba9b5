/// One entry of the list of active formatting elements: a marker, or a formatting element.
struct FormattingEntry: Sendable {
    /// The element's arena index, or `NodeArena.none` for a marker.
    var node: Int32
    /// The element's name (meaningless for a marker).
    var name: LocalName

    /// A scope marker (pushed for `applet`, `object`, `marquee`, `template`, `td`, `th`, `caption`).
    static let marker = FormattingEntry(node: NodeArena.none, name: LocalName(id: 0))

    /// Whether this entry is a marker.
    var isMarker: Bool { node == NodeArena.none }
}

/// The list of active formatting elements (WHATWG HTML §13.2.4.3). Formatting elements are always in
/// the HTML namespace, so an entry only keeps the node and its name.
struct ActiveFormattingElements: Sendable {
    /// The entries, oldest first.
    private(set) var entries: [FormattingEntry] = []

    /// The number of entries.
    var count: Int { entries.count }
    /// Whether the list is empty.
    var isEmpty: Bool { entries.isEmpty }

    /// The entry at a position.
    subscript(position: Int) -> FormattingEntry { entries[position] }

    /// Appends a marker.
    mutating func pushMarker() {
        entries.append(.marker)
    }

    /// Appends an element (the caller has applied the Noah's Ark clause).
    mutating func push(_ node: Int32, name: LocalName) {
        entries.append(FormattingEntry(node: node, name: name))
    }

    /// Removes the entry at a position.
    mutating func remove(at position: Int) {
        entries.remove(at: position)
    }

    /// Inserts an element entry at a position.
    mutating func insert(_ node: Int32, name: LocalName, at position: Int) {
        entries.insert(FormattingEntry(node: node, name: name), at: position)
    }

    /// Replaces the element of the entry at a position.
    mutating func replace(at position: Int, with node: Int32) {
        entries[position].node = node
    }

    /// Removes the entry holding `node`, if any.
    mutating func remove(node: Int32) {
        if let position = position(of: node) { entries.remove(at: position) }
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
        while let entry = entries.popLast(), !entry.isMarker {}
    }
}
