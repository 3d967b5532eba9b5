/// What a finished tree construction hands back.
struct TreeBuilderResult {
    var arena: NodeArena
    var errors: [RecordedError]
    var quirksMode: QuirksMode
}

/// The WHATWG HTML tree construction stage (§13.2.6): pulls tokens from the tokenizer and builds the
/// tree in a `NodeArena`.
///
/// The rules are split over several files: this one holds the state, the token loop and the tree
/// construction dispatcher; `TreeBuilder+Insertion` the ways of inserting nodes; one file per group of
/// insertion modes; `TreeBuilder+AdoptionAgency` and `TreeBuilder+ForeignContent` the two big
/// algorithms. Nothing recurses per nesting level, and every scan of the stack either stops at a scope
/// boundary or is skipped when the element it looks for is not open at all.
struct TreeBuilder {
    /// The tokenizer the tokens come from; the builder switches its content state.
    var tokenizer: Tokenizer
    /// The scripting flag (decides how `<noscript>` parses).
    let scriptingEnabled: Bool
    /// The context element of a fragment parse, `nil` for a document.
    let fragmentContext: FragmentContext?
    /// The tree being built.
    var arena: NodeArena

    /// The current insertion mode.
    var mode: InsertionMode = .initial
    /// The mode to return to after the "text" and "in table text" modes.
    var originalMode: InsertionMode = .inBody
    /// The stack of template insertion modes.
    var templateModes: [InsertionMode] = []
    /// The stack of open elements.
    var open = OpenElements()
    /// The list of active formatting elements.
    var formatting = ActiveFormattingElements()
    /// The head element pointer.
    var headElement: Int32 = NodeArena.none
    /// The form element pointer.
    var formElement: Int32 = NodeArena.none
    /// The frameset-ok flag.
    var framesetOK = true
    /// Whether insertions foster-parent out of tables ("anything else" in the table modes).
    var fosterParenting = false
    /// The document's quirks mode, set by the "initial" mode.
    var quirksMode: QuirksMode = .noQuirks
    /// The pending table character tokens of the "in table text" mode.
    var pendingTableText: [UInt8] = []
    /// Whether the next token, if it is a run starting with LF, loses that LF (after `<pre>`,
    /// `<listing>`, `<textarea>`).
    var dropsLeadingNewline = false
    /// Whether the current start tag's self-closing flag was acknowledged.
    var selfClosingAcknowledged = false

    /// The fragment parse's context element name and namespace (`nil` for a document parse).
    var contextInfo: OpenElementInfo?
    /// Whether the fragment parse's context element is an SVG or MathML element.
    var contextIsForeign = false
    /// The fragment parse's `html` root element.
    var fragmentRoot: Int32 = NodeArena.none
    /// Whether a `selectedcontent` element was created (its contents are filled in at the end).
    var createdSelectedContent = false
    /// The tokenizer's input (the arena's source) while `run()` runs; empty otherwise. Character
    /// runs that are slices of it become text nodes that point into the source.
    var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Names for SVG and MathML case fix-ups, built on first use.
    var foreignNames: ForeignNames?

    init(tokenizer: Tokenizer, scriptingEnabled: Bool, fragmentContext: FragmentContext?) {
        self.tokenizer = tokenizer
        self.scriptingEnabled = scriptingEnabled
        self.fragmentContext = fragmentContext
        // The arena shares the input: text and values that are plain runs of it are not copied.
        self.arena = NodeArena(
            rootKind: fragmentContext == nil ? .document : .documentFragment,
            expectedBytes: tokenizer.input.count, source: tokenizer.input)
    }

    /// Runs the parse to the end of the input.
    mutating func run() -> TreeBuilderResult {
        // The input outlives the parse (the tokenizer holds it and never changes it), so character
        // tokens can point into it.
        let input = tokenizer.input
        return input.withUnsafeBufferPointer { run(input: $0) }
    }

