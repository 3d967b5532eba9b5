public import Foundation

/// Why an edit of a ``MutableDocument`` was refused. A refused edit changes nothing.
public enum DocumentEditError: Error, LocalizedError, Hashable, Sendable {
    /// The node handle does not name a node of this document: it comes from another
    /// ``MutableDocument`` (copy nodes across with ``MutableDocument/importNode(_:from:)``), or a
    /// ``Node`` passed to ``MutableDocument/node(for:)`` belongs to a document other than the one
    /// this editor was made from.
    case unknownNode
    /// The edit would put a node inside itself or inside one of its own descendants.
    case wouldCreateCycle
    /// The parent given cannot have children of this kind: only elements, documents and document
    /// fragments hold children; a document holds no text, and only a document holds a doctype.
    case cannotInsert(NodeKind, into: NodeKind)
    /// A document can have one element child only (its `<html>`); remove the old one first.
    case documentAlreadyHasElement
    /// The edit needs the node to have a parent (inserting beside it, replacing, wrapping or
    /// setting its outer HTML), but it is detached or is the root.
    case noParent
    /// The edit applies to elements only (attributes, classes, inner HTML), and this node is not one.
    case notAnElement(NodeKind)
    /// The name cannot be an element or attribute name: element names start with an ASCII letter,
    /// and neither contains white space, `/`, `>`, `=`, quotes, `<` or NUL, nor is empty.
    case invalidName(String)
    /// The comment text would end the comment early when serialised (it holds `-->` or `--!>`, or
    /// starts with `>` or `->`).
    case invalidCommentData(String)
    /// The edit would give HTML that, parsed again, builds a different tree: text that ends a
    /// `style` or `script` early, an element the parser would close, move or drop in that place
    /// (`p` in `p`, `a` in `a`, `form` in `form`, a `td` outside a row, an HTML element under `svg`),
    /// an attribute name the parser would spell or place differently. The text says what and where.
    case wouldParseDifferently(String)

    /// What went wrong and what to do instead.
    public var errorDescription: String? {
        switch self {
        case .unknownNode:
            return "the node does not belong to this document; copy nodes from another document with importNode"
        case .wouldCreateCycle:
            return "a node cannot be inserted into itself or one of its descendants"
        case let .cannotInsert(child, parent):
            return "a \(child) node cannot be a child of a \(parent) node"
        case .documentAlreadyHasElement:
            return "the document already has a root element; remove or replace it instead of adding another"
        case .noParent:
            return "the node has no parent (it is detached or the root); insert it into the tree first"
        case let .notAnElement(kind):
            return "this edit applies to elements only, not to a \(kind) node"
        case let .invalidName(name):
            return "\"\(name)\" is not a valid element or attribute name"
        case let .invalidCommentData(data):
            return "the comment text \"\(data)\" would end the comment early; remove \"-->\" from it"
        case let .wouldParseDifferently(reason):
            return reason + "; put it where HTML allows it (or create foreign elements with namespace: .svg or .mathML)"
        }
    }
}
