/// A node of an XPath node-set: a node of the tree, an attribute, or a namespace node.
///
/// XPath sees attributes as nodes of their own (`//a/@href` selects attribute nodes), which the DOM's
/// ``Node`` does not model; this type carries them next to the tree's nodes. Node-sets are always
/// in document order: an element, then its namespace node, then its attributes in source order,
/// then its children.
public enum XPathNode: Hashable, Sendable {
    /// The root (the document or fragment root), an element, a text node or a comment.
    case node(Node)
    /// An attribute of an element.
    case attribute(Element, Attribute)
    /// A namespace node of an element (the `xml` prefix, which every element has in scope).
    case namespace(Element, prefix: String, uri: String)

    /// The tree node, when this is one (not an attribute or namespace node).
    public var node: Node? {
        if case let .node(node) = self { return node }
        return nil
    }

    /// The element, when this is an element node.
    public var element: Element? { node?.element }

    /// The element an attribute or namespace node belongs to; for a tree node, its parent element.
    public var parentElement: Element? {
        switch self {
        case let .node(node): return node.parentElement
        case let .attribute(element, _), let .namespace(element, _, _): return element
        }
    }

    /// The name as XPath's `name()` gives it: an element's tag name, an attribute's name with its
    /// prefix (`xlink:href`), a namespace node's prefix; empty for other nodes.
    public var name: String {
        switch self {
        case let .node(node): return node.element?.localName ?? ""
        case let .attribute(_, attribute): return attribute.name
        case let .namespace(_, prefix, _): return prefix
        }
    }

    /// The string-value, as XPath's `string()` gives it: the text of every text node below an
    /// element or the root, in document order; an attribute's value; a text node's text; a
    /// comment's data; a namespace node's URI.
    public var stringValue: String {
        switch self {
        case let .node(node):
            switch node.kind {
            case .text, .comment: return node.data ?? ""
            default: return XPathTree(node.document).stringValue(of: node.index)
            }
        case let .attribute(_, attribute): return attribute.value
        case let .namespace(_, _, uri): return uri
        }
    }
}

/// The value of an XPath expression: one of XPath 1.0's four types.
public enum XPathValue: Hashable, Sendable {
    /// Nodes in document order, without duplicates.
    case nodeSet([XPathNode])
    /// A string.
    case string(String)
    /// A number (an IEEE 754 double: it can be `NaN` or infinite).
    case number(Double)
    /// A boolean.
    case boolean(Bool)

    /// The nodes of a node-set; empty for the other types.
    public var nodes: [XPathNode] {
        if case let .nodeSet(nodes) = self { return nodes }
        return []
    }

    /// The value converted as XPath's `string()` does: the string-value of a node-set's first node
    /// (empty for an empty set); `NaN`, `Infinity`, integers without a decimal point and other
    /// numbers in plain decimal notation; `true` or `false`.
    public var string: String {
        switch self {
        case let .nodeSet(nodes): return nodes.first?.stringValue ?? ""
        case let .string(string): return string
        case let .number(number): return XPathNumber.format(number)
        case let .boolean(boolean): return boolean ? "true" : "false"
        }
    }

    /// The value converted as XPath's `number()` does (`NaN` for text that is not a number).
    public var number: Double {
        switch self {
        case .nodeSet: return XPathNumber.parse(string)
        case let .string(string): return XPathNumber.parse(string)
        case let .number(number): return number
        case let .boolean(boolean): return boolean ? 1 : 0
        }
    }

    /// The value converted as XPath's `boolean()` does: a non-empty node-set or string, a number
    /// other than zero and `NaN`.
    public var boolean: Bool {
        switch self {
        case let .nodeSet(nodes): return !nodes.isEmpty
        case let .string(string): return !string.isEmpty
        case let .number(number): return number != 0 && !number.isNaN
        case let .boolean(boolean): return boolean
        }
    }
}
