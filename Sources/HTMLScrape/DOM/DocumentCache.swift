import AirdateLocking

/// What a ``Document`` works out on first use and keeps, so that asking something of every element
/// of a page costs time linear in the page rather than in its size times the number of questions.
///
/// - The base URL: the walk to the first `<base href>` happens once, not once per
///   `absoluteURL(for:)` call.
/// - Text: `Element.text` and `Node.textContent` walk the element's subtree until the walks of all
///   calls together have covered as many nodes as the document holds; then one index of the whole
///   document's text is built, and every later call is a slice of it. Asking for the text of each of
///   200,000 nested `<div>` costs two walks of the document, not 200,000 walks of their subtrees.
///   `Element.renderedText` works the same way with a recorded rendering (`RenderedTextIndex`).
/// - Positions among siblings: `:nth-child()` and `:nth-of-type()` count a parent's children once
///   per query; once the counting of all queries adds up to the document's size, the positions of
///   every element are computed at once and kept.
///
/// - Elements by type, and the nodes in document order: built at the first selection (`ElementIndex`,
///   cheaper than the walk a selection made before it), so that a selector whose subject names a
///   type tests only the elements that can match, and others scan the elements in order. By class
///   and id: once selections have scanned for them as many nodes as the document holds
///   (`ClassIndex`).
/// - Scratch memory: the buffers selector queries keep per-node memos in are lent from here and
///   given back cleared, so a query pays for the nodes it looks at, not for clearing a buffer of the
///   document's size.
///
/// - Parse errors: worked out on first read of ``Document/errors`` (see ``ParseErrorSource``).
///
/// The document is immutable, so nothing here is ever invalidated. Reads and writes go through one
/// `LockBox`: a `Document` is shared freely across tasks.
final class DocumentCache: Sendable {
    /// Zeroed buffers the document's selector queries borrow for their per-node memos.
    let scratch: ScratchPool

    /// Everything worked out so far, behind the lock.
    private struct State {
        var baseHrefComputed = false
        var baseHref: String?
        var textWork = 0
        var textIndex: TextIndex?
        var renderedWork = 0
        var renderedIndex: RenderedTextIndex?
        var contentWork = 0
        var contentIndex: TextContentIndex?
        var positionWork = 0
        var classScanWork = 0
        var elementIndex: ElementIndex?
        var classIndex: ClassIndex?
        var indexesDisabled = false
        var childPositions: SiblingPositions?
        var typePositions: SiblingPositions?
        var errors: [ParseError]?
        /// Nodes visited by the walks this cache made or was told about.
        var walked = 0
    }
    private let state = LockBox(State())

    init(scratch: ScratchPool = ScratchPool()) {
        self.scratch = scratch
    }

    /// Nodes visited by the walks this cache made or was told about: what the tests check, so that
    /// a path that went quadratic again fails without a clock.
    var nodesWalked: Int { state.withLock { $0.walked } }

    /// Counts `count` nodes that a walk outside this cache visited (a selection's).
    func addWalked(_ count: Int) {
        state.withLock { $0.walked += count }
    }

    // MARK: Parse errors

    /// The document's parse errors, worked out by `compute` on first use and kept.
    func errors(_ compute: () -> [ParseError]) -> [ParseError] {
        if let known = state.withLock({ $0.errors }) { return known }
        // Worked out outside the lock (it is a whole second parse): a concurrent first read may
        // compute them too, and both get the same answer.
        let computed = compute()
        return state.withLock { state in
            if let known = state.errors { return known }
            state.errors = computed
            return computed
        }
    }

    // MARK: Elements by type, class and id

    /// The document's element index if it has been built.
    var elementIndex: ElementIndex? { state.withLock { $0.elementIndex } }

    /// The document's element index, built at the first selection (a few passes over the node
    /// records, cheaper than one walk of the tree that matches each element); `nil` only when a
    /// test turned indexes off.
    func elementIndex(for arena: NodeArena) -> ElementIndex? {
        state.withLock { state in
            if let index = state.elementIndex { return index }
            if state.indexesDisabled { return nil }
            let index = ElementIndex(arena: arena)
            state.walked += arena.nodes.count
            state.elementIndex = index
            return index
        }
    }