    /// Hands a run of characters to the tree construction rules (dropping the newline that may
    /// follow `<pre>`, `<listing>` or `<textarea>`).
    @inline(__always)
    private mutating func dispatchCharacters(_ run: TextRun) {
        var slice = run
        if dropsLeadingNewline, slice.first == 0x0A { slice = slice.dropFirst() }
        dropsLeadingNewline = false
        if slice.isEmpty { return }
        selfClosingAcknowledged = false
        // Most text goes to the "in body" rules (directly, or from "in cell"): straight there.
        if (mode == .inBody || mode == .inCell) && !mayBeInForeignContent {
            inBodyCharacters(slice)
        } else {
            dispatch(.characters(slice))
        }
    }

    private mutating func run(input: UnsafeBufferPointer<UInt8>) -> TreeBuilderResult {
        self.input = input
        defer { self.input = UnsafeBufferPointer(start: nil, count: 0) }
        if let fragmentContext { setUpFragment(fragmentContext) }
        while true {
            tokenizer.allowsCDATA = mayBeInForeignContent && adjustedCurrentNamespace.map { $0 != .html } ?? false
            let kind = tokenizer.next(in: input)
            var token: Token
            switch kind {
            case .characters:
                // The run is dispatched as a slice of the input (usually: nothing was copied) or of
                // the tokenizer's buffer (one retain), with no reference counting per token.
                if let range = tokenizer.textSlice {
                    dispatchCharacters(input[range])
                } else {
                    let run = tokenizer.copiedCharacters
                    run.withUnsafeBufferPointer { dispatchCharacters($0[...]) }
                }
                continue
            case .comment:
                let data = tokenizer.copiedCharacters
                data.withUnsafeBufferPointer { buffer in
                    dropsLeadingNewline = false
                    selfClosingAcknowledged = false
                    dispatch(.comment(buffer[...]))
                }
                continue
            case .nullCharacter:
                token = .nullCharacter
            case .startTag:
                token = .startTag(StartTag(
                    name: tokenizer.tagName, selfClosing: tokenizer.selfClosing, hasTokenAttributes: true))
            case .endTag:
                token = .endTag(tokenizer.tagName)
            case .doctype:
                token = .doctype
            case .endOfFile:
                token = .endOfFile
            }
            dropsLeadingNewline = false
            selfClosingAcknowledged = false
            if !mayBeInForeignContent {
                // No foreign content: the token goes straight to its insertion mode (most tags to
                // the "in body" rules), through the dispatcher only when it must be processed again.
                let step: Step
                if mode == .inBody {
                    switch token {
                    case .startTag(let tag): step = inBodyStartTag(tag, token)
                    case .endTag(let name): step = inBodyEndTag(name, token)
                    default: step = inBodyMode(token)
                    }
                } else {
                    step = process(token, in: mode)
                }
                if case .reprocess(let next) = step { dispatch(next) }
            } else {
                dispatch(token)
            }
            if case .startTag(let tag) = token, tag.selfClosing, !selfClosingAcknowledged {
                error(.selfClosingNonVoid)
            }
            if case .endOfFile = kind { break }
        }
        if fragmentRoot != NodeArena.none {
            arena.moveChildren(of: fragmentRoot, to: 0)
        }
        if createdSelectedContent { fillSelectedContents() }
        arena.names = tokenizer.names
        return TreeBuilderResult(arena: arena, errors: tokenizer.errors, quirksMode: quirksMode)
    }

    /// The tree construction dispatcher: hands a token to the current insertion mode or to the rules
    /// for foreign content, again and again while the rules ask to reprocess it.
    mutating func dispatch(_ first: Token) {
        var token = first
        while true {
            let step = usesForeignContentRules(token) ? processForeignContent(token) : process(token)
            guard case .reprocess(let next) = step else { return }
            token = next
        }
    }

    /// Processes a token with the rules of the current insertion mode.
    mutating func process(_ token: Token) -> Step {
        process(token, in: mode)
    }

