/// The table insertion modes: "in table", "in table text", "in caption", "in column group",
/// "in table body", "in row" and "in cell".
extension TreeBuilder {
    /// Clears the stack back to a table context.
    mutating func clearToTableContext() {
        open.popUntilCurrentIsHTML(in: TagSets.tableContext)
    }

    /// Clears the stack back to a table body context.
    mutating func clearToTableBodyContext() {
        open.popUntilCurrentIsHTML(in: TagSets.tableBodyContext)
    }

    /// Clears the stack back to a table row context.
    mutating func clearToTableRowContext() {
        open.popUntilCurrentIsHTML(in: TagSets.tableRowContext)
    }

    /// "Anything else" in the table modes: the "in body" rules with foster parenting.
    mutating func fosterParentedInBody(_ token: Token) -> Step {
        error(.fosterParented)
        fosterParenting = true
        let step = inBodyMode(token)
        fosterParenting = false
        return step
    }

    /// The "in table" insertion mode.
    mutating func inTableMode(_ token: Token) -> Step {
        switch token {
        case .characters, .nullCharacter:
            if !open.isEmpty && open.currentInfo.isHTML(in: TagSets.tableTextContext) {
                // Whitespace between table tags, the usual case: "in table text" would collect it
                // and, at the next token, insert it as it is. Without U+0000 in the input no other
                // characters can follow before that token (one run of text is one token), so it
                // is inserted now, as a slice of the input, without the detour.
                if case .characters(let run) = token, !tokenizer.inputMayContainNUL, HTMLBytes.isAllWhitespace(run) {
                    insertCharacters(run)
                    return .done
                }
                pendingTableText.removeAll(keepingCapacity: true)
                originalMode = mode
                return reprocess(token, in: .inTableText)
            }
        case .comment(let data):
            insertComment(data)
            return .done
        case .doctype:
            error(.unexpectedDoctype)
            return .done
        case .startTag(let tag):
            switch tag.name {
            case .caption:
                clearToTableContext()
                formatting.pushMarker()
                insertElement(tag)
                mode = .inCaption
                return .done
            case .colgroup:
                clearToTableContext()
                insertElement(tag)
                mode = .inColumnGroup
                return .done
            case .col:
                clearToTableContext()
                insertElement(.implied(.colgroup))
                return reprocess(token, in: .inColumnGroup)
            case .tbody, .tfoot, .thead:
                clearToTableContext()
                insertElement(tag)
                mode = .inTableBody
                return .done
            case .td, .th, .tr:
                clearToTableContext()
                insertElement(.implied(.tbody))
                return reprocess(token, in: .inTableBody)
            case .table:
                error(.unexpectedStartTag)
                guard open.hasInScope(.table, .table) else { return .done }
                open.popUntilHTML(.table)
                resetInsertionMode()
                return .reprocess(token)
            case .style, .script, .template:
                return inHeadMode(token)
            case .input:
                guard isHiddenInput() else { break }
                error(.unexpectedStartTag)
                insertVoidElement(tag)
                return .done
            case .form:
                error(.unexpectedStartTag)
                if open.containsHTML(.template) || formElement != NodeArena.none { return .done }
                formElement = insertElement(tag)
                open.pop()
                return .done
            default:
                break
            }
        case .endTag(let name):
            switch name {
            case .table:
                guard open.hasInScope(.table, .table) else {
                    error(.unexpectedEndTag)
                    return .done
                }
                open.popUntilHTML(.table)
                resetInsertionMode()
                return .done
            case .template:
                return inHeadMode(token)
            default:
                if TagSets.ignoredInTable.contains(name) {
                    error(.unexpectedEndTag)
                    return .done
                }
            }
        case .endOfFile:
            return inBodyMode(token)
        }
        return fosterParentedInBody(token)
    }

    /// The "in table text" insertion mode: collects character tokens, then inserts them normally
    /// when they are all white space, or foster-parented otherwise.
    mutating func inTableTextMode(_ token: Token) -> Step {
        switch token {
        case .nullCharacter:
            error(.unexpectedNull)
            return .done
        case .characters(let run):
            pendingTableText.append(contentsOf: run)
            return .done
        default:
            let pendingBytes = pendingTableText
            pendingBytes.withUnsafeBufferPointer { buffer in
                let pending = buffer[...]
                if pending.isEmpty {
                    // Only U+0000 characters came (all dropped): nothing to insert, not even an empty
                    // text node (`<table>\0</table>`).
                } else if HTMLBytes.isAllWhitespace(pending) {
                    insertCharacters(pending)
                } else {
                    error(.fosterParented)
                    fosterParenting = true
                    reconstructActiveFormattingElements()
                    insertCharacters(pending)
                    framesetOK = false
                    fosterParenting = false
                }
            }
            pendingTableText.removeAll(keepingCapacity: true)
            return reprocess(token, in: originalMode)
        }
    }

    /// Closes the caption; `false` when there is none in table scope (parse error, token ignored).
    mutating func closeCaption() -> Bool {
        guard open.hasInScope(.caption, .table) else {
            error(.unexpectedEndTag)
            return false
        }
        generateImpliedEndTags()
        if !currentIs(.caption) { error(.endTagWithOpenElements) }
        open.popUntilHTML(.caption)
        formatting.clearToLastMarker()
        mode = .inTable
        return true
    }

    /// The "in caption" insertion mode.
    mutating func inCaptionMode(_ token: Token) -> Step {
        switch token {
        case .endTag(.caption):
            _ = closeCaption()
            return .done
        case .startTag(let tag) where TagSets.tableStructure.contains(tag.name):
            return closeCaption() ? .reprocess(token) : .done
        case .endTag(.table):
            return closeCaption() ? .reprocess(token) : .done
        case .endTag(let name)
        where name == .body || name == .col || name == .colgroup || name == .html || TagSets.tableSections.contains(name)
            || TagSets.cells.contains(name) || name == .tr:
            error(.unexpectedEndTag)
            return .done
        default:
            return inBodyMode(token)
        }
    }

