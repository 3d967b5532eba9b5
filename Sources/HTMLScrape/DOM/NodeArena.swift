/// The kind of a node in the tree.
public enum NodeKind: UInt8, Sendable, Hashable {
    /// The document itself: the root of a parsed page.
    case document
    /// The root of a parsed fragment, or the contents of a `template` element.
    case documentFragment
    /// `<!DOCTYPE …>`
    case documentType
    /// An element.
    case element
    /// A run of text.
    case text
    /// `<!-- … -->`
    case comment
}

/// One node of the arena. Links are indices into `NodeArena.nodes`; `NodeArena.none` means no node.
///
/// For elements, `data` locates the element's attributes in `NodeArena.attributes`; for text and
/// comments it locates the node's UTF-8 bytes (see `NodeArena.bytes(start:count:)`); for a doctype it indexes
/// `NodeArena.doctypes`.
struct NodeRecord: Sendable {
    var parent: Int32 = NodeArena.none
    var firstChild: Int32 = NodeArena.none
    var lastChild: Int32 = NodeArena.none
    var previousSibling: Int32 = NodeArena.none
    var nextSibling: Int32 = NodeArena.none
    var kind: NodeKind
    var namespace: Namespace = .none
    var name: LocalName = LocalName(id: 0)
    var dataStart: UInt32 = 0
    var dataCount: UInt32 = 0
}

/// An attribute as stored: an interned name, its namespace and the location of its value's bytes.
struct AttributeRecord: Sendable {
    var name: LocalName
    var namespace: Namespace
    var valueStart: UInt32
    var valueCount: UInt32
}

/// A doctype's strings. `nil` means missing, which differs from empty (it decides quirks mode).
struct DoctypeRecord: Sendable {
    var name: String
    var publicID: String?
    var systemID: String?
}

/// Every node of one tree in flat arrays: nodes link to each other by index; text and attribute
/// values live in the parsed input, which the arena keeps, or, where they differ from it, in one byte
/// buffer of the arena's own. Building, walking and freeing the tree never recurse, whatever its
/// depth, and a node costs one 40-byte record and no allocation of its own.
struct NodeArena: Sendable {
    static let none: Int32 = -1

    var nodes: [NodeRecord] = []
    var attributes: [AttributeRecord] = []
    /// The parsed input (preprocessed UTF-8), shared with the tokenizer that read it and never
    /// changed. Text and attribute values that are unchanged runs of the input (most of them) point
    /// into it rather than being copied.
    let source: [UInt8]
    /// Where the arena's own bytes begin in the address space records use: `source.count`, stored
    /// because every byte access reads it (reading it through the array costs about 0.3 % of a parse).
    private let sourceCount: Int
    /// The bytes the arena wrote itself: text and values that differ from the input (character
    /// references decoded, runs joined, edits). Only the first `byteCount - sourceCount` are in
    /// use: the rest is zeroed room that ``appendBytes(_:)`` copies into directly, without
    /// `Array.append`'s bookkeeping on every small run.
    private var ownBytes: [UInt8] = []
    /// The end of the bytes in use. Records locate their bytes by start and count in one address
    /// space: offsets below `source.count` are in `source`, the rest in the arena's own bytes.
    private(set) var byteCount: Int
    var doctypes: [DoctypeRecord] = []
    /// `template` element index → index of the fragment that holds its contents.
    var templateContents: [Int32: Int32] = [:]
    var names = NameTable()
    /// Whether an element named `base` was ever created here. When not, the document has no `<base>`
    /// and `Document.baseURL` answers without walking the tree.
    private(set) var mayContainBaseElement = false
    /// Spare bytes reserved right after the text of nodes that `extendText` moved, by node.
    var textRoom: [Int32: UInt32] = [:]

    /// An arena whose node 0 is a document (or a fragment root).
    ///
    /// - Parameters:
    ///   - expectedBytes: the size of the input, to size the storage from.
    ///   - source: the parsed input, when records may point into it.
    init(rootKind: NodeKind = .document, expectedBytes: Int = 0, source: [UInt8] = []) {
        self.source = source
        sourceCount = source.count
        byteCount = source.count
        // Real pages hold one node per 10–50 bytes (table-dense episode lists one per 10–20, articles
        // one per 30–50) and one attribute per 40–80: reserving for the densest spares the copies of
        // growing (two or three doublings on a table page, 4 % of its parse) and untouched room costs
        // address space, not memory.
        nodes.reserveCapacity(max(16, expectedBytes / 10))
        attributes.reserveCapacity(expectedBytes / 32)
        // With a source, the arena writes only what differs from the input: a small start suffices.
        let room = source.isEmpty ? expectedBytes / 2 : expectedBytes / 32
        if room > 0 { ownBytes = [UInt8](repeating: 0, count: max(room, 256)) }
        nodes.append(NodeRecord(kind: rootKind))
    }

