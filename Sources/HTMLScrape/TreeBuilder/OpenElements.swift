/// What the stack of open elements caches about each element, so that scope checks never touch the
/// arena.
struct OpenElementInfo: Sendable {
    /// The element's local name.
    var name: LocalName
    /// The element's namespace.
    var namespace: Namespace
    /// Whether the element is an HTML integration point (`annotation-xml` with an HTML encoding, or SVG
    /// `foreignObject`, `desc`, `title`).
    var isHTMLIntegrationPoint: Bool

    /// Whether this is the HTML element `name`.
    @inline(__always)
    func isHTML(_ name: LocalName) -> Bool {
        namespace == .html && self.name == name
    }

    /// Whether this is an HTML element whose name is in `set`.
    @inline(__always)
    func isHTML(in set: NameSet) -> Bool {
        namespace == .html && set.contains(name)
    }

    /// Whether this element is in the spec's "special" category.
    var isSpecial: Bool {
        switch namespace {
        case .html: return TagSets.special.contains(name)
        case .mathML: return TagSets.mathMLScope.contains(name)
        case .svg: return TagSets.svgScope.contains(name)
        default: return false
        }
    }

    /// Whether this is a MathML text integration point.
    var isMathMLTextIntegrationPoint: Bool {
        namespace == .mathML && TagSets.mathMLTextIntegration.contains(name)
    }
}

/// One element of the stack of open elements.
struct OpenEntry: Sendable {
    /// The element's arena index.
    var node: Int32
    /// Cached facts about it.
    var info: OpenElementInfo
}

/// The kinds of element scope of the spec ("has an element in … scope").
enum ElementScope: Sendable {
    case normal, listItem, button, table
}

/// The stack of open elements: arena indices, each with a cache of its name and namespace.
///
/// It also counts, per name, how many HTML elements of that name are open, so that asking whether an
/// element that is not open at all is in scope costs nothing, however deep the stack. It knows each
/// open node's position, and the positions of the elements that bound the default scope, so the
/// adoption agency's "where is this node" and "is it in scope" cost O(1) however deep the stack is,
/// and it moves a formatting element below its furthest block by shifting only the elements between
/// them: misnested formatting over thousands of open blocks stays linear.
struct OpenElements: Sendable {
    /// Arena indices, bottom (the `html` element) first.
    /// The open elements, bottom (the `html` element) first: arena index and cached facts side by
    /// side, so that a push or a pop changes one array.
    private var entries: [OpenEntry] = []
    /// Per name id: how many open HTML elements have that name.
    private var htmlCounts: [Int32] = [Int32](repeating: 0, count: Int(LocalName.knownCount))
    /// Per arena node: its position in `entries` when it was last placed there, or -1. A pop leaves
    /// the position behind (one array write less per pop): ``position(of:)`` checks that the entry
    /// at that position still holds the node.
    private var positions: [Int32] = []
    /// The positions of the open elements that end the default scope (`table`, `td`, `html`…), in
    /// increasing order.
    private var defaultBoundaries: [Int32] = []
    /// How many open elements are not HTML elements (SVG, MathML). While none is, no token goes to
    /// the rules for foreign content, which the tree builder then need not ask about.
    private(set) var foreignCount = 0

    /// The number of open elements.
    var count: Int { entries.count }
    /// Whether no element is open.
    var isEmpty: Bool { entries.isEmpty }

    /// The current node (top of the stack), or `none`.
    var current: Int32 { entries.last?.node ?? NodeArena.none }
    /// Facts about the current node; only valid when the stack is not empty.
    var currentInfo: OpenElementInfo {
        entries[entries.count - 1].info
    }

    // MARK: Bookkeeping

    /// Records a node's position.
    @inline(__always)
    private mutating func setPosition(_ node: Int32, _ position: Int) {
        let index = Int(node)
        if index >= positions.count {
            positions.append(contentsOf: repeatElement(-1, count: max(index + 1 - positions.count, positions.count, 64)))
        }
        positions[index] = Int32(position)
    }

    /// Counts an element that joined the stack.
    private mutating func track(_ node: Int32, _ info: OpenElementInfo) {
        guard info.namespace == .html else {
            foreignCount += 1
            return
        }
        let id = Int(info.name.id)
        if id >= htmlCounts.count {
            htmlCounts.append(contentsOf: repeatElement(0, count: id + 64 - htmlCounts.count))
        }
        htmlCounts[id] += 1
    }

    /// Forgets an element that left the stack.
    private mutating func untrack(_ node: Int32, _ info: OpenElementInfo) {
        guard info.namespace == .html else {
            foreignCount -= 1
            return
        }
        htmlCounts[Int(info.name.id)] -= 1
    }

