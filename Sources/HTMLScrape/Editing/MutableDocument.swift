public import Foundation

/// An editable copy of a ``Document``: a value (copy-on-write) over the same node arena, with the
/// DOM edits jsoup users expect — create, insert, move, remove, replace, wrap, unwrap, attributes,
/// classes, text, inner and outer HTML.
///
/// ```swift
/// var page = MutableDocument(document)
/// for link in try document.select("a[href]") {
///     let id = try page.node(for: link.node)
///     try page.setAttribute("rel", to: "nofollow", on: id)
/// }
/// let edited: Document = page.makeDocument()
/// ```
///
/// Nodes are named by ``NodeID`` handles. A node removed from the tree stays valid (detached) and can
/// be inserted again; inserting a node that is already in the tree moves it, so a node is never in two
/// places, and inserting a node into itself or a descendant is refused with
/// ``DocumentEditError/wouldCreateCycle``. A refused edit changes nothing. No edit recurses per
/// nesting level: trees of any depth can be edited.
///
/// Inserting into a `<template>` element inserts into its contents, as `innerHTML` does in a browser.
/// ``makeDocument()`` gives an immutable, `Sendable` ``Document`` (numbered afresh in document order,
/// without the detached nodes), on which selectors, extraction and serialisation work as on a parsed one.
public struct MutableDocument: Sendable {
    /// A node of a ``MutableDocument``: a small handle, valid in the document that made it (and in
    /// copies of that document made after the node was created).
    public struct NodeID: Hashable, Sendable {
        let index: Int32
        let owner: ObjectIdentifier
    }

    /// Tells one editor's handles from another's.
    final class Identity: Sendable {}

    var arena: NodeArena
    /// Template contents fragment → its `template` element.
    var templateOwners: [Int32: Int32]
    /// Ancestor chains remembered by the round-trip check of edits.
    var probeChains = ProbeChains()
    private let identity: Identity
    /// The document this editor was made from, for mapping its ``Node``s to handles.
    private let origin: Document?

    /// The quirks mode the edited document will have.
    public var quirksMode: QuirksMode
    /// The address the document came from; relative URLs resolve against it in the result.
    public var url: URL?
    /// Whether HTML set with ``setInnerHTML(_:of:)`` and friends is parsed with the scripting flag on
    /// (it changes how `<noscript>` parses). The same as the original document's.
    public let scriptingEnabled: Bool
    /// The context element when this is a fragment (its root is a document fragment); `nil` for a
    /// whole document.
    public let fragmentContext: FragmentContext?
    private let encoding: TextEncoding
    /// Nodes visited by this editor's selections and snapshots (for the tests that keep selecting
    /// and editing in turns linear).
    let walkCounter = WalkCounter()
    /// The buffers its selections borrow for their memos, kept from one selection to the next.
    let scratch = ScratchPool()

    /// An editor over a copy of `document`. Nothing is copied until the first edit.
    public init(_ document: Document) {
        arena = document.arena
        templateOwners = document.templateOwners
        identity = Identity()
        origin = document
        quirksMode = document.quirksMode
        url = document.url
        scriptingEnabled = document.scriptingEnabled
        fragmentContext = document.fragmentContext ?? (document.arena.nodes[0].kind == .documentFragment ? .body : nil)
        encoding = document.encoding
    }

    /// An empty document, or an empty fragment when `fragmentContext` is given.
    public init(fragmentContext: FragmentContext? = nil, scriptingEnabled: Bool = false) {
        arena = NodeArena(rootKind: fragmentContext == nil ? .document : .documentFragment)
        templateOwners = [:]
        identity = Identity()
        origin = nil
        quirksMode = .noQuirks
        url = nil
        self.scriptingEnabled = scriptingEnabled
        self.fragmentContext = fragmentContext
        encoding = .utf8
    }

    /// Parses `html` as a document and makes it editable.
    public init(html: String, options: ParseOptions = ParseOptions()) {
        self.init(Document(html: html, options: options))
    }

    /// Parses `html` as a fragment in `context` and makes it editable.
    public init(fragment html: String, context: FragmentContext = .body, options: ParseOptions = ParseOptions()) {
        self.init(Document(fragment: html, context: context, options: options))
    }

    // MARK: Handles

    /// The root: the document node, or the fragment root.
    public var root: NodeID { id(0) }

