import Foundation

/// Matches a selector against one document, for the length of one query.
///
/// On creation the selector's names are resolved against the document's name table once (a name the
/// document never used cannot match, so such compounds are rejected by an integer compare), and
/// every later test compares interned ids and attribute bytes. Complex selectors match right to
/// left; what the rest of a chain gives on a node is remembered, and an ancestor or earlier-sibling
/// search stops at the first node whose answer is known, so `div p span` costs time linear in the
/// document even when it is 100,000 levels deep. `:nth-*()` positions are computed once per parent and `:has()` once per document
/// (by propagating matches to ancestors or earlier siblings), so neither goes quadratic. Nothing
/// recurses per level of the document; recursion follows the nesting of the selector only.
final class SelectorMatcher {
    let document: Document
    let arena: NodeArena
    /// The element `:scope` names, or `none`.
    let scope: Int32
    private let quirks: Bool
    let list: ResolvedList

    // Caches, allocated up front only when the selector needs them, filled lazily.
    private let childPositions: PositionCache?
    private let typePositions: PositionCache?
    private let ofLists: [ResolvedList]
    private let ofPositions: [PositionCache]
    private let hasSelectors: [[ResolvedRelative]]
    private let hasResults: [NodeFlags]
    /// What is known about each complex selector's chain of compounds on each node, filled as
    /// matching asks: whether `compounds[i...]` match with compound `i` on the node, and whether some
    /// node in the relation `combinators[i]` names (an ancestor, the parent, an earlier sibling…) does
    /// so for `i + 1`. Each state is computed once per node, so a chain matches in time linear in the
    /// document whatever the depth or width. One byte per node and plane (0 unknown, 1 no, 2 yes);
    /// `ResolvedComplex.memoPlane` says where a chain's planes start. `nil` without combinators.
    private let chains: NodeMap<UInt8>?
    /// `chains`' storage, read and written without reference counting.
    private let chainStates: NodeMapAccess<UInt8>?
    private let nodeCount: Int
    /// Where the per-node memos get their buffers: the document's.
    private let pool: ScratchPool
    /// Text bytes computed element by element so far for `:contains()`.
    private var textWork = 0
    /// Text indices for `:contains()`, by kind: lower-cased (1) and with script text (2).
    private var textIndices: [Int: TextIndex] = [:]
    /// Directionality of elements for `:dir()`, built on first use.
    private var directionality: Directionality?
    /// The document's positions of every element among its siblings, once it has them (see
    /// `DocumentCache`): then `:nth-child()` and `:nth-of-type()` count nothing.
    private var sharedChildPositions: SiblingPositions?
    /// Whether a subject or its left neighbour names a class or an id that the class index could
    /// list (not in quirks mode, where they match without case): a scan for such a query counts
    /// towards building that index.
    private let usesClassesOrIDs: Bool
    private var sharedTypePositions: SiblingPositions?
    /// Per `:lang()` argument: what each element passed so far gives (0 unknown, 1 no, 2 yes).
    private var langMemos: [[String]: NodeMap<UInt8>] = [:]
    /// Per element: whether a disabled `fieldset` ancestor disables what it holds (0 unknown, 1 no,
    /// 2 yes), and per `fieldset`: its first `legend` child.
    private var insideDisabledFieldsetMemo: NodeMap<UInt8>?
    private var firstLegendMemo: NodeMap<Int32>?

    /// The subtree a local `:has()` needs to look at (see `SelectorResolver.hasIsLocal`), or `none`
    /// for the whole document.
    private let region: Int32
    private let hasIsLocal: [Bool]
    /// Per `:has()`: whether each of its relative selectors is a single compound, and the answers
    /// computed one element at a time so far (with the nodes that cost).
    private let hasIsSimple: [Bool]
    /// (A `let`, made with the matcher like `hasResults`: reading a `var` array of the class cost
    /// an exclusivity check per element asked about.)
    private let hasMemos: [NodeMap<UInt8>]
    private var hasWork = 0

    /// A matcher for one query. `region` is the root of the subtree whose elements (with their
    /// siblings) are the only subjects the query will test, or `none` when any element may be.
    init(_ selector: CSSSelector, document: Document, scope: Int32, region: Int32 = NodeArena.none) {
        self.document = document
        self.region = region
        self.arena = document.arena
        self.scope = scope
        let quirks = document.quirksMode == .quirks
        self.quirks = quirks
        var resolver = SelectorResolver(names: document.arena.names)
        let list = resolver.resolve(selector.list)
        self.list = list
        let count = arena.nodes.count
        let pool = document.cache.scratch
        self.pool = pool
        childPositions = resolver.usesChildPositions ? PositionCache(count: count, pool: pool) : nil
        typePositions = resolver.usesTypePositions ? PositionCache(count: count, pool: pool) : nil
        ofLists = resolver.ofLists
        ofPositions = resolver.ofLists.map { _ in PositionCache(count: count, pool: pool) }
        hasSelectors = resolver.hasSelectors
        hasIsLocal = resolver.hasIsLocal
        hasIsSimple = resolver.hasSelectors.map { relatives in relatives.allSatisfy { $0.complex.compounds.count == 1 } }
        hasMemos = resolver.hasSelectors.map { _ in NodeMap<UInt8>(capacity: count, pool: pool) }
        hasResults = resolver.hasSelectors.map { _ in NodeFlags(count: count, pool: pool) }
        nodeCount = count
        chains = resolver.memoPlanes == 0 ? nil : NodeMap(capacity: count * resolver.memoPlanes, pool: pool)
        chainStates = chains?.access
        usesClassesOrIDs = !quirks && list.selectors.contains { complex in
            complex.compounds.prefix(2).contains { compound in
                !compound.ids.isEmpty || !compound.classes.isEmpty || compound.attributeRefs.contains {
                    let attribute = $0.takeUnretainedValue()
                    return attribute.operator == .includes && attribute.name.html == .class
                }
            }
        }
        if resolver.usesChildPositions { sharedChildPositions = document.cache.siblingPositions(ofType: false) }
        if resolver.usesTypePositions { sharedTypePositions = document.cache.siblingPositions(ofType: true) }
    }

