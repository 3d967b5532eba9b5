/// A compiled XPath 1.0 expression: compile once, evaluate against any number of documents and
/// context nodes. A value type, `Sendable`, safe to share across tasks.
///
/// ```swift
/// let titles = try XPath("//table[contains(@class, 'wikiepisodetable')]//td[@class = 'summary']")
/// for cell in try document.xpath(titles) { print(cell.stringValue) }
/// let count = try document.evaluateXPath(XPath("count(//tr[@class = 'vevent'])")).number
/// ```
///
/// Everything in XPath 1.0 is here: the four value types (``XPathValue``), every axis (attributes
/// and the namespace axis included), predicates, unions, variables (`$name`, bound with
/// `variables:`), and the whole core function library — `last`, `position`, `count`, `id`,
/// `local-name`, `namespace-uri`, `name`, `string`, `concat`, `starts-with`, `contains`,
/// `substring-before`, `substring-after`, `substring`, `string-length`, `normalize-space`,
/// `translate`, `boolean`, `not`, `true`, `false`, `lang`, `number`, `sum`, `floor`, `ceiling`
/// and `round`.
///
/// ## Names and namespaces in an HTML tree
///
/// HTML documents declare no namespaces, so XPath's rules for names are applied as lxml and browsers
/// apply them to HTML:
/// - A name test without a prefix (`div`, `title`) matches HTML elements only, by local name
///   ignoring ASCII case (the parser lower-cased them), as `document.evaluate` does in browsers:
///   `//title` is the document's title, never an SVG `<title>` inside an icon.
/// - A prefixed name test matches only elements of that namespace, SVG and MathML names exactly:
///   `svg:rect`, `svg:foreignObject`, `math:mi`, `html:p`; `*` matches elements of every namespace
///   (`//*[local-name() = 'svg']` finds SVG roots by name). The prefixes `html`, `svg`, `math`,
///   `xlink` and `xml` are bound by default
///   (``defaultNamespaces``); pass your own mapping to bind others. `xml` is always bound.
/// - An attribute name without a prefix matches attributes in no namespace (`@href`); the
///   attributes the parser puts in a namespace on foreign elements need theirs (`@xlink:href`,
///   `@xml:lang`).
/// - The namespace axis gives each element one node, for the `xml` prefix.
/// - A `template` element's contents are its children, as in its serialised HTML; doctypes and
///   processing instructions are not nodes (HTML has no processing instructions).
/// - `lang()` reads `xml:lang`, then HTML's `lang` attribute.
///
/// ## Cost
///
/// Compiling bounds the nesting of the expression (``maximumNesting``) so that evaluation never
/// recurses deeply; walks over the tree are iterative whatever its depth. Node-sets are kept in
/// document order by ranks computed once per document, with the node at each rank, so that the
/// descendants, following and preceding nodes of any node are a range read in order. A step from
/// many context nodes that has no positional predicate is one walk (`//div//p` visits each node
/// once however deeply the `div`s nest); a positional predicate is evaluated for each context node,
/// as the definition of the position requires, and a leading `[k]` on the following, preceding or
/// descendant axis is a binary search among the nodes that pass the test (`//th/following::td[1]`
/// costs a logarithm per `th`, however far the next `td`).
public struct XPath: Sendable, CustomStringConvertible {
    /// How deeply parentheses, predicates and function arguments may nest. Deeper expressions are
    /// refused with an ``XPathError`` when compiled.
    public static let maximumNesting = 64

    /// The prefixes bound unless you give your own: `html`, `svg`, `math`, `xlink` and `xml`.
    public static let defaultNamespaces: [String: String] = [
        "html": Namespace.html.uri!, "svg": Namespace.svg.uri!, "math": Namespace.mathML.uri!,
        "xlink": Namespace.xlink.uri!, "xml": Namespace.xml.uri!,
    ]

    /// The expression text this was compiled from.
    public let source: String
    /// The prefix → namespace URI mapping the expression was compiled with.
    public let namespaces: [String: String]
    let expression: XPathExpression

    /// Compiles an expression.
    ///
    /// - Parameters:
    ///   - source: XPath 1.0 text.
    ///   - namespaces: prefix → namespace URI for prefixed names (`svg:rect`); the `xml` prefix
    ///     is always bound.
    /// - Throws: ``XPathError`` saying what is wrong and at which offset.
    public init(_ source: String, namespaces: [String: String] = XPath.defaultNamespaces) throws(XPathError) {
        var bound = namespaces
        bound["xml"] = Namespace.xml.uri!
        self.source = source
        self.namespaces = bound
        self.expression = try XPathParser.parse(source, namespaces: bound)
    }

