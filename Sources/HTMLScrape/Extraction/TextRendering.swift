/// Turns a subtree into text: jsoup-style normalised text, own text, and a rendered plain-text form
/// that keeps line breaks. Every walk is iterative.
enum TextRendering {
    /// Elements whose content is never text a reader sees.
    static let hidden = NameSet(.script, .style, .template, .head, .title, .noscript)

    /// Elements that start and end a line when rendered.
    static let blocks = NameSet(
        .address, .article, .aside, .blockquote, .body, .caption, .center, .dd, .details, .dialog, .div,
        .dl, .dt, .fieldset, .figcaption, .figure, .footer, .form, .h1, .h2, .h3, .h4, .h5, .h6, .header,
        .hgroup, .hr, .html, .li, .listing, .main, .menu, .nav, .ol, .p, .pre, .section, .summary,
        .table, .tbody, .thead, .tfoot, .tr, .ul, .legend, .option, .optgroup, .plaintext, .xmp)

    /// Elements whose text keeps its white space.
    static let preformatted = NameSet(.pre, .listing, .textarea, .plaintext, .xmp)

    // MARK: Walking

    /// Visits the subtree of `root` (not `root` itself) in document order: `enter` for every node
    /// (return `false` to skip its children), `exit` after an element's children.
    static func walk(
        _ root: Int32, in arena: NodeArena, enter: (Int32, NodeRecord) -> Bool, exit: (Int32, NodeRecord) -> Void
    ) {
        var node = arena.nodes[Int(root)].firstChild
        while node != NodeArena.none {
            let record = arena.nodes[Int(node)]
            if enter(node, record) && record.firstChild != NodeArena.none {
                node = record.firstChild
                continue
            }
            // Leave this node, then climb until a next sibling appears.
            var current = node
            while true {
                let currentRecord = arena.nodes[Int(current)]
                if currentRecord.kind == .element { exit(current, currentRecord) }
                if currentRecord.nextSibling != NodeArena.none {
                    node = currentRecord.nextSibling
                    break
                }
                let parent = currentRecord.parent
                if parent == root || parent == NodeArena.none {
                    node = NodeArena.none
                    break
                }
                current = parent
            }
        }
    }

    @inline(__always)
    static func isHTMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    // MARK: Normalised text

    /// Builds text with runs of white space collapsed to one space and no space at either end.
    struct CollapsingBuffer {
        var bytes: [UInt8] = []
        var pendingSpace = false
        /// Whether U+00A0 NO-BREAK SPACE counts as white space too.
        var collapsesNoBreakSpace = false

        mutating func space() {
            if !bytes.isEmpty { pendingSpace = true }
        }

        mutating func append(_ text: ArraySlice<UInt8>) {
            var index = text.startIndex
            while index < text.endIndex {
                let byte = text[index]
                index += 1
                if TextRendering.isHTMLWhitespace(byte) {
                    space()
                } else if collapsesNoBreakSpace && byte == 0xC2 && index < text.endIndex && text[index] == 0xA0 {
                    index += 1
                    space()
                } else {
                    if pendingSpace {
                        bytes.append(0x20)
                        pendingSpace = false
                    }
                    bytes.append(byte)
                }
            }
        }

        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The text of a node's subtree with white space normalised, as jsoup's `text()`: block elements
    /// and `<br>` separate words, `script` and `style` are left out.
    ///
    /// For table cells, `skippingFootnotes` leaves out footnote `<sup>` markers and
    /// `collapsesNoBreakSpace` treats no-break spaces as white space.
    static func text(
        _ root: Int32, in arena: NodeArena, skippingFootnotes: Bool = false, collapsesNoBreakSpace: Bool = false
    ) -> String {
        var visited = 0
        return text(root, in: arena, skippingFootnotes: skippingFootnotes, collapsesNoBreakSpace: collapsesNoBreakSpace,
                    visited: &visited)
    }

