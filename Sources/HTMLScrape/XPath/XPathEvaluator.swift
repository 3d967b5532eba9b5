/// One evaluation of a compiled expression against one document.
///
/// Node-sets are arrays of ``XPathEvaluator/Item`` kept in document order without duplicates. A
/// step from many context nodes is computed as one walk where the axis allows (a descendant walk
/// skips contexts inside an earlier context's subtree; following and preceding need only one
/// context; ancestor and sibling walks stop where an earlier walk passed), and results are put in
/// order by sorting on precomputed ranks, never by comparing positions in the tree. Recursion
/// follows only the expression's nesting, which the parser bounds.
final class XPathEvaluator {
    /// A node of a node-set: a tree node (`sub` 0), the `xml` namespace node of an element (`sub`
    /// 1) or an element's attribute number `sub - 2`.
    struct Item: Hashable {
        var node: Int32
        var sub: Int32

        static func tree(_ node: Int32) -> Item { Item(node: node, sub: 0) }
    }

    enum Value {
        case nodes([Item])
        case string(String)
        case number(Double)
        case boolean(Bool)
    }

    struct Context {
        var item: Item
        var position: Int
        var size: Int
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    let tree: XPathTree
    let order: DocumentOrder
    let variables: [String: XPathValue]
    let source: String
    private var arena: NodeArena { tree.arena }
    /// The arena's node records (read in every walk).
    private let records: [NodeRecord]
    private var idIndex: [String: Int32]?
    private var atoms: [String: (lowered: LocalName?, exact: LocalName?)] = [:]
    /// ``candidates(_:axis:)`` by node test.
    private var candidateLists: [String: [Int32]] = [:]

    init(document: Document, variables: [String: XPathValue], source: String) {
        tree = XPathTree(document)
        records = document.arena.nodes
        order = document.xpathOrder.order(of: document)
        self.variables = variables
        self.source = source
    }

    private func error(_ reason: String, at offset: Int) -> XPathError {
        XPathError(reason: reason, offset: offset, expression: source)
    }

    // MARK: Expressions

    func evaluate(_ expression: XPathExpression, _ context: Context) throws(XPathError) -> Value {
        switch expression {
        case let .number(value):
            return .number(value)
        case let .literal(text):
            return .string(text)
        case let .variable(name, offset):
            guard let bound = variables[name] else {
                throw error("the variable \"$\(name)\" is not bound", at: offset)
            }
            return try value(of: bound, offset: offset)
        case let .function(function, arguments, offset):
            return try call(function, arguments, context, offset: offset)
        case let .or(terms):
            for term in terms where boolean(try evaluate(term, context)) { return .boolean(true) }
            return .boolean(false)
        case let .and(terms):
            for term in terms where !boolean(try evaluate(term, context)) { return .boolean(false) }
            return .boolean(true)
        case let .binary(first, rest):
            var left = try evaluate(first, context)
            for (op, operand) in rest {
                let right = try evaluate(operand, context)
                left = op.isComparison ? .boolean(compare(op, left, right)) : .number(arithmetic(op, number(left), number(right)))
            }
            return left
        case let .negate(operand, count):
            let value = number(try evaluate(operand, context))
            return .number(count % 2 == 1 ? -value : value)
        case let .union(terms, offset):
            var all: [Item] = []
            for term in terms {
                guard case let .nodes(items) = try evaluate(term, context) else {
                    throw error("both sides of \"|\" must be node-sets", at: offset)
                }
                all.append(contentsOf: items)
            }
            return .nodes(sortedUnique(all))
        case let .path(path):
            return .nodes(try evaluate(path, context))
        }
    }

    /// A variable's value as the evaluator holds it; nodes must belong to this document.
    private func value(of value: XPathValue, offset: Int) throws(XPathError) -> Value {
        switch value {
        case let .string(string): return .string(string)
        case let .number(number): return .number(number)
        case let .boolean(boolean): return .boolean(boolean)
        case let .nodeSet(nodes):
            var items: [Item] = []
            for node in nodes {
                guard let item = item(for: node) else {
                    throw error("a variable holds a node of another document", at: offset)
                }
                items.append(item)
            }
            return .nodes(sortedUnique(items))
        }
    }

