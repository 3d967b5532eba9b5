/// A document's nodes in document order, and its elements by type: what lets a selector whose
/// subject names a type (`a`, `tr.vevent`, `:is(h2, h3)`) test only the elements that can match, and
/// any other query scan the elements in order without climbing the tree.
///
/// Built at a document's first selection, in two or three passes over the node records with no
/// hashing (about 16 instructions a node, under a tenth of what matching a walk of the tree cost):
/// a backward pass checks that the parser created the nodes in document order (it nearly always does:
/// only foster parenting, the adoption agency's moves and `<template>` contents break it) and finds
/// where each subtree ends; a counting sort lays the elements out by type. When the order does not
/// hold, one walk of the tree numbers the nodes instead. Classes and ids are indexed apart
/// (`ClassIndex`), once queries have scanned for them as many nodes as the document holds. Read-only
/// once built.
final class ElementIndex: Sendable {
    /// Per node: its position in document order (pre-order, counting every node); -1 for nodes
    /// outside the tree (the contents of templates). `nil` when every node's position is its index.
    private let positions: [Int32]?
    /// The nodes of the tree by position; `nil` when every node's position is its index.
    private let sequence: [Int32]?
    /// Per node: the position just past its last descendant (its subtree is `position ..< end`); -1
    /// for nodes outside the tree.
    private let subtreeEnd: [Int32]
    /// The elements grouped by `typeKey`, each group in document order: group `k` is
    /// `typeElements[typeStarts[k] ..< typeStarts[k + 1]]`.
    private let typeStarts: [Int32]
    private let typeElements: [Int32]
    /// Whether the nodes' indices are their positions (the parser created them in document order).
    var isInCreationOrder: Bool { positions == nil }

    init(arena: NodeArena) {
        let count = arena.nodes.count
        var subtreeEnd = [Int32](repeating: -1, count: count)
        let inOrder = arena.nodes.withUnsafeBufferPointer { nodes in
            subtreeEnd.withUnsafeMutableBufferPointer { Self.checkCreationOrder(nodes, $0) }
        }
        var positions: [Int32]?
        var sequence: [Int32]?
        if !inOrder {
            (positions, sequence, subtreeEnd) = Self.walk(arena)
        }
        // Elements by type: counted, then placed, in document order.
        let keyCount = 2 * arena.names.count
        var starts = [Int32](repeating: 0, count: keyCount + 1)
        var elements: [Int32] = []
        arena.nodes.withUnsafeBufferPointer { nodes in
            starts.withUnsafeMutableBufferPointer { starts in
                func forEachElement(_ body: (Int32, Int) -> Void) {
                    if let sequence {
                        for node in sequence {
                            let record = nodes[Int(node)]
                            guard record.kind == .element else { continue }
                            let key = Self.typeKey(record.name, isHTML: record.namespace == .html)
                            if key < keyCount { body(node, key) }
                        }
                    } else {
                        for index in 0..<count {
                            let record = nodes[index]
                            guard record.kind == .element else { continue }
                            let key = Self.typeKey(record.name, isHTML: record.namespace == .html)
                            if key < keyCount { body(Int32(index), key) }
                        }
                    }
                }
                var total = 0
                forEachElement { _, key in
                    starts[key + 1] += 1
                    total += 1
                }
                for key in 0..<keyCount { starts[key + 1] += starts[key] }
                elements = [Int32](repeating: 0, count: total)
                // `starts[k]` moves to the end of group `k` while placing, then back.
                elements.withUnsafeMutableBufferPointer { elements in
                    forEachElement { node, key in
                        let slot = Int(starts[key])
                        precondition(slot < total, "element index slot out of range")
                        elements[slot] = node
                        starts[key] = Int32(slot + 1)
                    }
                }
                var previous: Int32 = 0
                for key in 0...keyCount {
                    let end = starts[key]
                    starts[key] = previous
                    previous = end
                }
            }
        }
        self.positions = positions
        self.sequence = sequence
        self.subtreeEnd = subtreeEnd
        self.typeStarts = starts
        self.typeElements = elements
    }

    /// One backward pass: whether every node's index is its position in document order and the
    /// tree holds every node (each first child is the node after its parent, each next sibling the
    /// node after the subtree before it, and the root's subtree ends at the last node), filling
    /// `end` with where each subtree ends on the way.
    private static func checkCreationOrder(
        _ nodes: UnsafeBufferPointer<NodeRecord>, _ end: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        let count = nodes.count
        var index = count - 1
        while index >= 0 {
            let record = nodes[index]
            if record.firstChild != NodeArena.none && Int(record.firstChild) != index + 1 { return false }
            let last = Int(record.lastChild)
            let subtreeEnd: Int32
            if record.lastChild == NodeArena.none {
                subtreeEnd = Int32(index + 1)
            } else {
                // In document order a last child comes after its parent, and its end is known.
                guard last > index && last < count else { return false }
                subtreeEnd = end[last]
            }
            end[index] = subtreeEnd
            if record.nextSibling != NodeArena.none && record.nextSibling != subtreeEnd { return false }
            index -= 1
        }
        return count > 0 && end[0] == Int32(count)
    }

