import Foundation

// The parsed form of a selector, before it is resolved against a document's name table.

/// A comma-separated list of complex selectors: matches when any of them does.
struct SelectorList: Sendable {
    var selectors: [ComplexSelector]
}

/// How two compound selectors relate.
enum Combinator: UInt8, Sendable {
    /// `A B`
    case descendant
    /// `A > B`
    case child
    /// `A + B`
    case nextSibling
    /// `A ~ B`
    case subsequentSibling
}

/// Compound selectors joined by combinators, stored right to left: `compounds[0]` is the subject,
/// and `combinators[i]` says how `compounds[i]` relates to `compounds[i + 1]`, the one to its left.
struct ComplexSelector: Sendable {
    var compounds: [CompoundSelector]
    var combinators: [Combinator]
}

/// A relative selector, as in `:has(> td)`: a complex selector and how its leftmost compound relates
/// to the element `:has()` is tested on (`descendant` when no combinator is written).
struct RelativeSelector: Sendable {
    var leading: Combinator
    var complex: ComplexSelector
}

/// Simple selectors that all apply to one element.
struct CompoundSelector: Sendable {
    /// The type selector's name as written, or `nil` for `*` or none.
    var typeName: String?
    var simples: [SimpleSelector]
}

/// How an attribute selector compares the value.
enum AttributeOperator: Sendable {
    /// `[a]`
    case exists
    /// `[a=v]`
    case equals
    /// `[a~=v]`
    case includes
    /// `[a|=v]`
    case dashMatch
    /// `[a^=v]`
    case prefix
    /// `[a$=v]`
    case suffix
    /// `[a*=v]`
    case substring
}

/// The `i` / `s` flag of an attribute selector.
enum CaseFlag: Sendable {
    /// No flag: the HTML rules decide (case-sensitive except for a few legacy attributes).
    case standard
    /// `i`: ASCII case-insensitive.
    case insensitive
    /// `s`: case-sensitive, always.
    case sensitive
}

/// `An+B`.
struct NthPattern: Sendable, Hashable {
    var a: Int
    var b: Int

    /// Whether a 1-based position fits `An+B` for some integer n ≥ 0.
    func matches(_ position: Int) -> Bool {
        if a == 0 { return position == b }
        let difference = position - b
        return difference % a == 0 && difference / a >= 0
    }
}

/// A compiled regular expression, for `:matches()`.
struct TextPattern: Sendable {
    /// `NSRegularExpression` is immutable and documented as safe to use from many threads at once;
    /// the box says so to the compiler on SDKs that do not mark it `Sendable`.
    final class Box: @unchecked Sendable {
        let regex: NSRegularExpression

        init(_ regex: NSRegularExpression) {
            self.regex = regex
        }
    }

    var source: String
    var box: Box

    init(source: String, regex: NSRegularExpression) {
        self.source = source
        self.box = Box(regex)
    }

    func matches(_ text: String) -> Bool {
        box.regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// One simple selector (the type selector lives in `CompoundSelector.typeName`).
indirect enum SimpleSelector: Sendable {
    case id(String)
    case className(String)
    case attribute(name: String, operator: AttributeOperator, value: String, flag: CaseFlag)
    case root
    case scope
    case empty
    case firstChild
    case lastChild
    case onlyChild
    case firstOfType
    case lastOfType
    case onlyOfType
    case nthChild(NthPattern, of: SelectorList?)
    case nthLastChild(NthPattern, of: SelectorList?)
    case nthOfType(NthPattern)
    case nthLastOfType(NthPattern)
    case not(SelectorList)
    /// `:is()` and `:where()` (specificity is not used here, so they are the same).
    case isAny(SelectorList)
    case has([RelativeSelector])
    case anyLink
    case checked
    case disabled
    case enabled
    case lang([String])
    /// `:dir(ltr)` / `:dir(rtl)`; `nil` for any other identifier (valid, never matches).
    case dir(TextDirection?)
    /// Text contains any of the strings; `own` looks at the element's own text only;
    /// `includesScripts`: the text of `script` and `style` elements counts (soupsieve's rule) rather
    /// than never counting (jsoup's).
    case contains([String], own: Bool, caseInsensitive: Bool, includesScripts: Bool)
    case matches(TextPattern, own: Bool)
}

/// The directionality of an element (HTML §3.2.6.4): what `:dir()` matches.
enum TextDirection: Sendable, Hashable {
    case leftToRight, rightToLeft
}