    /// The item for a public node of this document, or `nil`.
    func item(for node: XPathNode) -> Item? {
        switch node {
        case let .node(node):
            guard node.document === tree.document else { return nil }
            // A template's contents fragment stands for its template element.
            if node.index != 0, node.kind == .documentFragment, let owner = tree.document.templateOwners[node.index] {
                return .tree(owner)
            }
            return .tree(node.index)
        case let .attribute(element, attribute):
            guard element.document === tree.document else { return nil }
            let record = arena.nodes[Int(element.node.index)]
            for offset in 0..<Int(record.dataCount) {
                let stored = arena.attributes[Int(record.dataStart) + offset]
                if stored.namespace == attribute.namespace, arena.names.spelling(of: stored.name) == attribute.localName {
                    return Item(node: element.node.index, sub: Int32(2 + offset))
                }
            }
            return nil
        case let .namespace(element, _, _):
            guard element.document === tree.document else { return nil }
            return Item(node: element.node.index, sub: 1)
        }
    }

    /// The public node for an item.
    func publicNode(_ item: Item) -> XPathNode {
        let node = Node(document: tree.document, index: item.node)
        switch item.sub {
        case 0:
            return .node(node)
        case 1:
            return .namespace(Element(node: node), prefix: "xml", uri: Self.xmlNamespace)
        default:
            let record = arena.nodes[Int(item.node)]
            let stored = arena.attributes[Int(record.dataStart) + Int(item.sub - 2)]
            let attribute = Attribute(
                localName: arena.names.spelling(of: stored.name), namespace: stored.namespace,
                value: String(decoding: arena.bytes(start: stored.valueStart, count: stored.valueCount), as: UTF8.self))
            return .attribute(Element(node: node), attribute)
        }
    }

    // MARK: Paths

    func evaluate(_ path: XPathPath, _ context: Context) throws(XPathError) -> [Item] {
        var nodes: [Item]
        switch path.start {
        case .root:
            nodes = [.tree(0)]
        case .context:
            nodes = [context.item]
        case let .filter(primary, predicates, offset):
            guard case let .nodes(items) = try evaluate(primary, context) else {
                throw error(path.steps.isEmpty ? "a predicate applies to node-sets only" : "a path step applies to node-sets only", at: offset)
            }
            nodes = items
            for predicate in predicates {
                nodes = try filter(nodes, by: predicate)
            }
        }
        for step in path.steps {
            if nodes.isEmpty { break }
            nodes = try apply(step, to: nodes)
        }
        return nodes
    }

    /// Keeps the items (in the order given: the axis order, or document order) that pass the predicate.
    private func filter(_ items: [Item], by predicate: XPathPredicate) throws(XPathError) -> [Item] {
        if let constant = predicate.constantPosition {
            guard constant >= 1, constant <= Double(items.count), constant == constant.rounded(.down) else { return [] }
            return [items[Int(constant) - 1]]
        }
        if case let .function(.normalizeSpace, arguments, _) = predicate.expression, arguments.isEmpty {
            // `[normalize-space()]`: whether the string-value holds anything but white space, read
            // from the bytes (no string is built).
            return items.filter(hasNonSpace)
        }
        var kept: [Item] = []
        let size = items.count
        for (index, item) in items.enumerated() {
            let value = try evaluate(predicate.expression, Context(item: item, position: index + 1, size: size))
            let passes: Bool
            if case let .number(number) = value {
                passes = number == Double(index + 1)
            } else {
                passes = boolean(value)
            }
            if passes { kept.append(item) }
        }
        return kept
    }

    private func apply(_ step: XPathStep, to contexts: [Item]) throws(XPathError) -> [Item] {
        let positional = step.predicates.contains(where: \.usesPosition)
        if !positional {
            var items = union(of: step.axis, test: step.test, from: contexts)
            for predicate in step.predicates {
                items = try filter(items, by: predicate)
            }
            return items
        }
        var result: [Item] = []
        // `[k]` first: the k-th node of the axis is found without listing the others.
        let first = step.predicates[0].constantPosition
        let rest = first == nil ? step.predicates[...] : step.predicates.dropFirst()
        for context in contexts {
            // `//x[k]` gives every node as a context: most (text, comments, empty elements) have
            // no children to count.
            if step.axis == .child, context.sub == 0, tree.firstChild(context.node) == NodeArena.none { continue }
            var items: [Item]
            if let first {
                guard first >= 1, first == first.rounded(.down), first <= Double(Int32.max) else { continue }
                guard let item = nth(Int(first), of: step.axis, test: step.test, from: context) else { continue }
                items = [item]
            } else {
                items = axis(step.axis, test: step.test, from: context)
            }
            for predicate in rest {
                items = try filter(items, by: predicate)
            }
            result.append(contentsOf: items)
        }
        return sortedUnique(result)
    }