    /// Whether any of this query's per-node memos grew into a buffer of the document's size: a query
    /// that looks at a few nodes must not (tests check it).
    var allocatedNodeSizedStorage: Bool {
        (chains?.isDense ?? false) || (childPositions?.isDense ?? false) || (typePositions?.isDense ?? false)
            || ofPositions.contains { $0.isDense } || hasResults.contains { $0.isDense } || hasMemos.contains { $0.isDense }
            || langMemos.values.contains { $0.isDense } || (insideDisabledFieldsetMemo?.isDense ?? false)
            || (firstLegendMemo?.isDense ?? false) || (directionality?.isDense ?? false)
    }

    // MARK: Queries

    /// Every element below `root` (not `root` itself) that matches, in document order.
    ///
    /// When every selector of the list names a type (or, once the document has its class index, a
    /// class or an id) in its subject, only the elements carrying it are tested; otherwise the
    /// elements below `root` are scanned in document order (the element index's order: no climbing
    /// of the tree), or, for a subtree outside the tree (a template's contents), walked.
    func select(under root: Int32, first: Bool = false) -> [Element] {
        var result: [Element] = []
        var visited = 0
        let index = document.cache.elementIndex(for: arena)
        let classIndex = usesClassesOrIDs ? index.flatMap { document.cache.classIndex(for: arena, order: $0) } : nil
        if let index, let found = candidates(in: index, classIndex, under: root) {
            if !first { result.reserveCapacity(found.nodes.count) }
            // One loop per kind of test, so that no loop copies the test's payload per element.
            switch found.test {
            case .none:
                for node in found.nodes {
                    visited += 1
                    result.append(Element(node: Node(document: document, index: node)))
                    if first { break }
                }
            case let .subject(subject):
                for node in found.nodes {
                    visited += 1
                    if matchCompound(subject, node) {
                        result.append(Element(node: Node(document: document, index: node)))
                        if first { break }
                    }
                }
            case let .related(subject, left, combinator):
                for node in found.nodes {
                    visited += 1
                    let other = next(from: node, combinator)
                    if other != NodeArena.none && matchCompound(left, other)
                        && (subject.map { matchCompound($0, node) } ?? true) {
                        result.append(Element(node: Node(document: document, index: node)))
                        if first { break }
                    }
                }
            case .list:
                for node in found.nodes {
                    visited += 1
                    if matches(list, node) {
                        result.append(Element(node: Node(document: document, index: node)))
                        if first { break }
                    }
                }
            }
            document.cache.addScanned(visited + found.work, forClasses: false)
            return result
        }
        if let index, let positions = index.positions(inside: root) {
            for position in positions {
                let node = index.node(at: position)
                visited += 1
                if arena.nodes[Int(node)].kind == .element && matches(list, node) {
                    result.append(Element(node: Node(document: document, index: node)))
                    if first { break }
                }
            }
            document.cache.addScanned(visited, forClasses: usesClassesOrIDs)
            return result
        }
        var node = arena.following(root, within: root)
        while node != NodeArena.none {
            visited += 1
            if arena.nodes[Int(node)].kind == .element && matches(list, node) {
                result.append(Element(node: Node(document: document, index: node)))
                if first { break }
            }
            node = arena.following(node, within: root)
        }
        document.cache.addScanned(visited, forClasses: usesClassesOrIDs)
        return result
    }

    /// What ``candidates(in:under:)`` found: the elements to test, in document order; what is left
    /// to test on each; and the index entries looked at to find them.
    private struct IndexedCandidates {
        var nodes: ArraySlice<Int32>
        var test: CandidateTest
        var work: Int
    }

    /// What is left to test on a candidate the index gave.
    private enum CandidateTest {
        /// Nothing: the index's list holds exactly the elements the selector matches (`li`, `.x`).
        case none
        /// The subject compound only: the candidates are already inside an element that the left
        /// side of `A B` matches (`A` a compound the index lists exactly).
        case subject(ResolvedCompound)
        /// `A > B` or `A + B`: the parent or previous element must match `left`, and the candidate
        /// `subject` (`nil` when the index's list is exact for it).
        case related(subject: ResolvedCompound?, left: ResolvedCompound, Combinator)
        /// The whole selector list.
        case list
    }

