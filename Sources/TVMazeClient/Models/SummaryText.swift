import Foundation

/// Turns TVMaze's summary HTML (`<p>`, `<b>`, `<i>`, `<br>`, a few entities) into plain text.
///
/// FALLBACK, to be replaced: once HTMLScrape's `PlainText.from(html:)` lands, `plainText(fromHTML:)`
/// should call it. This small scanner only handles the markup TVMaze summaries use.
enum SummaryText {
    static func plainText(fromHTML html: String) -> String {
        var paragraphs: [String] = []
        var current = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.trimmingPrefix("/").prefix { $0.isLetter || $0.isNumber }
                if name == "p" || name == "div" || name == "li" {
                    flush(&current, into: &paragraphs)
                } else if name == "br" {
                    current.append("\n")
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";") {
                let entity = String(html[html.index(after: index)..<semicolon])
                if let decoded = decode(entity) {
                    current.append(decoded)
                    index = html.index(after: semicolon)
                } else {
                    current.append(character)
                    index = html.index(after: index)
                }
            } else {
                current.append(character)
                index = html.index(after: index)
            }
        }
        flush(&current, into: &paragraphs)
        return paragraphs.joined(separator: "\n\n")
    }

    private static func flush(_ text: inout String, into paragraphs: inout [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
        let collapsed = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if !collapsed.isEmpty { paragraphs.append(collapsed) }
        text = ""
    }

    private static func decode(_ entity: String) -> Character? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16) {
                return Unicode.Scalar(code).map(Character.init)
            }
            if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()) {
                return Unicode.Scalar(code).map(Character.init)
            }
            return nil
        }
    }
}