    /// The `position`-th node (1-based, in the axis's order) of `axis` from `context` that passes
    /// `test`. Following, preceding and descendant nodes are found by binary search in the ranks of
    /// the nodes that pass the test (``candidates(_:)``), so `//th/following::td[1]` costs a
    /// logarithm per `th`, not a walk to the next `td`; the other axes walk only as far as the node.
    private func nth(_ position: Int, of axis: XPathAxis, test: XPathNodeTest, from context: Item) -> Item? {
        switch axis {
        case .following, .preceding, .descendant, .descendantOrSelf:
            guard let list = candidates(test, axis: axis) else { break }
            let isTree = context.sub == 0
            let rank = order.ranks[Int(context.node)]
            switch axis {
            case .following:
                // After the subtree (or, from an attribute, after its element).
                let start = isTree ? order.ends[Int(context.node)] + 1 : rank + 1
                let index = Self.lowerBound(list, start) + position - 1
                return index < list.count ? .tree(order.nodes[Int(list[index])]) : nil
            case .preceding:
                // Nearest first, skipping the ancestors.
                var index = Self.lowerBound(list, rank) - 1
                var remaining = position
                while index >= 0 {
                    let candidate = list[index]
                    if !order.isAncestor(rank: candidate, of: rank) {
                        remaining -= 1
                        if remaining == 0 { return .tree(order.nodes[Int(candidate)]) }
                    }
                    index -= 1
                }
                return nil
            default:
                var position = position
                if axis == .descendantOrSelf, matches(context, test, axis: axis) {
                    if position == 1 { return context }
                    position -= 1
                }
                guard isTree else { return nil }
                let index = Self.lowerBound(list, rank + 1) + position - 1
                guard index < list.count, list[index] <= order.ends[Int(context.node)] else { return nil }
                return .tree(order.nodes[Int(list[index])])
            }
        default:
            break
        }
        let items = self.axis(axis, test: test, from: context, limit: position)
        return items.count == position ? items[position - 1] : nil
    }

    /// The first index of `list` (ascending) whose value is at least `value`.
    private static func lowerBound(_ list: [Int32], _ value: Int32) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The ranks, ascending, of the tree nodes that pass `test` on an axis whose principal node type
    /// is the element (every axis but `attribute` and `namespace`); computed once per evaluation and
    /// test. `nil` for `node()`, which every node passes (the ranks themselves are the list).
    private func candidates(_ test: XPathNodeTest, axis: XPathAxis) -> [Int32]? {
        let key: String
        switch test {
        case .node: return nil
        case .any: key = "*"
        case let .anyInNamespace(uri): key = uri + " *"
        case let .name(uri, localName): key = (uri ?? "") + " " + localName
        case .text: key = "text()"
        case .comment: key = "comment()"
        case .processingInstruction: return []
        }
        if let known = candidateLists[key] { return known }
        var list: [Int32] = []
        let nodes = order.nodes
        let fast = treeTest(test)
        for rank in nodes.indices where passes(nodes[rank], fast) { list.append(Int32(rank)) }
        candidateLists[key] = list
        return list
    }

    // MARK: Axes

    /// The nodes of `axis` from every context that pass `test`, in document order.
    private func union(of axis: XPathAxis, test: XPathNodeTest, from contexts: [Item]) -> [Item] {
        if contexts.count == 1 {
            let items = self.axis(axis, test: test, from: contexts[0])
            return axis.isReverse ? items.reversed() : items
        }
        var result: [Item] = []
        switch axis {
        case .descendant, .descendantOrSelf:
            var coveredEnd: Int32 = -1
            for context in contexts {
                if context.sub != 0 {
                    if axis == .descendantOrSelf, matches(context, test, axis: axis) { result.append(context) }
                    continue
                }
                if order.ranks[Int(context.node)] <= coveredEnd { continue }
                result.append(contentsOf: self.axis(axis, test: test, from: context))
                coveredEnd = order.ends[Int(context.node)]
            }
        case .following:
            // Every context's following nodes are those after the earliest end among them.
            let first = contexts.min { followingStart($0) < followingStart($1) }!
            return self.axis(.following, test: test, from: first)
        case .preceding:
            let last = contexts.max { precedingEnd($0) < precedingEnd($1) }!
            return self.axis(.preceding, test: test, from: last).reversed()
        case .ancestor, .ancestorOrSelf:
            var seen = Set<Int32>()
            let fast = treeTest(test)
            for context in contexts {
                if axis == .ancestorOrSelf, context.sub != 0, matches(context, test, axis: axis) { result.append(context) }
                var node = context.sub != 0 ? context.node : (axis == .ancestorOrSelf ? context.node : tree.parent(context.node))
                while node != NodeArena.none, seen.insert(node).inserted {
                    if passes(node, fast) { result.append(.tree(node)) }
                    node = tree.parent(node)
                }
            }
        case .followingSibling, .precedingSibling:
            var seen = Set<Int32>()
            let fast = treeTest(test)
            let forward = axis == .followingSibling
            for context in forward ? contexts : contexts.reversed() where context.sub == 0 {
                var node = forward ? arena.nodes[Int(context.node)].nextSibling : arena.nodes[Int(context.node)].previousSibling
                while node != NodeArena.none, seen.insert(node).inserted {
                    if passes(node, fast) { result.append(.tree(node)) }
                    node = forward ? arena.nodes[Int(node)].nextSibling : arena.nodes[Int(node)].previousSibling
                }
            }
        default:
            for context in contexts {
                result.append(contentsOf: self.axis(axis, test: test, from: context))
            }
        }
        return sortedUnique(result)
    }