    /// How many of the arena's own bytes are in use.
    var ownBytesInUse: Int { byteCount - sourceCount }
    /// How many bytes the arena's own storage holds: those in use plus the room ahead of them.
    var ownBytesStorage: Int { ownBytes.count }

    /// Makes room for at least `count` more bytes of the arena's own.
    mutating func reserveOwnBytes(_ count: Int) {
        if ownBytes.count - (byteCount - sourceCount) < count { growBytes(toHold: count) }
    }

    // MARK: Creating nodes

    /// Creates an element with no attributes yet; follow with `appendAttribute` calls before creating
    /// any other element, so that the element's attributes stay contiguous.
    mutating func createElement(_ name: LocalName, namespace: Namespace) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(elementRecord(name, namespace: namespace))
        return index
    }

    /// Creates an element as ``createElement(_:namespace:)`` does and makes it the last child of
    /// `parent` in the same step: what the parser does for nearly every element.
    mutating func createElement(_ name: LocalName, namespace: Namespace, appendingTo parent: Int32) -> Int32 {
        appendNewNode(elementRecord(name, namespace: namespace), to: parent)
    }

    /// The record of a new element whose attributes will follow, noting a `base` element.
    @inline(__always)
    private mutating func elementRecord(_ name: LocalName, namespace: Namespace) -> NodeRecord {
        var record = NodeRecord(kind: .element)
        record.namespace = namespace
        record.name = name
        record.dataStart = UInt32(attributes.count)
        if name == .base { mayContainBaseElement = true }
        return record
    }

    /// Adds `record`, a new node, as the last child of `parent`: its links are set before it is
    /// stored, and the parent and the previous last child are updated in one pass.
    @inline(__always) @discardableResult
    private mutating func appendNewNode(_ record: NodeRecord, to parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        let last = nodes[Int(parent)].lastChild
        var record = record
        record.parent = parent
        record.previousSibling = last
        nodes.append(record)
        nodes.withUnsafeMutableBufferPointer { Self.linkLastChild(index, of: parent, after: last, in: $0) }
        return index
    }

    /// Adds an attribute to the element created last.
    mutating func appendAttribute(
        to element: Int32, name: LocalName, namespace: Namespace, value: UnsafeBufferPointer<UInt8>
    ) {
        appendAttributeRecord(to: element, name: name, namespace: namespace, start: appendBytes(value), count: value.count)
    }

    /// Adds an attribute whose value is `count` bytes of ``source`` from `start` to the element
    /// created last, without copying the value.
    mutating func appendAttribute(
        to element: Int32, name: LocalName, namespace: Namespace, sourceStart start: Int, count: Int
    ) {
        precondition(start >= 0 && start + count <= sourceCount, "attribute values point inside the source")
        appendAttributeRecord(to: element, name: name, namespace: namespace, start: UInt32(start), count: count)
    }

    /// Adds a start tag's attributes, as the tokenizer holds them, to the element created last (which
    /// has none yet), with no namespace: values that are runs of ``source`` point into it, the others
    /// are copied from `values` (the tokenizer's value buffer).
    mutating func appendTokenAttributes(
        _ list: [TokenAttribute], values: UnsafeBufferPointer<UInt8>, to element: Int32
    ) {
        precondition(
            nodes[Int(element)].dataStart == UInt32(attributes.count) && nodes[Int(element)].dataCount == 0,
            "attributes are appended to the element created last"
        )
        for attribute in list {
            let start: UInt32
            if attribute.inInput {
                precondition(attribute.valueStart >= 0 && attribute.valueStart + attribute.valueCount <= sourceCount,
                             "attribute values point inside the source")
                start = UInt32(attribute.valueStart)
            } else {
                start = appendBytes(UnsafeBufferPointer(
                    rebasing: values[attribute.valueStart..<(attribute.valueStart + attribute.valueCount)]))
            }
            attributes.append(AttributeRecord(
                name: attribute.name, namespace: .none, valueStart: start, valueCount: UInt32(attribute.valueCount)))
        }
        nodes[Int(element)].dataCount = UInt32(list.count)
    }

    /// Records an attribute of the element created last whose value is `count` bytes from `start`.
    private mutating func appendAttributeRecord(
        to element: Int32, name: LocalName, namespace: Namespace, start: UInt32, count: Int
    ) {
        precondition(
            nodes[Int(element)].dataStart + nodes[Int(element)].dataCount == UInt32(attributes.count),
            "attributes are appended to the element created last"
        )
        attributes.append(AttributeRecord(name: name, namespace: namespace, valueStart: start, valueCount: UInt32(count)))
        nodes[Int(element)].dataCount += 1
    }

    /// Adds an attribute to any element, unless it already has one of that name (the rule for a
    /// second `<html>` or `<body>` start tag). The element's attributes move to the end of the
    /// attribute array when they are not already there.
    mutating func addAttributeIfMissing(
        to element: Int32, name: LocalName, namespace: Namespace, value: UnsafeBufferPointer<UInt8>
    ) {
        if attributeIndex(of: element, name: name, namespace: namespace) != nil { return }
        let record = nodes[Int(element)]
        let end = record.dataStart + record.dataCount
        if end != UInt32(attributes.count) {
            let moved = Array(attributes[Int(record.dataStart)..<Int(end)])
            nodes[Int(element)].dataStart = UInt32(attributes.count)
            attributes.append(contentsOf: moved)
        }
        appendAttribute(to: element, name: name, namespace: namespace, value: value)
    }

    /// The index in `attributes` of an element's attribute, if it has it.
    func attributeIndex(of element: Int32, name: LocalName, namespace: Namespace = .none) -> Int? {
        let record = nodes[Int(element)]
        var i = Int(record.dataStart)
        let end = i + Int(record.dataCount)
        while i < end {
            if attributes[i].name == name && attributes[i].namespace == namespace { return i }
            i += 1
        }
        return nil
    }

    /// Creates a text node holding the given bytes.
    mutating func createText(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        createDataNode(.text, text)
    }

    /// Creates a comment node holding the given bytes.
    mutating func createComment(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        createDataNode(.comment, text)
    }

    /// Creates a text or comment node holding a copy of `text`.
    private mutating func createDataNode(_ kind: NodeKind, _ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        let index = Int32(nodes.count)
        var record = NodeRecord(kind: kind)
        record.dataStart = appendBytes(text)
        record.dataCount = UInt32(text.count)
        nodes.append(record)
        return index
    }

    /// Creates a doctype node.
    mutating func createDoctype(name: String, publicID: String?, systemID: String?) -> Int32 {
        let index = Int32(nodes.count)
        var record = NodeRecord(kind: .documentType)
        record.dataStart = UInt32(doctypes.count)
        doctypes.append(DoctypeRecord(name: name, publicID: publicID, systemID: systemID))
        nodes.append(record)
        return index
    }

    /// The fragment holding a `template` element's contents, created on first use.
    mutating func templateContent(of template: Int32) -> Int32 {
        if let content = templateContents[template] { return content }
        let index = Int32(nodes.count)
        nodes.append(NodeRecord(kind: .documentFragment))
        templateContents[template] = index
        return index
    }

    // MARK: Text

    /// Appends text to the end of `parent`, merging it into the last child when that is a text node.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, to parent: Int32) {
        let last = nodes[Int(parent)].lastChild
        if last != Self.none && nodes[Int(last)].kind == .text {
            extendText(last, with: text)
        } else {
            append(createText(text), to: parent)
        }
    }

    /// Inserts text into `parent` before `reference` (at the end when `none`), merging it into the
    /// text node just before that place when there is one. When `run` is a slice of `input`, the
    /// parse's input that ``source`` holds, a new text node points into the source instead of
    /// copying.
    mutating func insertText(
        _ run: Slice<UnsafeBufferPointer<UInt8>>, input: UnsafeBufferPointer<UInt8>, into parent: Int32,
        before reference: Int32
    ) {
        let previous = reference == Self.none ? nodes[Int(parent)].lastChild : nodes[Int(reference)].previousSibling
        if previous != Self.none && nodes[Int(previous)].kind == .text {
            extendText(previous, with: UnsafeBufferPointer(rebasing: run))
            return
        }
        var record = NodeRecord(kind: .text)
        if run.base.baseAddress == input.baseAddress && input.count == sourceCount && sourceCount > 0 {
            record.dataStart = UInt32(run.startIndex)
        } else {
            record.dataStart = appendBytes(UnsafeBufferPointer(rebasing: run))
        }
        record.dataCount = UInt32(run.count)
        if reference == Self.none {
            appendNewNode(record, to: parent)
        } else {
            let node = Int32(nodes.count)
            nodes.append(record)
            insert(node, into: parent, before: reference)
        }
    }

    /// Copies `text` into the arena's own bytes, after those in use; returns where it starts.
    @inline(__always) @discardableResult
    mutating func appendBytes(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = byteCount
        let count = text.count
        guard count > 0, let from = text.baseAddress else { return UInt32(start) }
        let ownStart = start &- sourceCount
        if ownBytes.count &- ownStart < count { growBytes(toHold: count) }
        ownBytes.withUnsafeMutableBufferPointer { storage in
            let to = storage.baseAddress.unsafelyUnwrapped + ownStart
            if count <= 16 {
                // Most runs are short (a newline between two tags, a class name): a loop beats a call.
                for index in 0..<count { to[index] = from[index] }
            } else {
                to.update(from: from, count: count)
            }
        }
        byteCount = start &+ count
        return UInt32(start)
    }

    /// Copies `text` after the bytes in use; returns where it starts.
    @discardableResult
    mutating func appendBytes(_ text: some StringProtocol) -> UInt32 {
        Array(text.utf8).withUnsafeBufferPointer { appendBytes($0) }
    }

    /// Marks `count` more bytes (zeroed or left over) as in use, as room after a moved text node.
    mutating func reserveBytes(_ count: Int) {
        reserveOwnBytes(count)
        byteCount += count
    }

    /// Makes room for at least `count` more of the arena's own bytes, doubling the storage.
    @inline(never)
    private mutating func growBytes(toHold count: Int) {
        let wanted = Swift.max(ownBytes.count * 2, byteCount - sourceCount + count, 256)
        ownBytes.reserveCapacity(wanted)
        ownBytes.append(contentsOf: repeatElement(0, count: wanted - ownBytes.count))
    }

    /// Appends bytes to a text node. When its bytes are not at the end of the buffer they are moved
    /// there first, so every node's text stays contiguous; a moved node gets as much spare room
    /// after it as it holds, so that a node extended again and again (text foster-parented before a
    /// table while the table fills up) moves only a logarithmic number of times.
    mutating func extendText(_ node: Int32, with text: UnsafeBufferPointer<UInt8>) {
        let record = nodes[Int(node)]
        let start = Int(record.dataStart)
        let end = start + Int(record.dataCount)
        // Text in the source cannot grow in place: the input goes on after it.
        if end == byteCount && start >= sourceCount {
            appendBytes(text)
        } else if let room = textRoom[node], Int(room) >= text.count {
            let ownEnd = end - sourceCount
            ownBytes.withUnsafeMutableBufferPointer { buffer in
                for (offset, byte) in text.enumerated() { buffer[ownEnd + offset] = byte }
            }
            textRoom[node] = room - UInt32(text.count)
        } else {
            let moved = Array(bytes(start: record.dataStart, count: record.dataCount))
            nodes[Int(node)].dataStart = moved.withUnsafeBufferPointer { appendBytes($0) }
            appendBytes(text)
            let room = moved.count + text.count
            reserveBytes(room)
            textRoom[node] = UInt32(room)
        }
        nodes[Int(node)].dataCount += UInt32(text.count)
    }

    // MARK: Linking

    /// Appends a detached node as the last child of `parent`.
    mutating func append(_ child: Int32, to parent: Int32) {
        // One uniqueness check for the whole update instead of one per field written; the buffer's
        // subscripts are still bounds-checked by `slot`.
        nodes.withUnsafeMutableBufferPointer { nodes in
            let parentIndex = Self.slot(parent, in: nodes)
            let childIndex = Self.slot(child, in: nodes)
            let last = nodes[parentIndex].lastChild
            nodes[childIndex].parent = parent
            nodes[childIndex].previousSibling = last
            nodes[childIndex].nextSibling = Self.none
            Self.linkLastChild(child, of: parent, after: last, in: nodes)
        }
    }

    /// Makes `child` the last child of `parent`, after `last` (the previous last child, or `none`):
    /// the parent's and the previous sibling's side of the links.
    @inline(__always)
    private static func linkLastChild(
        _ child: Int32, of parent: Int32, after last: Int32, in nodes: UnsafeMutableBufferPointer<NodeRecord>
    ) {
        let parentIndex = slot(parent, in: nodes)
        if last == none {
            nodes[parentIndex].firstChild = child
        } else {
            nodes[slot(last, in: nodes)].nextSibling = child
        }
        nodes[parentIndex].lastChild = child
    }

    /// Inserts a detached node into `parent` before `reference`, or at the end when it is `none`.
    mutating func insert(_ child: Int32, into parent: Int32, before reference: Int32) {
        if reference == Self.none {
            append(child, to: parent)
            return
        }
        nodes.withUnsafeMutableBufferPointer { nodes in
            let referenceIndex = Self.slot(reference, in: nodes)
            let childIndex = Self.slot(child, in: nodes)
            let previous = nodes[referenceIndex].previousSibling
            nodes[childIndex].parent = parent
            nodes[childIndex].previousSibling = previous
            nodes[childIndex].nextSibling = reference
            nodes[referenceIndex].previousSibling = child
            if previous == Self.none {
                nodes[Self.slot(parent, in: nodes)].firstChild = child
            } else {
                nodes[Self.slot(previous, in: nodes)].nextSibling = child
            }
        }
    }

    /// `node` as an index into `nodes`, checked: unsafe buffers skip bounds checks in release
    /// builds, and a wrong index must stop the program, never write elsewhere.
    @inline(__always)
    private static func slot(_ node: Int32, in nodes: UnsafeMutableBufferPointer<NodeRecord>) -> Int {
        let index = Int(node)
        precondition(index >= 0 && index < nodes.count, "node index out of range")
        return index
    }

    /// Detaches a node from its parent; it keeps its own children.
    mutating func detach(_ child: Int32) {
        let record = nodes[Int(child)]
        let parent = record.parent
        guard parent != Self.none else { return }
        if record.previousSibling == Self.none {
            nodes[Int(parent)].firstChild = record.nextSibling
        } else {
            nodes[Int(record.previousSibling)].nextSibling = record.nextSibling
        }
        if record.nextSibling == Self.none {
            nodes[Int(parent)].lastChild = record.previousSibling
        } else {
            nodes[Int(record.nextSibling)].previousSibling = record.previousSibling
        }
        nodes[Int(child)].parent = Self.none
        nodes[Int(child)].previousSibling = Self.none
        nodes[Int(child)].nextSibling = Self.none
    }

    /// Moves every child of `source` to the end of `destination`, in order.
    mutating func moveChildren(of source: Int32, to destination: Int32) {
        var child = nodes[Int(source)].firstChild
        while child != Self.none {
            let next = nodes[Int(child)].nextSibling
            detach(child)
            append(child, to: destination)
            child = next
        }
    }

    // MARK: Reading

    /// The bytes of a text or comment node, or of an attribute value.
    func bytes(start: UInt32, count: UInt32) -> ArraySlice<UInt8> {
        let first = Int(start)
        if first < sourceCount { return source[first..<(first + Int(count))] }
        return ownBytes[(first - sourceCount)..<(first - sourceCount + Int(count))]
    }

    /// Calls `body` with the bytes at `start` (in either storage) as a buffer.
    func withBytes<Result>(
        start: UInt32, count: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let first = Int(start)
        let storage = first < sourceCount ? source : ownBytes
        let offset = first < sourceCount ? first : first - sourceCount
        return try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[offset..<(offset + Int(count))])) }
    }

    /// The text of a text or comment node.
    func string(of node: Int32) -> String {
        let record = nodes[Int(node)]
        return String(decoding: bytes(start: record.dataStart, count: record.dataCount), as: UTF8.self)
    }

    /// The node after `node` in document order (pre-order), staying within the subtree of `root`;
    /// `none` at the end. Iterative: no stack, whatever the depth.
    @inline(__always)
    func following(_ node: Int32, within root: Int32) -> Int32 {
        let first = nodes[Int(node)].firstChild
        if first != Self.none { return first }
        return followingSkippingChildren(node, within: root)
    }

    /// The node after `node`'s subtree in document order, within `root`; `none` at the end.
    func followingSkippingChildren(_ node: Int32, within root: Int32) -> Int32 {
        var current = node
        while current != root {
            let next = nodes[Int(current)].nextSibling
            if next != Self.none { return next }
            current = nodes[Int(current)].parent
            if current == Self.none { return Self.none }
        }
        return Self.none
    }
}
