/// Turns a parsed selector into its form for one document: names looked up in the document's name
/// table once, byte strings ready to compare, and numbered slots for the per-query caches that
/// `:nth-child(… of S)` and `:has()` need.
struct SelectorResolver {
    let names: NameTable
    private(set) var ofLists: [ResolvedList] = []
    /// The arguments of each `:has()`, by id.
    private(set) var hasSelectors: [[ResolvedRelative]] = []
    /// Per `:has()`: whether it is only ever asked of subjects (and their siblings), never of the
    /// ancestors or earlier siblings a combinator reaches.
    private(set) var hasIsLocal: [Bool] = []
    /// Every complex selector resolved, by id.
    private(set) var complexes: [ResolvedComplex] = []
    private(set) var usesChildPositions = false
    private(set) var usesTypePositions = false

    init(names: NameTable) {
        self.names = names
    }

    private func resolveName(_ name: String) -> ResolvedName {
        ResolvedName(html: names.lookup(name.asciiLowercased), foreign: names.lookup(name))
    }

    /// Resolves a list. `atSubject` says whether its subjects are the query's subjects (or their
    /// siblings): then a `:has()` on them only needs the part of the document being searched.
    mutating func resolve(_ list: SelectorList, atSubject: Bool = true) -> ResolvedList {
        var selectors: [ResolvedComplex] = []
        for complex in list.selectors { selectors.append(resolve(complex, atSubject: atSubject)) }
        return ResolvedList(selectors: selectors)
    }

    mutating func resolve(_ complex: ComplexSelector, atSubject: Bool) -> ResolvedComplex {
        var compounds: [ResolvedCompound] = []
        for (index, compound) in complex.compounds.enumerated() {
            compounds.append(resolve(compound, atSubject: atSubject && index == 0))
        }
        let resolved = ResolvedComplex(compounds: compounds, combinators: complex.combinators, id: complexes.count)
        complexes.append(resolved)
        return resolved
    }

    mutating func resolve(_ compound: CompoundSelector, atSubject: Bool) -> ResolvedCompound {
        var neverMatches = false
        var type: ResolvedName?
        var ids: [[UInt8]] = []
        var classes: [[UInt8]] = []
        var others: [ResolvedSimple] = []
        if let typeName = compound.typeName {
            let name = resolveName(typeName)
            if name.html == nil && name.foreign == nil { neverMatches = true }
            type = name
        }
        for simple in compound.simples {
            switch simple {
            case let .id(id): ids.append(Array(id.utf8))
            case let .className(name): classes.append(Array(name.utf8))
            default: others.append(resolve(simple, atSubject: atSubject))
            }
        }
        let selective = type != nil || !ids.isEmpty || !classes.isEmpty || others.contains { simple in
            switch simple {
            case .attribute, .isAny, .isCompound: return true
            default: return false
            }
        }
        if !selective {
            // `*:contains(x)` tests every element: one index of the document's text is cheaper at once.
            others = others.map { simple in
                if case let .contains(strings, bytes, own, caseInsensitive, includesScripts, _) = simple {
                    return .contains(strings, bytes: bytes, own: own, caseInsensitive: caseInsensitive,
                                     includesScripts: includesScripts, indexFirst: true)
                }
                return simple
            }
        }
        return ResolvedCompound(neverMatches: neverMatches, type: type, ids: ids, classes: classes, others: others)
    }