    /// The elements below `root` that can match the list, in document order: for each selector, those
    /// carrying its subject's id, its rarest class, or its type (or one of the types of an `:is()` of
    /// types), counted below `root` only, so that the cost follows the part of the document searched.
    /// When the subject's parent or ancestor must match a compound that names a type, class or id
    /// carried by far fewer elements (`:is(h2, h3) span`, `div p a`), only the candidates inside those
    /// elements are kept. `nil` when a selector names none of them (or only a class or id in quirks
    /// mode, where they match without case), or when `root` is outside the document's tree.
    private func candidates(in index: ElementIndex, _ classIndex: ClassIndex?, under root: Int32) -> IndexedCandidates? {
        var slices: [ArraySlice<Int32>] = []
        var test = CandidateTest.list
        var work = 0
        for complex in list.selectors {
            let compound = complex.compounds[0]
            if compound.neverMatches { continue }
            guard let lists = indexLists(compound, index, classIndex) else { return nil }
            var rarest: ArraySlice<Int32>?
            for elements in lists {
                guard let range = index.range(of: elements, inside: root) else { return nil }
                if range.count < rarest?.count ?? Int.max { rarest = elements[range] }
            }
            guard var chosen = rarest else { return nil }
            let alone = list.selectors.count == 1
            if alone && complex.compounds.count == 1 { test = .subject(compound) }
            // With one list of the index, a compound of one type, class or id is matched by exactly
            // the elements in it.
            let exact = lists.count == 1 && compound.indexExact
            if alone && complex.compounds.count == 1 && exact { test = .none }
            if complex.compounds.count > 1 {
                let left = complex.compounds[1]
                if left.neverMatches { continue }
                let combinator = complex.combinators[0]
                if alone && complex.compounds.count == 2 && (combinator == .child || combinator == .nextSibling) {
                    test = .related(subject: exact ? nil : compound, left: left, combinator)
                }
                // The parent or ancestor is looked for in the whole document: it may lie above `root`.
                if combinator == .descendant || combinator == .child,
                   let leftLists = indexLists(left, index, classIndex), let fewest = leftLists.min(by: { $0.count < $1.count }),
                   fewest.count &* 8 <= chosen.count {
                    work += fewest.count
                    chosen = index.elements(of: chosen, inside: fewest)[...]
                    if alone && complex.compounds.count == 2 && combinator == .descendant
                        && leftLists.count == 1 && left.indexExact {
                        test = exact ? .none : .subject(compound)
                    }
                }
            }
            slices.append(chosen)
        }
        if slices.count == 1 { return IndexedCandidates(nodes: slices[0], test: test, work: work) }
        return IndexedCandidates(nodes: index.merged(slices)[...], test: .list, work: work)
    }

    /// The indexes' lists, each holding every element of the document that `compound` can match (by
    /// its id or each class, when the class index is built, or its type or types); `nil` when it
    /// names none usable.
    private func indexLists(_ compound: ResolvedCompound, _ index: ElementIndex, _ classIndex: ClassIndex?) -> [ArraySlice<Int32>]? {
        var lists: [ArraySlice<Int32>] = []
        if !quirks, let classIndex {
            for id in compound.ids.prefix(1) { lists.append(classIndex.elements(withID: id)) }
            for name in compound.classes { lists.append(classIndex.elements(withClass: name)) }
            for case let .attribute(attribute) in compound.others
                where attribute.operator == .includes && attribute.flag != .insensitive
                && attribute.name.html == .class && attribute.name.foreign == .class {
                lists.append(classIndex.elements(withClass: attribute.value))
            }
        }
        if let types = compound.typeAlternatives {
            if types.count == 1 {
                lists.append(index.elements(ofType: types[0]))
            } else {
                lists.append(index.merged(types.map { index.elements(ofType: $0) })[...])
            }
        }
        return lists.isEmpty ? nil : lists
    }

    /// Whether the element at `node` matches the selector list.
    func matches(_ node: Int32) -> Bool { matches(list, node) }

    // MARK: Lists and complex selectors

    func matches(_ list: ResolvedList, _ node: Int32) -> Bool {
        for complex in list.selectors where matchChain(complex, 0, node) {
            return true
        }
        return false
    }

    /// Whether `complex.compounds[index...]` match with `compounds[index]` on `node`. Subjects
    /// (index 0) are asked once each; every other answer is remembered for the query (except a
    /// plain type's, which is cheaper to compare again than to look up).
    private func matchChain(_ complex: ResolvedComplex, _ index: Int, _ node: Int32) -> Bool {
        complex.compoundRefs[index]._withUnsafeGuaranteedRef { matchChain(complex, $0, index, node) }
    }

    @inline(__always)
    private func matchChain(_ complex: ResolvedComplex, _ compound: ResolvedCompound, _ index: Int, _ node: Int32) -> Bool {
        if index == 0 {
            guard matchCompound(compound, node) else { return false }
            return complex.combinators.isEmpty || related(complex, 0, node)
        }
        if let type = compound.plainType {
            let record = arena.nodes[Int(node)]
            guard (record.namespace == .html ? type.html : type.foreign) == record.name else { return false }
            if index == complex.combinators.count { return true }
        } else if let names = compound.plainTypeSet {
            guard names.contains(arena.nodes[Int(node)]) else { return false }
            if index == complex.combinators.count { return true }
        }
        // A chain with combinators has its planes in the memo.
        let memo = chainStates!
        let slot = (complex.memoPlane + index) &* nodeCount &+ Int(node)
        let known = memo[slot]
        if known != 0 { return known == 2 }
        let result = matchCompound(compound, node)
            && (index == complex.combinators.count || related(complex, index, node))
        memo[slot] = result ? 2 : 1
        return result
    }

