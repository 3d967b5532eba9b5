// INTERFACE STUB — the real tree builder replaces this file (keeping `init` and `run()`).

/// What a finished tree construction hands back.
struct TreeBuilderResult {
    var arena: NodeArena
    var errors: [RecordedError]
    var quirksMode: QuirksMode
}

/// The WHATWG HTML tree construction stage: pulls tokens from the tokenizer and builds the tree.
struct TreeBuilder {
    var tokenizer: Tokenizer
    let scriptingEnabled: Bool
    let fragmentContext: FragmentContext?
    var arena: NodeArena

    init(tokenizer: Tokenizer, scriptingEnabled: Bool, fragmentContext: FragmentContext?) {
        self.tokenizer = tokenizer
        self.scriptingEnabled = scriptingEnabled
        self.fragmentContext = fragmentContext
        self.arena = NodeArena(
            rootKind: fragmentContext == nil ? .document : .documentFragment,
            expectedBytes: tokenizer.input.count)
    }

    /// Runs the parse to the end of the input.
    mutating func run() -> TreeBuilderResult {
        while true {
            let kind = tokenizer.next()
            if case .endOfFile = kind { break }
            if case .characters = kind {
                tokenizer.text.withUnsafeBufferPointer { arena.appendText($0, to: 0) }
            }
        }
        arena.names = tokenizer.names
        return TreeBuilderResult(arena: arena, errors: tokenizer.errors, quirksMode: .noQuirks)
    }
}
