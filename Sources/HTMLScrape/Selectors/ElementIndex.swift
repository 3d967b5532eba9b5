/// The elements of a document by type, class and id, in document order, with every node's place in
/// document order: what lets a selector whose subject names a type, a class or an id (`a`,
/// `tr.vevent`, `#toc`, `[class~=x]`…) test only the elements that can match instead of walking
/// the whole tree. Built once per document, after its selections have walked as many nodes as it
/// holds (see `DocumentCache`), and read-only from then on.
final class ElementIndex: Sendable {
    /// Per node: its position in document order (pre-order) in the document's tree, counting every
    /// node; -1 for nodes outside it (the contents of templates).
    let order: [Int32]
    /// Per node: the position just past its last descendant (its subtree is `order ..< end`).
    let subtreeEnd: [Int32]
    /// Elements by local name, HTML elements and the others apart (`typeKey`), in document order.
    private let byType: [UInt64: [Int32]]
    /// Class tokens and ids, interned; the elements that carry each, in document order.
    private let classes: ByteTokens
    private let classLists: [[Int32]]
    private let ids: ByteTokens
    private let idLists: [[Int32]]

    init(arena: NodeArena) {
        var order = [Int32](repeating: -1, count: arena.nodes.count)
        var subtreeEnd = [Int32](repeating: -1, count: arena.nodes.count)
        var byType: [UInt64: [Int32]] = [:]
        var classes = ByteTokens()
        var classLists: [[Int32]] = []
        var ids = ByteTokens()
        var idLists: [[Int32]] = []
        var position: Int32 = 1
        order[0] = 0
        TextRendering.walk(0, in: arena, enter: { node, record in
            order[Int(node)] = position
            position += 1
            guard record.kind == .element else { return false }
            byType[Self.typeKey(record.name, isHTML: record.namespace == .html), default: []].append(node)
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
            return true
        }, exit: { node, _ in
            subtreeEnd[Int(node)] = position
        })
        subtreeEnd[0] = position
        self.order = order
        self.subtreeEnd = subtreeEnd
        self.byType = byType
        self.classes = classes
        self.classLists = classLists
        self.ids = ids
        self.idLists = idLists
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func typeKey(_ name: LocalName, isHTML: Bool) -> UInt64 {
        UInt64(name.id) << 1 | (isHTML ? 1 : 0)
    }

    /// The elements a type selector can match: HTML elements by their (lower-cased) name, the others
    /// by their name as written.
    func elements(ofType type: ResolvedName) -> [Int32] {
        let html = type.html.flatMap { byType[Self.typeKey($0, isHTML: true)] } ?? []
        let foreign = type.foreign.flatMap { byType[Self.typeKey($0, isHTML: false)] } ?? []
        if foreign.isEmpty { return html }
        if html.isEmpty { return foreign }
        return merged([html[...], foreign[...]])
    }

    /// The elements whose class list holds `name` exactly.
    func elements(withClass name: [UInt8]) -> [Int32] {
        name.withUnsafeBufferPointer { classes.lookup($0) }.map { classLists[Int($0)] } ?? []
    }

    /// The elements whose `id` is exactly `value`.
    func elements(withID value: [UInt8]) -> [Int32] {
        value.withUnsafeBufferPointer { ids.lookup($0) }.map { idLists[Int($0)] } ?? []
    }

    /// Lists in document order merged into one, without duplicates.
    func merged(_ lists: [ArraySlice<Int32>]) -> [Int32] {
        let nonEmpty = lists.filter { !$0.isEmpty }
        if nonEmpty.count <= 1 { return nonEmpty.first.map(Array.init) ?? [] }
        if nonEmpty.count == 2 { return merged(nonEmpty[0], nonEmpty[1]) }
        var result: [Int32] = []
        result.reserveCapacity(nonEmpty.reduce(0) { $0 + $1.count })
        var positions = nonEmpty.map(\.startIndex)
        while true {
            var best = -1
            var bestOrder = Int32.max
            for (list, index) in zip(nonEmpty.indices, positions) where index < nonEmpty[list].endIndex {
                let candidate = order[Int(nonEmpty[list][index])]
                if candidate < bestOrder {
                    bestOrder = candidate
                    best = list
                }
            }
            guard best >= 0 else { return result }
            let node = nonEmpty[best][positions[best]]
            if result.last != node { result.append(node) }
            positions[best] += 1
        }
    }

    /// Two lists in document order merged into one, without duplicates: the common case (`:is(h2, h3)`,
    /// a type and a class), without the general merge's bookkeeping.
    private func merged(_ first: ArraySlice<Int32>, _ second: ArraySlice<Int32>) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(first.count + second.count)
        order.withUnsafeBufferPointer { order in
            var i = first.startIndex
            var j = second.startIndex
            while i < first.endIndex && j < second.endIndex {
                let a = first[i]
                let b = second[j]
                let orderA = order[Int(a)]
                let orderB = order[Int(b)]
                if orderA < orderB {
                    result.append(a)
                    i += 1
                } else if orderB < orderA {
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
        }
        return result
    }

    /// The part of `list` (in document order) that lies strictly inside the subtree of `root`, as a
    /// range of its indices; `nil` when `root` is not in the document's tree.
    func range(of list: [Int32], inside root: Int32) -> Range<Int>? {
        let low = order[Int(root)]
        guard low >= 0 else { return nil }
        if root == 0 { return 0..<list.count }
        let high = subtreeEnd[Int(root)]
        return lowerBound(list, above: low)..<lowerBound(list, above: high - 1)
    }

    /// The elements of `list` (in document order) that lie strictly inside the subtree of one of
    /// `ancestors` (in document order too), in document order, each once: a pass over `ancestors`
    /// with two binary searches in `list` for each one that is not inside the one before.
    func elements(of list: ArraySlice<Int32>, inside ancestors: [Int32]) -> [Int32] {
        var result: [Int32] = []
        var coveredEnd: Int32 = 0
        var cursor = list.startIndex
        for ancestor in ancestors {
            let low = order[Int(ancestor)]
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
            if order[Int(list[middle])] <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index of `list` whose element comes after position `position`.
    private func lowerBound(_ list: [Int32], above position: Int32) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if order[Int(list[middle])] <= position { low = middle + 1 } else { high = middle }
        }
        return low
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
