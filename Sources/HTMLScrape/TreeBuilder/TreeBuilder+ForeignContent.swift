/// The rules for parsing tokens in foreign content (§13.2.6.5): inside `<svg>` and `<math>`.
extension TreeBuilder {
    /// Processes a token with the rules for foreign content.
    mutating func processForeignContent(_ token: Token) -> Step {
        switch token {
        case .nullCharacter:
            error(.unexpectedNull)
            insertReplacementCharacter()
        case .characters(let run):
            insertCharacters(run)
            if framesetOK && !HTMLBytes.isAllWhitespace(run) { framesetOK = false }
        case .comment(let data):
            insertComment(data)
        case .doctype:
            error(.unexpectedDoctype)
        case .startTag(let tag):
            if TagSets.foreignBreakout.contains(tag.name) || (tag.name == .font && hasFontBreakoutAttribute()) {
                return breakOutOfForeignContent(token)
            }
            let namespace = adjustedCurrentNamespace ?? .html
            insertElement(tag, namespace: namespace)
            if tag.selfClosing {
                open.pop()
                selfClosingAcknowledged = true
            }
        case .endTag(let name):
            if name == .br || name == .p { return breakOutOfForeignContent(token) }
            return foreignEndTag(name, token)
        case .endOfFile:
            return process(token)
        }
        return .done
    }

    /// Whether the current `font` start tag has a `color`, `face` or `size` attribute.
    @inline(__always)
    func hasFontBreakoutAttribute() -> Bool {
        tokenizer.attributes.contains { $0.name == .color || $0.name == .face || $0.name == .size }
    }

    /// Pops out of foreign content back to HTML content, then processes the token with the current
    /// insertion mode (directly: the dispatcher would send an end tag at an HTML integration point, or
    /// any tag in an SVG or MathML fragment context, straight back here).
    mutating func breakOutOfForeignContent(_ token: Token) -> Step {
        error(.unexpectedStartTag)
        while !open.isEmpty {
            let info = open.currentInfo
            if info.namespace == .html || info.isMathMLTextIntegrationPoint || info.isHTMLIntegrationPoint { break }
            open.pop()
        }
        return process(token)
    }

    /// "Any other end tag" in foreign content.
    mutating func foreignEndTag(_ name: LocalName, _ token: Token) -> Step {
        var position = open.count - 1
        guard position >= 0 else { return .done }
        if !foreignNameMatches(open.info(at: position), name) { error(.unexpectedEndTag) }
        while true {
            if position == 0 { return .done }
            if foreignNameMatches(open.info(at: position), name) {
                while open.count > position { open.pop() }
                return .done
            }
            position -= 1
            if open.info(at: position).namespace == .html { return process(token) }
        }
    }

    /// Whether an element's name, in ASCII lower case, is the end tag's name.
    mutating func foreignNameMatches(_ info: OpenElementInfo, _ name: LocalName) -> Bool {
        if info.name == name { return true }
        return info.namespace == .svg && foreignNameMap().svgTagName(name) == info.name
    }
}