    /// Whether a node in the relation `combinators[index]` names, seen from `node`, matches
    /// `compounds[(index + 1)...]`. Ancestor and earlier-sibling searches walk only as far as the
    /// first node whose answer is known, then record the answer for every node they passed.
    private func related(_ complex: ResolvedComplex, _ index: Int, _ node: Int32) -> Bool {
        let combinator = complex.combinators[index]
        switch combinator {
        case .child, .nextSibling:
            let candidate = next(from: node, combinator)
            return candidate != NodeArena.none && matchChain(complex, index + 1, candidate)
        case .descendant, .subsequentSibling:
            let memo = chainStates!
            let plane = (complex.memoPlane + complex.compounds.count + index) &* nodeCount
            let known = memo[plane &+ Int(node)]
            if known != 0 { return known == 2 }
            // Walk to the first candidate that matches or whose answer is known…
            var candidate = next(from: node, combinator)
            var result = false
            while candidate != NodeArena.none {
                if matchChain(complex, index + 1, candidate) {
                    result = true
                    break
                }
                let state = memo[plane &+ Int(candidate)]
                if state != 0 {
                    result = state == 2
                    break
                }
                candidate = next(from: candidate, combinator)
            }
            // …then walk the same path again, recording the answer for every node before it.
            var passed = node
            while passed != candidate {
                memo[plane &+ Int(passed)] = result ? 2 : 1
                passed = next(from: passed, combinator)
            }
            return result
        }
    }

    @inline(__always)
    private func next(from node: Int32, _ combinator: Combinator) -> Int32 {
        switch combinator {
        case .child, .descendant: return parentElement(node)
        case .nextSibling, .subsequentSibling: return previousElement(node)
        }
    }

    @inline(__always)
    func parentElement(_ node: Int32) -> Int32 {
        let parent = arena.nodes[Int(node)].parent
        return parent != NodeArena.none && arena.nodes[Int(parent)].kind == .element ? parent : NodeArena.none
    }

    @inline(__always)
    func previousElement(_ node: Int32) -> Int32 {
        var current = arena.nodes[Int(node)].previousSibling
        while current != NodeArena.none && arena.nodes[Int(current)].kind != .element {
            current = arena.nodes[Int(current)].previousSibling
        }
        return current
    }

    @inline(__always)
    func nextElement(_ node: Int32) -> Int32 {
        var current = arena.nodes[Int(node)].nextSibling
        while current != NodeArena.none && arena.nodes[Int(current)].kind != .element {
            current = arena.nodes[Int(current)].nextSibling
        }
        return current
    }

    // MARK: Compounds

    @inline(__always)
    private func matchCompound(_ compound: ResolvedCompound, _ node: Int32) -> Bool {
        if compound.neverMatches { return false }
        // A plain type reads two fields, not the whole record (a 40-byte copy, which the compiler
        // makes a `memcpy` call where this is inlined).
        if let type = compound.plainType {
            let isHTML = arena.nodes[Int(node)].namespace == .html
            return (isHTML ? type.html : type.foreign) == arena.nodes[Int(node)].name
        }
        let record = arena.nodes[Int(node)]
        if let names = compound.plainTypeSet { return names.contains(record) }
        if let type = compound.type {
            let wanted = record.namespace == .html ? type.html : type.foreign
            guard let wanted, wanted == record.name else { return false }
        }
        if !compound.ids.isEmpty {
            guard let index = arena.attributeIndex(of: node, name: .id) else { return false }
            for id in compound.ids where !valueMatches(index, .equals, id) { return false }
        }
        if !compound.classes.isEmpty {
            guard let index = arena.attributeIndex(of: node, name: .class) else { return false }
            for name in compound.classes where !valueMatches(index, .includes, name) { return false }
        }
        for attribute in compound.attributeRefs
            where !attribute._withUnsafeGuaranteedRef({ matchAttribute($0, node, record) }) {
            return false
        }
        for simple in compound.othersButAttributes where !matchSimple(simple, node, record) { return false }
        return true
    }

    /// An `id` or `class` test on the attribute at `index` (without case in quirks mode).
    @inline(__always)
    private func valueMatches(_ index: Int, _ op: AttributeOperator, _ wanted: [UInt8]) -> Bool {
        let stored = arena.attributes[index]
        return arena.withBytes(start: stored.valueStart, count: stored.valueCount) { value in
            wanted.withUnsafeBufferPointer { Self.compare(op, value, $0, caseInsensitive: quirks) }
        }
    }

    private func attributeValue(_ node: Int32, _ name: LocalName) -> ArraySlice<UInt8>? {
        guard let index = arena.attributeIndex(of: node, name: name) else { return nil }
        let attribute = arena.attributes[index]
        return arena.bytes(start: attribute.valueStart, count: attribute.valueCount)
    }

