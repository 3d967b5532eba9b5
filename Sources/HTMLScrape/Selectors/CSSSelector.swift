/// A compiled CSS selector list: parse once, match against any number of documents and elements.
///
/// Supports Selectors Level 4 as browsers ship it — type, universal, `#id`, `.class`, attribute
/// selectors with all operators and the `i`/`s` flags, the four combinators, selector lists,
/// structural pseudo-classes (`:nth-child(An+B of S)` and friends), `:not()`, `:is()`, `:where()`,
/// `:has()` with relative selectors, `:root`, `:scope`, `:empty`, `:link`/`:any-link`, `:checked`,
/// `:disabled`, `:enabled`, `:lang()`, `:dir(ltr|rtl)` (HTML's directionality: `dir` attributes,
/// inheritance, `dir=auto` and `bdi` by their first strong character) — plus the scraping extensions
/// of jsoup and soupsieve: `:contains(text)` and `:containsOwn(text)` (case-insensitive, as in
/// jsoup), `:-soup-contains("text")` and `:-soup-contains-own("text")` (case-sensitive, as in
/// soupsieve), and `:matches(regex)` / `:matchesOwn(regex)` on an element's (own) text.
///
/// Script text follows each origin's rule, the same for every element: for the jsoup pseudo-classes
/// (`:contains`, `:containsOwn`, `:matches`, `:matchesOwn`) the contents of `script` and `style`
/// elements are never text — not an ancestor's, not the `script` element's own — while for
/// soupsieve's `:-soup-contains` and `:-soup-contains-own` every text node counts, `script` and
/// `style` contents included, so `script:-soup-contains("window.data")` finds a script by its code.
///
/// Not supported, and reported as a ``SelectorError``: namespace prefixes (`svg|rect`), the column
/// combinator (`col || td`), pseudo-elements, and `:has()` nested inside `:has()` (Selectors 4 does
/// not allow it).
///
/// The name is `CSSSelector` rather than `Selector`: on Apple platforms `import Foundation` brings in
/// Objective-C's `Selector`, which would make the short name ambiguous.
///
/// As in browsers, `:is()` and `:where()` take forgiving lists (an argument that does not parse is
/// dropped), while everything else that does not parse is an error.
///
/// Names follow HTML's case rules: type and attribute names match HTML elements case-insensitively and
/// SVG or MathML elements exactly; attribute values are case-sensitive unless the `i` flag is given
/// (or the attribute is one of the few whose values HTML compares without case, such as `type`).
///
/// ```swift
/// let rows = try CSSSelector("table.wikiepisodetable tr.vevent")
/// for row in document.select(rows) { … }
/// ```
public struct CSSSelector: Sendable, CustomStringConvertible {
    let list: SelectorList
    /// The selector text this was parsed from.
    public let source: String

    /// Parses a selector list.
    ///
    /// - Throws: ``SelectorError`` saying what is wrong and at which offset.
    public init(_ source: String) throws(SelectorError) {
        self.list = try SelectorParser.parse(source)
        self.source = source
    }

    /// The selector text.
    public var description: String { source }
}
