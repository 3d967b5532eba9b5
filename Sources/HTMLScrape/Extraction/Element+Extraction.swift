public import Foundation

extension Element {
    /// The element's text with white space normalised, like jsoup's `text()`: runs of white space
    /// become one space, block elements and `<br>` separate words, `script` and `style` are left out,
    /// and there is no space at either end.
    ///
    /// Asking for the text of every element of a page costs time linear in the page (see
    /// `DocumentCache`), however deeply the elements nest.
    public var text: String { document.cache.text(of: node.index, in: document.arena) }

    /// The text of the element's own text nodes (not of its descendants), normalised as ``text``: a
    /// `<br>` or a block child between two of them separates them with a space.
    public var ownText: String { TextRendering.ownText(node.index, in: document.arena) }

    /// The element's text as a browser lays it out (roughly `innerText`): block elements on lines of
    /// their own, paragraphs separated by a blank line, `<br>` as a line break, table cells separated
    /// by tabs and rows by line breaks, `pre` as written; `script`, `style` and `head` left out.
    ///
    /// Asking for the rendered text of every element of a page costs time linear in the page (see
    /// `DocumentCache`), however deeply the elements nest.
    public var renderedText: String { document.cache.renderedText(of: node.index, in: document.arena) }

    /// The URL an attribute holds (`href`, `src`…), resolved against the document's ``Document/baseURL``.
    ///
    /// `nil` when the element has no such attribute, or when the value is relative and the document has
    /// no base URL, or when it is not a URL at all.
    public func absoluteURL(for attribute: String) -> URL? {
        guard let raw = self.attribute(attribute) else { return nil }
        let value = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r\u{0C}"))
        let base = document.baseURL
        if value.isEmpty { return base }
        if let base {
            return URL(string: value, relativeTo: base)?.absoluteURL
        }
        guard let url = URL(string: value), url.scheme != nil else { return nil }
        return url
    }
}

extension Document {
    /// The URL relative links resolve against: the first `<base href>` in the document (resolved
    /// against ``url``), or else ``url``, the page's address given at parse time.
    ///
    /// A document without a `<base>` element answers at once; otherwise the walk to the first one
    /// (normally early in the head) happens on the first call only. Resolving every link of a large
    /// page stays linear, wherever its `<base>` is and whether or not it has an `href`.
    public var baseURL: URL? {
        guard arena.mayContainBaseElement, let href = cache.baseHref({ firstBaseHref() }) else { return url }
        if let url {
            return URL(string: href, relativeTo: url)?.absoluteURL ?? url
        }
        guard let absolute = URL(string: href), absolute.scheme != nil else { return nil }
        return absolute
    }

    /// The `href` of the first `<base href>` in tree order (white space trimmed, unresolved), and how
    /// many nodes the walk visited.
    private func firstBaseHref() -> (String?, visited: Int) {
        var visited = 0
        var node = arena.following(0, within: 0)
        while node != NodeArena.none {
            visited += 1
            let record = arena.nodes[Int(node)]
            if record.kind == .element && record.namespace == .html && record.name == .base,
               let index = arena.attributeIndex(of: node, name: .href) {
                let attribute = arena.attributes[index]
                let href = String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                return (href.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r\u{0C}")), visited)
            }
            node = arena.following(node, within: 0)
        }
        return (nil, visited)
    }
}