    private func matchSimple(_ simple: ResolvedSimple, _ node: Int32, _ record: NodeRecord) -> Bool {
        switch simple {
        case let .attribute(attribute):
            return matchAttribute(attribute, node, record)
        case .root:
            return record.parent != NodeArena.none && arena.nodes[Int(record.parent)].kind == .document
        case .scope:
            return node == scope
        case .empty:
            var child = record.firstChild
            while child != NodeArena.none {
                switch arena.nodes[Int(child)].kind {
                case .element: return false
                case .text where arena.nodes[Int(child)].dataCount > 0: return false
                default: break
                }
                child = arena.nodes[Int(child)].nextSibling
            }
            return true
        case .firstChild:
            return previousElement(node) == NodeArena.none
        case .lastChild:
            return nextElement(node) == NodeArena.none
        case .onlyChild:
            return previousElement(node) == NodeArena.none && nextElement(node) == NodeArena.none
        case .firstOfType:
            return typePosition(node).fromStart == 1
        case .lastOfType:
            return typePosition(node).fromEnd == 1
        case .onlyOfType:
            let position = typePosition(node)
            return position.fromStart == 1 && position.fromEnd == 1
        case let .nthChild(nth, of, fromEnd):
            let position: (fromStart: Int32, fromEnd: Int32)
            if let of {
                position = ofPosition(node, of)
                if position.fromStart == 0 { return false }
            } else {
                position = childPosition(node)
            }
            return nth.matches(Int(fromEnd ? position.fromEnd : position.fromStart))
        case let .nthOfType(nth, fromEnd):
            let position = typePosition(node)
            return nth.matches(Int(fromEnd ? position.fromEnd : position.fromStart))
        case let .not(list):
            return !matches(list, node)
        case let .isAny(list):
            return matches(list, node)
        case let .notCompound(compound):
            return !matchCompound(compound, node)
        case let .isCompound(compound):
            return matchCompound(compound, node)
        case let .typeSet(names):
            return names.contains(record)
        case let .notTypeSet(names):
            return !names.contains(record)
        case let .has(id):
            let flags = hasResults[id]
            if flags.isComputed { return flags[node] }
            if let answer = hasOfOneElement(id, node) { return answer }
            computeHas(id)
            return flags[node]
        case .anyLink:
            return record.namespace == .html && (record.name == .a || record.name == .area)
                && arena.attributeIndex(of: node, name: .href) != nil
        case .checked:
            return isChecked(node, record)
        case .disabled:
            return isDisabled(node) == true
        case .enabled:
            return isDisabled(node) == false
        case let .lang(ranges):
            return matchLang(ranges, node)
        case let .dir(direction):
            if directionality == nil { directionality = Directionality(arena: arena, pool: pool) }
            return directionality?.direction(of: node) == direction
        case let .contains(strings, needles, own, caseInsensitive, includesScripts, indexFirst):
            // Without script text, a `script` or `style` element has no text at all, as for its
            // ancestors: the rule is the same for every element.
            if !includesScripts && isScriptOrStyle(record) { return needles.contains { $0.isEmpty } }
            // A few elements' text is cheaper to compute one by one; once that work reaches an eighth
            // of the document's size, one index of the whole text answers the rest in linear time.
            if !own && (indexFirst || textWork >= (arena.byteCount + arena.nodes.count) / 8) {
                let index = textIndex(lowercased: caseInsensitive, includesScripts: includesScripts)
                var covered = true
                for needle in needles {
                    guard let found = index.contains(needle, in: node) else {
                        covered = false
                        break
                    }
                    if found { return true }
                }
                if covered { return false }
            }
            if own {
                var text = TextRendering.ownText(node, in: arena)
                if caseInsensitive { text = text.lowercased() }
                return strings.contains { text.contains($0) }
            }
            var text = TextRendering.textBytes(node, in: arena, includesScripts: includesScripts, visited: &textWork)
            textWork += text.count
            if caseInsensitive { text = TextIndex.lowercased(text[...]) }
            return needles.contains { TextIndex.find($0, in: text) }
        case let .matches(pattern, own):
            // jsoup's rule, as for `:contains()`: script and style text is never an element's text.
            if isScriptOrStyle(record) { return pattern.matches("") }
            return pattern.matches(own ? TextRendering.ownText(node, in: arena) : TextRendering.text(node, in: arena))
        case .never:
            return false
        }
    }

    /// The document's text index for `:contains()`, built on first use, one per kind of text.
    private func textIndex(lowercased: Bool, includesScripts: Bool) -> TextIndex {
        let key = (lowercased ? 1 : 0) + (includesScripts ? 2 : 0)
        if let index = textIndices[key] { return index }
        let index = TextIndex(arena: arena, lowercased: lowercased, includesScripts: includesScripts)
        textIndices[key] = index
        return index
    }

    /// Whether an element is an HTML `script` or `style`, whose text jsoup keeps out of `text()`.
    private func isScriptOrStyle(_ record: NodeRecord) -> Bool {
        record.namespace == .html && (record.name == .script || record.name == .style)
    }

    // MARK: Attributes

    private func matchAttribute(_ attribute: ResolvedAttribute, _ node: Int32, _ record: NodeRecord) -> Bool {
        let isHTML = record.namespace == .html
        guard let name = isHTML ? attribute.name.html : attribute.name.foreign,
              let index = arena.attributeIndex(of: node, name: name)
        else { return false }
        let op = attribute.operator
        if op == .exists { return true }
        let caseInsensitive: Bool
        switch attribute.flag {
        case .insensitive: caseInsensitive = true
        case .sensitive: caseInsensitive = false
        case .standard: caseInsensitive = isHTML && attribute.legacyCaseInsensitive
        }
        let stored = arena.attributes[index]
        // The value's bytes and the wanted bytes as plain buffers: no slices, no reference counting.
        return arena.withBytes(start: stored.valueStart, count: stored.valueCount) { value in
            attribute.value.withUnsafeBufferPointer { wanted in
                Self.compare(op, value, wanted, caseInsensitive: caseInsensitive)
            }
        }
    }