    /// Positions, the nodes by position and subtree ends from a walk of the tree (for a tree that
    /// the parser did not create in document order).
    private static func walk(_ arena: NodeArena) -> (positions: [Int32], sequence: [Int32], end: [Int32]) {
        let count = arena.nodes.count
        var positions = [Int32](repeating: -1, count: count)
        var end = [Int32](repeating: -1, count: count)
        var sequence: [Int32] = [0]
        sequence.reserveCapacity(count)
        positions[0] = 0
        TextRendering.walk(0, in: arena, enter: { node, record in
            let position = Int32(sequence.count)
            positions[Int(node)] = position
            sequence.append(node)
            // Only elements have children here (and an exit): every other node ends after itself.
            if record.kind != .element { end[Int(node)] = position + 1 }
            return true
        }, exit: { node, _ in
            end[Int(node)] = Int32(sequence.count)
        })
        end[0] = Int32(sequence.count)
        return (positions, sequence, end)
    }

    @inline(__always)
    private static func typeKey(_ name: LocalName, isHTML: Bool) -> Int {
        Int(name.id) &<< 1 | (isHTML ? 1 : 0)
    }

    /// A node's position in document order; -1 outside the tree.
    @inline(__always)
    func position(of node: Int32) -> Int32 {
        positions?[Int(node)] ?? node
    }

    /// The node at a position in document order.
    @inline(__always)
    func node(at position: Int32) -> Int32 {
        sequence?[Int(position)] ?? position
    }

    /// The positions of the nodes strictly inside `root`'s subtree, in document order; `nil` when
    /// `root` is outside the tree (a template's contents).
    func positions(inside root: Int32) -> Range<Int32>? {
        let low = position(of: root)
        guard low >= 0 else { return nil }
        return (low + 1)..<subtreeEnd[Int(root)]
    }

    /// The elements a type selector can match: HTML elements by their (lower-cased) name, the others
    /// by their name as written.
    func elements(ofType type: ResolvedName) -> ArraySlice<Int32> {
        let html = type.html.map { group(Self.typeKey($0, isHTML: true)) } ?? []
        let foreign = type.foreign.map { group(Self.typeKey($0, isHTML: false)) } ?? []
        if foreign.isEmpty { return html }
        if html.isEmpty { return foreign }
        return merged([html, foreign])[...]
    }

    private func group(_ key: Int) -> ArraySlice<Int32> {
        guard key + 1 < typeStarts.count else { return [] }
        return typeElements[Int(typeStarts[key])..<Int(typeStarts[key + 1])]
    }

    /// Lists in document order merged into one, without duplicates.
    func merged(_ lists: [ArraySlice<Int32>]) -> [Int32] {
        let nonEmpty = lists.filter { !$0.isEmpty }
        if nonEmpty.count <= 1 { return nonEmpty.first.map(Array.init) ?? [] }
        if nonEmpty.count == 2 { return merged(nonEmpty[0], nonEmpty[1]) }
        var result: [Int32] = []
        result.reserveCapacity(nonEmpty.reduce(0) { $0 + $1.count })
        var cursors = nonEmpty.map(\.startIndex)
        while true {
            var best = -1
            var bestPosition = Int32.max
            for (list, index) in zip(nonEmpty.indices, cursors) where index < nonEmpty[list].endIndex {
                let candidate = position(of: nonEmpty[list][index])
                if candidate < bestPosition {
                    bestPosition = candidate
                    best = list
                }
            }
            guard best >= 0 else { return result }
            let node = nonEmpty[best][cursors[best]]
            if result.last != node { result.append(node) }
            cursors[best] += 1
        }
    }

