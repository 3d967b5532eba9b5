/// Writes nodes back to HTML by the spec's HTML fragment serialisation algorithm.
///
/// The walk follows the arena's links with no stack, so a tree of any depth serialises; `template`
/// contents are written in place of the (empty) children of their `template` element.
struct HTMLSerializer {
    let document: Document
    private var output: [UInt8] = []

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
            if parent != NodeArena.none, isRawTextParent(parent) {
                output.append(contentsOf: bytes)
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
        guard record.kind == .element, !isVoid(node) else { return }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: arena.names.utf8(of: record.name))
        output.append(UInt8(ascii: ">"))
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
