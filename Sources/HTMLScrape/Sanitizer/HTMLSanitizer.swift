/// Cleans HTML that strangers wrote (show summaries, synopses, wiki cells) down to what a
/// ``SanitizerPolicy`` allows, so that it can be shown in a web view.
///
/// ```swift
/// let clean = HTMLSanitizer(policy: .basicFormatting)
///     .sanitizedHTML(fragment: #"<p onclick="steal()">A <b>bold</b> <a href="javascript:x()">plan</a>.</p>"#)
/// // <p>A <b>bold</b> <a>plan</a>.</p>
/// ```
///
/// How it works, and what it promises: the input is parsed as a browser would (scripting on), a new
/// tree is built from the allowed parts only (see ``SanitizerPolicy`` for the rules), and that tree is
/// serialised and **parsed again in the same context**. The result is returned only when the second
/// parse gives back exactly the tree that was built; otherwise the re-parsed tree is cleaned again
/// (a few rounds), and if it still does not settle, the top-level parts that differ are dropped. So
/// the HTML you get, parsed again in the same context (by us or by a browser following the HTML
/// standard), gives a tree that passes the policy unchanged: mutation XSS through `<noscript>`,
/// `<template>`, `<style>`, SVG or MathML, comments or CDATA cannot turn it into something else.
/// Sanitising the output again gives the same output.
///
/// Walks are iterative; a page of any depth is cleaned without deep recursion.
public struct HTMLSanitizer: Sendable {
    /// What is kept.
    public var policy: SanitizerPolicy

    /// How many times a tree that does not survive a serialise-and-parse round trip is cleaned again
    /// before its differing parts are dropped.
    static let cleaningRounds = 4
    /// How many top-level parts may be dropped before giving up and returning nothing.
    static let pruningRounds = 32

    /// Creates a sanitizer.
    public init(policy: SanitizerPolicy) {
        self.policy = policy
    }

    /// Parses `html` as a fragment in `context` (a `<body>` by default: where a summary is shown) and
    /// sanitises it. The result's root is a document fragment.
    public func sanitize(fragment html: String, context: FragmentContext = .body) -> Document {
        sanitize(Document(fragment: html, context: context, options: Self.parseOptions))
    }

    /// ``sanitize(fragment:context:)`` serialised: HTML to put in an element like `context`.
    public func sanitizedHTML(fragment html: String, context: FragmentContext = .body) -> String {
        sanitize(fragment: html, context: context).root.innerHTML
    }

    /// Sanitises a parsed document or fragment. For a whole document the result is
    /// `<!DOCTYPE html><html><head></head><body>…</body></html>` (a doctype only if it had one), with
    /// the body's content cleaned; for a fragment, its content cleaned, checked in its
    /// ``Document/fragmentContext``.
    public func sanitize(_ document: Document) -> Document {
        let context = Self.context(of: document)
        var input = document
        var cleaned = clean(input)
        for round in 0..<Self.cleaningRounds {
            let reparsed = Self.reparse(cleaned, like: document, context: context)
            if Self.firstDifference(cleaned, reparsed.arena) == nil { return reparsed }
            if round + 1 < Self.cleaningRounds {
                input = reparsed
                cleaned = clean(input)
            }
        }
        for _ in 0..<Self.pruningRounds {
            let reparsed = Self.reparse(cleaned, like: document, context: context)
            guard let difference = Self.firstDifference(cleaned, reparsed.arena) else { return reparsed }
            guard let part = Self.topLevelPart(containing: difference, in: cleaned) else { break }
            Self.remove(part, from: &cleaned)
        }
        var empty = NodeArena(rootKind: cleaned.nodes[0].kind)
        if context == nil { Self.addDocumentStructure(to: &empty, doctype: false) }
        return Self.reparse(empty, like: document, context: context)
    }

    /// ``sanitize(_:)`` serialised.
    public func sanitizedHTML(_ document: Document) -> String {
        sanitize(document).root.innerHTML
    }

    // MARK: Parsing and comparing

    /// Browsers parse `innerHTML` with scripting on; so do we, to see what they will see.
    static let parseOptions = ParseOptions(scriptingEnabled: true, collectsErrors: false)

    /// The fragment context of a fragment document (a `<body>` when unknown); `nil` for a document.
    private static func context(of document: Document) -> FragmentContext? {
        guard document.arena.nodes[0].kind == .documentFragment else { return nil }
        return document.fragmentContext ?? .body
    }

    /// Serialises a cleaned tree and parses it again, as a document or as a fragment in `context`.
    private static func reparse(_ arena: NodeArena, like original: Document, context: FragmentContext?) -> Document {
        let built = Document(
            arena: arena, errors: [], quirksMode: .noQuirks, encoding: .utf8, scriptingEnabled: true,
            url: original.url, fragmentContext: context)
        let html = built.root.innerHTML
        var options = parseOptions
        options.url = original.url
        if let context { return Document(fragment: html, context: context, options: options) }
        return Document(html: html, options: options)
    }