    /// Processes a token with the rules of the given insertion mode.
    mutating func process(_ token: Token, in mode: InsertionMode) -> Step {
        switch mode {
        case .initial: return initialMode(token)
        case .beforeHTML: return beforeHTMLMode(token)
        case .beforeHead: return beforeHeadMode(token)
        case .inHead: return inHeadMode(token)
        case .inHeadNoscript: return inHeadNoscriptMode(token)
        case .afterHead: return afterHeadMode(token)
        case .inBody: return inBodyMode(token)
        case .text: return textMode(token)
        case .inTable: return inTableMode(token)
        case .inTableText: return inTableTextMode(token)
        case .inCaption: return inCaptionMode(token)
        case .inColumnGroup: return inColumnGroupMode(token)
        case .inTableBody: return inTableBodyMode(token)
        case .inRow: return inRowMode(token)
        case .inCell: return inCellMode(token)
        case .inTemplate: return inTemplateMode(token)
        case .afterBody: return afterBodyMode(token)
        case .inFrameset: return inFramesetMode(token)
        case .afterFrameset: return afterFramesetMode(token)
        case .afterAfterBody: return afterAfterBodyMode(token)
        case .afterAfterFrameset: return afterAfterFramesetMode(token)
        }
    }

    /// Switches to a mode and asks for the token to be processed again.
    mutating func reprocess(_ token: Token, in mode: InsertionMode) -> Step {
        self.mode = mode
        return .reprocess(token)
    }

    // MARK: The adjusted current node

    /// Facts about the adjusted current node: the context element when the stack holds only the
    /// fragment's root, else the current node. `nil` when the stack is empty.
    var adjustedCurrentInfo: OpenElementInfo? {
        if open.isEmpty { return nil }
        if open.count == 1, let contextInfo { return contextInfo }
        return open.currentInfo
    }

    /// The adjusted current node's namespace, if there is one.
    var adjustedCurrentNamespace: Namespace? {
        adjustedCurrentInfo?.namespace
    }

    /// Whether the adjusted current node may be an SVG or MathML element: some open element or the
    /// fragment's context is one. When not (most of most pages), every token goes to the insertion
    /// modes and `<![CDATA[` is a bogus comment, with no look at the stack.
    @inline(__always)
    var mayBeInForeignContent: Bool { open.foreignCount != 0 || contextIsForeign }

    /// Whether the token goes to the current insertion mode (`false`: to the foreign content rules).
    func usesForeignContentRules(_ token: Token) -> Bool {
        guard mayBeInForeignContent, let node = adjustedCurrentInfo, node.namespace != .html else { return false }
        switch token {
        case .endOfFile:
            return false
        case .startTag(let tag):
            if node.isMathMLTextIntegrationPoint && tag.name != .mglyph && tag.name != .malignmark {
                return false
            }
            if node.namespace == .mathML && node.name == .annotationXml && tag.name == .svg { return false }
            return !node.isHTMLIntegrationPoint
        case .characters, .nullCharacter:
            return !(node.isMathMLTextIntegrationPoint || node.isHTMLIntegrationPoint)
        default:
            return true
        }
    }

    // MARK: Errors

    /// Records a tree construction parse error at the current token.
    mutating func error(_ code: ErrorCode) {
        tokenizer.recordError(code, at: tokenizer.tokenStart)
    }

    // MARK: Fragments

    /// The steps of the HTML fragment parsing algorithm that come before the token loop.
    mutating func setUpFragment(_ context: FragmentContext) {
        let name = tokenizer.names.intern(context.localName)
        var info = OpenElementInfo(name: name, namespace: context.namespace, isHTMLIntegrationPoint: false)
        info.isHTMLIntegrationPoint = context.namespace == .svg && TagSets.svgHTMLIntegration.contains(name)
        contextInfo = info
        contextIsForeign = context.namespace != .html
        if context.namespace == .html {
            switch name {
            case .title, .textarea: tokenizer.switchTo(.rcdata)
            case .style, .xmp, .iframe, .noembed, .noframes: tokenizer.switchTo(.rawtext)
            case .script: tokenizer.switchTo(.scriptData)
            case .noscript: if scriptingEnabled { tokenizer.switchTo(.rawtext) }
            case .plaintext: tokenizer.switchTo(.plaintext)
            default: break
            }
        }
        // No start tag has been emitted yet, so no end tag is "appropriate": in a `script` context,
        // `</script>` stays text (html5lib tests4.dat).
        let root = arena.createElement(.html, namespace: .html)
        fragmentRoot = root
        open.push(root, OpenElementInfo(name: .html, namespace: .html, isHTMLIntegrationPoint: false))
        if info.isHTML(.template) { templateModes.append(.inTemplate) }
        resetInsertionMode()
    }
}