    /// Two lists in document order merged into one, without duplicates: the common case (`:is(h2, h3)`,
    /// a type and a class), without the general merge's bookkeeping.
    private func merged(_ first: ArraySlice<Int32>, _ second: ArraySlice<Int32>) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(first.count + second.count)
        var i = first.startIndex
        var j = second.startIndex
        while i < first.endIndex && j < second.endIndex {
            let a = first[i]
            let b = second[j]
            let positionA = position(of: a)
            let positionB = position(of: b)
            if positionA < positionB {
                result.append(a)
                i += 1
            } else if positionB < positionA {
                result.append(b)
                j += 1
            } else {
                result.append(a)
                i += 1
                j += 1
            }
        }
        result.append(contentsOf: first[i...])
        result.append(contentsOf: second[j...])
        return result
    }

    /// The part of `list` (in document order) that lies strictly inside the subtree of `root`, as a
    /// range of its indices; `nil` when `root` is not in the document's tree.
    func range(of list: ArraySlice<Int32>, inside root: Int32) -> Range<Int>? {
        let low = position(of: root)
        guard low >= 0 else { return nil }
        if root == 0 { return list.startIndex..<list.endIndex }
        let high = subtreeEnd[Int(root)]
        let start = lowerBound(list, from: list.startIndex, above: low)
        return start..<lowerBound(list, from: start, above: high - 1)
    }

    /// The elements of `list` (in document order) that lie strictly inside the subtree of one of
    /// `ancestors` (in document order too), in document order, each once: a pass over `ancestors`
    /// with two binary searches in `list` for each one that is not inside the one before.
    func elements(of list: ArraySlice<Int32>, inside ancestors: ArraySlice<Int32>) -> [Int32] {
        var result: [Int32] = []
        var coveredEnd: Int32 = 0
        var cursor = list.startIndex
        for ancestor in ancestors {
            let low = position(of: ancestor)
            guard low >= coveredEnd else { continue }  // outside the tree, or inside the one before
            let high = subtreeEnd[Int(ancestor)]
            coveredEnd = high
            let start = lowerBound(list, from: cursor, above: low)
            let end = lowerBound(list, from: start, above: high - 1)
            result.append(contentsOf: list[start..<end])
            cursor = end
        }
        return result
    }

    /// The first index of `list` at or after `from` whose element comes after position `position`.
    private func lowerBound(_ list: ArraySlice<Int32>, from: Int, above position: Int32) -> Int {
        var low = from
        var high = list.endIndex
        while low < high {
            let middle = (low + high) / 2
            if self.position(of: list[middle]) <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The elements of a document by class token and by id, in document order: what lets a selector
/// whose subject names a class or an id (`.reference`, `#toc`, `[class~=x]`) test only the elements
/// that carry it. Built once queries have scanned for classes or ids as many nodes as the document
/// holds (the first such query scans the elements in order: building this costs more than one scan).
final class ClassIndex: Sendable {
    private let classes: ByteTokens
    private let classLists: [[Int32]]
    private let ids: ByteTokens
    private let idLists: [[Int32]]

    init(arena: NodeArena, order: ElementIndex) {
        var classes = ByteTokens()
        var classLists: [[Int32]] = []
        var ids = ByteTokens()
        var idLists: [[Int32]] = []
        for position in order.positions(inside: 0) ?? 0..<0 {
            let node = order.node(at: position)
            let record = arena.nodes[Int(node)]
            guard record.kind == .element else { continue }
            var attribute = Int(record.dataStart)
            let end = attribute + Int(record.dataCount)
            while attribute < end {
                let stored = arena.attributes[attribute]
                attribute += 1
                guard stored.namespace == .none, stored.name == .class || stored.name == .id else { continue }
                arena.withBytes(start: stored.valueStart, count: stored.valueCount) { value in
                    if stored.name == .id {
                        guard !value.isEmpty else { return }
                        let token = Int(ids.intern(value))
                        if token == idLists.count { idLists.append([]) }
                        idLists[token].append(node)
                        return
                    }
                    var index = 0
                    while index < value.count {
                        while index < value.count && Self.isWhitespace(value[index]) { index += 1 }
                        let start = index
                        while index < value.count && !Self.isWhitespace(value[index]) { index += 1 }
                        guard index > start else { continue }
                        let token = Int(classes.intern(UnsafeBufferPointer(rebasing: value[start..<index])))
                        if token == classLists.count { classLists.append([]) }
                        // `class="a a"` lists the element once.
                        if classLists[token].last != node { classLists[token].append(node) }
                    }
                }
            }
        }
        self.classes = classes
        self.classLists = classLists
        self.ids = ids
        self.idLists = idLists
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The elements whose class list holds `name` exactly.
    func elements(withClass name: [UInt8]) -> ArraySlice<Int32> {
        name.withUnsafeBufferPointer { classes.lookup($0) }.map { classLists[Int($0)][...] } ?? []
    }

    /// The elements whose `id` is exactly `value`.
    func elements(withID value: [UInt8]) -> ArraySlice<Int32> {
        value.withUnsafeBufferPointer { ids.lookup($0) }.map { idLists[Int($0)][...] } ?? []
    }
}

/// Interns byte strings (class tokens, ids) to small integers, without making a `String` of each.
struct ByteTokens: Sendable {
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []
    /// Slots hold `token + 1`; 0 is empty. The count is a power of two.
    private var slots = [UInt32](repeating: 0, count: 64)

    private static func hash(_ token: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in token { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private func equal(_ token: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = ranges[token]
        guard range.count == bytes.count else { return false }
        return self.bytes[range].elementsEqual(bytes)
    }

    /// The token's number, if it was interned.
    func lookup(_ token: UnsafeBufferPointer<UInt8>) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(token)) & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot] - 1)
            if equal(candidate, token) { return Int32(candidate) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The token's number, adding it when it is new (numbers count up from 0).
    mutating func intern(_ token: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let known = lookup(token) { return known }
        let number = ranges.count
        let start = bytes.count
        bytes.append(contentsOf: token)
        ranges.append(start..<bytes.count)
        if ranges.count * 2 > slots.count {
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            for existing in 0..<ranges.count { place(existing) }
        } else {
            place(number)
        }
        return Int32(number)
    }

    private mutating func place(_ token: Int) {
        let mask = slots.count - 1
        let hash = bytes[ranges[token]].withUnsafeBufferPointer { Self.hash($0) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(token + 1)
    }
}