    /// The rank after which a context's following axis starts.
    private func followingStart(_ item: Item) -> Int32 {
        item.sub != 0 ? order.ranks[Int(item.node)] : order.ends[Int(item.node)]
    }

    /// The rank before which a context's preceding axis ends.
    private func precedingEnd(_ item: Item) -> Int32 {
        order.ranks[Int(item.node)]
    }

    /// The nodes of `axis` from one context that pass `test`, in the axis's order (reverse axes:
    /// nearest first); the first `limit` of them at most. Descendants, following and preceding
    /// nodes are ranges of ranks (``DocumentOrder``), read in order without walking the tree.
    func axis(_ axis: XPathAxis, test: XPathNodeTest, from context: Item, limit: Int = .max) -> [Item] {
        var result: [Item] = []
        let fast = axis == .attribute || axis == .namespace ? TreeTest.never : treeTest(test)
        @inline(__always) func add(_ node: Int32) -> Bool {
            if passes(node, fast) {
                result.append(.tree(node))
                if result.count >= limit { return false }
            }
            return true
        }
        let isTree = context.sub == 0
        let node = context.node
        switch axis {
        case .self:
            if matches(context, test, axis: axis) { result.append(context) }
        case .attribute:
            let record = arena.nodes[Int(node)]
            guard isTree, record.kind == .element else { break }
            for offset in 0..<Int32(record.dataCount) {
                let item = Item(node: node, sub: 2 + offset)
                if matches(item, test, axis: axis) {
                    result.append(item)
                    if result.count >= limit { break }
                }
            }
        case .namespace:
            guard isTree, arena.nodes[Int(node)].kind == .element else { break }
            let item = Item(node: node, sub: 1)
            if matches(item, test, axis: axis) { result.append(item) }
        case .child:
            guard isTree else { break }
            var child = tree.firstChild(node)
            while child != NodeArena.none, add(child) {
                child = arena.nodes[Int(child)].nextSibling
            }
        case .descendant, .descendantOrSelf:
            if axis == .descendantOrSelf, matches(context, test, axis: axis) { result.append(context) }
            guard isTree, result.count < limit else { break }
            let nodes = order.nodes
            var rank = Int(order.ranks[Int(node)]) + 1
            let end = Int(order.ends[Int(node)])
            while rank <= end, add(nodes[rank]) { rank += 1 }
        case .parent:
            let parent = isTree ? tree.parent(node) : node
            if parent != NodeArena.none { _ = add(parent) }
        case .ancestor, .ancestorOrSelf:
            if axis == .ancestorOrSelf, matches(context, test, axis: axis) { result.append(context) }
            guard result.count < limit else { break }
            var current = isTree ? tree.parent(node) : node
            while current != NodeArena.none, add(current) {
                current = tree.parent(current)
            }
        case .followingSibling:
            guard isTree else { break }
            var sibling = arena.nodes[Int(node)].nextSibling
            while sibling != NodeArena.none, add(sibling) {
                sibling = arena.nodes[Int(sibling)].nextSibling
            }
        case .precedingSibling:
            guard isTree else { break }
            var sibling = arena.nodes[Int(node)].previousSibling
            while sibling != NodeArena.none, add(sibling) {
                sibling = arena.nodes[Int(sibling)].previousSibling
            }
        case .following:
            // After an attribute come its element's descendants; after a node, what follows its subtree.
            let nodes = order.nodes
            var rank = Int(isTree ? order.ends[Int(node)] : order.ranks[Int(node)]) + 1
            while rank < nodes.count, add(nodes[rank]) { rank += 1 }
        case .preceding:
            // Reverse document order, skipping the ancestors.
            let nodes = order.nodes
            let own = order.ranks[Int(node)]
            var rank = Int(own) - 1
            while rank >= 0 {
                if !order.isAncestor(rank: Int32(rank), of: own), !add(nodes[rank]) { break }
                rank -= 1
            }
        }
        return result
    }