    /// `[attr op wanted]` on one value (not `exists`, which needs no value).
    private static func compare(
        _ op: AttributeOperator, _ value: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>,
        caseInsensitive: Bool
    ) -> Bool {
        switch op {
        case .exists:
            return true
        case .equals:
            return value.count == wanted.count && same(value, 0, wanted, caseInsensitive: caseInsensitive)
        case .includes:
            if wanted.isEmpty || wanted.contains(where: { isSpace($0) }) { return false }
            var index = 0
            let end = value.count
            while index < end {
                while index < end && isSpace(value[index]) { index &+= 1 }
                let start = index
                while index < end && !isSpace(value[index]) { index &+= 1 }
                if index &- start == wanted.count && index > start
                    && same(value, start, wanted, caseInsensitive: caseInsensitive) {
                    return true
                }
            }
            return false
        case .dashMatch:
            if value.count == wanted.count { return same(value, 0, wanted, caseInsensitive: caseInsensitive) }
            return value.count > wanted.count && value[wanted.count] == UInt8(ascii: "-")
                && same(value, 0, wanted, caseInsensitive: caseInsensitive)
        case .prefix:
            return !wanted.isEmpty && value.count >= wanted.count && same(value, 0, wanted, caseInsensitive: caseInsensitive)
        case .suffix:
            return !wanted.isEmpty && value.count >= wanted.count
                && same(value, value.count &- wanted.count, wanted, caseInsensitive: caseInsensitive)
        case .substring:
            return !wanted.isEmpty && find(wanted, in: value, caseInsensitive: caseInsensitive)
        }
    }

    /// Whether `value[offset ..< offset + wanted.count]` (which must lie inside `value`) is `wanted`.
    @inline(__always)
    private static func same(
        _ value: UnsafeBufferPointer<UInt8>, _ offset: Int, _ wanted: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        guard let base = value.baseAddress, let other = wanted.baseAddress else { return wanted.isEmpty }
        if !caseInsensitive { return memcmp(base + offset, other, wanted.count) == 0 }
        for index in 0..<wanted.count where lowered(base[offset &+ index]) != lowered(other[index]) { return false }
        return true
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether `needle` occurs in `haystack` (`[attr*=value]`). A scan for the needle's first byte
    /// over the raw bytes, then a comparison of the rest where it is found (comparing a slice at
    /// every position cost about 30 instructions per byte of every value tested).
    private static func find(_ n: UnsafeBufferPointer<UInt8>, in h: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool) -> Bool {
        guard !n.isEmpty, n.count <= h.count else { return false }
        let count = n.count
        let last = h.count - count
        let first = caseInsensitive ? lowered(n[0]) : n[0]
        var i = 0
        while i <= last {
            let byte = caseInsensitive ? lowered(h[i]) : h[i]
            if byte == first {
                var j = 1
                if caseInsensitive {
                    while j < count && lowered(h[i &+ j]) == lowered(n[j]) { j &+= 1 }
                } else {
                    while j < count && h[i &+ j] == n[j] { j &+= 1 }
                }
                if j == count { return true }
            }
            i &+= 1
        }
        return false
    }

    @inline(__always)
    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    @inline(__always)
    private func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>, caseInsensitive: Bool) -> Bool {
        guard a.count == b.count else { return false }
        if !caseInsensitive { return a.elementsEqual(b) }
        return zip(a, b).allSatisfy { lower($0) == lower($1) }
    }