    /// The handle of a node of the document this editor was made from (for example one a selector
    /// found in it).
    ///
    /// - Throws: ``DocumentEditError/unknownNode`` when `node` belongs to another document.
    public func node(for node: Node) throws(DocumentEditError) -> NodeID {
        guard let origin, node.document === origin, Int(node.index) < arena.nodes.count else {
            throw .unknownNode
        }
        return id(node.index)
    }

    func id(_ index: Int32) -> NodeID {
        NodeID(index: index, owner: ObjectIdentifier(identity))
    }

    /// The arena index a handle names, if it is one of this document's.
    func index(_ id: NodeID) throws(DocumentEditError) -> Int32 {
        guard let index = validIndex(id) else { throw .unknownNode }
        return index
    }

    private func validIndex(_ id: NodeID) -> Int32? {
        guard id.owner == ObjectIdentifier(identity), id.index >= 0, Int(id.index) < arena.nodes.count else {
            return nil
        }
        return id.index
    }

    private func optionalID(_ index: Int32) -> NodeID? {
        index == NodeArena.none ? nil : id(index)
    }

    // MARK: Reading

    /// The node's kind; `nil` for a handle of another document.
    public func kind(of node: NodeID) -> NodeKind? {
        validIndex(node).map { arena.nodes[Int($0)].kind }
    }

    /// The parent; `nil` for the root, a detached node, or the contents fragment of a `template`.
    public func parent(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { optionalID(arena.nodes[Int($0)].parent) }
    }

    /// The first child.
    public func firstChild(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { optionalID(arena.nodes[Int($0)].firstChild) }
    }

    /// The last child.
    public func lastChild(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { optionalID(arena.nodes[Int($0)].lastChild) }
    }

    /// The next sibling.
    public func nextSibling(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { optionalID(arena.nodes[Int($0)].nextSibling) }
    }

    /// The previous sibling.
    public func previousSibling(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { optionalID(arena.nodes[Int($0)].previousSibling) }
    }

    /// The children, first to last (for a `template`: none; see ``templateContent(of:)``).
    public func children(of node: NodeID) -> [NodeID] {
        guard let index = validIndex(node) else { return [] }
        var result: [NodeID] = []
        var child = arena.nodes[Int(index)].firstChild
        while child != NodeArena.none {
            result.append(id(child))
            child = arena.nodes[Int(child)].nextSibling
        }
        return result
    }

    /// The contents fragment of a `template` element, if it has one.
    public func templateContent(of node: NodeID) -> NodeID? {
        validIndex(node).flatMap { arena.templateContents[$0] }.map { id($0) }
    }

    /// The local name of an element; `nil` for other nodes.
    public func localName(of node: NodeID) -> String? {
        guard let index = validIndex(node), arena.nodes[Int(index)].kind == .element else { return nil }
        return arena.names.spelling(of: arena.nodes[Int(index)].name)
    }

    /// The namespace of an element; `nil` for other nodes.
    public func namespace(of node: NodeID) -> Namespace? {
        guard let index = validIndex(node), arena.nodes[Int(index)].kind == .element else { return nil }
        return arena.nodes[Int(index)].namespace
    }

    /// The value of an attribute in no namespace (matched case-insensitively on HTML elements).
    public func attribute(_ name: String, of node: NodeID) -> String? {
        guard let index = validIndex(node), arena.nodes[Int(index)].kind == .element else { return nil }
        let record = arena.nodes[Int(index)]
        guard let atom = arena.names.lookup(record.namespace == .html ? name.asciiLowercased : name),
              let slot = arena.attributeIndex(of: index, name: atom)
        else { return nil }
        let attribute = arena.attributes[slot]
        return String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
    }

    /// The attributes of an element, in order.
    public func attributes(of node: NodeID) -> [Attribute] {
        guard let index = validIndex(node), arena.nodes[Int(index)].kind == .element else { return [] }
        let record = arena.nodes[Int(index)]
        return arena.attributes[Int(record.dataStart)..<Int(record.dataStart + record.dataCount)].map { attribute in
            Attribute(
                localName: arena.names.spelling(of: attribute.name), namespace: attribute.namespace,
                value: String(
                    decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self))
        }
    }

    /// The classes of an element, in order, without duplicates.
    public func classNames(of node: NodeID) -> [String] {
        guard let value = attribute("class", of: node) else { return [] }
        var seen = Set<Substring>()
        return value.split(whereSeparator: { $0.isHTMLWhitespace }).filter { seen.insert($0).inserted }.map(String.init)
    }

