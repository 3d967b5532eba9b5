import AirdateLocking

/// The tree as XPath sees it: a `template` element's contents are its children (as in the HTML
/// serialisation and in lxml), doctypes are not nodes, and every node has a rank in document order.
///
/// Every walk is iterative, so a tree of any depth is fine.
struct XPathTree {
    let document: Document
    let arena: NodeArena

    init(_ document: Document) {
        self.document = document
        self.arena = document.arena
    }

    @inline(__always)
    func record(_ node: Int32) -> NodeRecord { arena.nodes[Int(node)] }

    /// The first child, where a `template`'s contents stand in for its children.
    func firstChild(_ node: Int32) -> Int32 {
        let record = arena.nodes[Int(node)]
        if record.kind == .element, record.name == .template, record.namespace == .html,
           let content = arena.templateContents[node] {
            return arena.nodes[Int(content)].firstChild
        }
        return record.firstChild
    }

    /// The last child, where a `template`'s contents stand in for its children.
    func lastChild(_ node: Int32) -> Int32 {
        let record = arena.nodes[Int(node)]
        if record.kind == .element, record.name == .template, record.namespace == .html,
           let content = arena.templateContents[node] {
            return arena.nodes[Int(content)].lastChild
        }
        return record.lastChild
    }

    /// The parent: a `template` element for the top nodes of its contents; `none` for the root.
    func parent(_ node: Int32) -> Int32 {
        let parent = arena.nodes[Int(node)].parent
        if parent != NodeArena.none, parent != 0, arena.nodes[Int(parent)].kind == .documentFragment,
           let owner = document.templateOwners[parent] {
            return owner
        }
        return parent
    }

    /// Whether the node is one XPath sees (doctypes and content fragments are not).
    @inline(__always)
    func isVisible(_ node: Int32) -> Bool {
        switch arena.nodes[Int(node)].kind {
        case .documentType: return false
        case .documentFragment: return node == 0
        default: return true
        }
    }

    /// The next node in document order within the subtree of `root`, or `none`.
    func following(_ node: Int32, within root: Int32) -> Int32 {
        let child = firstChild(node)
        if child != NodeArena.none { return child }
        return followingSkippingChildren(node, within: root)
    }

    /// The next node after `node`'s subtree in document order within `root`, or `none`.
    func followingSkippingChildren(_ node: Int32, within root: Int32) -> Int32 {
        var current = node
        while current != root {
            let next = arena.nodes[Int(current)].nextSibling
            if next != NodeArena.none { return next }
            current = parent(current)
            if current == NodeArena.none { return NodeArena.none }
        }
        return NodeArena.none
    }

    /// The node before `node` in document order (its previous sibling's last descendant, or its
    /// parent), or `none` before the root.
    func preceding(_ node: Int32) -> Int32 {
        var previous = arena.nodes[Int(node)].previousSibling
        if previous == NodeArena.none { return parent(node) }
        while true {
            let last = lastChild(previous)
            if last == NodeArena.none { return previous }
            previous = last
        }
    }

    /// The text of every text node at or below `node`, in document order (template contents included).
    func stringValue(of node: Int32) -> String {
        let record = arena.nodes[Int(node)]
        if record.kind == .text || record.kind == .comment { return arena.string(of: node) }
        var bytes: [UInt8] = []
        var current = following(node, within: node)
        while current != NodeArena.none {
            let record = arena.nodes[Int(current)]
            if record.kind == .text {
                bytes.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
            }
            current = following(current, within: node)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string-value of one text node, or `nil` when `node` has descendants to join.
    func directText(of node: Int32) -> String? {
        let record = arena.nodes[Int(node)]
        if record.kind == .text || record.kind == .comment { return arena.string(of: node) }
        return nil
    }
}

/// Every node's rank in document order, the rank of the last node of its subtree, and the node at
/// each rank, so that sorting a node-set, "is this inside that", and every walk in document order
/// (descendants, following, preceding: each a range of ranks) cost no pointer chasing through the
/// tree. Computed once per document, on first use, in one iterative pass.
struct DocumentOrder: Sendable {
    /// Rank by arena index; -1 for nodes that are not in the tree.
    let ranks: [Int32]
    /// Rank of the last node in each node's subtree, by arena index.
    let ends: [Int32]
    /// The arena index of the node at each rank (`nodes[ranks[n]] == n`).
    let nodes: [Int32]

    init(_ tree: XPathTree) {
        let count = tree.arena.nodes.count
        var ranks = [Int32](repeating: -1, count: count)
        var ends = [Int32](repeating: -1, count: count)
        var nodes: [Int32] = []
        nodes.reserveCapacity(count)
        var next: Int32 = 0
        var node: Int32 = 0
        ranks[0] = 0
        nodes.append(0)
        next = 1
        // Pre-order walk; a node's end is set when the walk leaves its subtree.
        var current = tree.firstChild(node)
        if current == NodeArena.none { ends[0] = 0 }
        while current != NodeArena.none {
            ranks[Int(current)] = next
            nodes.append(current)
            next += 1
            let child = tree.firstChild(current)
            if child != NodeArena.none {
                current = child
                continue
            }
            ends[Int(current)] = next - 1
            // Climb until a next sibling exists, closing the subtrees left behind.
            node = current
            current = NodeArena.none
            while node != NodeArena.none {
                let sibling = tree.arena.nodes[Int(node)].nextSibling
                if sibling != NodeArena.none {
                    current = sibling
                    break
                }
                node = tree.parent(node)
                if node != NodeArena.none { ends[Int(node)] = next - 1 }
            }
        }
        self.ranks = ranks
        self.ends = ends
        self.nodes = nodes
    }

    /// Whether the node of rank `candidate` is an ancestor of the node of rank `rank` (given that
    /// `candidate < rank`): its subtree reaches that far.
    @inline(__always)
    func isAncestor(rank candidate: Int32, of rank: Int32) -> Bool {
        ends[Int(nodes[Int(candidate)])] >= rank
    }
}

/// Holds a document's ``DocumentOrder`` once it has been computed (a document is immutable, so it
/// never goes stale). In a lock box, because a `Document` is shared across tasks.
final class DocumentOrderCache: Sendable {
    private let order = LockBox<DocumentOrder?>(nil)

    /// The order of `document`'s nodes, computed on first use (outside the lock: two tasks that
    /// both find it missing compute the same order, and the first one stored wins).
    func order(of document: Document) -> DocumentOrder {
        if let known = order.withLock({ $0 }) { return known }
        let computed = DocumentOrder(XPathTree(document))
        return order.withLock { stored in
            if let stored { return stored }
            stored = computed
            return computed
        }
    }
}