    /// A node test on tree nodes (every axis but `attribute` and `namespace`) as plain comparisons
    /// of a node's record, worked out once per step: the walks over ranges of ranks test millions
    /// of nodes, and ``matches(_:_:axis:)`` would look up names and copy strings for each.
    enum TreeTest {
        case node, text, comment, anyElement, never
        case elementIn(Namespace)
        case element(LocalName, Namespace)
    }

    func treeTest(_ test: XPathNodeTest) -> TreeTest {
        switch test {
        case .node: return .node
        case .text: return .text
        case .comment: return .comment
        case .processingInstruction: return .never
        case .any: return .anyElement
        case let .anyInNamespace(uri):
            return Namespace.allCases.first { $0.uri == uri }.map(TreeTest.elementIn) ?? .never
        case let .name(uri, localName):
            guard let uri else { return atoms(for: localName).lowered.map { .element($0, .html) } ?? .never }
            guard let namespace = Namespace.allCases.first(where: { $0.uri == uri }) else { return .never }
            let found = atoms(for: localName)
            return (namespace == .html ? found.lowered : found.exact).map { .element($0, namespace) } ?? .never
        }
    }

    /// Whether the tree node passes a ``TreeTest`` (and is one XPath sees).
    @inline(__always)
    func passes(_ node: Int32, _ test: TreeTest) -> Bool {
        let record = records[Int(node)]
        switch test {
        case .node: return record.kind != .documentType && (record.kind != .documentFragment || node == 0)
        case .text: return record.kind == .text
        case .comment: return record.kind == .comment
        case .anyElement: return record.kind == .element
        case .never: return false
        case let .elementIn(namespace): return record.kind == .element && record.namespace == namespace
        case let .element(name, namespace): return record.name == name && record.kind == .element && record.namespace == namespace
        }
    }

    // MARK: Node tests

    private func atoms(for name: String) -> (lowered: LocalName?, exact: LocalName?) {
        if let known = atoms[name] { return known }
        let found = (arena.names.lookup(name.asciiLowercased), arena.names.lookup(name))
        atoms[name] = found
        return found
    }

    /// Whether `name` (as stored) is `localName` on an element (or an attribute of an element) in
    /// `namespace`: HTML names ignoring ASCII case, as the parser lower-cased them; others exactly.
    private func nameMatches(_ name: LocalName, html: Bool, _ localName: String) -> Bool {
        let found = atoms(for: localName)
        return html ? name == found.lowered : name == found.exact
    }

    func matches(_ item: Item, _ test: XPathNodeTest, axis: XPathAxis) -> Bool {
        switch test {
        case .node: return true
        case .processingInstruction: return false
        case .text: return item.sub == 0 && arena.nodes[Int(item.node)].kind == .text
        case .comment: return item.sub == 0 && arena.nodes[Int(item.node)].kind == .comment
        default: break
        }
        let record = arena.nodes[Int(item.node)]
        switch (axis, item.sub) {
        case (.attribute, 2...):
            let attribute = arena.attributes[Int(record.dataStart) + Int(item.sub - 2)]
            switch test {
            case .any: return true
            case let .anyInNamespace(uri): return attribute.namespace.uri == uri
            case let .name(uri, localName):
                if let uri {
                    return attribute.namespace.uri == uri && arena.names.spelling(of: attribute.name) == localName
                }
                return attribute.namespace == .none && nameMatches(attribute.name, html: record.namespace == .html, localName)
            default: return false
            }
        case (.namespace, 1):
            switch test {
            case .any: return true
            case let .name(uri, localName): return uri == nil && localName == "xml"
            default: return false
            }
        case (.attribute, _), (.namespace, _):
            return false
        case (_, 0) where record.kind == .element:
            switch test {
            case .any: return true
            case let .anyInNamespace(uri): return record.namespace.uri == uri
            case let .name(uri, localName):
                // Without a prefix, HTML elements only (as `document.evaluate` in browsers: `//title`
                // is not SVG's `<title>`); with one, elements of that namespace.
                guard let uri else { return record.namespace == .html && nameMatches(record.name, html: true, localName) }
                guard record.namespace.uri == uri else { return false }
                return nameMatches(record.name, html: record.namespace == .html, localName)
            default: return false
            }
        default:
            return false
        }
    }

    // MARK: Values