    /// ``text(_:in:skippingFootnotes:collapsesNoBreakSpace:)``, adding the number of nodes it
    /// visited to `visited`: what the walk cost.
    static func text(
        _ root: Int32, in arena: NodeArena, skippingFootnotes: Bool = false, collapsesNoBreakSpace: Bool = false,
        visited: inout Int
    ) -> String {
        String(decoding: textBytes(root, in: arena, skippingFootnotes: skippingFootnotes,
                                   collapsesNoBreakSpace: collapsesNoBreakSpace, visited: &visited), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``text(_:in:skippingFootnotes:collapsesNoBreakSpace:)``.
    ///
    /// With `includesScripts`, the text inside `script` and `style` descendants counts too.
    static func textBytes(
        _ root: Int32, in arena: NodeArena, skippingFootnotes: Bool = false, collapsesNoBreakSpace: Bool = false,
        includesScripts: Bool = false, visited: inout Int
    ) -> [UInt8] {
        var buffer = CollapsingBuffer()
        var count = 0
        defer { visited += count }
        buffer.collapsesNoBreakSpace = collapsesNoBreakSpace
        let rootRecord = arena.nodes[Int(root)]
        if rootRecord.kind == .text {
            buffer.append(arena.bytes(start: rootRecord.dataStart, count: rootRecord.dataCount))
            return buffer.bytes
        }
        walk(root, in: arena, enter: { node, record in
            count += 1
            switch record.kind {
            case .text:
                buffer.append(arena.bytes(start: record.dataStart, count: record.dataCount))
                return false
            case .element:
                guard record.namespace == .html else { return true }
                if record.name == .template { return false }
                if !includesScripts && (record.name == .script || record.name == .style) { return false }
                if skippingFootnotes && record.name == .sup && isFootnote(node, in: arena) { return false }
                if record.name == .br || blocks.contains(record.name) || record.name == .td
                    || record.name == .th {
                    buffer.space()
                }
                return true
            default:
                return false
            }
        }, exit: { _, record in
            if record.namespace == .html && (blocks.contains(record.name) || record.name == .td || record.name == .th) {
                buffer.space()
            }
        })
        return buffer.bytes
    }

    /// Whether a `<sup>` is a footnote marker: a MediaWiki `reference`/`noprint` or text in brackets.
    static func isFootnote(_ node: Int32, in arena: NodeArena) -> Bool {
        if let index = arena.attributeIndex(of: node, name: .class) {
            let attribute = arena.attributes[index]
            let value = String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
            if value.contains("reference") || value.contains("noprint") { return true }
        }
        return text(node, in: arena).hasPrefix("[")
    }

    /// The text of a node's own text children (not its descendants'), normalised as ``text(_:in:)``.
    static func ownText(_ root: Int32, in arena: NodeArena) -> String {
        var buffer = CollapsingBuffer()
        var child = arena.nodes[Int(root)].firstChild
        while child != NodeArena.none {
            let record = arena.nodes[Int(child)]
            if record.kind == .text {
                buffer.append(arena.bytes(start: record.dataStart, count: record.dataCount))
            } else if record.kind == .element && record.namespace == .html
                        && (record.name == .br || blocks.contains(record.name) || record.name == .td || record.name == .th) {
                // A block between two text nodes separates them, as in ``text(_:in:)``.
                buffer.space()
            }
            child = record.nextSibling
        }
        return buffer.string
    }

    // MARK: Rendered text

    /// Plain text as a browser would lay it out, roughly `innerText`: block elements on lines of their
    /// own, paragraphs separated by a blank line, `<br>` as a line break, table cells separated by
    /// tabs, `pre` kept as written; hidden elements (`script`, `style`, `head`…) left out.
    static func renderedText(_ root: Int32, in arena: NodeArena) -> String {
        var visited = 0
        return renderedText(root, in: arena, visited: &visited)
    }

    /// ``renderedText(_:in:)``, adding the number of nodes it visited to `visited`.
    static func renderedText(_ root: Int32, in arena: NodeArena, visited: inout Int) -> String {
        var count = 0
        defer { visited += count }
        var renderer = Renderer()
        var preformattedDepth = 0
        let rootRecord = arena.nodes[Int(root)]
        if rootRecord.kind == .text {
            renderer.appendCollapsing(arena.bytes(start: rootRecord.dataStart, count: rootRecord.dataCount))
            return renderer.finish()
        }
        walk(root, in: arena, enter: { node, record in
            count += 1
            switch record.kind {
            case .text:
                let text = arena.bytes(start: record.dataStart, count: record.dataCount)
                if preformattedDepth > 0 { renderer.appendRaw(text) } else { renderer.appendCollapsing(text) }
                return false
            case .element:
                guard record.namespace == .html else { return true }
                if hidden.contains(record.name) { return false }
                if record.name == .br {
                    renderer.lineBreak()
                    return false
                }
                if record.name == .p { renderer.requireBreaks(2) } else if blocks.contains(record.name) {
                    renderer.requireBreaks(1)
                }
                if (record.name == .td || record.name == .th) && hasPreviousCell(node, in: arena) {
                    renderer.tab()
                }
                if preformatted.contains(record.name) { preformattedDepth += 1 }
                return true
            default:
                return false
            }
        }, exit: { _, record in
            guard record.namespace == .html else { return }
            if preformatted.contains(record.name) { preformattedDepth -= 1 }
            if record.name == .p { renderer.requireBreaks(2) } else if blocks.contains(record.name) {
                renderer.requireBreaks(1)
            }
        })
        return renderer.finish()
    }

    private static func hasPreviousCell(_ node: Int32, in arena: NodeArena) -> Bool {
        var current = arena.nodes[Int(node)].previousSibling
        while current != NodeArena.none {
            let record = arena.nodes[Int(current)]
            if record.kind == .element && record.namespace == .html && (record.name == .td || record.name == .th) {
                return true
            }
            current = record.previousSibling
        }
        return false
    }

    /// Collects rendered text: collapses spaces, trims lines, merges required line breaks.
    struct Renderer {
        var bytes: [UInt8] = []
        var pendingBreaks = 0
        var pendingSpace = false
        var atLineStart = true

        mutating func requireBreaks(_ count: Int) {
            pendingBreaks = max(pendingBreaks, count)
            pendingSpace = false
        }

        private mutating func flushBreaks() {
            guard pendingBreaks > 0 else { return }
            if !bytes.isEmpty {
                // Drop trailing spaces, then top the newlines up to the count required.
                while bytes.last == 0x20 || bytes.last == 0x09 { bytes.removeLast() }
                var trailing = 0
                while trailing < bytes.count && bytes[bytes.count - 1 - trailing] == 0x0A { trailing += 1 }
                for _ in trailing..<max(trailing, pendingBreaks) { bytes.append(0x0A) }
                atLineStart = true
            }
            pendingBreaks = 0
            pendingSpace = false
        }

        mutating func lineBreak() {
            flushBreaks()
            while bytes.last == 0x20 { bytes.removeLast() }
            bytes.append(0x0A)
            atLineStart = true
            pendingSpace = false
        }

        mutating func tab() {
            flushBreaks()
            while bytes.last == 0x20 { bytes.removeLast() }
            bytes.append(0x09)
            atLineStart = false
            pendingSpace = false
        }

        mutating func appendCollapsing(_ text: ArraySlice<UInt8>) {
            for byte in text {
                if TextRendering.isHTMLWhitespace(byte) {
                    if !atLineStart && bytes.last != 0x09 { pendingSpace = true }
                    continue
                }
                flushBreaks()
                if pendingSpace && !atLineStart { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
                atLineStart = false
            }
        }

        mutating func appendRaw(_ text: ArraySlice<UInt8>) {
            guard !text.isEmpty else { return }
            flushBreaks()
            if pendingSpace && !atLineStart { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(contentsOf: text)
            atLineStart = text.last == 0x0A
        }

        mutating func finish() -> String {
            var end = bytes.count
            while end > 0 && TextRendering.isHTMLWhitespace(bytes[end - 1]) { end -= 1 }
            var start = 0
            while start < end && bytes[start] == 0x0A { start += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }
}
