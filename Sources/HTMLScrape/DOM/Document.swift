public import Foundation

/// A parsed HTML document (or fragment): an immutable tree you can walk, query and serialise.
///
/// Parse with ``Document/init(html:options:)``, ``Document/init(bytes:transportEncoding:options:)`` or
/// ``Document/init(fragment:context:options:)``. The tree lives in flat arrays owned by the document;
/// ``Node`` and ``Element`` are light handles into it, so a document can be shared freely across tasks.
/// Nothing in it recurses per nesting level: a million nested elements parse, walk, serialise and free.
public final class Document: Sendable {
    let arena: NodeArena
    /// `template` contents fragment → its `template` element, for walking up out of a template.
    let templateOwners: [Int32: Int32]
    /// Document-order ranks for XPath, computed on first use.
    let xpathOrder = DocumentOrderCache()

    /// The parse errors the input had, in input order. Parsing never fails: errors are recorded.
    ///
    /// Worked out on first read, by a second pass of the tokenizer and tree builder over the input
    /// the document keeps (a parse is deterministic, so it finds what the first pass met): a parse
    /// whose errors nobody reads pays nothing for them. Always empty when
    /// ``ParseOptions/collectsErrors`` was off, and for a document made by editing or sanitising.
    public var errors: [ParseError] {
        switch errorSource {
        case .known(let errors):
            return errors
        case .deferred(let inputErrors):
            return cache.errors {
                Self.reparseErrors(
                    input: arena.source, inputErrors: inputErrors, scriptingEnabled: scriptingEnabled,
                    fragmentContext: fragmentContext)
            }
        }
    }
    /// Where ``errors`` come from.
    let errorSource: ParseErrorSource
    /// The document's quirks mode, decided by its doctype.
    public let quirksMode: QuirksMode
    /// The character encoding the bytes were decoded with (UTF-8 for a `String`).
    public let encoding: TextEncoding
    /// Whether the scripting flag was on while parsing (it changes how `<noscript>` parses).
    public let scriptingEnabled: Bool
    /// The address the page was fetched from, as given in ``ParseOptions/url``.
    public let url: URL?
    /// The context element a fragment was parsed in (``Document/init(fragment:context:options:)``);
    /// `nil` for a whole document.
    public let fragmentContext: FragmentContext?
    /// Answers worked out on first use (base URL, text indexes, sibling positions).
    let cache: DocumentCache

    convenience init(
        arena: NodeArena, errors: [ParseError], quirksMode: QuirksMode, encoding: TextEncoding,
        scriptingEnabled: Bool, url: URL? = nil, fragmentContext: FragmentContext? = nil,
        templateOwners: [Int32: Int32]? = nil, scratch: ScratchPool? = nil
    ) {
        self.init(
            arena: arena, errorSource: .known(errors), quirksMode: quirksMode, encoding: encoding,
            scriptingEnabled: scriptingEnabled, url: url, fragmentContext: fragmentContext,
            templateOwners: templateOwners, scratch: scratch)
    }

    init(
        arena: NodeArena, errorSource: ParseErrorSource, quirksMode: QuirksMode, encoding: TextEncoding,
        scriptingEnabled: Bool, url: URL? = nil, fragmentContext: FragmentContext? = nil,
        templateOwners: [Int32: Int32]? = nil, scratch: ScratchPool? = nil
    ) {
        self.cache = DocumentCache(scratch: scratch ?? ScratchPool())
        self.url = url
        self.fragmentContext = fragmentContext
        self.arena = arena
        if let templateOwners {
            self.templateOwners = templateOwners
        } else {
            var owners: [Int32: Int32] = [:]
            for (template, content) in arena.templateContents { owners[content] = template }
            self.templateOwners = owners
        }
        self.errorSource = errorSource
        self.quirksMode = quirksMode
        self.encoding = encoding
        self.scriptingEnabled = scriptingEnabled
    }

    /// The root node: the document node, or the fragment root for a parsed fragment.
    public var root: Node { Node(document: self, index: 0) }

    /// The `<html>` element (for a fragment: the first element child of the fragment root).
    public var documentElement: Element? {
        root.childNodes.lazy.compactMap(\.element).first
    }

    /// The `<head>` element, if the document has one.
    public var head: Element? {
        documentElement?.children.first { $0.isHTML(.head) }
    }

    /// The `<body>` (or `<frameset>`) element, if the document has one.
    public var body: Element? {
        documentElement?.children.first { $0.isHTML(.body) || $0.isHTML(.frameset) }
    }

    /// The document's doctype, if it has one.
    public var doctype: DocumentType? {
        root.childNodes.lazy.compactMap(\.documentType).first
    }

    /// The text of the first `<title>` element, with white space collapsed; empty when there is none.
    public var title: String {
        guard let title = root.descendants.lazy.compactMap(\.element).first(where: { $0.isHTML(.title) })
        else { return "" }
        return title.node.textContent.split(whereSeparator: { $0.isHTMLWhitespace }).joined(separator: " ")
    }
}

/// Quirks mode, as decided from the doctype.
public enum QuirksMode: Sendable, Hashable {
    /// Standards mode.
    case noQuirks
    /// Almost-standards mode.
    case limitedQuirks
    /// Quirks mode.
    case quirks
}

/// A `<!DOCTYPE>` node.
public struct DocumentType: Hashable, Sendable {
    /// The node itself.
    public let node: Node

    private var record: DoctypeRecord {
        node.document.arena.doctypes[Int(node.record.dataStart)]
    }

    /// The doctype's name (`html` for `<!DOCTYPE html>`).
    public var name: String { record.name }
    /// The public identifier; empty when missing.
    public var publicID: String { record.publicID ?? "" }
    /// The system identifier; empty when missing.
    public var systemID: String { record.systemID ?? "" }
}

extension Character {
    /// ASCII white space as HTML defines it: space, tab, LF, FF, CR.
    var isHTMLWhitespace: Bool {
        switch self {
        case " ", "\t", "\n", "\u{0C}", "\r", "\r\n": return true
        default: return false
        }
    }
}