    /// Sorts items into document order and drops duplicates.
    func sortedUnique(_ items: [Item]) -> [Item] {
        guard items.count > 1 else { return items }
        let ranks = order.ranks
        var sorted = true
        for index in 1..<items.count {
            let a = items[index - 1]
            let b = items[index]
            let ra = ranks[Int(a.node)]
            let rb = ranks[Int(b.node)]
            if ra > rb || (ra == rb && a.sub >= b.sub) {
                sorted = false
                break
            }
        }
        if sorted { return items }
        var copy = items
        copy.sort { a, b in
            let ra = ranks[Int(a.node)]
            let rb = ranks[Int(b.node)]
            return ra != rb ? ra < rb : a.sub < b.sub
        }
        var unique: [Item] = []
        unique.reserveCapacity(copy.count)
        for item in copy where unique.last != item { unique.append(item) }
        return unique
    }

    /// Whether an item's string-value holds a character other than XML white space (what
    /// `boolean(normalize-space(.))` asks), read from the bytes.
    func hasNonSpace(_ item: Item) -> Bool {
        @inline(__always) func check(_ start: UInt32, _ count: UInt32) -> Bool {
            arena.withBytes(start: start, count: count) { bytes in
                bytes.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            }
        }
        switch item.sub {
        case 0:
            let record = arena.nodes[Int(item.node)]
            if record.kind == .text || record.kind == .comment { return check(record.dataStart, record.dataCount) }
            let nodes = order.nodes
            let rank = order.ranks[Int(item.node)]
            guard rank >= 0 else { return false }
            var index = Int(rank) + 1
            let end = Int(order.ends[Int(item.node)])
            while index <= end {
                let text = arena.nodes[Int(nodes[index])]
                if text.kind == .text, check(text.dataStart, text.dataCount) { return true }
                index += 1
            }
            return false
        case 1: return true
        default:
            let record = arena.nodes[Int(item.node)]
            let attribute = arena.attributes[Int(record.dataStart) + Int(item.sub - 2)]
            return check(attribute.valueStart, attribute.valueCount)
        }
    }

    func stringValue(_ item: Item) -> String {
        switch item.sub {
        case 0:
            let record = arena.nodes[Int(item.node)]
            if record.kind == .text || record.kind == .comment { return arena.string(of: item.node) }
            // The text nodes of the subtree: a range of ranks.
            let rank = order.ranks[Int(item.node)]
            guard rank >= 0 else { return tree.stringValue(of: item.node) }
            let nodes = order.nodes
            var bytes: [UInt8] = []
            var index = Int(rank) + 1
            let end = Int(order.ends[Int(item.node)])
            while index <= end {
                let text = arena.nodes[Int(nodes[index])]
                if text.kind == .text {
                    arena.withBytes(start: text.dataStart, count: text.dataCount) { bytes.append(contentsOf: $0) }
                }
                index += 1
            }
            return String(decoding: bytes, as: UTF8.self)
        case 1: return Self.xmlNamespace
        default:
            let record = arena.nodes[Int(item.node)]
            let attribute = arena.attributes[Int(record.dataStart) + Int(item.sub - 2)]
            return String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
        }
    }

    func string(_ value: Value) -> String {
        switch value {
        case let .nodes(items): return items.first.map(stringValue) ?? ""
        case let .string(string): return string
        case let .number(number): return XPathNumber.format(number)
        case let .boolean(boolean): return boolean ? "true" : "false"
        }
    }

    func number(_ value: Value) -> Double {
        switch value {
        case let .number(number): return number
        case let .boolean(boolean): return boolean ? 1 : 0
        default: return XPathNumber.parse(string(value))
        }
    }

    func boolean(_ value: Value) -> Bool {
        switch value {
        case let .nodes(items): return !items.isEmpty
        case let .string(string): return !string.isEmpty
        case let .number(number): return number != 0 && !number.isNaN
        case let .boolean(boolean): return boolean
        }
    }

    private func arithmetic(_ op: XPathOperator, _ a: Double, _ b: Double) -> Double {
        switch op {
        case .plus: return a + b
        case .minus: return a - b
        case .times: return a * b
        case .divide: return a / b
        case .modulo: return a.truncatingRemainder(dividingBy: b)
        default: return .nan
        }
    }