    /// The document's index of classes and ids, once queries have scanned for them as many nodes
    /// as the document holds (building it then): the first such query scans, which costs less
    /// than building it.
    func classIndex(for arena: NodeArena, order: ElementIndex) -> ClassIndex? {
        state.withLock { state in
            if let index = state.classIndex { return index }
            guard !state.indexesDisabled, state.classScanWork >= Self.threshold(arena) else { return nil }
            let index = ClassIndex(arena: arena, order: order)
            state.walked += arena.nodes.count
            state.classIndex = index
            return index
        }
    }

    /// Records that a query scanned `count` nodes for a class or an id (counted towards building
    /// the class index) or, `forClasses: false`, for anything else.
    func addScanned(_ count: Int, forClasses: Bool) {
        state.withLock { state in
            state.walked += count
            if forClasses { state.classScanWork += count }
        }
    }

    /// Builds both indexes at once when `count` reaches the document's size (as if selections had
    /// scanned that much), and returns the element index: for tests.
    @discardableResult
    func countedSelection(_ count: Int, in arena: NodeArena) -> ElementIndex? {
        addScanned(count, forClasses: true)
        guard let index = elementIndex(for: arena) else { return nil }
        _ = classIndex(for: arena, order: index)
        return index
    }

    /// Turns the indexes off for this document, so that every selection walks the tree: for tests,
    /// which compare what a walk finds with what the indexes find.
    func disableIndexes() {
        state.withLock { $0.indexesDisabled = true }
    }

    // MARK: Base URL

    /// The `href` of the document's first `<base href>`, found by `find` (which reports how many
    /// nodes it visited) on first use.
    func baseHref(_ find: () -> (String?, visited: Int)) -> String? {
        state.withLock { state in
            if state.baseHrefComputed { return state.baseHref }
            let (href, visited) = find()
            state.walked += visited
            state.baseHref = href
            state.baseHrefComputed = true
            return href
        }
    }

    // MARK: Text

    /// `Element.text` of `node`: a slice of the document's text index once there is one, else a
    /// walk of the element's subtree (which counts towards building the index).
    func text(of node: Int32, in arena: NodeArena) -> String {
        let indexed: String? = state.withLock { state in
            guard let slice = state.textIndex?.text(of: node) else { return nil }
            return String(decoding: slice, as: UTF8.self)
        }
        if let indexed { return indexed }
        var visited = 0
        let text = TextRendering.text(node, in: arena, visited: &visited)
        state.withLock { state in
            state.walked += visited
            state.textWork += visited
            if state.textIndex == nil && state.textWork >= Self.threshold(arena) {
                state.textIndex = TextIndex(arena: arena, lowercased: false)
                state.walked += arena.nodes.count
            }
        }
        return text
    }

    /// `Element.renderedText` of `node`: a replay of its stretch of the document's rendering once
    /// there is one, else a walk of the element's subtree (which counts towards building it).
    func renderedText(of node: Int32, in arena: NodeArena) -> String {
        if let index = state.withLock({ $0.renderedIndex }), let text = index.renderedText(of: node, in: arena) {
            return text
        }
        var visited = 0
        let text = TextRendering.renderedText(node, in: arena, visited: &visited)
        state.withLock { state in
            state.walked += visited
            state.renderedWork += visited
            if state.renderedIndex == nil && state.renderedWork >= Self.threshold(arena) {
                state.renderedIndex = RenderedTextIndex(arena: arena)
                state.walked += arena.nodes.count
            }
        }
        return text
    }