    /// The index in `defaultBoundaries` of the first entry greater than `position`.
    private func firstBoundary(after position: Int) -> Int {
        var low = 0
        var high = defaultBoundaries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(defaultBoundaries[middle]) <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Shifts the positions of the boundaries at or above `position` by `delta`.
    private mutating func shiftBoundaries(from position: Int, by delta: Int32) {
        var i = defaultBoundaries.count - 1
        while i >= 0 && Int(defaultBoundaries[i]) >= position {
            defaultBoundaries[i] += delta
            i -= 1
        }
    }

    /// Records the positions of `entries[range]`.
    private mutating func renumber(_ range: Range<Int>) {
        for position in range { setPosition(entries[position].node, position) }
    }

    // MARK: Changing the stack

    /// Pushes an element.
    mutating func push(_ node: Int32, _ info: OpenElementInfo) {
        let position = entries.count
        entries.append(OpenEntry(node: node, info: info))
        setPosition(node, position)
        // `track` and the boundary test, with the namespace tested once.
        if info.namespace == .html {
            let id = Int(info.name.id)
            if id >= htmlCounts.count {
                htmlCounts.append(contentsOf: repeatElement(0, count: id + 64 - htmlCounts.count))
            }
            htmlCounts[id] &+= 1
            if TagSets.defaultScope.contains(info.name) { defaultBoundaries.append(Int32(position)) }
        } else {
            foreignCount += 1
            if Self.isBoundary(info, .normal) { defaultBoundaries.append(Int32(position)) }
        }
    }

    /// Whether a formatting element (`a`, `b`, …, in the HTML namespace) is open: an O(1) look-up of
    /// its stack position.
    @inline(__always)
    func isOpenFormattingElement(_ node: Int32) -> Bool {
        position(of: node) != nil
    }

    /// Pops the current node.
    @discardableResult
    mutating func pop() -> Int32 {
        guard let entry = entries.popLast() else { return NodeArena.none }
        if let last = defaultBoundaries.last, Int(last) == entries.count { defaultBoundaries.removeLast() }
        untrack(entry.node, entry.info)
        return entry.node
    }

    /// Removes the element at a stack position.
    mutating func remove(at position: Int) {
        if position == entries.count - 1 {
            pop()
            return
        }
        let entry = entries.remove(at: position)
        untrack(entry.node, entry.info)
        let boundary = firstBoundary(after: position - 1)
        if boundary < defaultBoundaries.count && Int(defaultBoundaries[boundary]) == position {
            defaultBoundaries.remove(at: boundary)
        }
        shiftBoundaries(from: position + 1, by: -1)
        renumber(position..<entries.count)
    }

    /// Inserts an element at a stack position.
    mutating func insert(_ node: Int32, _ info: OpenElementInfo, at position: Int) {
        if position >= entries.count {
            push(node, info)
            return
        }
        entries.insert(OpenEntry(node: node, info: info), at: position)
        shiftBoundaries(from: position, by: 1)
        if Self.isBoundary(info, .normal) {
            defaultBoundaries.insert(Int32(position), at: firstBoundary(after: position - 1))
        }
        track(node, info)
        renumber(position..<entries.count)
    }

    /// Removes the element at `removed` and puts `node` just above the element at `furthest` (which
    /// is above `removed`): the elements in between move down one slot, `node` takes the slot
    /// `furthest` had, and nothing else moves. This is the adoption agency's last step ("remove
    /// formatting element from the stack, and insert the new element immediately below furthest
    /// block", where "below" means nearer the top).
    mutating func remove(at removed: Int, insertingAbove furthest: Int, _ node: Int32, _ info: OpenElementInfo) {
        guard removed < furthest, furthest < entries.count else {
            // Not the adoption agency's shape: the general (slower) steps keep the stack right.
            assertionFailure("the removed element is expected below the furthest block")
            remove(at: removed)
            insert(node, info, at: min(furthest, entries.count))
            return
        }
        untrack(entries[removed].node, entries[removed].info)
        // Boundaries: the removed element's entry goes, the ones in (removed, furthest] move down.
        var boundary = firstBoundary(after: removed - 1)
        if boundary < defaultBoundaries.count && Int(defaultBoundaries[boundary]) == removed {
            defaultBoundaries.remove(at: boundary)
        }
        while boundary < defaultBoundaries.count && Int(defaultBoundaries[boundary]) <= furthest {
            defaultBoundaries[boundary] -= 1
            boundary += 1
        }
        for position in removed..<furthest {
            entries[position] = entries[position + 1]
            setPosition(entries[position].node, position)
        }
        entries[furthest] = OpenEntry(node: node, info: info)
        setPosition(node, furthest)
        if Self.isBoundary(info, .normal) {
            defaultBoundaries.insert(Int32(furthest), at: firstBoundary(after: furthest - 1))
        }
        track(node, info)
    }

    /// Facts about the element at a stack position.
    @inline(__always)
    func info(at position: Int) -> OpenElementInfo { entries[position].info }

    /// Replaces the element at a stack position.
    mutating func replace(at position: Int, with node: Int32, _ info: OpenElementInfo) {
        let wasBoundary = Self.isBoundary(entries[position].info, .normal)
        untrack(entries[position].node, entries[position].info)
        entries[position] = OpenEntry(node: node, info: info)
        setPosition(node, position)
        track(node, info)
        let isBoundary = Self.isBoundary(info, .normal)
        if wasBoundary != isBoundary {
            let boundary = firstBoundary(after: position - 1)
            if isBoundary {
                defaultBoundaries.insert(Int32(position), at: boundary)
            } else {
                defaultBoundaries.remove(at: boundary)
            }
        }
    }

    /// The element at a stack position (0 is the bottom).
    @inline(__always)
    subscript(position: Int) -> Int32 { entries[position].node }

    /// Whether an HTML element of that name is open at all.
    @inline(__always)
    func containsHTML(_ name: LocalName) -> Bool {
        let id = Int(name.id)
        return id < htmlCounts.count && htmlCounts[id] > 0
    }

    /// The stack position of a node, if it is open.
    @inline(__always)
    func position(of node: Int32) -> Int? {
        guard node >= 0, Int(node) < positions.count else { return nil }
        let position = Int(positions[Int(node)])
        // A node that was popped keeps its last position: open only if the entry there is still it.
        guard position >= 0, position < entries.count, entries[position].node == node else { return nil }
        return position
    }

    /// Whether the node is open.
    func contains(_ node: Int32) -> Bool {
        position(of: node) != nil
    }

    /// The topmost position of an HTML element of that name, if one is open.
    func topmostPosition(ofHTML name: LocalName) -> Int? {
        guard containsHTML(name) else { return nil }
        var i = entries.count - 1
        while i >= 0 {
            if entries[i].info.isHTML(name) { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `info` ends a scope of the given kind.
    @inline(__always)
    private static func isBoundary(_ info: OpenElementInfo, _ scope: ElementScope) -> Bool {
        switch info.namespace {
        case .html:
            switch scope {
            case .normal: return TagSets.defaultScope.contains(info.name)
            case .listItem: return TagSets.listItemScope.contains(info.name)
            case .button: return TagSets.buttonScope.contains(info.name)
            case .table: return TagSets.tableScope.contains(info.name)
            }
        case .mathML: return scope != .table && TagSets.mathMLScope.contains(info.name)
        case .svg: return scope != .table && TagSets.svgScope.contains(info.name)
        default: return false
        }
    }

    /// Whether an HTML element named `name` is in the given scope.
    func hasInScope(_ name: LocalName, _ scope: ElementScope = .normal) -> Bool {
        guard containsHTML(name) else { return false }
        var i = entries.count - 1
        while i >= 0 {
            let info = entries[i].info
            if info.isHTML(name) { return true }
            if Self.isBoundary(info, scope) { return false }
            i -= 1
        }
        return false
    }

    /// Whether an HTML element whose name is in `names` is in the given scope.
    func hasAnyInScope(_ names: NameSet, _ scope: ElementScope = .normal) -> Bool {
        var i = entries.count - 1
        while i >= 0 {
            let info = entries[i].info
            if info.isHTML(in: names) { return true }
            if Self.isBoundary(info, scope) { return false }
            i -= 1
        }
        return false
    }

    /// Whether the given node is in the default scope: it is open and no element above it ends the
    /// default scope.
    func hasNodeInScope(_ node: Int32) -> Bool {
        guard let position = position(of: node) else { return false }
        return Int(defaultBoundaries.last ?? -1) <= position
    }

    /// Pops elements until an HTML element named `name` has been popped.
    mutating func popUntilHTML(_ name: LocalName) {
        guard containsHTML(name) else { return }
        while let info = entries.last?.info {
            pop()
            if info.isHTML(name) { return }
        }
    }

    /// Pops elements until an HTML element whose name is in `names` has been popped.
    mutating func popUntilHTML(in names: NameSet) {
        guard entries.contains(where: { $0.info.isHTML(in: names) }) else { return }
        while let info = entries.last?.info {
            pop()
            if info.isHTML(in: names) { return }
        }
    }

    /// Pops elements while the current node is not an HTML element in `names` (the "clear the stack
    /// back to a … context" steps).
    @inline(__always)
    mutating func popUntilCurrentIsHTML(in names: NameSet) {
        // Nearly always there is nothing to pop (a `<td>` after a `</td>`): answered before the
        // loop, whose pops would otherwise make the array unique first.
        if let info = entries.last?.info, info.isHTML(in: names) { return }
        while let info = entries.last?.info, !info.isHTML(in: names) {
            pop()
        }
    }

    /// Pops elements until `node` has been popped.
    mutating func popUntil(node: Int32) {
        while let top = entries.last?.node {
            pop()
            if top == node { return }
        }
    }
}