    mutating func resolve(_ simple: SimpleSelector, atSubject: Bool) -> ResolvedSimple {
        switch simple {
        case .id, .className:
            return .never  // handled by the compound
        case let .attribute(name, op, value, flag):
            let resolved = resolveName(name)
            if resolved.html == nil && resolved.foreign == nil { return .never }
            return .attribute(ResolvedAttribute(
                name: resolved, operator: op, value: Array(value.utf8), flag: flag,
                legacyCaseInsensitive: Self.caseInsensitiveAttributes.contains(name.asciiLowercased)))
        case .root: return .root
        case .scope: return .scope
        case .empty: return .empty
        case .firstChild: return .firstChild
        case .lastChild: return .lastChild
        case .onlyChild: return .onlyChild
        case .firstOfType, .lastOfType, .onlyOfType, .nthOfType, .nthLastOfType:
            usesTypePositions = true
            switch simple {
            case .firstOfType: return .firstOfType
            case .lastOfType: return .lastOfType
            case let .nthOfType(nth): return .nthOfType(nth, fromEnd: false)
            case let .nthLastOfType(nth): return .nthOfType(nth, fromEnd: true)
            default: return .onlyOfType
            }
        case let .nthChild(nth, of):
            if of == nil { usesChildPositions = true }
            return .nthChild(nth, of: resolveOf(of, atSubject: atSubject), fromEnd: false)
        case let .nthLastChild(nth, of):
            if of == nil { usesChildPositions = true }
            return .nthChild(nth, of: resolveOf(of, atSubject: atSubject), fromEnd: true)
        case let .not(list):
            let resolved = resolve(list, atSubject: atSubject)
            if let compound = resolved.singleCompound { return .notCompound(compound) }
            return .not(resolved)
        case let .isAny(list):
            let resolved = resolve(list, atSubject: atSubject)
            if let compound = resolved.singleCompound { return .isCompound(compound) }
            return .isAny(resolved)
        case let .has(relatives):
            var resolved: [ResolvedRelative] = []
            for relative in relatives {
                resolved.append(ResolvedRelative(
                    leading: relative.leading, complex: resolve(relative.complex, atSubject: false)))
            }
            hasSelectors.append(resolved)
            hasIsLocal.append(atSubject)
            return .has(hasSelectors.count - 1)
        case .anyLink: return .anyLink
        case .checked: return .checked
        case .disabled: return .disabled
        case .enabled: return .enabled
        case let .lang(ranges): return .lang(ranges)
        case let .dir(direction): return direction.map { .dir($0) } ?? .never
        case let .contains(strings, own, caseInsensitive, includesScripts):
            let needles = caseInsensitive ? strings.map { $0.lowercased() } : strings
            return .contains(needles, bytes: needles.map { Array($0.utf8) }, own: own, caseInsensitive: caseInsensitive,
                             includesScripts: includesScripts, indexFirst: false)
        case let .matches(pattern, own): return .matches(pattern, own: own)
        }
    }

    private mutating func resolveOf(_ list: SelectorList?, atSubject: Bool) -> Int? {
        guard let list else { return nil }
        let resolved = resolve(list, atSubject: atSubject)
        ofLists.append(resolved)
        return ofLists.count - 1
    }

    /// Attributes whose values HTML elements match without ASCII case (HTML §4.16.2 "case-sensitivity
    /// of selectors"), unless the selector says `s`.
    static let caseInsensitiveAttributes: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear",
        "codetype", "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype",
        "face", "frame", "hreflang", "http-equiv", "lang", "language", "link", "media", "method",
        "multiple", "nohref", "noresize", "noshade", "nowrap", "readonly", "rel", "rev", "rules",
        "scope", "scrolling", "selected", "shape", "target", "text", "type", "valign", "valuetype",
        "vlink",
    ]
}

// MARK: - Resolved selectors

/// A name looked up in one document: the id for HTML elements (ASCII-lowercased) and for foreign ones
/// (as written); `nil` when the document has no such name.
struct ResolvedName {
    var html: LocalName?
    var foreign: LocalName?
}

struct ResolvedList {
    var selectors: [ResolvedComplex]

    /// The only compound, when the list is one compound selector (`:not(.x)`): a faster path.
    var singleCompound: ResolvedCompound? {
        selectors.count == 1 && selectors[0].compounds.count == 1 ? selectors[0].compounds[0] : nil
    }
}

/// A class, so that matching passes one reference around rather than copying arrays.
final class ResolvedComplex {
    let compounds: [ResolvedCompound]
    let combinators: [Combinator]
    /// Numbers the complex selectors of one resolution, for the matcher's per-chain memo.
    let id: Int

    init(compounds: [ResolvedCompound], combinators: [Combinator], id: Int) {
        self.compounds = compounds
        self.combinators = combinators
        self.id = id
    }
}

struct ResolvedRelative {
    var leading: Combinator
    var complex: ResolvedComplex
}

/// A class, so that matching passes one reference around rather than copying arrays.
final class ResolvedCompound {
    let neverMatches: Bool
    let type: ResolvedName?
    let ids: [[UInt8]]
    let classes: [[UInt8]]
    let others: [ResolvedSimple]

    init(neverMatches: Bool, type: ResolvedName?, ids: [[UInt8]], classes: [[UInt8]], others: [ResolvedSimple]) {
        self.neverMatches = neverMatches
        self.type = type
        self.ids = ids
        self.classes = classes
        self.others = others
    }
}

final class ResolvedAttribute {
    let name: ResolvedName
    let `operator`: AttributeOperator
    let value: [UInt8]
    let flag: CaseFlag
    let legacyCaseInsensitive: Bool

    init(name: ResolvedName, operator: AttributeOperator, value: [UInt8], flag: CaseFlag, legacyCaseInsensitive: Bool) {
        self.name = name
        self.operator = `operator`
        self.value = value
        self.flag = flag
        self.legacyCaseInsensitive = legacyCaseInsensitive
    }
}

