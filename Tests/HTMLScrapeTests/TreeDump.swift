@testable import HTMLScrape

/// Writes a parsed tree in the html5lib tree-construction test format (`| ` then two spaces per
/// depth), iteratively, so that any depth dumps without recursion.
enum TreeDump {
    /// The dump of a document's (or fragment's) children, one line per node or attribute.
    static func dump(_ document: Document) -> String {
        let arena = document.arena
        var lines: [String] = []
        // (node, depth); a negative node -(n + 2) stands for the "content" line of template n.
        var stack: [(Int32, Int)] = []
        pushChildren(of: 0, depth: 0, arena: arena, onto: &stack)
        while let (entry, depth) = stack.popLast() {
            let indent = "| " + String(repeating: "  ", count: depth)
            if entry < 0 {
                let template = -entry - 2
                lines.append(indent + "content")
                if let content = arena.templateContents[template] {
                    pushChildren(of: content, depth: depth + 1, arena: arena, onto: &stack)
                }
                continue
            }
            let record = arena.nodes[Int(entry)]
            switch record.kind {
            case .element:
                let name = arena.names.spelling(of: record.name)
                let prefix = record.namespace == .svg ? "svg " : record.namespace == .mathML ? "math " : ""
                lines.append(indent + "<" + prefix + name + ">")
                var attributes: [(String, String)] = []
                let start = Int(record.dataStart)
                for attribute in arena.attributes[start..<(start + Int(record.dataCount))] {
                    let local = arena.names.spelling(of: attribute.name)
                    let display = attribute.namespace.attributePrefix.map { $0 + " " + local } ?? local
                    let value = String(
                        decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                    attributes.append((display, value))
                }
                attributes.sort { Array($0.0.utf16).lexicographicallyPrecedes(Array($1.0.utf16)) }
                for (display, value) in attributes {
                    lines.append(indent + "  " + display + "=\"" + value + "\"")
                }
                if record.namespace == .html && record.name == .template {
                    stack.append((-entry - 2, depth + 1))
                } else {
                    pushChildren(of: entry, depth: depth + 1, arena: arena, onto: &stack)
                }
            case .text:
                lines.append(indent + "\"" + arena.string(of: entry) + "\"")
            case .comment:
                lines.append(indent + "<!-- " + arena.string(of: entry) + " -->")
            case .documentType:
                let doctype = arena.doctypes[Int(record.dataStart)]
                let publicID = doctype.publicID ?? ""
                let systemID = doctype.systemID ?? ""
                if publicID.isEmpty && systemID.isEmpty {
                    lines.append(indent + "<!DOCTYPE " + doctype.name + ">")
                } else {
                    lines.append(indent + "<!DOCTYPE " + doctype.name + " \"" + publicID + "\" \"" + systemID + "\">")
                }
            case .document, .documentFragment:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Pushes a node's children so that the first child is popped first.
    private static func pushChildren(of node: Int32, depth: Int, arena: NodeArena, onto stack: inout [(Int32, Int)]) {
        var child = arena.nodes[Int(node)].lastChild
        while child != NodeArena.none {
            stack.append((child, depth))
            child = arena.nodes[Int(child)].previousSibling
        }
    }
}