    /// XPath 1.0 §3.4 comparisons, node-sets included, in time linear in the sets' sizes.
    private func compare(_ op: XPathOperator, _ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case let (.nodes(a), .nodes(b)):
            if op == .equal || op == .notEqual {
                let leftStrings = Set(a.map(stringValue))
                if op == .equal { return b.contains { leftStrings.contains(stringValue($0)) } }
                guard !a.isEmpty, !b.isEmpty else { return false }
                let rightStrings = Set(b.map(stringValue))
                return leftStrings.count > 1 || rightStrings.count > 1 || leftStrings != rightStrings
            }
            let leftNumbers = a.map { XPathNumber.parse(stringValue($0)) }.filter { !$0.isNaN }
            let rightNumbers = b.map { XPathNumber.parse(stringValue($0)) }.filter { !$0.isNaN }
            guard let leftMin = leftNumbers.min(), let leftMax = leftNumbers.max(),
                  let rightMin = rightNumbers.min(), let rightMax = rightNumbers.max() else { return false }
            switch op {
            case .less: return leftMin < rightMax
            case .lessOrEqual: return leftMin <= rightMax
            case .greater: return leftMax > rightMin
            default: return leftMax >= rightMin
            }
        case let (.nodes(items), other):
            return compare(items, op, other)
        case let (other, .nodes(items)):
            return compare(items, op.flipped, other)
        default:
            if op == .equal || op == .notEqual {
                let same: Bool
                switch (left, right) {
                case (.boolean, _), (_, .boolean): same = boolean(left) == boolean(right)
                case (.number, _), (_, .number): same = number(left) == number(right)
                default: same = string(left) == string(right)
                }
                return op == .equal ? same : !same
            }
            return compareNumbers(number(left), op, number(right))
        }
    }

    /// A node-set on the left of `op`, a string, number or boolean on the right.
    private func compare(_ items: [Item], _ op: XPathOperator, _ other: Value) -> Bool {
        if case let .boolean(value) = other {
            let mine = !items.isEmpty
            switch op {
            case .equal: return mine == value
            case .notEqual: return mine != value
            default: return compareNumbers(mine ? 1 : 0, op, value ? 1 : 0)
            }
        }
        if case let .string(text) = other, op == .equal || op == .notEqual {
            return items.contains { (stringValue($0) == text) == (op == .equal) }
        }
        let target = number(other)
        return items.contains { compareNumbers(XPathNumber.parse(stringValue($0)), op, target) }
    }

