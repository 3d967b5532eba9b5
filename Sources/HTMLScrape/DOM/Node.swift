/// A node of a parsed ``Document``: a light handle (the document and an index) that is cheap to copy,
/// compare and hash. Two handles are equal when they name the same node of the same document.
public struct Node: Hashable, Sendable {
    /// The document the node belongs to.
    public let document: Document
    let index: Int32

    init(document: Document, index: Int32) {
        self.document = document
        self.index = index
    }

    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.index == rhs.index && lhs.document === rhs.document
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(index)
    }

    var record: NodeRecord { document.arena.nodes[Int(index)] }

    private func node(_ index: Int32) -> Node? {
        index == NodeArena.none ? nil : Node(document: document, index: index)
    }

    /// What kind of node this is.
    public var kind: NodeKind { record.kind }

    /// The parent node; `nil` for the root. The contents of a `template` have the contents fragment
    /// as their parent, and the fragment has none (as in the DOM).
    public var parent: Node? { node(record.parent) }
    /// The parent, when it is an element.
    public var parentElement: Element? { parent?.element }
    /// The first child.
    public var firstChild: Node? { node(record.firstChild) }
    /// The last child.
    public var lastChild: Node? { node(record.lastChild) }
    /// The previous sibling.
    public var previousSibling: Node? { node(record.previousSibling) }
    /// The next sibling.
    public var nextSibling: Node? { node(record.nextSibling) }

    /// The children, first to last.
    public var childNodes: ChildNodes { ChildNodes(document: document, first: record.firstChild) }

    /// Every node below this one, in document order (this node excluded). Lazy and iterative.
    public var descendants: Descendants { Descendants(document: document, root: index) }

    /// This node as an element, if it is one.
    public var element: Element? { kind == .element ? Element(node: self) : nil }

    /// This node as a doctype, if it is one.
    public var documentType: DocumentType? { kind == .documentType ? DocumentType(node: self) : nil }

    /// The text of a text node or the data of a comment; `nil` for other kinds.
    public var data: String? {
        switch kind {
        case .text, .comment: return document.arena.string(of: index)
        default: return nil
        }
    }

    /// The text of every text node below (or at) this node, concatenated in document order, as the
    /// DOM's `textContent`. Comments are left out.
    ///
    /// Asking it of every element of a page costs time linear in the page (see `DocumentCache`).
    public var textContent: String {
        let arena = document.arena
        if kind == .text || kind == .comment { return arena.string(of: index) }
        return document.cache.textContent(of: index, in: arena)
    }

    /// Whether `self` is `other` or one of its descendants.
    public func isDescendant(of other: Node) -> Bool {
        guard document === other.document else { return false }
        var current = index
        let arena = document.arena
        while current != NodeArena.none {
            if current == other.index { return true }
            current = arena.nodes[Int(current)].parent
        }
        return false
    }
}

/// The children of a node, first to last.
public struct ChildNodes: Sequence, Sendable {
    let document: Document
    let first: Int32

    /// Walks the sibling links.
    public struct Iterator: IteratorProtocol {
        let document: Document
        var current: Int32

        public mutating func next() -> Node? {
            guard current != NodeArena.none else { return nil }
            let node = Node(document: document, index: current)
            current = document.arena.nodes[Int(current)].nextSibling
            return node
        }
    }

    public func makeIterator() -> Iterator { Iterator(document: document, current: first) }

    /// Whether there are no children.
    public var isEmpty: Bool { first == NodeArena.none }
}

/// Every node below a node, in document order: a lazy, iterative pre-order walk.
public struct Descendants: Sequence, Sendable {
    let document: Document
    let root: Int32

    /// Walks the tree without a stack.
    public struct Iterator: IteratorProtocol {
        let document: Document
        let root: Int32
        var current: Int32

        public mutating func next() -> Node? {
            current = document.arena.following(current, within: root)
            return current == NodeArena.none ? nil : Node(document: document, index: current)
        }
    }

    public func makeIterator() -> Iterator { Iterator(document: document, root: root, current: root) }
}
