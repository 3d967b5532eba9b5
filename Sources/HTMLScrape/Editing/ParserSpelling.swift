/// How the parser spells names it reads from markup, so that an element or attribute created by an
/// edit is spelled the way parsing its serialised HTML would spell it.
enum ParserSpelling {
    /// Lower-case spelling → SVG spelling with capitals, for tags and for attributes (from the known
    /// names: tags come before `id` in their order, attributes after; `glyphRef` is both).
    private static let svg: (tags: [String: String], attributes: [String: String]) = {
        var tags: [String: String] = [:]
        var attributes: [String: String] = [:]
        for (index, spelling) in LocalName.knownSpellings.enumerated() {
            let lower = spelling.asciiLowercased
            guard lower != spelling, spelling != "definitionURL" else { continue }
            if UInt32(index) < LocalName.id.id {
                tags[lower] = spelling
                if spelling == "glyphRef" { attributes[lower] = spelling }
            } else {
                attributes[lower] = spelling
            }
        }
        return (tags, attributes)
    }()

    /// An element name as the parser spells it in `namespace`.
    static func elementName(_ name: String, in namespace: Namespace) -> String {
        let lower = name.asciiLowercased
        return namespace == .svg ? svg.tags[lower] ?? lower : lower
    }

    /// An attribute name (and namespace) as the parser gives it on an element of `namespace`: HTML
    /// attributes lower-cased, foreign ones adjusted (`viewBox`, `definitionURL`, `xlink:href` in
    /// the XLink namespace).
    static func attributeName(_ name: String, on namespace: Namespace) -> (String, Namespace) {
        let lower = name.asciiLowercased
        guard namespace == .svg || namespace == .mathML else { return (lower, .none) }
        switch lower {
        case "xlink:actuate", "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show", "xlink:title", "xlink:type":
            return (String(lower.dropFirst(6)), .xlink)
        case "xml:lang", "xml:space":
            return (String(lower.dropFirst(4)), .xml)
        case "xmlns":
            return ("xmlns", .xmlns)
        case "xmlns:xlink":
            return ("xlink", .xmlns)
        default:
            break
        }
        if namespace == .mathML { return (lower == "definitionurl" ? "definitionURL" : lower, .none) }
        return (svg.attributes[lower] ?? lower, .none)
    }
}
