import Foundation
import HTMLScrape

/// Reads a table cell's text in pieces: split at `<hr>` (two episodes in one row) and at `<br>` or
/// a block's edge (alternate titles), leaving out footnote `<sup>` markers and hidden spans.
enum CellText {
    /// Elements a browser draws on lines of their own: where one starts or ends, a line ends.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "li", "main", "nav",
        "ol", "p", "pre", "section", "summary", "table", "tr", "ul",
    ]

    /// The nearest block element around `node` inside `cell` (the cell itself when there is none).
    private static func block(around node: Node, in cell: Element) -> Node {
        var current = node.parent
        while let element = current?.element, element != cell {
            if blocks.contains(element.localName) { return element.node }
            current = element.node.parent
        }
        return cell.node
    }

    /// The cell's text split at `<hr>`, each part split into lines at `<br>` and where a block
    /// (`<div>`, `<p>`, a list item…) starts or ends; white space collapsed.
    static func pieces(of cell: Element) -> [[String]] {
        var parts: [[String]] = [[""]]
        var lastBlock: Node?
        var skipUntilPast: Node?
        for node in cell.node.descendants {
            if let skip = skipUntilPast {
                if node.isDescendant(of: skip) { continue }
                skipUntilPast = nil
            }
            if let element = node.element {
                let name = element.localName
                if name == "hr" {
                    parts.append([""])
                } else if name == "br" {
                    parts[parts.count - 1].append("")
                } else if isHidden(element) {
                    skipUntilPast = node
                }
                continue
            }
            if let data = node.data, node.kind == .text {
                let block = block(around: node, in: cell)
                if let lastBlock, lastBlock != block, !(parts[parts.count - 1].last ?? "").allSatisfy(\.isWhitespace) {
                    parts[parts.count - 1].append("")
                }
                lastBlock = block
                parts[parts.count - 1][parts[parts.count - 1].count - 1] += data
            }
        }
        return parts.map { lines in lines.map(collapse).filter { !$0.isEmpty } }
    }

    /// A link in a cell: its visible text and its `href` as written.
    struct Link: Equatable {
        var text: String
        var href: String
    }

    /// The visible links (`<a href>`) of the cell, grouped like ``pieces(of:)``'s parts (split at
    /// `<hr>`); links inside footnote markers and hidden spans are left out.
    static func links(in cell: Element) -> [[Link]] {
        var parts: [[Link]] = [[]]
        var skipUntilPast: Node?
        for node in cell.node.descendants {
            if let skip = skipUntilPast {
                if node.isDescendant(of: skip) { continue }
                skipUntilPast = nil
            }
            guard let element = node.element else { continue }
            if element.localName == "hr" {
                parts.append([])
            } else if isHidden(element) {
                skipUntilPast = node
            } else if element.localName == "a", let href = element.attribute("href") {
                parts[parts.count - 1].append(Link(text: collapse(node.textContent), href: href))
            }
        }
        return parts
    }

    /// The cell's whole visible text, footnotes left out.
    static func text(of cell: Element) -> String {
        pieces(of: cell).map { $0.joined(separator: " ") }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The ISO days in `published`/`dtstart` spans, in document order.
    static func isoDays(in cell: Element) -> [String] {
        cell.descendants.filter { element in
            element.localName == "span"
                && element.classNames.contains(where: { $0 == "published" || $0 == "dtstart" })
        }.map { $0.node.textContent }
    }

    /// A footnote marker or a `display:none` element.
    static func isHidden(_ element: Element) -> Bool {
        if element.localName == "sup" && element.classNames.contains("reference") { return true }
        if element.localName == "style" || element.localName == "script" { return true }
        if let style = element.attribute("style")?.lowercased().replacingOccurrences(of: " ", with: ""),
            style.contains("display:none")
        {
            return true
        }
        return false
    }

    /// Runs of white space (no-break spaces too) as one space, trimmed.
    static func collapse(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    /// A title without its quotes and leftover footnote markers (`"Sara"[1]`, `"Title[4]"`).
    static func title(_ text: String) -> String {
        var title = stripFootnoteMarkers(collapse(text))
        let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]
        if let first = title.first, quotes.contains(first) { title.removeFirst() }
        title = stripFootnoteMarkers(title)
        if let last = title.last, quotes.contains(last) { title.removeLast() }
        return stripFootnoteMarkers(title).trimmingCharacters(in: .whitespaces)
    }

    /// Removes trailing `[1]`, `[a]`, `[note 2]` markers.
    static func stripFootnoteMarkers(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("]"), let open = text.lastIndex(of: "["),
            text.distance(from: open, to: text.endIndex) <= 10
        {
            text = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
