import AirdateLocking

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
    /// How many one-byte-per-node planes the chains' memo needs (see `ResolvedComplex.memoPlane`).
    private(set) var memoPlanes = 0
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
        let resolved = ResolvedComplex(
            compounds: compounds, combinators: complex.combinators, id: complexes.count, memoPlane: memoPlanes)
        if !complex.combinators.isEmpty { memoPlanes += 2 * compounds.count }
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
        if others.contains(where: { if case .never = $0 { return true } else { return false } }) { neverMatches = true }
        let selective = type != nil || !ids.isEmpty || !classes.isEmpty || others.contains { simple in
            switch simple {
            case .attribute, .isAny, .isCompound, .typeSet: return true
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
            if let names = resolved.typeNames { return .notTypeSet(names) }
            if let compound = resolved.singleCompound { return .notCompound(compound) }
            return .not(resolved)
        case let .isAny(list):
            let resolved = resolve(list, atSubject: atSubject)
            if let names = resolved.typeNames { return names.isEmpty ? .never : .typeSet(names) }
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

    /// The names, when every selector of the list is a bare type selector (`:is(h2, h3)`,
    /// `:where(ul, ol)`), leaving out those the document never uses (they match nothing); `nil` for
    /// any other list (`:is(h2, .x)`, `:is(*)`, `:is(ul li)`). An element is in such a list when its
    /// name, looked up by the type selectors' rules, is one of them.
    var typeNames: ResolvedTypeSet? {
        guard !selectors.isEmpty else { return nil }
        var names: [ResolvedName] = []
        for complex in selectors {
            guard complex.compounds.count == 1 else { return nil }
            let compound = complex.compounds[0]
            if let type = compound.plainType {
                names.append(ResolvedName(html: type.html, foreign: type.foreign))
            } else if !compound.neverMatches {
                return nil
            }
        }
        return ResolvedTypeSet(names: names)
    }
}

/// The type selectors of an `:is()`, `:where()` or `:not()` that holds nothing else, resolved: the
/// element's name is compared with each (HTML elements by the lower-cased name, others as written),
/// as a compound of one type selector would be, without going through a nested selector list.
final class ResolvedTypeSet {
    let names: [ResolvedName]

    init(names: [ResolvedName]) {
        self.names = names
    }

    var isEmpty: Bool { names.isEmpty }

    @inline(__always)
    func contains(_ record: NodeRecord) -> Bool {
        let isHTML = record.namespace == .html
        for name in names where (isHTML ? name.html : name.foreign) == record.name { return true }
        return false
    }
}

/// A class, so that matching passes one reference around rather than copying arrays.
final class ResolvedComplex {
    let compounds: [ResolvedCompound]
    let combinators: [Combinator]
    /// Numbers the complex selectors of one resolution.
    let id: Int
    /// Where this chain's states start in the matcher's memo, in planes of one byte per node: a
    /// "matched" plane per compound, then a "found" plane per compound (none without combinators).
    let memoPlane: Int

    /// The compounds without reference counting: the hot loops of matching read them through
    /// `_withUnsafeGuaranteedRef` (`compounds` keeps them alive).
    let compoundRefs: [Unmanaged<ResolvedCompound>]

    init(compounds: [ResolvedCompound], combinators: [Combinator], id: Int, memoPlane: Int) {
        self.compounds = compounds
        self.combinators = combinators
        self.id = id
        self.memoPlane = memoPlane
        compoundRefs = compounds.map { Unmanaged.passUnretained($0) }
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

    /// The type, when the compound is nothing but a type that the document uses (`div`, `a`): then
    /// matching is two integer compares.
    let plainType: (html: LocalName?, foreign: LocalName?)?
    /// The names, when the compound is nothing but an `:is()` or `:where()` of type selectors
    /// (`:is(h2, h3)`): then matching is a compare per name.
    let plainTypeSet: ResolvedTypeSet?
    /// The type selectors this compound's element must match one of (its own type, or an `:is()`
    /// or `:where()` of types), for the element index: `nil` when it names no type.
    let typeAlternatives: [ResolvedName]?
    /// Whether the compound is one type, one `:is()` of types, one class or one id and nothing else:
    /// then the element index's list for it holds exactly the elements it matches.
    let indexExact: Bool
    /// The attribute selectors among `others`, unretained (`others` keeps them alive), and the rest
    /// of `others`: matching tests the attributes without copying an enum payload per element.
    let attributeRefs: [Unmanaged<ResolvedAttribute>]
    let othersButAttributes: [ResolvedSimple]

    init(neverMatches: Bool, type: ResolvedName?, ids: [[UInt8]], classes: [[UInt8]], others: [ResolvedSimple]) {
        self.neverMatches = neverMatches
        self.type = type
        self.ids = ids
        self.classes = classes
        self.others = others
        if let type, !neverMatches, ids.isEmpty, classes.isEmpty, others.isEmpty {
            plainType = (type.html, type.foreign)
        } else {
            plainType = nil
        }
        var typeSet: ResolvedTypeSet?
        for case let .typeSet(set) in others { typeSet = set }
        if let typeSet, type == nil, !neverMatches, ids.isEmpty, classes.isEmpty, others.count == 1 {
            plainTypeSet = typeSet
        } else {
            plainTypeSet = nil
        }
        if let type {
            typeAlternatives = [type]
        } else {
            typeAlternatives = typeSet?.names
        }
        var attributeRefs: [Unmanaged<ResolvedAttribute>] = []
        var othersButAttributes: [ResolvedSimple] = []
        for simple in others {
            if case let .attribute(attribute) = simple {
                attributeRefs.append(Unmanaged.passUnretained(attribute))
            } else {
                othersButAttributes.append(simple)
            }
        }
        self.attributeRefs = attributeRefs
        self.othersButAttributes = othersButAttributes
        // One condition, which the element index lists exactly (outside quirks mode, where classes
        // and ids match without case and the index is not asked for them).
        let conditions = (type != nil ? 1 : 0) + ids.count + classes.count + others.count
        indexExact = !neverMatches && conditions == 1 && (plainType != nil || plainTypeSet != nil || !ids.isEmpty || !classes.isEmpty)
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
    /// `:is()` / `:where()` of type selectors only (never empty: an empty one is `never`).
    case typeSet(ResolvedTypeSet)
    /// `:not()` of type selectors only.
    case notTypeSet(ResolvedTypeSet)
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

/// Values whose all-zero bit pattern is their "nothing known yet" value, so that a ``NodeMap`` can
/// start from zeroed memory and hand it back zeroed.
protocol ZeroIsEmpty: Equatable {
    static var empty: Self { get }
}

extension UInt8: ZeroIsEmpty {
    static var empty: UInt8 { 0 }
}

extension Int32: ZeroIsEmpty {
    static var empty: Int32 { 0 }
}

extension Bool: ZeroIsEmpty {
    static var empty: Bool { false }
}

/// A value per node (or per node and plane) for one query, in a buffer of the document's size that
/// the document lends (``ScratchPool``) already zeroed and takes back zeroed: the query clears the
/// entries it wrote, not the whole buffer. A query that looks at a handful of nodes of a large
/// document (an `Element.matches`, a `select` under a small element, a `selectFirst` that stops
/// early) then costs what it looks at, so a loop of such queries stays linear; a query that looks at
/// the whole document costs one pass over the buffer at most, as a fresh buffer would.
///
/// Only `let` properties: reading and writing the values costs no exclusivity checks.
final class NodeMap<Value: ZeroIsEmpty> {
    /// How many keys there can be (keys are 0..<capacity).
    let capacity: Int
    private let values: UnsafeMutablePointer<Value>
    private let raw: UnsafeMutableRawPointer
    private let byteCount: Int
    private let pool: ScratchPool
    /// The keys written so far (at most `touchedCapacity`), and their count; past the capacity the
    /// count stays at `touchedCapacity + 1` and the whole buffer is cleared at the end.
    private let touched: UnsafeMutablePointer<Int32>
    private let touchedCount: UnsafeMutablePointer<Int>
    private let touchedCapacity: Int

    init(capacity: Int, pool: ScratchPool) {
        self.capacity = capacity
        self.pool = pool
        (raw, byteCount) = pool.take(byteCount: max(capacity, 1) * MemoryLayout<Value>.stride)
        values = raw.bindMemory(to: Value.self, capacity: max(capacity, 1))
        // Clearing an eighth of the buffer key by key costs about as much as clearing all of it.
        touchedCapacity = max(64, min(capacity, capacity / 8))
        touched = .allocate(capacity: touchedCapacity)
        touchedCount = .allocate(capacity: 1)
        touchedCount.initialize(to: 0)
    }

    deinit {
        let count = touchedCount.pointee
        if count > touchedCapacity {
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        } else {
            // Byte by byte, not through `Value`: a generic class's deinit is not specialised.
            let stride = MemoryLayout<Value>.stride
            for index in 0..<count {
                (raw + Int(touched[index]) &* stride).initializeMemory(as: UInt8.self, repeating: 0, count: stride)
            }
        }
        pool.give(raw, byteCount: byteCount)
        touched.deallocate()
        touchedCount.deallocate()
    }

    @inline(__always)
    subscript(key: Int) -> Value {
        get { access[key] }
        set { access[key] = newValue }
    }

    /// The map's storage as plain pointers, for hot loops: reading and writing through it costs no
    /// reference counting. Valid while the map lives (the matcher that holds both keeps it alive).
    var access: NodeMapAccess<Value> {
        NodeMapAccess(
            values: values, touched: touched, touchedCount: touchedCount, touchedCapacity: touchedCapacity,
            capacity: capacity)
    }

    /// Whether the query wrote so many entries that the whole buffer is cleared at the end.
    var isDense: Bool { touchedCount.pointee > touchedCapacity }
}

/// A ``NodeMap``'s storage as plain pointers (see ``NodeMap/access``).
struct NodeMapAccess<Value: ZeroIsEmpty> {
    let values: UnsafeMutablePointer<Value>
    let touched: UnsafeMutablePointer<Int32>
    let touchedCount: UnsafeMutablePointer<Int>
    let touchedCapacity: Int
    let capacity: Int

    @inline(__always)
    subscript(key: Int) -> Value {
        get {
            precondition(key >= 0 && key < capacity, "node map key out of range")
            return values[key]
        }
        nonmutating set {
            precondition(key >= 0 && key < capacity, "node map key out of range")
            if values[key] == Value.empty && newValue != Value.empty {
                let count = touchedCount.pointee
                if count < touchedCapacity {
                    touched[count] = Int32(truncatingIfNeeded: key)
                    touchedCount.pointee = count + 1
                } else {
                    touchedCount.pointee = touchedCapacity + 1
                }
            }
            values[key] = newValue
        }
    }
}

/// Zeroed buffers lent to queries (``NodeMap``) and given back zeroed, kept by a document for its
/// later queries, so that a query pays for the entries it writes rather than for clearing a buffer
/// of the document's size. Thread-safe; a buffer is lent to one query at a time.
final class ScratchPool: Sendable {
    /// The idle buffers (their addresses, as integers, so that the state is plain `Sendable` data)
    /// and how many buffers were ever allocated.
    private struct State {
        var idle: [(address: UInt, byteCount: Int)] = []
        var allocated = 0
    }
    private let state = LockBox(State())
    /// How many idle buffers are kept at most (a query uses one per memo, a dozen for a long
    /// selector list; others are freed).
    private static let kept = 32
    /// How many buffers were allocated (and cleared) in all: the tests check that repeated queries
    /// reuse them.
    var allocations: Int { state.withLock { $0.allocated } }

    init() {}

    deinit {
        let idle = state.withLock { $0.idle }
        for buffer in idle { UnsafeMutableRawPointer(bitPattern: buffer.address)?.deallocate() }
    }

    /// A zeroed buffer of at least `byteCount` bytes, and its real size.
    func take(byteCount: Int) -> (UnsafeMutableRawPointer, Int) {
        let reused: (address: UInt, byteCount: Int)? = state.withLock { state in
            var chosen: Int?
            for (index, buffer) in state.idle.enumerated() where buffer.byteCount >= byteCount {
                if chosen.map({ state.idle[$0].byteCount > buffer.byteCount }) ?? true { chosen = index }
            }
            if let chosen { return state.idle.remove(at: chosen) }
            state.allocated += 1
            return nil
        }
        if let reused, let pointer = UnsafeMutableRawPointer(bitPattern: reused.address) {
            return (pointer, reused.byteCount)
        }
        // Room to grow (an edited document's arena grows between queries).
        let size = max(64, byteCount + byteCount / 4)
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        return (pointer, size)
    }

    /// Takes back a buffer, which must be all zeroes again.
    func give(_ pointer: UnsafeMutableRawPointer, byteCount: Int) {
        let address = UInt(bitPattern: pointer)
        let freed: UInt? = state.withLock { state in
            if state.idle.count < Self.kept {
                state.idle.append((address, byteCount))
                return nil
            }
            if let smallest = state.idle.indices.min(by: { state.idle[$0].byteCount < state.idle[$1].byteCount }),
               state.idle[smallest].byteCount < byteCount {
                let evicted = state.idle[smallest].address
                state.idle[smallest] = (address, byteCount)
                return evicted
            }
            return address
        }
        if let freed { UnsafeMutableRawPointer(bitPattern: freed)?.deallocate() }
    }
}

/// 1-based positions of elements among their siblings (0: not counted), filled one parent at a
/// time. Counting all elements (or those of an `of S` list), one pass over the parent's children
/// gives each one's position from the start and the parent's total, which gives the position from
/// the end (`total - fromStart + 1`); counting by type, a second pass from the end fills `fromEnd`.
final class PositionCache {
    let fromStart: NodeMap<Int32>
    let fromEnd: NodeMap<Int32>
    /// Per parent: 0 until its children are counted, then the number of children counted plus 1.
    let parentTotals: NodeMap<Int32>

    init(count: Int, pool: ScratchPool) {
        fromStart = NodeMap(capacity: count, pool: pool)
        fromEnd = NodeMap(capacity: count, pool: pool)
        parentTotals = NodeMap(capacity: count, pool: pool)
    }

    var isDense: Bool { fromStart.isDense || fromEnd.isDense || parentTotals.isDense }
}

/// One flag per node, computed once per query (the nodes a `:has()` argument holds for).
final class NodeFlags {
    private let flags: NodeMap<Bool>
    var isComputed = false

    init(count: Int, pool: ScratchPool) {
        flags = NodeMap(capacity: count, pool: pool)
    }

    var isDense: Bool { flags.isDense }

    subscript(node: Int32) -> Bool {
        get { flags[Int(node)] }
        set { flags[Int(node)] = newValue }
    }
}

