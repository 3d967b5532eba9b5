/// A compiled XPath expression. Chains of the same operator are lists, not nested pairs, so that a
/// long `a or b or …` or `1 + 1 + …` is evaluated in a loop; only real nesting (parentheses,
/// predicates, function arguments) nests, and the parser bounds it.
indirect enum XPathExpression: Sendable {
    case number(Double)
    case literal(String)
    case variable(name: String, offset: Int)
    case function(XPathFunction, [XPathExpression], offset: Int)
    case or([XPathExpression])
    case and([XPathExpression])
    /// `first op₁ e₁ op₂ e₂ …`, evaluated left to right (comparisons and arithmetic).
    case binary(XPathExpression, [(XPathOperator, XPathExpression)])
    /// `-e` (`count` minus signs: an odd count negates).
    case negate(XPathExpression, count: Int)
    case union([XPathExpression], offset: Int)
    case path(XPathPath)
}

/// A location path, or a filter expression followed by steps.
struct XPathPath: Sendable {
    enum Start: Sendable {
        /// `/…`: the root of the context node's tree.
        case root
        /// `a/b`: the context node.
        case context
        /// `(expr)[predicate]/…`, `$var/…`, `id("x")/…`: a primary expression's node-set.
        case filter(XPathExpression, [XPathPredicate], offset: Int)
    }

    var start: Start
    var steps: [XPathStep]
}

struct XPathStep: Sendable {
    var axis: XPathAxis
    var test: XPathNodeTest
    var predicates: [XPathPredicate]
}

struct XPathPredicate: Sendable {
    var expression: XPathExpression
    /// Whether the predicate's value can depend on the context position or size (a number, or a
    /// call of `position()` or `last()`). Predicates that cannot are evaluated once per node of a
    /// merged node-set instead of once per context node.
    var usesPosition: Bool
    /// The position a plain number predicate (`[2]`) selects.
    var constantPosition: Double?
}

enum XPathAxis: String, Sendable, CaseIterable {
    case ancestor
    case ancestorOrSelf = "ancestor-or-self"
    case attribute
    case child
    case descendant
    case descendantOrSelf = "descendant-or-self"
    case following
    case followingSibling = "following-sibling"
    case namespace
    case parent
    case preceding
    case precedingSibling = "preceding-sibling"
    case `self`

    /// Reverse axes number their nodes from the context outwards.
    var isReverse: Bool {
        switch self {
        case .ancestor, .ancestorOrSelf, .preceding, .precedingSibling: return true
        default: return false
        }
    }
}

enum XPathNodeTest: Sendable {
    /// `*`: any node of the axis's principal type (element; attribute on the attribute axis).
    case any
    /// `prefix:*`: any node of the principal type in that namespace.
    case anyInNamespace(String)
    /// `name` or `prefix:name`. Without a prefix an element is matched only in the HTML namespace,
    /// by its local name ignoring ASCII case, and an attribute only in no namespace.
    case name(namespaceURI: String?, localName: String)
    case node
    case text
    case comment
    /// `processing-instruction()`: HTML documents have none, so it never matches.
    case processingInstruction(String?)
}

enum XPathOperator: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    case plus, minus, times, divide, modulo

    var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        default: return false
        }
    }
}

/// The XPath 1.0 core function library.
enum XPathFunction: String, Sendable, CaseIterable {
    case last, position, count, id
    case localName = "local-name"
    case namespaceURI = "namespace-uri"
    case name, string, concat
    case startsWith = "starts-with"
    case contains
    case substringBefore = "substring-before"
    case substringAfter = "substring-after"
    case substring
    case stringLength = "string-length"
    case normalizeSpace = "normalize-space"
    case translate, boolean, not, `true`, `false`, lang, number, sum, floor, ceiling, round

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .last, .position, .true, .false: return 0...0
        case .count, .id, .boolean, .not, .lang, .sum, .floor, .ceiling, .round: return 1...1
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: return 0...1
        case .concat: return 2...Int.max
        case .startsWith, .contains, .substringBefore, .substringAfter: return 2...2
        case .substring: return 2...3
        case .translate: return 3...3
        }
    }

    /// Whether the result is a number (a number predicate compares with the position).
    var returnsNumber: Bool {
        switch self {
        case .last, .position, .count, .stringLength, .number, .sum, .floor, .ceiling, .round: return true
        default: return false
        }
    }
}