    /// Whether an element has the class.
    public func hasClass(_ name: String, on node: NodeID) -> Bool {
        classNames(of: node).contains(name)
    }

    /// The text of a text node or the data of a comment; `nil` for other nodes.
    public func data(of node: NodeID) -> String? {
        guard let index = validIndex(node) else { return nil }
        switch arena.nodes[Int(index)].kind {
        case .text, .comment: return arena.string(of: index)
        default: return nil
        }
    }

    /// The text of every text node at or below the node, in document order (the DOM's `textContent`).
    public func textContent(of node: NodeID) -> String {
        guard let index = validIndex(node) else { return "" }
        let kind = arena.nodes[Int(index)].kind
        if kind == .text || kind == .comment { return arena.string(of: index) }
        var bytes: [UInt8] = []
        var current = arena.following(index, within: index)
        while current != NodeArena.none {
            let record = arena.nodes[Int(current)]
            if record.kind == .text {
                bytes.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
            }
            current = arena.following(current, within: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Serialising and freezing

    /// The immutable document as edited: numbered afresh in document order, without detached nodes
    /// and the space edits left unused. Selectors, extraction and serialisation work on it.
    public func makeDocument() -> Document {
        snapshot().document
    }

    /// The edited document and, for each of its nodes, the arena index here that it copies.
    func snapshot() -> (document: Document, origins: [Int32]) {
        let (compacted, origins) = arena.compacted()
        walkCounter.add(arena.nodes.count)
        let document = Document(
            arena: compacted, errors: [], quirksMode: quirksMode, encoding: encoding,
            scriptingEnabled: scriptingEnabled, url: url, fragmentContext: fragmentContext)
        return (document, origins)
    }

    /// The whole document (or fragment) serialised as HTML.
    public var html: String { makeDocument().root.innerHTML }

    /// A node and everything below it, serialised (it may be detached).
    public func outerHTML(of node: NodeID) -> String {
        detachedCopy(of: node)?.outerHTML ?? ""
    }

    /// Everything below a node, serialised (for a `template`, its contents).
    public func innerHTML(of node: NodeID) -> String {
        detachedCopy(of: node)?.innerHTML ?? ""
    }

    /// A node copied alone into a fresh fragment, to serialise it.
    private func detachedCopy(of node: NodeID) -> Node? {
        guard let index = validIndex(node) else { return nil }
        if index == 0 { return makeDocument().root }
        var fragment = NodeArena(rootKind: .documentFragment)
        fragment.names = arena.names
        var names = NodeArena.NameTranslation(sameTable: true)
        let copy = fragment.importSubtree(index, from: arena, names: &names)
        fragment.append(copy, to: 0)
        let document = Document(
            arena: fragment, errors: [], quirksMode: quirksMode, encoding: encoding,
            scriptingEnabled: scriptingEnabled, url: url, fragmentContext: fragmentContext ?? .body)
        return Node(document: document, index: copy)
    }

    // MARK: Selecting

    /// Every element that matches the selector text, in document order (detached nodes are not
    /// searched). The search runs on the edited tree as it is, copying nothing: selecting and editing
    /// in turns costs what the selections and edits cost.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func select(_ selector: String) throws(SelectorError) -> [NodeID] {
        let compiled = try CSSSelector(selector)
        let document = liveDocument()
        defer { walkCounter.add(document.cache.nodesWalked) }
        return document.select(compiled).map { id($0.node.index) }
    }

    /// The first element in document order that matches the selector text, or `nil`.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func selectFirst(_ selector: String) throws(SelectorError) -> NodeID? {
        let compiled = try CSSSelector(selector)
        let document = liveDocument()
        defer { walkCounter.add(document.cache.nodesWalked) }
        return document.selectFirst(compiled).map { id($0.node.index) }
    }

    /// A `Document` over this editor's arena as it stands, for one query: it shares the arena's
    /// storage and must not outlive the query (while it lives, the next edit would copy the arena).
    private func liveDocument() -> Document {
        let document = Document(
            arena: arena, errors: [], quirksMode: quirksMode, encoding: encoding, scriptingEnabled: scriptingEnabled,
            url: url, fragmentContext: fragmentContext, templateOwners: templateOwners, scratch: scratch)
        // It serves one query: an index of the whole tree would cost more than the query's walk
        // (which stops at the first match for `selectFirst`).
        document.cache.disableIndexes()
        return document
    }
}
