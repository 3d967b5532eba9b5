/// Arena operations that editing needs beyond what the tree builder does: changing attributes and
/// text in place, copying subtrees between arenas and compacting an edited arena.
///
/// Edits leave garbage behind (old attribute slots, old text bytes, detached nodes); compaction
/// copies what is reachable into a fresh arena in document order. Every walk here is iterative.
extension NodeArena {
    // MARK: Attributes and text

    /// Sets an attribute's value, adding the attribute at the end of the element's list when it is new.
    mutating func setAttribute(_ name: LocalName, namespace: Namespace, value: String, on element: Int32) {
        let utf8 = Array(value.utf8)
        if let index = attributeIndex(of: element, name: name, namespace: namespace) {
            attributes[index].valueStart = utf8.withUnsafeBufferPointer { appendBytes($0) }
            attributes[index].valueCount = UInt32(utf8.count)
        } else {
            utf8.withUnsafeBufferPointer { buffer in
                addAttributeIfMissing(to: element, name: name, namespace: namespace, value: buffer)
            }
        }
    }

    /// Removes an attribute; the others keep their order. Returns whether the element had it.
    @discardableResult
    mutating func removeAttribute(_ name: LocalName, namespace: Namespace, from element: Int32) -> Bool {
        guard let index = attributeIndex(of: element, name: name, namespace: namespace) else { return false }
        let end = Int(nodes[Int(element)].dataStart + nodes[Int(element)].dataCount)
        var i = index
        while i + 1 < end {
            attributes[i] = attributes[i + 1]
            i += 1
        }
        nodes[Int(element)].dataCount -= 1
        return true
    }

    /// Replaces the bytes of a text or comment node.
    mutating func setData(of node: Int32, to text: String) {
        nodes[Int(node)].dataStart = appendBytes(text)
        nodes[Int(node)].dataCount = UInt32(text.utf8.count)
        textRoom[node] = nil
    }

    // MARK: Copying

    /// Translates names interned in another arena's table into this arena's table, remembering the
    /// names it has already seen.
    struct NameTranslation {
        let sameTable: Bool
        var cache: [UInt32: LocalName] = [:]

        init(sameTable: Bool) {
            self.sameTable = sameTable
        }

        mutating func translate(_ name: LocalName, from source: NodeArena, into target: inout NodeArena) -> LocalName {
            if sameTable || name.id < LocalName.knownCount { return name }
            if let known = cache[name.id] { return known }
            let translated = target.names.intern(source.names.spelling(of: name))
            cache[name.id] = translated
            return translated
        }
    }

    /// Creates an unlinked copy of one node of `source` (attributes, text or doctype included, but no
    /// children or template contents).
    private mutating func copyNode(
        _ node: Int32, from source: NodeArena, names: inout NameTranslation
    ) -> Int32 {
        let record = source.nodes[Int(node)]
        switch record.kind {
        case .element:
            let name = names.translate(record.name, from: source, into: &self)
            let copy = createElement(name, namespace: record.namespace)
            var i = Int(record.dataStart)
            let end = i + Int(record.dataCount)
            while i < end {
                let attribute = source.attributes[i]
                let attributeName = names.translate(attribute.name, from: source, into: &self)
                source.bytes(start: attribute.valueStart, count: attribute.valueCount).withUnsafeBufferPointer {
                    appendAttribute(to: copy, name: attributeName, namespace: attribute.namespace, value: $0)
                }
                i += 1
            }
            return copy
        case .text:
            return source.bytes(start: record.dataStart, count: record.dataCount)
                .withUnsafeBufferPointer { createText($0) }
        case .comment:
            return source.bytes(start: record.dataStart, count: record.dataCount)
                .withUnsafeBufferPointer { createComment($0) }
        case .documentType:
            let doctype = source.doctypes[Int(record.dataStart)]
            return createDoctype(name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID)
        case .document, .documentFragment:
            let index = Int32(nodes.count)
            nodes.append(NodeRecord(kind: record.kind))
            return index
        }
    }

    /// Copies the descendants of `sourceRoot` (and the contents of any `template` among them) as the
    /// children of `destination`, in order. `origins` receives, for every node created, the source
    /// node it copies (indexed by the new node; `none` for indices this call did not create).
    mutating func copyChildren(
        of sourceRoot: Int32, from source: NodeArena, into destination: Int32,
        names: inout NameTranslation, origins: inout [Int32], recordsOrigins: Bool = true
    ) {
        var copies: [Int32: Int32] = [sourceRoot: destination]
        var roots: [Int32] = [sourceRoot]
        while let root = roots.popLast() {
            var node = source.following(root, within: root)
            while node != Self.none {
                let copy = copyNode(node, from: source, names: &names)
                copies[node] = copy
                if recordsOrigins { Self.record(origin: node, of: copy, in: &origins) }
                let parent = copies[source.nodes[Int(node)].parent] ?? destination
                append(copy, to: parent)
                if let content = source.templateContents[node] {
                    let copiedContent = templateContent(of: copy)
                    copies[content] = copiedContent
                    if recordsOrigins { Self.record(origin: content, of: copiedContent, in: &origins) }
                    roots.append(content)
                }
                node = source.following(node, within: root)
            }
        }
    }

    private static func record(origin: Int32, of copy: Int32, in origins: inout [Int32]) {
        while origins.count <= Int(copy) { origins.append(Self.none) }
        origins[Int(copy)] = origin
    }

    /// Copies a node of `source` and everything below it into this arena, unlinked; returns the copy.
    mutating func importSubtree(_ node: Int32, from source: NodeArena, names: inout NameTranslation) -> Int32 {
        var origins: [Int32] = []
        let copy = copyNode(node, from: source, names: &names)
        if let content = source.templateContents[node] {
            let copiedContent = templateContent(of: copy)
            copyChildren(of: content, from: source, into: copiedContent, names: &names, origins: &origins, recordsOrigins: false)
        }
        copyChildren(of: node, from: source, into: copy, names: &names, origins: &origins, recordsOrigins: false)
        return copy
    }

    /// A copy of the tree under node 0 (and the template contents it reaches), without the detached
    /// nodes and unused bytes edits leave behind, numbered in document order. `origins[new]` is the
    /// index in this arena of the node that `new` copies.
    func compacted() -> (arena: NodeArena, origins: [Int32]) {
        var result = NodeArena(rootKind: nodes[0].kind, expectedBytes: 0)
        result.nodes.reserveCapacity(nodes.count)
        result.reserveOwnBytes(byteCount)
        result.names = names
        var origins: [Int32] = [0]
        origins.reserveCapacity(nodes.count)
        var translation = NameTranslation(sameTable: true)
        result.copyChildren(of: 0, from: self, into: 0, names: &translation, origins: &origins)
        return (result, origins)
    }
}