    /// The first node of `a`, in document order, where `a` and `b` differ (in kind, name, namespace,
    /// attributes, text, or in having children or a next sibling); `nil` when they are the same tree.
    static func firstDifference(_ a: NodeArena, _ b: NodeArena) -> Int32? {
        var x: Int32 = 0
        var y: Int32 = 0
        while x != NodeArena.none && y != NodeArena.none {
            let left = a.nodes[Int(x)]
            let right = b.nodes[Int(y)]
            guard left.kind == right.kind, left.namespace == right.namespace,
                  (left.firstChild == NodeArena.none) == (right.firstChild == NodeArena.none),
                  x == 0 || (left.nextSibling == NodeArena.none) == (right.nextSibling == NodeArena.none)
            else { return x }
            switch left.kind {
            case .element:
                guard sameName(left.name, a, right.name, b), left.dataCount == right.dataCount else { return x }
                for offset in 0..<Int(left.dataCount) {
                    let l = a.attributes[Int(left.dataStart) + offset]
                    let r = b.attributes[Int(right.dataStart) + offset]
                    guard l.namespace == r.namespace, sameName(l.name, a, r.name, b),
                          a.bytes(start: l.valueStart, count: l.valueCount)
                            == b.bytes(start: r.valueStart, count: r.valueCount)
                    else { return x }
                }
            case .text, .comment:
                guard a.bytes(start: left.dataStart, count: left.dataCount)
                        == b.bytes(start: right.dataStart, count: right.dataCount)
                else { return x }
            case .documentType:
                guard a.doctypes[Int(left.dataStart)].name == b.doctypes[Int(right.dataStart)].name else { return x }
            case .document, .documentFragment:
                break
            }
            x = a.following(x, within: 0)
            y = b.following(y, within: 0)
        }
        return x == y ? nil : max(x, 0)
    }

    private static func sameName(_ l: LocalName, _ a: NodeArena, _ r: LocalName, _ b: NodeArena) -> Bool {
        if l.id < LocalName.knownCount || r.id < LocalName.knownCount { return l == r }
        return a.names.utf8(of: l) == b.names.utf8(of: r)
    }

    /// The ancestor-or-self of `node` that is a child of the content root (the fragment root or the
    /// `<body>`); `nil` when `node` is the root or part of the document's structure.
    private static func topLevelPart(containing node: Int32, in arena: NodeArena) -> Int32? {
        let contentRoot = arena.nodes[0].kind == .document ? documentBody(of: arena) : 0
        guard contentRoot != NodeArena.none else { return nil }
        var current = node
        while current != NodeArena.none {
            let parent = arena.nodes[Int(current)].parent
            if parent == contentRoot { return current }
            current = parent
        }
        return nil
    }

    /// Detaches a node, merging the text nodes that end up side by side (as a parse would have them).
    private static func remove(_ node: Int32, from arena: inout NodeArena) {
        let previous = arena.nodes[Int(node)].previousSibling
        let next = arena.nodes[Int(node)].nextSibling
        arena.detach(node)
        guard previous != NodeArena.none, next != NodeArena.none,
              arena.nodes[Int(previous)].kind == .text, arena.nodes[Int(next)].kind == .text
        else { return }
        let text = Array(arena.bytes(start: arena.nodes[Int(next)].dataStart, count: arena.nodes[Int(next)].dataCount))
        text.withUnsafeBufferPointer { arena.extendText(previous, with: $0) }
        arena.detach(next)
    }

    /// The `<body>` of a document arena built by ``addDocumentStructure(to:doctype:)``.
    private static func documentBody(of arena: NodeArena) -> Int32 {
        var html = arena.nodes[0].firstChild
        while html != NodeArena.none && arena.nodes[Int(html)].kind != .element { html = arena.nodes[Int(html)].nextSibling }
        guard html != NodeArena.none else { return NodeArena.none }
        var child = arena.nodes[Int(html)].firstChild
        while child != NodeArena.none {
            let record = arena.nodes[Int(child)]
            if record.kind == .element && record.namespace == .html && record.name == .body { return child }
            child = record.nextSibling
        }
        return NodeArena.none
    }

    /// Adds `<!DOCTYPE html>` (optionally) and `<html><head></head><body></body></html>`; returns the body.
    @discardableResult
    static func addDocumentStructure(to arena: inout NodeArena, doctype: Bool) -> Int32 {
        if doctype { arena.append(arena.createDoctype(name: "html", publicID: nil, systemID: nil), to: 0) }
        let html = arena.createElement(.html, namespace: .html)
        arena.append(html, to: 0)
        arena.append(arena.createElement(.head, namespace: .html), to: html)
        let body = arena.createElement(.body, namespace: .html)
        arena.append(body, to: html)
        return body
    }

    // MARK: Cleaning

    /// What happens to an element.
    enum Decision {
        case keep
        case unwrap
        case remove
    }

    /// A new arena with the allowed parts of `document`'s content.
    func clean(_ document: Document) -> NodeArena {
        let source = document.arena
        let isFragment = source.nodes[0].kind == .documentFragment
        var output = NodeArena(rootKind: isFragment ? .documentFragment : .document, expectedBytes: source.byteCount)
        output.names = source.names
        let sourceRoot: Int32
        let outputRoot: Int32
        if isFragment {
            sourceRoot = 0
            outputRoot = 0
        } else {
            outputRoot = Self.addDocumentStructure(to: &output, doctype: document.doctype != nil)
            guard let body = document.body, body.isHTML(.body) else { return output }
            sourceRoot = body.node.index
        }
        var cleaner = TreeCleaner(policy: policy, source: source)
        cleaner.copyContent(of: sourceRoot, into: outputRoot, of: &output)
        return output
    }
}
