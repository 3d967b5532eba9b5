/// The insertion modes before the body: "initial", "before html", "before head", "in head",
/// "in head noscript" and "after head".
extension TreeBuilder {
    /// Splits a run into its leading white space and the rest.
    func splitLeadingWhitespace(_ run: TextRun) -> (TextRun, TextRun) {
        let count = HTMLBytes.leadingWhitespaceCount(run)
        let split = run.index(run.startIndex, offsetBy: count)
        return (run[..<split], run[split...])
    }

    /// The start that "in head", "after head" and "in column group" share: leading white space is
    /// inserted, a comment is inserted, a doctype is a parse error and dropped. Returns `nil` when that
    /// used the whole token, else the token left to process (a run without its leading white space).
    mutating func handleWhitespaceCommentOrDoctype(_ token: Token) -> Token? {
        switch token {
        case .characters(let run):
            let (space, rest) = splitLeadingWhitespace(run)
            if !space.isEmpty { insertCharacters(space) }
            return rest.isEmpty ? nil : .characters(rest)
        case .comment(let data):
            insertComment(data)
            return nil
        case .doctype:
            error(.unexpectedDoctype)
            return nil
        default:
            return token
        }
    }

    /// The "initial" insertion mode.
    mutating func initialMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .characters(let run):
            let rest = splitLeadingWhitespace(run).1
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .comment(let data):
            insertComment(data, into: 0)
            return .done
        case .doctype:
            let doctype = tokenizer.doctype
            if !DoctypeQuirks.isConforming(doctype) { error(.nonConformingDoctype) }
            let node = arena.createDoctype(
                name: doctype.name ?? "", publicID: doctype.publicID, systemID: doctype.systemID)
            arena.append(node, to: 0)
            quirksMode = DoctypeQuirks.mode(for: doctype)
            mode = .beforeHTML
            return .done
        default:
            break
        }
        error(.missingDoctype)
        quirksMode = .quirks
        return reprocess(token, in: .beforeHTML)
    }

    /// Creates the `html` element as a child of the document and pushes it.
    mutating func insertHTMLRoot(_ tag: StartTag) {
        let (element, info) = createElement(for: tag, namespace: .html)
        arena.append(element, to: 0)
        open.push(element, info)
        mode = .beforeHead
    }

    /// The "before html" insertion mode.
    mutating func beforeHTMLMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .doctype:
            error(.unexpectedDoctype)
            return .done
        case .comment(let data):
            insertComment(data, into: 0)
            return .done
        case .characters(let run):
            let rest = splitLeadingWhitespace(run).1
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .startTag(let tag) where tag.name == .html:
            insertHTMLRoot(tag)
            return .done
        case .endTag(let name) where name != .head && name != .body && name != .html && name != .br:
            error(.unexpectedEndTag)
            return .done
        default:
            break
        }
        insertHTMLRoot(.implied(.html))
        return .reprocess(token)
    }

    /// The "before head" insertion mode.
    mutating func beforeHeadMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .characters(let run):
            let rest = splitLeadingWhitespace(run).1
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .comment(let data):
            insertComment(data)
            return .done
        case .doctype:
            error(.unexpectedDoctype)
            return .done
        case .startTag(let tag) where tag.name == .html:
            return inBodyMode(token)
        case .startTag(let tag) where tag.name == .head:
            headElement = insertElement(tag)
            mode = .inHead
            return .done
        case .endTag(let name) where name != .head && name != .body && name != .html && name != .br:
            error(.unexpectedEndTag)
            return .done
        default:
            break
        }
        headElement = insertElement(.implied(.head))
        return reprocess(token, in: .inHead)
    }

    /// The "in head" insertion mode.
    mutating func inHeadMode(_ token: Token) -> Step {
        guard let token = handleWhitespaceCommentOrDoctype(token) else { return .done }
        switch token {
        case .startTag(let tag):
            switch tag.name {
            case .html:
                return inBodyMode(token)
            case .base, .basefont, .bgsound, .link, .meta:
                insertVoidElement(tag)
                return .done
            case .title:
                parseTextElement(tag, as: .rcdata)
                return .done
            case .noscript where scriptingEnabled, .noframes, .style:
                parseTextElement(tag, as: .rawtext)
                return .done
            case .noscript:
                insertElement(tag)
                mode = .inHeadNoscript
                return .done
            case .script:
                parseTextElement(tag, as: .scriptData)
                return .done
            case .template:
                insertElement(tag)
                formatting.pushMarker()
                framesetOK = false
                mode = .inTemplate
                templateModes.append(.inTemplate)
                return .done
            case .head:
                error(.unexpectedStartTag)
                return .done
            default:
                break
            }
        case .endTag(let name):
            switch name {
            case .head:
                open.pop()
                mode = .afterHead
                return .done
            case .body, .html, .br:
                break
            case .template:
                endTemplate()
                return .done
            default:
                error(.unexpectedEndTag)
                return .done
            }
        default:
            break
        }
        open.pop()
        return reprocess(token, in: .afterHead)
    }

    /// An end tag `template`, in the "in head" rules.
    mutating func endTemplate() {
        guard open.containsHTML(.template) else {
            error(.unexpectedEndTag)
            return
        }
        generateImpliedEndTagsThoroughly()
        if !currentIs(.template) { error(.endTagWithOpenElements) }
        open.popUntilHTML(.template)
        formatting.clearToLastMarker()
        if !templateModes.isEmpty { templateModes.removeLast() }
        resetInsertionMode()
    }

    /// The "in head noscript" insertion mode.
    mutating func inHeadNoscriptMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .doctype:
            error(.unexpectedDoctype)
            return .done
        case .startTag(let tag):
            switch tag.name {
            case .html: return inBodyMode(token)
            case .basefont, .bgsound, .link, .meta, .noframes, .style: return inHeadMode(token)
            case .head, .noscript:
                error(.unexpectedStartTag)
                return .done
            default: break
            }
        case .endTag(let name):
            if name == .noscript {
                open.pop()
                mode = .inHead
                return .done
            }
            if name != .br {
                error(.unexpectedEndTag)
                return .done
            }
        case .characters(let run):
            let (space, rest) = splitLeadingWhitespace(run)
            if !space.isEmpty { _ = inHeadMode(.characters(space)) }
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .comment:
            return inHeadMode(token)
        default:
            break
        }
        error(.unexpectedCharacters)
        open.pop()
        return reprocess(token, in: .inHead)
    }

    /// The "after head" insertion mode.
    mutating func afterHeadMode(_ token: Token) -> Step {
        guard let token = handleWhitespaceCommentOrDoctype(token) else { return .done }
        switch token {
        case .startTag(let tag):
            switch tag.name {
            case .html:
                return inBodyMode(token)
            case .body:
                insertElement(tag)
                framesetOK = false
                mode = .inBody
                return .done
            case .frameset:
                insertElement(tag)
                mode = .inFrameset
                return .done
            case .head:
                error(.unexpectedStartTag)
                return .done
            default:
                if TagSets.headContent.contains(tag.name) {
                    error(.unexpectedStartTag)
                    let head = headElement
                    open.push(head, OpenElementInfo(name: .head, namespace: .html, isHTMLIntegrationPoint: false))
                    let step = inHeadMode(token)
                    if let position = open.position(of: head) { open.remove(at: position) }
                    return step
                }
            }
        case .endTag(let name):
            switch name {
            case .template: return inHeadMode(token)
            case .body, .html, .br: break
            default:
                error(.unexpectedEndTag)
                return .done
            }
        default:
            break
        }
        insertElement(.implied(.body))
        return reprocess(token, in: .inBody)
    }

    /// The "text" insertion mode (RCDATA, RAWTEXT and script content).
    mutating func textMode(_ token: Token) -> Step {
        switch token {
        case .characters(let run):
            insertCharacters(run)
        case .nullCharacter:
            insertReplacementCharacter()
        case .endOfFile:
            error(.eofInElement)
            open.pop()
            return reprocess(token, in: originalMode)
        case .endTag:
            open.pop()
            mode = originalMode
        default:
            break
        }
        return .done
    }
}