    /// `Node.textContent` of an element or of the root: as ``text(of:in:)``, with an index of the
    /// concatenated text nodes.
    func textContent(of node: Int32, in arena: NodeArena) -> String {
        if let index = state.withLock({ $0.contentIndex }), let slice = index.content(of: node) {
            return String(decoding: slice, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        var visited = 0
        var current = arena.following(node, within: node)
        while current != NodeArena.none {
            visited += 1
            let record = arena.nodes[Int(current)]
            if record.kind == .text {
                bytes.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
            }
            current = arena.following(current, within: node)
        }
        state.withLock { state in
            state.walked += visited
            state.contentWork += visited
            if state.contentIndex == nil && state.contentWork >= Self.threshold(arena) {
                state.contentIndex = TextContentIndex(arena: arena)
                state.walked += arena.nodes.count
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How much walking is done one call at a time before a whole-document index is built instead.
    private static func threshold(_ arena: NodeArena) -> Int {
        max(arena.nodes.count, 256)
    }

    // MARK: Positions among siblings

    /// The positions of every element among its element siblings (or, `ofType`, among its siblings
    /// of the same name), once queries have counted enough children one parent at a time.
    func siblingPositions(ofType: Bool) -> SiblingPositions? {
        state.withLock { ofType ? $0.typePositions : $0.childPositions }
    }

    /// Records that a query counted `children` children of one parent; returns the whole-document
    /// table once the counting of all queries reaches the document's size.
    func countedChildren(_ children: Int, ofType: Bool, in arena: NodeArena) -> SiblingPositions? {
        state.withLock { state in
            state.walked += children
            state.positionWork += children
            if let table = ofType ? state.typePositions : state.childPositions { return table }
            guard state.positionWork >= Self.threshold(arena) else { return nil }
            let table = SiblingPositions(arena: arena, ofType: ofType)
            state.walked += arena.nodes.count
            if ofType { state.typePositions = table } else { state.childPositions = table }
            return table
        }
    }
}

/// The text of every text node of a document, concatenated in document order, with each element's
/// stretch of it: `Node.textContent` as a slice.
final class TextContentIndex: Sendable {
    private let bytes: [UInt8]
    /// Per node: where an element's (or the root's) text starts and ends in `bytes`; -1 for nodes it
    /// does not cover (text nodes, and the contents of templates, which are not in the tree).
    private let starts: [Int32]
    private let ends: [Int32]

    init(arena: NodeArena) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(arena.byteCount / 2)
        var starts = [Int32](repeating: -1, count: arena.nodes.count)
        var ends = [Int32](repeating: -1, count: arena.nodes.count)
        starts[0] = 0
        TextRendering.walk(0, in: arena, enter: { node, record in
            switch record.kind {
            case .text:
                bytes.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
                return false
            case .element:
                starts[Int(node)] = Int32(bytes.count)
                return true
            default:
                return false
            }
        }, exit: { node, _ in
            ends[Int(node)] = Int32(bytes.count)
        })
        ends[0] = Int32(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    /// The concatenated text below `node`, or `nil` when the index does not cover it.
    func content(of node: Int32) -> ArraySlice<UInt8>? {
        let start = starts[Int(node)]
        guard start >= 0 else { return nil }
        return bytes[Int(start)..<Int(ends[Int(node)])]
    }
}

/// Every element's 1-based position among its element siblings, from the start and from the end
/// (or among its siblings of the same local name and namespace), for the whole document.
final class SiblingPositions: Sendable {
    let fromStart: [Int32]
    let fromEnd: [Int32]

    init(arena: NodeArena, ofType: Bool) {
        var fromStart = [Int32](repeating: 0, count: arena.nodes.count)
        var fromEnd = [Int32](repeating: 0, count: arena.nodes.count)
        var perType: [UInt64: Int32] = [:]
        for parent in 0..<arena.nodes.count {
            let first = arena.nodes[parent].firstChild
            guard first != NodeArena.none else { continue }
            var position: Int32 = 0
            perType.removeAll(keepingCapacity: true)
            var child = first
            while child != NodeArena.none {
                let record = arena.nodes[Int(child)]
                if record.kind == .element {
                    fromStart[Int(child)] = Self.next(record, &position, &perType, ofType: ofType)
                }
                child = record.nextSibling
            }
            position = 0
            perType.removeAll(keepingCapacity: true)
            child = arena.nodes[parent].lastChild
            while child != NodeArena.none {
                let record = arena.nodes[Int(child)]
                if record.kind == .element {
                    fromEnd[Int(child)] = Self.next(record, &position, &perType, ofType: ofType)
                }
                child = record.previousSibling
            }
        }
        self.fromStart = fromStart
        self.fromEnd = fromEnd
    }

    /// The next position: of any element, or of the element's name and namespace.
    @inline(__always)
    private static func next(
        _ record: NodeRecord, _ position: inout Int32, _ perType: inout [UInt64: Int32], ofType: Bool
    ) -> Int32 {
        guard ofType else {
            position += 1
            return position
        }
        let key = UInt64(record.name.id) << 8 | UInt64(record.namespace.rawValue)
        let value = (perType[key] ?? 0) + 1
        perType[key] = value
        return value
    }
}

/// A count of nodes visited, shared by copies of what holds it: how `MutableDocument`'s selections
/// show the tests that they stay proportional to what they look at.
final class WalkCounter: Sendable {
    private let total = LockBox(0)

    var nodesWalked: Int { total.withLock { $0 } }

    func add(_ count: Int) {
        total.withLock { $0 += count }
    }
}