    /// The "in column group" insertion mode.
    mutating func inColumnGroupMode(_ token: Token) -> Step {
        guard let token = handleWhitespaceCommentOrDoctype(token) else { return .done }
        switch token {
        case .startTag(let tag):
            switch tag.name {
            case .html: return inBodyMode(token)
            case .col:
                insertVoidElement(tag)
                return .done
            case .template: return inHeadMode(token)
            default: break
            }
        case .endTag(let name):
            switch name {
            case .colgroup:
                if !currentIs(.colgroup) {
                    error(.unexpectedEndTag)
                    return .done
                }
                open.pop()
                mode = .inTable
                return .done
            case .col:
                error(.unexpectedEndTag)
                return .done
            case .template:
                return inHeadMode(token)
            default:
                break
            }
        case .endOfFile:
            return inBodyMode(token)
        default:
            break
        }
        if !currentIs(.colgroup) {
            error(.unexpectedCharacters)
            return .done
        }
        open.pop()
        return reprocess(token, in: .inTable)
    }

    /// The "in table body" insertion mode.
    mutating func inTableBodyMode(_ token: Token) -> Step {
        switch token {
        case .startTag(let tag):
            switch tag.name {
            case .tr:
                clearToTableBodyContext()
                insertElement(tag)
                mode = .inRow
                return .done
            case .th, .td:
                error(.unexpectedStartTag)
                clearToTableBodyContext()
                insertElement(.implied(.tr))
                return reprocess(token, in: .inRow)
            case .caption, .col, .colgroup, .tbody, .tfoot, .thead:
                return closeTableSection(token)
            default:
                break
            }
        case .endTag(let name):
            switch name {
            case .tbody, .tfoot, .thead:
                guard open.hasInScope(name, .table) else {
                    error(.unexpectedEndTag)
                    return .done
                }
                clearToTableBodyContext()
                open.pop()
                mode = .inTable
                return .done
            case .table:
                return closeTableSection(token)
            case .body, .caption, .col, .colgroup, .html, .td, .th, .tr:
                error(.unexpectedEndTag)
                return .done
            default:
                break
            }
        default:
            break
        }
        return inTableMode(token)
    }

    /// Closes the current table section and reprocesses the token "in table".
    mutating func closeTableSection(_ token: Token) -> Step {
        guard open.hasAnyInScope(TagSets.tableSections, .table) else {
            error(.unexpectedStartTag)
            return .done
        }
        clearToTableBodyContext()
        open.pop()
        return reprocess(token, in: .inTable)
    }

    /// Closes the current row; `false` when there is no `tr` in table scope.
    mutating func closeRow() -> Bool {
        guard open.hasInScope(.tr, .table) else {
            error(.unexpectedEndTag)
            return false
        }
        clearToTableRowContext()
        open.pop()
        mode = .inTableBody
        return true
    }

    /// The "in row" insertion mode.
    mutating func inRowMode(_ token: Token) -> Step {
        switch token {
        case .startTag(let tag):
            switch tag.name {
            case .th, .td:
                clearToTableRowContext()
                insertElement(tag)
                mode = .inCell
                formatting.pushMarker()
                return .done
            case .caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr:
                return closeRow() ? .reprocess(token) : .done
            default:
                break
            }
        case .endTag(let name):
            switch name {
            case .tr:
                _ = closeRow()
                return .done
            case .table:
                return closeRow() ? .reprocess(token) : .done
            case .tbody, .tfoot, .thead:
                guard open.hasInScope(name, .table) else {
                    error(.unexpectedEndTag)
                    return .done
                }
                return closeRow() ? .reprocess(token) : .done
            case .body, .caption, .col, .colgroup, .html, .td, .th:
                error(.unexpectedEndTag)
                return .done
            default:
                break
            }
        default:
            break
        }
        return inTableMode(token)
    }

    /// Closes the current cell.
    mutating func closeCell() {
        generateImpliedEndTags()
        if !(open.currentInfo.isHTML(in: TagSets.cells)) { error(.endTagWithOpenElements) }
        open.popUntilHTML(in: TagSets.cells)
        formatting.clearToLastMarker()
        mode = .inRow
    }

    /// The "in cell" insertion mode.
    mutating func inCellMode(_ token: Token) -> Step {
        switch token {
        case .endTag(let name) where TagSets.cells.contains(name):
            guard open.hasInScope(name, .table) else {
                error(.unexpectedEndTag)
                return .done
            }
            generateImpliedEndTags()
            if !currentIs(name) { error(.endTagWithOpenElements) }
            open.popUntilHTML(name)
            formatting.clearToLastMarker()
            mode = .inRow
            return .done
        case .startTag(let tag) where TagSets.tableStructure.contains(tag.name):
            guard open.hasAnyInScope(TagSets.cells, .table) else {
                error(.unexpectedStartTag)
                return .done
            }
            closeCell()
            return .reprocess(token)
        case .endTag(let name) where name == .body || name == .caption || name == .col || name == .colgroup
            || name == .html:
            error(.unexpectedEndTag)
            return .done
        case .endTag(let name) where name == .table || name == .tr || TagSets.tableSections.contains(name):
            guard open.hasInScope(name, .table) else {
                error(.unexpectedEndTag)
                return .done
            }
            closeCell()
            return .reprocess(token)
        default:
            return inBodyMode(token)
        }
    }
}