    /// The expression text.
    public var description: String { source }

    /// Evaluates the expression with `node` as the context node (position 1 of 1).
    ///
    /// - Parameters:
    ///   - node: the context node; an absolute path starts at its document's root.
    ///   - variables: values of the `$name` variables the expression uses; node-sets must hold
    ///     nodes of `node`'s document.
    /// - Throws: ``XPathError`` for an unbound variable or a value that must be a node-set and is not.
    public func evaluate(from node: Node, variables: [String: XPathValue] = [:]) throws(XPathError) -> XPathValue {
        let evaluator = XPathEvaluator(document: node.document, variables: variables, source: source)
        let start = evaluator.item(for: .node(node)) ?? .tree(0)
        let value = try evaluator.evaluate(expression, XPathEvaluator.Context(item: start, position: 1, size: 1))
        switch value {
        case let .nodes(items): return .nodeSet(items.map(evaluator.publicNode))
        case let .string(string): return .string(string)
        case let .number(number): return .number(number)
        case let .boolean(boolean): return .boolean(boolean)
        }
    }

    /// The nodes the expression selects from `node`, in document order.
    ///
    /// - Throws: ``XPathError`` when the expression's value is not a node-set (`count(//p)`; use
    ///   ``evaluate(from:variables:)``), or as ``evaluate(from:variables:)`` does.
    public func nodes(from node: Node, variables: [String: XPathValue] = [:]) throws(XPathError) -> [XPathNode] {
        let value = try evaluate(from: node, variables: variables)
        guard case let .nodeSet(nodes) = value else {
            let type: String
            switch value {
            case .string: type = "a string"
            case .number: type = "a number"
            default: type = "a boolean"
            }
            throw XPathError(
                reason: "the expression gives \(type), not a node-set; evaluate it for its value", offset: 0,
                expression: source)
        }
        return nodes
    }
}

extension Document {
    /// The nodes an XPath expression selects from the root, in document order.
    ///
    /// - Throws: ``XPathError`` when the value is not a node-set, or a variable is unbound.
    public func xpath(_ expression: XPath, variables: [String: XPathValue] = [:]) throws(XPathError) -> [XPathNode] {
        try expression.nodes(from: root, variables: variables)
    }

    /// The nodes an XPath expression (compiled with the default namespaces) selects from the root.
    ///
    /// - Throws: ``XPathError`` when the expression is not valid or its value is not a node-set.
    public func xpath(_ expression: String) throws(XPathError) -> [XPathNode] {
        try XPath(expression).nodes(from: root)
    }

    /// The value of an XPath expression with the root as the context node.
    ///
    /// - Throws: ``XPathError`` for an unbound variable or a misused value.
    public func evaluateXPath(_ expression: XPath, variables: [String: XPathValue] = [:]) throws(XPathError) -> XPathValue {
        try expression.evaluate(from: root, variables: variables)
    }

    /// The value of an XPath expression (compiled with the default namespaces) with the root as
    /// the context node.
    ///
    /// - Throws: ``XPathError`` when the expression is not valid or cannot be evaluated.
    public func evaluateXPath(_ expression: String) throws(XPathError) -> XPathValue {
        try XPath(expression).evaluate(from: root)
    }
}

extension Element {
    /// The nodes an XPath expression selects with this element as the context node (`a/@href`,
    /// `following-sibling::td[1]`; an absolute path starts at the document's root).
    ///
    /// - Throws: ``XPathError`` when the value is not a node-set, or a variable is unbound.
    public func xpath(_ expression: XPath, variables: [String: XPathValue] = [:]) throws(XPathError) -> [XPathNode] {
        try expression.nodes(from: node, variables: variables)
    }

    /// The nodes an XPath expression (compiled with the default namespaces) selects with this
    /// element as the context node.
    ///
    /// - Throws: ``XPathError`` when the expression is not valid or its value is not a node-set.
    public func xpath(_ expression: String) throws(XPathError) -> [XPathNode] {
        try XPath(expression).nodes(from: node)
    }

    /// The value of an XPath expression with this element as the context node.
    ///
    /// - Throws: ``XPathError`` for an unbound variable or a misused value.
    public func evaluateXPath(_ expression: XPath, variables: [String: XPathValue] = [:]) throws(XPathError) -> XPathValue {
        try expression.evaluate(from: node, variables: variables)
    }

    /// The value of an XPath expression (compiled with the default namespaces) with this element
    /// as the context node.
    ///
    /// - Throws: ``XPathError`` when the expression is not valid or cannot be evaluated.
    public func evaluateXPath(_ expression: String) throws(XPathError) -> XPathValue {
        try XPath(expression).evaluate(from: node)
    }
}
