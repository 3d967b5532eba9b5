public import Foundation

/// Why an edit of a ``MutableDocument`` was refused. A refused edit changes nothing.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch DocumentEditError.Code.noParent { … }`.
public struct DocumentEditError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `DocumentEditError.Code.noParent`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The node handle does not name a node of this document: it comes from another
        /// ``MutableDocument`` (copy nodes across with ``MutableDocument/importNode(_:from:)``), or a
        /// ``Node`` passed to ``MutableDocument/node(for:)`` belongs to a document other than the one
        /// this editor was made from.
        public static let unknownNode = Code("unknownNode")
        /// The edit would put a node inside itself or inside one of its own descendants.
        public static let wouldCreateCycle = Code("wouldCreateCycle")
        /// The parent given (of kind ``DocumentEditError/parentKind``) cannot have children of this
        /// kind (``DocumentEditError/nodeKind``): only elements, documents and document fragments hold
        /// children; a document holds no text, and only a document holds a doctype.
        public static let cannotInsert = Code("cannotInsert")
        /// A document can have one element child only (its `<html>`); remove the old one first.
        public static let documentAlreadyHasElement = Code("documentAlreadyHasElement")
        /// The edit needs the node to have a parent (inserting beside it, replacing, wrapping or
        /// setting its outer HTML), but it is detached or is the root.
        public static let noParent = Code("noParent")
        /// The edit applies to elements only (attributes, classes, inner HTML), and this node (of kind
        /// ``DocumentEditError/nodeKind``) is not one.
        public static let notAnElement = Code("notAnElement")
        /// The name (``DocumentEditError/text``) cannot be an element or attribute name: element names
        /// start with an ASCII letter, and neither contains white space, `/`, `>`, `=`, quotes, `<` or
        /// NUL, nor is empty.
        public static let invalidName = Code("invalidName")
        /// The comment text (``DocumentEditError/text``) would end the comment early when serialised
        /// (it holds `-->` or `--!>`, or starts with `>` or `->`).
        public static let invalidCommentData = Code("invalidCommentData")
        /// The edit would give HTML that, parsed again, builds a different tree: text that ends a
        /// `style` or `script` early, an element the parser would close, move or drop in that place
        /// (`p` in `p`, `a` in `a`, `form` in `form`, a `td` outside a row, an HTML element under `svg`),
        /// an attribute name the parser would spell or place differently. ``DocumentEditError/text``
        /// says what and where.
        public static let wouldParseDifferently = Code("wouldParseDifferently")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? DocumentEditError)?.code == code
        }

        /// Matches a `DocumentEditError` against a code, after calls that declare `throws(DocumentEditError)`.
        public static func ~= (code: Code, error: DocumentEditError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The kind of the node refused: the child of ``Code/cannotInsert``, the node of ``Code/notAnElement``.
    public var nodeKind: NodeKind?
    /// The kind of the parent that cannot hold it (``Code/cannotInsert``).
    public var parentKind: NodeKind?
    /// The name, comment text or reason refused (``Code/invalidName``, ``Code/invalidCommentData``,
    /// ``Code/wouldParseDifferently``).
    public var text: String?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, nodeKind: NodeKind? = nil, parentKind: NodeKind? = nil, text: String? = nil) {
        self.code = code
        self.nodeKind = nodeKind
        self.parentKind = parentKind
        self.text = text
    }

    /// The node is not one of this document's.
    public static var unknownNode: DocumentEditError { DocumentEditError(.unknownNode) }
    /// The edit would put a node inside itself.
    public static var wouldCreateCycle: DocumentEditError { DocumentEditError(.wouldCreateCycle) }
    /// A `child` node cannot go into a `parent` node.
    public static func cannotInsert(_ child: NodeKind, into parent: NodeKind) -> DocumentEditError {
        DocumentEditError(.cannotInsert, nodeKind: child, parentKind: parent)
    }
    /// The document has its root element already.
    public static var documentAlreadyHasElement: DocumentEditError { DocumentEditError(.documentAlreadyHasElement) }
    /// The node has no parent.
    public static var noParent: DocumentEditError { DocumentEditError(.noParent) }
    /// The edit applies to elements, and the node is of `kind`.
    public static func notAnElement(_ kind: NodeKind) -> DocumentEditError { DocumentEditError(.notAnElement, nodeKind: kind) }
    /// `name` is not a valid element or attribute name.
    public static func invalidName(_ name: String) -> DocumentEditError { DocumentEditError(.invalidName, text: name) }
    /// The comment text `data` would end the comment early.
    public static func invalidCommentData(_ data: String) -> DocumentEditError { DocumentEditError(.invalidCommentData, text: data) }
    /// The edit would parse differently, as `reason` says.
    public static func wouldParseDifferently(_ reason: String) -> DocumentEditError {
        DocumentEditError(.wouldParseDifferently, text: reason)
    }

    /// What went wrong and what to do instead.
    public var errorDescription: String? {
        func kind(_ value: NodeKind?) -> String { value.map { "\($0)" } ?? "?" }
        switch code {
        case .unknownNode:
            return "the node does not belong to this document; copy nodes from another document with importNode"
        case .wouldCreateCycle:
            return "a node cannot be inserted into itself or one of its descendants"
        case .cannotInsert:
            return "a \(kind(nodeKind)) node cannot be a child of a \(kind(parentKind)) node"
        case .documentAlreadyHasElement:
            return "the document already has a root element; remove or replace it instead of adding another"
        case .noParent:
            return "the node has no parent (it is detached or the root); insert it into the tree first"
        case .notAnElement:
            return "this edit applies to elements only, not to a \(kind(nodeKind)) node"
        case .invalidName:
            return "\"\(text ?? "")\" is not a valid element or attribute name"
        case .invalidCommentData:
            return "the comment text \"\(text ?? "")\" would end the comment early; remove \"-->\" from it"
        case .wouldParseDifferently:
            return (text ?? "the edit would parse differently") + "; put it where HTML allows it (or create foreign elements with namespace: .svg or .mathML)"
        default:
            return "the edit was refused (\(code))"
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