    private func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8], caseInsensitive: Bool) -> Bool {
        equal(a, b[...], caseInsensitive: caseInsensitive)
    }

    // MARK: Other pseudo-classes

    private func isChecked(_ node: Int32, _ record: NodeRecord) -> Bool {
        guard record.namespace == .html else { return false }
        if record.name == .input {
            guard arena.attributeIndex(of: node, name: .checked) != nil,
                  let type = attributeValue(node, .type)
            else { return false }
            return equal(type, Array("checkbox".utf8), caseInsensitive: true)
                || equal(type, Array("radio".utf8), caseInsensitive: true)
        }
        if record.name == .option {
            return arena.attributeIndex(of: node, name: .selected) != nil
        }
        return false
    }

    /// Whether the language of `node` (its own `lang`, or its nearest ancestor's) matches one of
    /// `ranges`. Ancestor chains are climbed once per query: every element passed records the answer.
    private func matchLang(_ ranges: [String], _ node: Int32) -> Bool {
        let memo: NodeMap<UInt8>
        if let known = langMemos[ranges] {
            memo = known
        } else {
            memo = NodeMap(capacity: arena.nodes.count, pool: pool)
            langMemos[ranges] = memo
        }
        var passed: [Int32] = []
        var current = node
        var result = false
        while current != NodeArena.none && arena.nodes[Int(current)].kind == .element {
            let known = memo[Int(current)]
            if known != 0 {
                result = known == 2
                break
            }
            passed.append(current)
            let index = arena.attributeIndex(of: current, name: .lang, namespace: .xml)
                ?? arena.attributeIndex(of: current, name: .lang)
            if let index {
                let attribute = arena.attributes[index]
                let value = String(
                    decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self
                ).lowercased()
                result = !value.isEmpty && ranges.contains { range in
                    let range = range.lowercased()
                    if range == "*" { return true }
                    if range.hasPrefix("*-") {
                        return value.split(separator: "-").dropFirst().contains { $0 == range.dropFirst(2) }
                    }
                    return value == range || value.hasPrefix(range + "-")
                }
                break
            }
            current = arena.nodes[Int(current)].parent
        }
        for passedNode in passed { memo[Int(passedNode)] = result ? 2 : 1 }
        return result
    }

    // MARK: Disabled form controls

    /// ``FormState/isDisabled(_:in:insideDisabledFieldset:)`` with the fieldset rule remembered per
    /// element for the query, so that nested fieldsets cost one climb, not one per control.
    private func isDisabled(_ node: Int32) -> Bool? {
        FormState.isDisabled(node, in: arena, insideDisabledFieldset: { self.insideDisabledFieldset($0) })
    }

    /// Whether an ancestor `fieldset` with `disabled` holds `node` outside its first `legend`.
    private func insideDisabledFieldset(_ node: Int32) -> Bool {
        let count = arena.nodes.count
        let memo = insideDisabledFieldsetMemo ?? NodeMap(capacity: count, pool: pool)
        insideDisabledFieldsetMemo = memo
        var passed: [Int32] = []
        var current = node
        var result = false
        while true {
            let known = memo[Int(current)]
            if known != 0 {
                result = known == 2
                break
            }
            passed.append(current)
            let parent = arena.nodes[Int(current)].parent
            guard parent != NodeArena.none else { break }
            let record = arena.nodes[Int(parent)]
            guard record.kind == .element else { break }
            if record.namespace == .html && record.name == .fieldset
                && arena.attributeIndex(of: parent, name: .disabled) != nil && firstLegend(of: parent) != current {
                result = true
                break
            }
            current = parent
        }
        for passedNode in passed { memo[Int(passedNode)] = result ? 2 : 1 }
        return result
    }

    /// The first `legend` child of a `fieldset`, or `none`.
    private func firstLegend(of fieldset: Int32) -> Int32 {
        let memo = firstLegendMemo ?? NodeMap(capacity: arena.nodes.count, pool: pool)
        firstLegendMemo = memo
        // Stored plus 2: 0 unknown, 1 none, else the legend.
        let known = memo[Int(fieldset)]
        if known != 0 { return known - 2 }
        var legend = NodeArena.none
        var child = arena.nodes[Int(fieldset)].firstChild
        while child != NodeArena.none {
            let record = arena.nodes[Int(child)]
            if record.kind == .element && record.namespace == .html && record.name == .legend {
                legend = child
                break
            }
            child = record.nextSibling
        }
        memo[Int(fieldset)] = legend + 2
        return legend
    }

    // MARK: Positions among siblings

    /// Counts the element children of `parent` that pass `counts` (and for typed counting, per
    /// name, from both ends); returns how many children it went through.
    @discardableResult
    private func fill(
        _ cache: PositionCache, parent: Int32, byType: Bool, counts: (Int32) -> Bool
    ) -> Int {
        var visited = 0
        var position: Int32 = 0
        if !byType {
            // One pass: positions from the start, and the total, from which `fromEnd` follows.
            var child = arena.nodes[Int(parent)].firstChild
            while child != NodeArena.none {
                visited += 1
                let record = arena.nodes[Int(child)]
                if record.kind == .element && counts(child) {
                    position += 1
                    cache.fromStart[Int(child)] = position
                }
                child = record.nextSibling
            }
            cache.parentTotals[Int(parent)] = position + 1
            return visited
        }
        cache.parentTotals[Int(parent)] = 1
        var perType: [UInt64: Int32] = [:]
        var child = arena.nodes[Int(parent)].firstChild
        while child != NodeArena.none {
            visited += 1
            let record = arena.nodes[Int(child)]
            if record.kind == .element && counts(child) {
                let key = UInt64(record.name.id) << 8 | UInt64(record.namespace.rawValue)
                let value = (perType[key] ?? 0) + 1
                perType[key] = value
                cache.fromStart[Int(child)] = value
            }
            child = record.nextSibling
        }
        perType.removeAll(keepingCapacity: true)
        child = arena.nodes[Int(parent)].lastChild
        while child != NodeArena.none {
            let record = arena.nodes[Int(child)]
            if record.kind == .element && cache.fromStart[Int(child)] != 0 {
                let key = UInt64(record.name.id) << 8 | UInt64(record.namespace.rawValue)
                let value = (perType[key] ?? 0) + 1
                perType[key] = value
                cache.fromEnd[Int(child)] = value
            }
            child = record.previousSibling
        }
        return visited
    }

    /// A position from the start and the parent's total as positions from both ends (0, 0 for an
    /// element not counted).
    @inline(__always)
    private func bothEnds(_ fromStart: Int32, total: Int32) -> (fromStart: Int32, fromEnd: Int32) {
        (fromStart, fromStart == 0 ? 0 : total - fromStart + 1)
    }

    /// An element's position among its element siblings: from the document's table when it has one,
    /// else counted for this query one parent at a time (and told to the document, which builds the
    /// table once the counting of all queries reaches its size).
    private func childPosition(_ node: Int32) -> (fromStart: Int32, fromEnd: Int32) {
        let parent = arena.nodes[Int(node)].parent
        guard parent != NodeArena.none else { return (1, 1) }
        if let shared = sharedChildPositions { return (shared.fromStart[Int(node)], shared.fromEnd[Int(node)]) }
        guard let cache = childPositions else { return (0, 0) }
        var total = cache.parentTotals[Int(parent)]
        if total == 0 {
            let counted = fill(cache, parent: parent, byType: false) { _ in true }
            total = cache.parentTotals[Int(parent)]
            sharedChildPositions = document.cache.countedChildren(counted, ofType: false, in: arena)
        }
        return bothEnds(cache.fromStart[Int(node)], total: total - 1)
    }

    /// An element's position among its siblings of the same name, as ``childPosition(_:)``.
    private func typePosition(_ node: Int32) -> (fromStart: Int32, fromEnd: Int32) {
        let parent = arena.nodes[Int(node)].parent
        guard parent != NodeArena.none else { return (1, 1) }
        if let shared = sharedTypePositions { return (shared.fromStart[Int(node)], shared.fromEnd[Int(node)]) }
        guard let cache = typePositions else { return (0, 0) }
        if cache.parentTotals[Int(parent)] == 0 {
            let counted = fill(cache, parent: parent, byType: true) { _ in true }
            sharedTypePositions = document.cache.countedChildren(counted, ofType: true, in: arena)
        }
        return (cache.fromStart[Int(node)], cache.fromEnd[Int(node)])
    }

    private func ofPosition(_ node: Int32, _ id: Int) -> (fromStart: Int32, fromEnd: Int32) {
        let parent = arena.nodes[Int(node)].parent
        if parent == NodeArena.none {
            return matches(ofLists[id], node) ? (1, 1) : (0, 0)
        }
        let cache = ofPositions[id]
        var total = cache.parentTotals[Int(parent)]
        if total == 0 {
            let list = ofLists[id]
            fill(cache, parent: parent, byType: false) { self.matches(list, $0) }
            total = cache.parentTotals[Int(parent)]
        }
        return bothEnds(cache.fromStart[Int(node)], total: total - 1)
    }

    // MARK: :has()

    /// `:has()` asked of one element, when each of its relative selectors is one compound
    /// (`:has(> a)`, `:has(td.x)`, `:has(+ p)`): its children, next sibling, later siblings or
    /// descendants are looked at, and the answer remembered. `nil` when the argument is not that
    /// simple, or once the nodes looked at this way add up to the document's size: then the whole
    /// document is computed at once (``computeHas(_:)``), which keeps a query linear however the
    /// elements asked about nest.
    private func hasOfOneElement(_ id: Int, _ node: Int32) -> Bool? {
        guard hasIsSimple[id], hasWork < arena.nodes.count else { return nil }
        let memo = hasMemos[id]
        let known = memo[Int(node)]
        if known != 0 { return known == 2 }
        var found = false
        for relative in hasSelectors[id] where !found {
            let compound = relative.complex.compounds[0]
            if compound.neverMatches { continue }
            switch relative.leading {
            case .child:
                var child = arena.nodes[Int(node)].firstChild
                while child != NodeArena.none && !found {
                    hasWork += 1
                    found = arena.nodes[Int(child)].kind == .element && matchCompound(compound, child)
                    child = arena.nodes[Int(child)].nextSibling
                }
            case .nextSibling:
                let next = nextElement(node)
                hasWork += 1
                found = next != NodeArena.none && matchCompound(compound, next)
            case .subsequentSibling:
                var sibling = nextElement(node)
                while sibling != NodeArena.none && !found {
                    hasWork += 1
                    found = matchCompound(compound, sibling)
                    sibling = nextElement(sibling)
                }
            case .descendant:
                var descendant = arena.following(node, within: node)
                while descendant != NodeArena.none && !found {
                    hasWork += 1
                    found = arena.nodes[Int(descendant)].kind == .element && matchCompound(compound, descendant)
                    descendant = arena.following(descendant, within: node)
                }
            }
        }
        memo[Int(node)] = found ? 2 : 1
        return found
    }

    /// For one relative selector: which nodes it holds for, computed for the whole document at once.
    private func computeHas(_ id: Int) {
        let flags = hasResults[id]
        flags.isComputed = true
        let count = arena.nodes.count
        // The elements to consider: the searched subtree when this :has() is only asked of subjects,
        // else the whole document (template contents included).
        var elements: [Int32] = []
        if hasIsLocal[id] && region != NodeArena.none {
            var node = arena.following(region, within: region)
            while node != NodeArena.none {
                if arena.nodes[Int(node)].kind == .element { elements.append(node) }
                node = arena.following(node, within: region)
            }
        } else {
            for node in 0..<count where arena.nodes[node].kind == .element { elements.append(Int32(node)) }
        }
        for relative in hasSelectors[id] {
            let complex = relative.complex
            if complex.compounds.contains(where: \.neverMatches) { continue }
            // Elements matching the rightmost compound, then, compound by compound to the left,
            // elements that match it and stand in the right relation to an element of the previous set.
            var set = NodeMap<Bool>(capacity: count, pool: pool)
            for node in elements where matchCompound(complex.compounds[0], node) { set[Int(node)] = true }
            for index in 1..<max(1, complex.compounds.count) {
                let related = relate(set, complex.combinators[index - 1], elements)
                set = NodeMap<Bool>(capacity: count, pool: pool)
                for node in elements where related[Int(node)] && matchCompound(complex.compounds[index], node) {
                    set[Int(node)] = true
                }
            }
            let related = relate(set, relative.leading, elements)
            for node in elements where related[Int(node)] { flags[node] = true }
        }
    }

    /// The elements that have an element of `set` as a descendant, child, next sibling or later
    /// sibling (as the combinator says). Linear: walks stop at nodes already marked.
    private func relate(_ set: NodeMap<Bool>, _ combinator: Combinator, _ elements: [Int32]) -> NodeMap<Bool> {
        let result = NodeMap<Bool>(capacity: arena.nodes.count, pool: pool)
        for element in elements where set[Int(element)] {
            let node = Int(element)
            switch combinator {
            case .child:
                let parent = parentElement(Int32(node))
                if parent != NodeArena.none { result[Int(parent)] = true }
            case .descendant:
                var current = parentElement(Int32(node))
                while current != NodeArena.none && !result[Int(current)] {
                    result[Int(current)] = true
                    current = parentElement(current)
                }
            case .nextSibling:
                let previous = previousElement(Int32(node))
                if previous != NodeArena.none { result[Int(previous)] = true }
            case .subsequentSibling:
                var current = previousElement(Int32(node))
                while current != NodeArena.none && !result[Int(current)] {
                    result[Int(current)] = true
                    current = previousElement(current)
                }
            }
        }
        return result
    }
}
