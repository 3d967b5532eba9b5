/// The "in body" insertion mode (§13.2.6.4.7).
extension TreeBuilder {
    /// The "in body" insertion mode.
    mutating func inBodyMode(_ token: Token) -> Step {
        switch token {
        case .characters(let run):
            inBodyCharacters(run)
        case .nullCharacter:
            error(.unexpectedNull)
        case .comment(let data):
            insertComment(data)
        case .doctype:
            error(.unexpectedDoctype)
        case .startTag(let tag):
            return inBodyStartTag(tag, token)
        case .endTag(let name):
            return inBodyEndTag(name, token)
        case .endOfFile:
            if !templateModes.isEmpty { return inTemplateMode(token) }
            checkOpenElementsAtEnd()
        }
        return .done
    }

    /// Characters, "in body".
    @inline(__always)
    mutating func inBodyCharacters(_ run: TextRun) {
        reconstructActiveFormattingElements()
        insertCharacters(run)
        if framesetOK && !HTMLBytes.isAllWhitespace(run) { framesetOK = false }
    }

    /// Records a parse error when elements other than the ones that may stay open are open.
    mutating func checkOpenElementsAtEnd() {
        for position in 0..<open.count where !open.info(at: position).isHTML(in: TagSets.closableAtEndOfBody) {
            error(.eofInElement)
            return
        }
    }

