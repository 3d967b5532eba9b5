/// An element of a parsed ``Document``.
public struct Element: Hashable, Sendable {
    /// The element as a node.
    public let node: Node

    init(node: Node) {
        self.node = node
    }

    /// The document the element belongs to.
    public var document: Document { node.document }

    var name: LocalName { node.record.name }

    /// The local name: lower case for HTML elements, as adjusted for SVG (`foreignObject`, `clipPath`).
    public var localName: String { document.arena.names.spelling(of: name) }

    /// The tag name as the serializer writes it; the same as ``localName`` for parsed documents.
    public var tagName: String { localName }

    /// The element's namespace: `.html`, `.svg` or `.mathML`.
    public var namespace: Namespace { node.record.namespace }

    func isHTML(_ name: LocalName) -> Bool {
        let record = node.record
        return record.name == name && record.namespace == .html
    }

    /// The attributes, in source order.
    public var attributes: [Attribute] {
        let arena = document.arena
        let record = node.record
        let range = Int(record.dataStart)..<Int(record.dataStart + record.dataCount)
        return arena.attributes[range].map { attribute in
            Attribute(
                localName: arena.names.spelling(of: attribute.name),
                namespace: attribute.namespace,
                value: String(
                    decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount),
                    as: UTF8.self))
        }
    }

    /// The value of the attribute with this name (in no namespace), or `nil`.
    ///
    /// For HTML elements the name is matched case-insensitively, as the parser lower-cased it; for SVG
    /// and MathML elements it is matched exactly.
    public func attribute(_ name: String) -> String? {
        let arena = document.arena
        let lookupName = namespace == .html ? name.asciiLowercased : name
        guard let atom = arena.names.lookup(lookupName),
              let index = arena.attributeIndex(of: node.index, name: atom)
        else { return nil }
        let attribute = arena.attributes[index]
        return String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
    }

    /// Whether the element has an attribute with this name (in no namespace).
    public func hasAttribute(_ name: String) -> Bool {
        attribute(name) != nil
    }

    /// The `id` attribute, or `nil`.
    public var id: String? { attribute("id") }

    /// The classes in the `class` attribute, in order, without duplicates.
    public var classNames: [String] {
        guard let value = attribute("class") else { return [] }
        var seen = Set<Substring>()
        return value.split(whereSeparator: { $0.isHTMLWhitespace })
            .filter { seen.insert($0).inserted }
            .map(String.init)
    }

    /// The parent element, if the parent is an element.
    public var parent: Element? { node.parentElement }

    /// The element children, first to last.
    public var children: LazyMapSequence<LazyFilterSequence<ChildNodes>, Element> {
        node.childNodes.lazy.filter { $0.kind == .element }.map { Element(node: $0) }
    }

    /// Every element below this one, in document order. Lazy and iterative.
    public var descendants: LazyMapSequence<LazyFilterSequence<Descendants>, Element> {
        node.descendants.lazy.filter { $0.kind == .element }.map { Element(node: $0) }
    }

    /// The next sibling that is an element.
    public var nextElementSibling: Element? {
        var current = node.nextSibling
        while let candidate = current {
            if let element = candidate.element { return element }
            current = candidate.nextSibling
        }
        return nil
    }

    /// The previous sibling that is an element.
    public var previousElementSibling: Element? {
        var current = node.previousSibling
        while let candidate = current {
            if let element = candidate.element { return element }
            current = candidate.previousSibling
        }
        return nil
    }

    /// The contents of a `<template>` element (a document fragment), or `nil` for other elements.
    public var templateContent: Node? {
        guard let content = document.arena.templateContents[node.index] else { return nil }
        return Node(document: document, index: content)
    }
}

/// An attribute of an element.
public struct Attribute: Hashable, Sendable {
    /// The local name (`href`; `href` also for `xlink:href`, whose namespace is `.xlink`).
    public let localName: String
    /// The namespace: `.none` except for the adjusted foreign attributes (`xlink:`, `xml:`, `xmlns`).
    public let namespace: Namespace
    /// The value, with character references decoded.
    public let value: String

    /// The name as written in markup: the local name with its prefix (`xlink:href`), if any.
    public var name: String {
        switch namespace {
        case .xmlns where localName == "xmlns": return localName
        default:
            if let prefix = namespace.attributePrefix { return prefix + ":" + localName }
            return localName
        }
    }
}

extension String {
    /// The string with ASCII upper-case letters lowered, and nothing else changed.
    var asciiLowercased: String {
        guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