    private func compareNumbers(_ a: Double, _ op: XPathOperator, _ b: Double) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        default: return false
        }
    }

    // MARK: Functions

    private func call(
        _ function: XPathFunction, _ arguments: [XPathExpression], _ context: Context, offset: Int
    ) throws(XPathError) -> Value {
        func argument(_ index: Int) throws(XPathError) -> Value { try evaluate(arguments[index], context) }
        func stringArgument(_ index: Int) throws(XPathError) -> String { string(try argument(index)) }
        func nodesArgument(_ index: Int) throws(XPathError) -> [Item] {
            guard case let .nodes(items) = try argument(index) else {
                throw error("\(function.rawValue)() needs a node-set argument", at: offset)
            }
            return items
        }
        /// The first node of the optional node-set argument, or the context node.
        func subject() throws(XPathError) -> Item? {
            arguments.isEmpty ? context.item : try nodesArgument(0).first
        }
        switch function {
        case .last: return .number(Double(context.size))
        case .position: return .number(Double(context.position))
        case .count: return .number(Double(try nodesArgument(0).count))
        case .id:
            var tokens: [Substring] = []
            if case let .nodes(items) = try argument(0) {
                for item in items { tokens.append(contentsOf: stringValue(item).split(whereSeparator: \.isXPathSpace)) }
            } else {
                tokens = try stringArgument(0).split(whereSeparator: \.isXPathSpace)
            }
            let index = idElements()
            return .nodes(sortedUnique(tokens.compactMap { index[String($0)] }.map(Item.tree)))
        case .localName, .namespaceURI, .name:
            guard let item = try subject() else { return .string("") }
            return .string(name(of: item, function))
        case .string:
            return .string(arguments.isEmpty ? stringValue(context.item) : try stringArgument(0))
        case .concat:
            var result = ""
            for index in arguments.indices { result += try stringArgument(index) }
            return .string(result)
        case .startsWith:
            return .boolean(try stringArgument(0).unicodeScalars.starts(with: try stringArgument(1).unicodeScalars))
        case .contains:
            let needle = try stringArgument(1)
            let haystack = try stringArgument(0)
            return .boolean(needle.isEmpty || haystack.utf8.firstRange(of: needle.utf8) != nil)
        case .substringBefore:
            let haystack = try stringArgument(0)
            let needle = try stringArgument(1)
            guard let range = haystack.utf8.firstRange(of: needle.utf8) else { return .string("") }
            return .string(String(decoding: haystack.utf8[..<range.lowerBound], as: UTF8.self))
        case .substringAfter:
            let haystack = try stringArgument(0)
            let needle = try stringArgument(1)
            guard let range = haystack.utf8.firstRange(of: needle.utf8) else { return .string("") }
            return .string(String(decoding: haystack.utf8[range.upperBound...], as: UTF8.self))
        case .substring:
            let text = try stringArgument(0)
            let start = Self.round(number(try argument(1)))
            let end = arguments.count == 3 ? start + Self.round(number(try argument(2))) : .infinity
            var result = String.UnicodeScalarView()
            var position = 1.0
            for scalar in text.unicodeScalars {
                if position >= start && position < end { result.append(scalar) }
                position += 1
            }
            return .string(String(result))
        case .stringLength:
            let text = arguments.isEmpty ? stringValue(context.item) : try stringArgument(0)
            return .number(Double(text.unicodeScalars.count))
        case .normalizeSpace:
            let text = arguments.isEmpty ? stringValue(context.item) : try stringArgument(0)
            return .string(text.split(whereSeparator: \.isXPathSpace).joined(separator: " "))
        case .translate:
            let text = try stringArgument(0)
            let from = Array(try stringArgument(1).unicodeScalars)
            let to = Array(try stringArgument(2).unicodeScalars)
            var map: [Unicode.Scalar: Unicode.Scalar?] = [:]
            for (index, scalar) in from.enumerated() where map[scalar] == nil {
                map[scalar] = index < to.count ? to[index] : .some(nil)
            }
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if let mapped = map[scalar] {
                    if let mapped { result.append(mapped) }
                } else {
                    result.append(scalar)
                }
            }
            return .string(String(result))
        case .boolean: return .boolean(boolean(try argument(0)))
        case .not: return .boolean(!boolean(try argument(0)))
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .lang: return .boolean(lang(try stringArgument(0), context.item))
        case .number:
            return .number(arguments.isEmpty ? XPathNumber.parse(stringValue(context.item)) : number(try argument(0)))
        case .sum:
            return .number(try nodesArgument(0).reduce(0) { $0 + XPathNumber.parse(stringValue($1)) })
        case .floor: return .number(number(try argument(0)).rounded(.down))
        case .ceiling: return .number(number(try argument(0)).rounded(.up))
        case .round: return .number(Self.round(number(try argument(0))))
        }
    }

    /// XPath's `round()`: the closest integer, halves towards positive infinity; `-0.5` gives `-0`.
    static func round(_ value: Double) -> Double {
        if value.isNaN || value.isInfinite { return value }
        if value < 0 && value >= -0.5 { return -0.0 }
        return (value + 0.5).rounded(.down)
    }

    private func name(of item: Item, _ function: XPathFunction) -> String {
        switch item.sub {
        case 0:
            let record = arena.nodes[Int(item.node)]
            guard record.kind == .element else { return "" }
            switch function {
            case .namespaceURI: return record.namespace.uri ?? ""
            default: return arena.names.spelling(of: record.name)
            }
        case 1:
            return function == .namespaceURI ? "" : "xml"
        default:
            let record = arena.nodes[Int(item.node)]
            let attribute = arena.attributes[Int(record.dataStart) + Int(item.sub - 2)]
            let local = arena.names.spelling(of: attribute.name)
            switch function {
            case .namespaceURI: return attribute.namespace.uri ?? ""
            case .localName: return local
            default:
                return Attribute(localName: local, namespace: attribute.namespace, value: "").name
            }
        }
    }

    /// The first element in document order with each `id`.
    private func idElements() -> [String: Int32] {
        if let idIndex { return idIndex }
        var index: [String: Int32] = [:]
        var node = tree.following(0, within: 0)
        while node != NodeArena.none {
            if arena.nodes[Int(node)].kind == .element,
               let slot = arena.attributeIndex(of: node, name: .id) {
                let attribute = arena.attributes[slot]
                let value = String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                if index[value] == nil { index[value] = node }
            }
            node = tree.following(node, within: 0)
        }
        idIndex = index
        return index
    }

    /// `lang(name)`: the language of the nearest element at or above the context node that says one
    /// (`xml:lang`, or HTML's `lang`), equal to `name` or a sub-language of it, ignoring case.
    private func lang(_ name: String, _ item: Item) -> Bool {
        var node: Int32 = item.node
        while node != NodeArena.none {
            if arena.nodes[Int(node)].kind == .element {
                let slot = arena.attributeIndex(of: node, name: .lang, namespace: .xml)
                    ?? arena.attributeIndex(of: node, name: .lang, namespace: .none)
                if let slot {
                    let attribute = arena.attributes[slot]
                    let value = String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                        .asciiLowercased
                    let wanted = name.asciiLowercased
                    return value == wanted || value.hasPrefix(wanted + "-")
                }
            }
            node = tree.parent(node)
        }
        return false
    }
}

extension XPathOperator {
    /// The operator with its operands swapped (`a < b` is `b > a`).
    var flipped: XPathOperator {
        switch self {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return self
        }
    }
}

extension Character {
    /// XML white space (XPath's `normalize-space` and `id` split on it).
    var isXPathSpace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n"
    }
}