    /// Start tags, "in body".
    mutating func inBodyStartTag(_ tag: StartTag, _ token: Token) -> Step {
        let name = tag.name
        if TagSets.blockStartTags.contains(name) {
            closePElementInButtonScope()
            insertElement(tag)
            return .done
        }
        if TagSets.headings.contains(name) {
            closePElementInButtonScope()
            if !open.isEmpty && open.currentInfo.isHTML(in: TagSets.headings) {
                error(.unexpectedStartTag)
                open.pop()
            }
            insertElement(tag)
            return .done
        }
        if TagSets.formatting.contains(name) && name != .a && name != .nobr {
            reconstructActiveFormattingElements()
            let element = insertElement(tag)
            pushFormattingElement(element, name: name)
            return .done
        }
        if TagSets.headContent.contains(name) {
            return inHeadMode(token)
        }
        if TagSets.voidFramesetBreakers.contains(name) {
            reconstructActiveFormattingElements()
            insertVoidElement(tag)
            framesetOK = false
            return .done
        }
        if TagSets.misplacedTableParts.contains(name) {
            error(.unexpectedStartTag)
            return .done
        }
        switch name {
        case .html:
            error(.unexpectedStartTag)
            if !open.containsHTML(.template) && !open.isEmpty { addMissingAttributes(to: open[0], tag) }
        case .body:
            error(.unexpectedStartTag)
            if open.count > 1 && open.info(at: 1).isHTML(.body) && !open.containsHTML(.template) {
                framesetOK = false
                addMissingAttributes(to: open[1], tag)
            }
        case .frameset:
            error(.unexpectedStartTag)
            guard open.count > 1, open.info(at: 1).isHTML(.body), framesetOK else { return .done }
            arena.detach(open[1])
            while open.count > 1 { open.pop() }
            insertElement(tag)
            mode = .inFrameset
        case .pre, .listing:
            closePElementInButtonScope()
            insertElement(tag)
            dropsLeadingNewline = true
            framesetOK = false
        case .form:
            let inTemplate = open.containsHTML(.template)
            if formElement != NodeArena.none && !inTemplate {
                error(.unexpectedStartTag)
                return .done
            }
            closePElementInButtonScope()
            let element = insertElement(tag)
            if !inTemplate { formElement = element }
        case .li:
            startListItem(tag, closing: TagSets.listItems, scope: .listItem)
        case .dd, .dt:
            startListItem(tag, closing: TagSets.definitionItems, scope: .normal)
        case .plaintext:
            closePElementInButtonScope()
            insertElement(tag)
            tokenizer.switchTo(.plaintext)
        case .button:
            if open.hasInScope(.button) {
                error(.unexpectedStartTag)
                generateImpliedEndTags()
                open.popUntilHTML(.button)
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
            framesetOK = false
        case .a:
            if let (_, element) = formatting.lastElement(named: .a) {
                error(.unexpectedStartTag)
                _ = adoptionAgency(.a)
                formatting.remove(node: element)
                if open.isOpenFormattingElement(element), let position = open.position(of: element) {
                    open.remove(at: position)
                }
            }
            reconstructActiveFormattingElements()
            let element = insertElement(tag)
            pushFormattingElement(element, name: .a)
        case .nobr:
            reconstructActiveFormattingElements()
            if open.hasInScope(.nobr) {
                error(.unexpectedStartTag)
                if !adoptionAgency(.nobr) { anyOtherEndTag(.nobr) }
                reconstructActiveFormattingElements()
            }
            let element = insertElement(tag)
            pushFormattingElement(element, name: .nobr)
        case .applet, .marquee, .object:
            reconstructActiveFormattingElements()
            insertElement(tag)
            formatting.pushMarker()
            framesetOK = false
        case .table:
            if quirksMode != .quirks { closePElementInButtonScope() }
            insertElement(tag)
            framesetOK = false
            mode = .inTable
        case .input:
            if closeSelectForInput() { return .done }
            reconstructActiveFormattingElements()
            insertVoidElement(tag)
            if !isHiddenInput() { framesetOK = false }
        case .param, .source, .track:
            insertVoidElement(tag)
        case .hr:
            closePElementInButtonScope()
            if open.hasInScope(.select) {
                generateImpliedEndTags()
                if open.hasInScope(.option) || open.hasInScope(.optgroup) { error(.unexpectedStartTag) }
            }
            insertVoidElement(tag)
            framesetOK = false
        case .image:
            error(.unexpectedStartTag)
            var renamed = tag
            renamed.name = .img
            return .reprocess(.startTag(renamed))
        case .textarea:
            insertElement(tag)
            dropsLeadingNewline = true
            tokenizer.switchTo(.rcdata)
            originalMode = mode
            framesetOK = false
            mode = .text
        case .xmp:
            closePElementInButtonScope()
            reconstructActiveFormattingElements()
            framesetOK = false
            parseTextElement(tag, as: .rawtext)
        case .iframe:
            framesetOK = false
            parseTextElement(tag, as: .rawtext)
        case .noembed:
            parseTextElement(tag, as: .rawtext)
        case .noscript where scriptingEnabled:
            parseTextElement(tag, as: .rawtext)
        case .select:
            startSelect(tag)
        case .option:
            if open.hasInScope(.select) {
                generateImpliedEndTags(except: .optgroup)
                if open.hasInScope(.option) { error(.unexpectedStartTag) }
            } else if currentIs(.option) {
                open.pop()
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
        case .optgroup:
            if open.hasInScope(.select) {
                generateImpliedEndTags()
                if open.hasInScope(.option) || open.hasInScope(.optgroup) { error(.unexpectedStartTag) }
            } else if currentIs(.option) {
                open.pop()
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
        case .rb, .rtc:
            if open.hasInScope(.ruby) {
                generateImpliedEndTags()
                if !currentIs(.ruby) { error(.unexpectedStartTag) }
            }
            insertElement(tag)
        case .rp, .rt:
            if open.hasInScope(.ruby) {
                generateImpliedEndTags(except: .rtc)
                if !currentIs(.ruby) && !currentIs(.rtc) { error(.unexpectedStartTag) }
            }
            insertElement(tag)
        case .math:
            reconstructActiveFormattingElements()
            insertForeignElement(tag, namespace: .mathML)
        case .svg:
            reconstructActiveFormattingElements()
            insertForeignElement(tag, namespace: .svg)
        default:
            reconstructActiveFormattingElements()
            insertElement(tag)
        }
        return .done
    }

    /// Inserts a foreign element from "in body" (`<svg>`, `<math>`), popping it at once when it is
    /// self-closing.
    mutating func insertForeignElement(_ tag: StartTag, namespace: Namespace) {
        insertElement(tag, namespace: namespace)
        if tag.selfClosing {
            open.pop()
            selfClosingAcknowledged = true
        }
    }

    /// Adds a start tag's attributes to an element that lacks them (a second `<html>` or `<body>`).
    mutating func addMissingAttributes(to element: Int32, _ tag: StartTag) {
        guard tag.hasTokenAttributes else { return }
        for attribute in tokenizer.attributes {
            tokenizer.attributeValue(attribute).withUnsafeBufferPointer { value in
                arena.addAttributeIfMissing(to: element, name: attribute.name, namespace: .none, value: value)
            }
        }
    }

    /// Whether the current start tag has `type=hidden` (ASCII case-insensitive).
    @inline(__always)
    func isHiddenInput() -> Bool {
        for attribute in tokenizer.attributes where attribute.name == .type {
            return HTMLBytes.equalsIgnoringASCIICase(tokenizer.attributeValue(attribute), "hidden")
        }
        return false
    }

    /// The `li`, `dd` and `dt` start tag steps.
    mutating func startListItem(_ tag: StartTag, closing names: NameSet, scope: ElementScope) {
        framesetOK = false
        var position = open.count - 1
        while position >= 0 {
            let info = open.info(at: position)
            if info.isHTML(in: names) {
                generateImpliedEndTags(except: info.name)
                if !currentIs(info.name) { error(.endTagWithOpenElements) }
                open.popUntilHTML(info.name)
                break
            }
            if info.isSpecial && !info.isHTML(.address) && !info.isHTML(.div) && !info.isHTML(.p) { break }
            position -= 1
        }
        closePElementInButtonScope()
        insertElement(tag)
    }

    /// Whether the fragment's context element is a `select`.
    var contextIsSelect: Bool {
        @inline(__always) get {
        contextInfo?.isHTML(.select) ?? false
        }
    }

    /// The `select` start tag steps (2025 `select` parsing).
    mutating func startSelect(_ tag: StartTag) {
        if contextIsSelect {
            error(.unexpectedStartTag)
            return
        }
        if open.hasInScope(.select) {
            error(.unexpectedStartTag)
            open.popUntilHTML(.select)
            return
        }
        reconstructActiveFormattingElements()
        insertElement(tag)
        framesetOK = false
    }

    /// Pops elements until a `select` has been popped. (A `select` pushes no marker: since it
    /// ends the default scope, formatting elements opened outside it are out of the adoption
    /// agency's reach inside it, and a marker would outlive the `select` closed by its end tag.)
    mutating func closeSelect() {
        open.popUntilHTML(.select)
    }

    /// The `input` start tag's `select` steps; `true` when the token is to be ignored.
    mutating func closeSelectForInput() -> Bool {
        if contextIsSelect {
            error(.unexpectedStartTag)
            return true
        }
        if open.hasInScope(.select) {
            error(.unexpectedStartTag)
            open.popUntilHTML(.select)
        }
        return false
    }

    /// End tags, "in body".
    mutating func inBodyEndTag(_ name: LocalName, _ token: Token) -> Step {
        if TagSets.blockEndTags.contains(name) {
            guard open.hasInScope(name) else {
                error(.unexpectedEndTag)
                return .done
            }
            closeElement(name)
            return .done
        }
        if TagSets.headings.contains(name) {
            guard open.hasAnyInScope(TagSets.headings) else {
                error(.unexpectedEndTag)
                return .done
            }
            generateImpliedEndTags()
            if !currentIs(name) { error(.endTagWithOpenElements) }
            open.popUntilHTML(in: TagSets.headings)
            return .done
        }
        if TagSets.formatting.contains(name) {
            if !adoptionAgency(name) { anyOtherEndTag(name) }
            return .done
        }
        switch name {
        case .template:
            return inHeadMode(token)
        case .body, .html:
            guard open.hasInScope(.body) else {
                error(.unexpectedEndTag)
                return .done
            }
            checkOpenElementsAtEnd()
            mode = .afterBody
            return name == .html ? .reprocess(token) : .done
        case .form:
            endForm()
        case .p:
            if !open.hasInScope(.p, .button) {
                error(.unexpectedEndTag)
                insertElement(.implied(.p))
            }
            closePElement()
        case .li:
            guard open.hasInScope(.li, .listItem) else {
                error(.unexpectedEndTag)
                return .done
            }
            generateImpliedEndTags(except: .li)
            if !currentIs(.li) { error(.endTagWithOpenElements) }
            open.popUntilHTML(.li)
        case .dd, .dt:
            guard open.hasInScope(name) else {
                error(.unexpectedEndTag)
                return .done
            }
            generateImpliedEndTags(except: name)
            if !currentIs(name) { error(.endTagWithOpenElements) }
            open.popUntilHTML(name)
        case .applet, .marquee, .object:
            guard open.hasInScope(name) else {
                error(.unexpectedEndTag)
                return .done
            }
            closeElement(name)
            formatting.clearToLastMarker()
        case .br:
            error(.unexpectedEndTag)
            return .reprocess(.startTag(.implied(.br)))
        case .select:
            guard open.hasInScope(.select) else {
                error(.unexpectedEndTag)
                return .done
            }
            open.popUntilHTML(.select)
        default:
            anyOtherEndTag(name)
        }
        return .done
    }

    /// The `form` end tag steps.
    mutating func endForm() {
        if !open.containsHTML(.template) {
            let node = formElement
            formElement = NodeArena.none
            guard node != NodeArena.none, open.hasNodeInScope(node) else {
                error(.unexpectedEndTag)
                return
            }
            generateImpliedEndTags()
            if open.current != node { error(.endTagWithOpenElements) }
            if let position = open.position(of: node) { open.remove(at: position) }
        } else {
            guard open.hasInScope(.form) else {
                error(.unexpectedEndTag)
                return
            }
            closeElement(.form)
        }
    }

    /// "Any other end tag", in body.
    mutating func anyOtherEndTag(_ name: LocalName) {
        guard open.containsHTML(name) else {
            error(.unexpectedEndTag)
            return
        }
        var position = open.count - 1
        while position >= 0 {
            let info = open.info(at: position)
            if info.isHTML(name) {
                generateImpliedEndTags(except: name)
                if position != open.count - 1 { error(.endTagWithOpenElements) }
                while open.count > position { open.pop() }
                return
            }
            if info.isSpecial {
                error(.unexpectedEndTag)
                return
            }
            position -= 1
        }
    }
}
