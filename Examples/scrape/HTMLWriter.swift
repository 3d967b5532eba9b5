import HTMLScrape

/// Writes an element back as HTML, following the HTML fragment serialization rules (escaping, void
/// elements, raw-text elements). Iterative, so deep pages cannot overflow the stack.
enum HTMLWriter {
    static let voids: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen",
        "link", "meta", "param", "source", "track", "wbr",
    ]
    static let rawText: Set<String> = ["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    private enum Step {
        case open(Node)
        case close(String)
    }

    static func outerHTML(_ element: Element) -> String {
        var output = ""
        var steps: [Step] = [.open(element.node)]
        while let step = steps.popLast() {
            switch step {
            case let .close(name):
                output += "</\(name)>"
            case let .open(node):
                switch node.kind {
                case .element:
                    guard let element = node.element else { continue }
                    let name = element.localName
                    output += "<" + name
                    for attribute in element.attributes {
                        output += " \(attribute.name)=\"\(escape(attribute.value, attribute: true))\""
                    }
                    output += ">"
                    if element.namespace == .html && voids.contains(name) { continue }
                    steps.append(.close(name))
                    let children = (element.templateContent ?? node).childNodes
                    for child in Array(children).reversed() { steps.append(.open(child)) }
                case .text:
                    let text = node.data ?? ""
                    if let parent = node.parentElement, parent.namespace == .html,
                       rawText.contains(parent.localName) || (parent.localName == "noscript"
                                                                && node.document.scriptingEnabled) {
                        output += text
                    } else {
                        output += escape(text, attribute: false)
                    }
                case .comment:
                    output += "<!--" + (node.data ?? "") + "-->"
                case .documentType:
                    output += "<!DOCTYPE " + (node.documentType?.name ?? "") + ">"
                case .document, .documentFragment:
                    for child in Array(node.childNodes).reversed() { steps.append(.open(child)) }
                }
            }
        }
        return output
    }

    static func escape(_ text: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "\u{00A0}": result += "&nbsp;"
            case "\"" where attribute: result += "&quot;"
            case "<" where !attribute: result += "&lt;"
            case ">" where !attribute: result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
