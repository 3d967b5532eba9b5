extension Document {
    /// Every element of the document that matches, in document order, without duplicates.
    public func select(_ selector: CSSSelector) -> [Element] {
        let scope = documentElement?.node.index ?? NodeArena.none
        return SelectorMatcher(selector, document: self, scope: scope, region: 0).select(under: 0)
    }

    /// Every element of the document that matches the selector text, in document order.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func select(_ selector: String) throws(SelectorError) -> [Element] {
        select(try CSSSelector(selector))
    }

    /// The first element in document order that matches, or `nil`.
    public func selectFirst(_ selector: CSSSelector) -> Element? {
        let scope = documentElement?.node.index ?? NodeArena.none
        return SelectorMatcher(selector, document: self, scope: scope, region: 0).select(under: 0, first: true).first
    }

    /// The first element in document order that matches the selector text, or `nil`.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func selectFirst(_ selector: String) throws(SelectorError) -> Element? {
        selectFirst(try CSSSelector(selector))
    }
}

extension Element {
    /// Every element below this one that matches, in document order (as `querySelectorAll`: the
    /// element itself is not a candidate, but the selector sees the whole document, and `:scope`
    /// names this element).
    public func select(_ selector: CSSSelector) -> [Element] {
        SelectorMatcher(selector, document: document, scope: node.index, region: node.index).select(under: node.index)
    }

    /// Every element below this one that matches the selector text, in document order.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func select(_ selector: String) throws(SelectorError) -> [Element] {
        select(try CSSSelector(selector))
    }

    /// The first element below this one that matches, or `nil`.
    public func selectFirst(_ selector: CSSSelector) -> Element? {
        SelectorMatcher(selector, document: document, scope: node.index, region: node.index)
            .select(under: node.index, first: true).first
    }

    /// The first element below this one that matches the selector text, or `nil`.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func selectFirst(_ selector: String) throws(SelectorError) -> Element? {
        selectFirst(try CSSSelector(selector))
    }

    /// Whether this element matches.
    public func matches(_ selector: CSSSelector) -> Bool {
        // The element and its siblings are all a local :has() can be asked about: its parent's subtree.
        let parent = node.record.parent
        return SelectorMatcher(
            selector, document: document, scope: node.index, region: parent == NodeArena.none ? node.index : parent
        ).matches(node.index)
    }

    /// Whether this element matches the selector text.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func matches(_ selector: String) throws(SelectorError) -> Bool {
        matches(try CSSSelector(selector))
    }

    /// This element or its nearest ancestor element that matches, or `nil`.
    public func closest(_ selector: CSSSelector) -> Element? {
        let matcher = SelectorMatcher(selector, document: document, scope: node.index)
        var current = node.index
        while current != NodeArena.none {
            if matcher.matches(current) { return Element(node: Node(document: document, index: current)) }
            current = matcher.parentElement(current)
        }
        return nil
    }

    /// This element or its nearest ancestor element that matches the selector text, or `nil`.
    ///
    /// - Throws: ``SelectorError`` when the selector is not valid.
    public func closest(_ selector: String) throws(SelectorError) -> Element? {
        closest(try CSSSelector(selector))
    }
}
