/// Writes nodes back to HTML by the spec's HTML fragment serialisation algorithm, with two
/// departures that make what it writes parse back to the same tree (so a serialise → parse →
/// serialise round trip is stable after one round): nothing after a `<plaintext>` start tag gets an
/// end tag (a parser reads all of it as the element's text), and the top-level text of a fragment
/// parsed in a raw-text element (`script`, `style`, …) is written as that element's own text is.
///
/// The walk follows the arena's links with no stack, so a tree of any depth serialises; `template`
/// contents are written in place of the (empty) children of their `template` element.
struct HTMLSerializer {
    let document: Document
    private var output: [UInt8] = []
    /// Set once a `<plaintext>` start tag is written: a parser reads everything after it as that
    /// element's text, so no end tag follows (one would come back as text, and grow at every round).
    private var afterPlaintext = false

    init(document: Document) {
        self.document = document
    }

    private var arena: NodeArena { document.arena }

    /// Elements whose end tag is never written and whose children are never serialised.
    private static let voidElements = NameSet(
        .area, .base, .basefont, .bgsound, .br, .col, .embed, .frame, .hr, .img, .input, .keygen,
        .link, .meta, .param, .source, .track, .wbr)

    /// Elements whose text children are written without escaping.
    private static let rawTextParents = NameSet(
        .style, .script, .xmp, .iframe, .noembed, .noframes, .plaintext)

    /// The node and everything below it.
    static func outerHTML(of node: Node) -> String {
        var serializer = HTMLSerializer(document: node.document)
        serializer.write(node.index, includingSelf: true)
        return String(decoding: serializer.output, as: UTF8.self)
    }

    /// Everything below the node (for a `template`, its contents).
    static func innerHTML(of node: Node) -> String {
        var serializer = HTMLSerializer(document: node.document)
        serializer.write(node.index, includingSelf: false)
        return String(decoding: serializer.output, as: UTF8.self)
    }

    /// The first child of `node` for serialisation: a template's content fragment stands in for its
    /// children.
    private func firstChild(of node: Int32) -> Int32 {
        let record = arena.nodes[Int(node)]
        if record.kind == .element, record.namespace == .html, record.name == .template,
           let content = arena.templateContents[node] {
            return arena.nodes[Int(content)].firstChild
        }
        return record.firstChild
    }

    /// The parent of `node` for serialisation: the `template` element for its content's children,
    /// unless the content fragment is the root of the walk.
    private func parent(of node: Int32, root: Int32) -> Int32 {
        let parent = arena.nodes[Int(node)].parent
        if parent != root, parent != NodeArena.none, arena.nodes[Int(parent)].kind == .documentFragment,
           let owner = document.templateOwners[parent] {
            return owner
        }
        return parent
    }

    private func isVoid(_ node: Int32) -> Bool {
        let record = arena.nodes[Int(node)]
        return record.kind == .element && record.namespace == .html && Self.voidElements.contains(record.name)
    }

    private mutating func write(_ root: Int32, includingSelf: Bool) {
        if includingSelf {
            writeOpening(root)
            if isVoid(root) { return }
        } else if isVoid(root) {
            return
        }
        var node = firstChild(of: root)
        while node != NodeArena.none {
            writeOpening(node)
            if !isVoid(node) {
                let child = firstChild(of: node)
                if child != NodeArena.none {
                    node = child
                    continue
                }
                writeClosing(node)
            }
            // Climb until a next sibling exists, closing the elements left behind.
            while true {
                let next = arena.nodes[Int(node)].nextSibling
                if next != NodeArena.none {
                    node = next
                    break
                }
                node = parent(of: node, root: root)
                if node == root || node == NodeArena.none {
                    node = NodeArena.none
                    break
                }
                writeClosing(node)
            }
        }
        if includingSelf { writeClosing(root) }
    }

