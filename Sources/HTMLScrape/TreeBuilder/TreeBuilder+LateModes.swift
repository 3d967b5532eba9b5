/// The "in template" mode and the modes after the body: "after body", "in frameset",
/// "after frameset", "after after body" and "after after frameset".
extension TreeBuilder {
    /// Switches the current template insertion mode and reprocesses.
    mutating func switchTemplateMode(_ token: Token, to newMode: InsertionMode) -> Step {
        if !templateModes.isEmpty { templateModes.removeLast() }
        templateModes.append(newMode)
        return reprocess(token, in: newMode)
    }

    /// The "in template" insertion mode.
    mutating func inTemplateMode(_ token: Token) -> Step {
        switch token {
        case .characters, .nullCharacter, .comment, .doctype:
            return inBodyMode(token)
        case .startTag(let tag):
            switch tag.name {
            case .caption, .colgroup, .tbody, .tfoot, .thead:
                return switchTemplateMode(token, to: .inTable)
            case .col:
                return switchTemplateMode(token, to: .inColumnGroup)
            case .tr:
                return switchTemplateMode(token, to: .inTableBody)
            case .td, .th:
                return switchTemplateMode(token, to: .inRow)
            default:
                if TagSets.headContent.contains(tag.name) { return inHeadMode(token) }
                return switchTemplateMode(token, to: .inBody)
            }
        case .endTag(let name):
            if name == .template { return inHeadMode(token) }
            error(.unexpectedEndTag)
            return .done
        case .endOfFile:
            guard open.containsHTML(.template) else { return .done }
            error(.eofInElement)
            open.popUntilHTML(.template)
            formatting.clearToLastMarker()
            if !templateModes.isEmpty { templateModes.removeLast() }
            resetInsertionMode()
            return .reprocess(token)
        }
    }

    /// The "after body" insertion mode.
    mutating func afterBodyMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .characters(let run):
            let (space, rest) = splitLeadingWhitespace(run)
            if !space.isEmpty { _ = inBodyMode(.characters(space)) }
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .comment(let data):
            insertComment(data, into: open.isEmpty ? 0 : open[0])
            return .done
        case .doctype:
            error(.unexpectedDoctype)
            return .done
        case .startTag(let tag) where tag.name == .html:
            return inBodyMode(token)
        case .endTag(.html):
            if contextInfo != nil {
                error(.unexpectedEndTag)
                return .done
            }
            mode = .afterAfterBody
            return .done
        case .endOfFile:
            return .done
        default:
            break
        }
        error(.unexpectedStartTag)
        return reprocess(token, in: .inBody)
    }

    /// Inserts only the white space characters of a run (the frameset modes drop the others).
    mutating func insertWhitespaceOnly(_ run: TextRun) {
        if HTMLBytes.isAllWhitespace(run) {
            insertCharacters(run)
            return
        }
        error(.unexpectedCharacters)
        let space = run.filter(HTMLBytes.isWhitespace)
        if !space.isEmpty { space.withUnsafeBufferPointer { insertCharacters($0[...]) } }
    }

    /// The "in frameset" insertion mode.
    mutating func inFramesetMode(_ token: Token) -> Step {
        switch token {
        case .characters(let run):
            insertWhitespaceOnly(run)
        case .comment(let data):
            insertComment(data)
        case .startTag(let tag):
            switch tag.name {
            case .html: return inBodyMode(token)
            case .frameset: insertElement(tag)
            case .frame: insertVoidElement(tag)
            case .noframes: return inHeadMode(token)
            default: error(.unexpectedStartTag)
            }
        case .endTag(.frameset):
            if open.count <= 1 {
                error(.unexpectedEndTag)
                return .done
            }
            open.pop()
            if contextInfo == nil && !currentIs(.frameset) { mode = .afterFrameset }
        case .endOfFile:
            if open.count > 1 { error(.eofInElement) }
        default:
            error(.unexpectedEndTag)
        }
        return .done
    }

    /// The "after frameset" insertion mode.
    mutating func afterFramesetMode(_ token: Token) -> Step {
        switch token {
        case .characters(let run):
            insertWhitespaceOnly(run)
        case .comment(let data):
            insertComment(data)
        case .startTag(let tag) where tag.name == .html:
            return inBodyMode(token)
        case .startTag(let tag) where tag.name == .noframes:
            return inHeadMode(token)
        case .endTag(.html):
            mode = .afterAfterFrameset
        case .endOfFile:
            break
        default:
            error(.unexpectedStartTag)
        }
        return .done
    }

    /// The "after after body" insertion mode.
    mutating func afterAfterBodyMode(_ token: Token) -> Step {
        var token = token
        switch token {
        case .comment(let data):
            insertComment(data, into: 0)
            return .done
        case .doctype:
            return inBodyMode(token)
        case .characters(let run):
            let (space, rest) = splitLeadingWhitespace(run)
            if !space.isEmpty { _ = inBodyMode(.characters(space)) }
            if rest.isEmpty { return .done }
            token = .characters(rest)
        case .startTag(let tag) where tag.name == .html:
            return inBodyMode(token)
        case .endOfFile:
            return .done
        default:
            break
        }
        error(.unexpectedStartTag)
        return reprocess(token, in: .inBody)
    }

    /// The "after after frameset" insertion mode.
    mutating func afterAfterFramesetMode(_ token: Token) -> Step {
        switch token {
        case .comment(let data):
            insertComment(data, into: 0)
        case .doctype:
            return inBodyMode(token)
        case .characters(let run):
            let space = run.filter(HTMLBytes.isWhitespace)
            if !space.isEmpty { space.withUnsafeBufferPointer { _ = inBodyMode(.characters($0[...])) } }
            if space.count != run.count { error(.unexpectedCharacters) }
        case .startTag(let tag) where tag.name == .html:
            return inBodyMode(token)
        case .startTag(let tag) where tag.name == .noframes:
            return inHeadMode(token)
        case .endOfFile:
            break
        default:
            error(.unexpectedStartTag)
        }
        return .done
    }
}