enum ResolvedSimple {
    case attribute(ResolvedAttribute)
    case root
    case scope
    case empty
    case firstChild
    case lastChild
    case onlyChild
    case firstOfType
    case lastOfType
    case onlyOfType
    case nthChild(NthPattern, of: Int?, fromEnd: Bool)
    case nthOfType(NthPattern, fromEnd: Bool)
    case not(ResolvedList)
    case isAny(ResolvedList)
    /// `:has()`, by id: its flags say which nodes any of its relative selectors hold for.
    case has(Int)
    case notCompound(ResolvedCompound)
    case isCompound(ResolvedCompound)
    case anyLink
    case checked
    case disabled
    case enabled
    case lang([String])
    case dir(TextDirection)
    /// Text contains any of the strings; `indexFirst` when the compound tests every element.
    case contains([String], bytes: [[UInt8]], own: Bool, caseInsensitive: Bool, includesScripts: Bool,
                  indexFirst: Bool)
    case matches(TextPattern, own: Bool)
    case never
}

// MARK: - Per-query caches

/// A value per node for one query, kept in a hash table while few nodes have one and in a flat
/// buffer of the document's size once many do. A query that looks at a handful of nodes of a large
/// document (an `Element.matches`, a `select` under a small element, a `selectFirst` that stops
/// early) then allocates and clears nothing of the document's size, so a loop of such queries stays
/// linear; a query that looks at most of the document pays for one buffer, as before.
final class NodeMap<Value> {
    /// How many keys there can be (keys are 0..<capacity).
    private let capacity: Int
    private let empty: Value
    private var sparse: [Int: Value] = [:]
    private var dense: UnsafeMutableBufferPointer<Value>?

    init(capacity: Int, empty: Value) {
        self.capacity = capacity
        self.empty = empty
    }

    deinit {
        if let dense {
            dense.deinitialize()
            dense.deallocate()
        }
    }

    @inline(__always)
    subscript(key: Int) -> Value {
        get {
            if let dense { return dense[key] }
            return sparse[key] ?? empty
        }
        set {
            if let dense {
                dense[key] = newValue
                return
            }
            sparse[key] = newValue
            // A sixteenth of the keys in the table: the buffer is cheaper from here on.
            if sparse.count > 64 && sparse.count > capacity / 16 { makeDense() }
        }
    }

    /// Whether the values moved into a buffer of the full capacity.
    var isDense: Bool { dense != nil }

    private func makeDense() {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: capacity)
        buffer.initialize(repeating: empty)
        for (key, value) in sparse { buffer[key] = value }
        sparse = [:]
        dense = buffer
    }
}

/// 1-based positions of elements among their siblings, from the start and from the end (0: not
/// counted), filled one parent at a time.
final class PositionCache {
    let fromStart: NodeMap<Int32>
    let fromEnd: NodeMap<Int32>
    let parentDone: NodeMap<Bool>

    init(count: Int) {
        fromStart = NodeMap(capacity: count, empty: 0)
        fromEnd = NodeMap(capacity: count, empty: 0)
        parentDone = NodeMap(capacity: count, empty: false)
    }

    var isDense: Bool { fromStart.isDense || fromEnd.isDense || parentDone.isDense }
}

/// One flag per node, computed once per query (the nodes a `:has()` argument holds for).
final class NodeFlags {
    private let flags: NodeMap<Bool>
    var isComputed = false

    init(count: Int) {
        flags = NodeMap(capacity: count, empty: false)
    }

    var isDense: Bool { flags.isDense }

    subscript(node: Int32) -> Bool {
        get { flags[Int(node)] }
        set { flags[Int(node)] = newValue }
    }
}

/// What is known about one complex selector's chain of compounds on each node, filled as matching
/// asks: whether `compounds[i...]` match with compound `i` on the node, and whether some node in the
/// relation `combinators[i]` names (an ancestor, the parent, an earlier sibling…) does so for `i + 1`.
/// Each state is computed once per node, so a chain matches in time linear in the document whatever
/// the depth or width. Bytes: 0 unknown, 1 no, 2 yes.
final class ChainMemo {
    private let nodeCount: Int
    private let compoundCount: Int
    private let states: NodeMap<UInt8>

    init(nodeCount: Int, compoundCount: Int) {
        self.nodeCount = nodeCount
        self.compoundCount = compoundCount
        states = NodeMap(capacity: nodeCount * compoundCount * 2, empty: 0)
    }

    var isDense: Bool { states.isDense }

    @inline(__always)
    func matched(_ index: Int, _ node: Int32) -> UInt8 { states[index * nodeCount + Int(node)] }

    @inline(__always)
    func setMatched(_ index: Int, _ node: Int32, _ value: Bool) {
        states[index * nodeCount + Int(node)] = value ? 2 : 1
    }

    @inline(__always)
    func found(_ index: Int, _ node: Int32) -> UInt8 { states[(compoundCount + index) * nodeCount + Int(node)] }

    @inline(__always)
    func setFound(_ index: Int, _ node: Int32, _ value: Bool) {
        states[(compoundCount + index) * nodeCount + Int(node)] = value ? 2 : 1
    }
}