    private mutating func writeOpening(_ node: Int32) {
        let record = arena.nodes[Int(node)]
        switch record.kind {
        case .element:
            if afterPlaintext, record.namespace == .html, record.name == .head || record.name == .body,
               record.dataCount == 0, firstChild(of: node) == NodeArena.none {
                // An empty `head` or `body` after a `plaintext` is one the parser made up at the end
                // of the input (after a `template` in the head); parsed again, it is made up again.
                return
            }
            if record.name == .plaintext, record.namespace == .html { afterPlaintext = true }
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: arena.names.utf8(of: record.name))
            var i = Int(record.dataStart)
            let end = i + Int(record.dataCount)
            while i < end {
                let attribute = arena.attributes[i]
                output.append(UInt8(ascii: " "))
                if let prefix = attribute.namespace.attributePrefix,
                   !(attribute.namespace == .xmlns && attribute.name == .xmlns) {
                    output.append(contentsOf: prefix.utf8)
                    output.append(UInt8(ascii: ":"))
                }
                output.append(contentsOf: arena.names.utf8(of: attribute.name))
                output.append(contentsOf: "=\"".utf8)
                appendEscaped(arena.bytes(start: attribute.valueStart, count: attribute.valueCount), inAttribute: true)
                output.append(UInt8(ascii: "\""))
                i += 1
            }
            output.append(UInt8(ascii: ">"))
            // The parser drops a newline right after `<pre>`, `<textarea>` and `<listing>`: one that
            // starts the text is written twice, so that it is still there when parsed again.
            if record.namespace == .html, record.name == .pre || record.name == .textarea || record.name == .listing {
                let child = firstChild(of: node)
                if child != NodeArena.none, arena.nodes[Int(child)].kind == .text,
                   arena.bytes(start: arena.nodes[Int(child)].dataStart, count: arena.nodes[Int(child)].dataCount).first == 0x0A {
                    output.append(0x0A)
                }
            }
        case .text:
            let bytes = arena.bytes(start: record.dataStart, count: record.dataCount)
            let parent = record.parent
            if parent != NodeArena.none, isRawTextParent(parent) || (parent == 0 && fragmentContextIsRawText) {
                output.append(contentsOf: bytes)
                // A script whose text leaves the tokenizer double-escaped (`<!--<script>` with no
                // `-->`) ran to the end of the input: a `</script>` after it would be more text.
                if record.nextSibling == NodeArena.none, isHTML(parent, .script) || (parent == 0 && fragmentContextIs("script")),
                   Self.leavesScriptDataDoubleEscaped(bytes) {
                    afterPlaintext = true
                }
            } else {
                appendEscaped(bytes, inAttribute: false)
            }
        case .comment:
            output.append(contentsOf: "<!--".utf8)
            output.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
            output.append(contentsOf: "-->".utf8)
        case .documentType:
            output.append(contentsOf: "<!DOCTYPE ".utf8)
            output.append(contentsOf: arena.doctypes[Int(record.dataStart)].name.utf8)
            output.append(UInt8(ascii: ">"))
        case .document, .documentFragment:
            break
        }
    }

    private mutating func writeClosing(_ node: Int32) {
        let record = arena.nodes[Int(node)]
        guard record.kind == .element, !isVoid(node), !afterPlaintext else { return }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: arena.names.utf8(of: record.name))
        output.append(UInt8(ascii: ">"))
    }

    private func isHTML(_ node: Int32, _ name: LocalName) -> Bool {
        let record = arena.nodes[Int(node)]
        return record.kind == .element && record.namespace == .html && record.name == name
    }

    private func fragmentContextIs(_ name: String) -> Bool {
        guard let context = document.fragmentContext, context.namespace == .html else { return false }
        return context.localName.lowercased() == name
    }

    /// Whether script text, read by the tokenizer's script data states (WHATWG HTML §13.2.5.4 and
    /// §13.2.5.15–§13.2.5.29) from the script data state, ends in one of the double-escaped states,
    /// where `</script>` ends the double escape instead of the element.
    static func leavesScriptDataDoubleEscaped(_ text: ArraySlice<UInt8>) -> Bool {
        enum State { case data, lessThan, escapeStart, escapeStartDash, escaped, escapedDash, escapedDashDash, escapedLessThan, escapedEndTagOpen, escapedEndTagName, doubleEscapeStart, doubleEscaped, doubleEscapedDash, doubleEscapedDashDash, doubleEscapedLessThan, doubleEscapeEnd }
        var state = State.data
        var buffer: [UInt8] = []
        func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        func isSpaceSlashOrGreater(_ c: UInt8) -> Bool { c == 0x09 || c == 0x0A || c == 0x0C || c == 0x20 || c == 0x2F || c == 0x3E }
        let script: [UInt8] = Array("script".utf8)
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            var consumed = true
            switch state {
            case .data, .escapeStart, .escapeStartDash:
                if state == .escapeStart, c == 0x2D { state = .escapeStartDash; break }
                if state == .escapeStartDash, c == 0x2D { state = .escapedDashDash; break }
                if state != .data { state = .data; consumed = false; break }
                if c == 0x3C { state = .lessThan }
            case .lessThan:
                if c == 0x21 { state = .escapeStart } else { state = .data; consumed = false }
            case .escaped:
                if c == 0x2D { state = .escapedDash } else if c == 0x3C { state = .escapedLessThan }
            case .escapedDash:
                state = c == 0x2D ? .escapedDashDash : c == 0x3C ? .escapedLessThan : .escaped
            case .escapedDashDash:
                if c == 0x2D { break }
                state = c == 0x3C ? .escapedLessThan : c == 0x3E ? .data : .escaped
            case .escapedLessThan:
                if c == 0x2F { state = .escapedEndTagOpen; buffer = [] }
                else if isAlpha(c) { state = .doubleEscapeStart; buffer = []; consumed = false }
                else { state = .escaped; consumed = false }
            case .escapedEndTagOpen:
                if isAlpha(c) { state = .escapedEndTagName; consumed = false } else { state = .escaped; consumed = false }
            case .escapedEndTagName:
                // Text that reached the tree never holds an appropriate end tag here (it would have
                // ended the element), so the name only ever goes back to escaped text.
                if isAlpha(c) { buffer.append(c | 0x20) } else { state = .escaped; consumed = false }
            case .doubleEscapeStart:
                if isSpaceSlashOrGreater(c) { state = buffer == script ? .doubleEscaped : .escaped }
                else if isAlpha(c) { buffer.append(c | 0x20) }
                else { state = .escaped; consumed = false }
            case .doubleEscaped:
                if c == 0x2D { state = .doubleEscapedDash } else if c == 0x3C { state = .doubleEscapedLessThan }
            case .doubleEscapedDash:
                state = c == 0x2D ? .doubleEscapedDashDash : c == 0x3C ? .doubleEscapedLessThan : .doubleEscaped
            case .doubleEscapedDashDash:
                if c == 0x2D { break }
                state = c == 0x3C ? .doubleEscapedLessThan : c == 0x3E ? .data : .doubleEscaped
            case .doubleEscapedLessThan:
                if c == 0x2F { state = .doubleEscapeEnd; buffer = [] } else { state = .doubleEscaped; consumed = false }
            case .doubleEscapeEnd:
                if isSpaceSlashOrGreater(c) { state = buffer == script ? .escaped : .doubleEscaped }
                else if isAlpha(c) { buffer.append(c | 0x20) }
                else { state = .doubleEscaped; consumed = false }
            }
            if consumed { index += 1 }
        }
        switch state {
        case .doubleEscaped, .doubleEscapedDash, .doubleEscapedDashDash, .doubleEscapedLessThan, .doubleEscapeEnd: return true
        default: return false
        }
    }

    /// Whether the document is a fragment parsed in a raw-text element (`script`, `style`, …): its
    /// top-level text is that element's text, written as it is, as the element's own children are.
    private var fragmentContextIsRawText: Bool {
        guard let context = document.fragmentContext, context.namespace == .html else { return false }
        switch context.localName.lowercased() {
        case "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext": return true
        case "noscript": return document.scriptingEnabled
        default: return false
        }
    }

    private func isRawTextParent(_ node: Int32) -> Bool {
        let record = arena.nodes[Int(node)]
        guard record.kind == .element, record.namespace == .html else { return false }
        if Self.rawTextParents.contains(record.name) { return true }
        return record.name == .noscript && document.scriptingEnabled
    }

    /// Escapes `&`, U+00A0, `<` and `>` (and `"` in attribute values, where `<` and `>` are escaped
    /// too, as the current spec does to keep serialised markup from changing meaning when re-parsed).
    private mutating func appendEscaped(_ bytes: ArraySlice<UInt8>, inAttribute: Bool) {
        var runStart = bytes.startIndex
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            let replacement: String?
            var width = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = inAttribute ? "&quot;" : nil
            case 0xC2 where i + 1 < bytes.endIndex && bytes[i + 1] == 0xA0:
                replacement = "&nbsp;"
                width = 2
            default: replacement = nil
            }
            if let replacement {
                output.append(contentsOf: bytes[runStart..<i])
                output.append(contentsOf: replacement.utf8)
                i += width
                runStart = i
            } else {
                i += 1
            }
        }
        output.append(contentsOf: bytes[runStart..<bytes.endIndex])
    }
}

extension Node {
    /// The node and its descendants as HTML, by the HTML fragment serialisation algorithm.
    public var outerHTML: String { HTMLSerializer.outerHTML(of: self) }

    /// The node's descendants as HTML (for a `template`, its contents), as the DOM's `innerHTML`.
    public var innerHTML: String { HTMLSerializer.innerHTML(of: self) }
}

extension Element {
    /// The element and its descendants as HTML.
    public var outerHTML: String { node.outerHTML }

    /// The element's descendants as HTML (for a `template`, its contents).
    public var innerHTML: String { node.innerHTML }
}
