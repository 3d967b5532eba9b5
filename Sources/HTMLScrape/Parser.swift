extension Document {
    /// Parses an HTML document from a string, as a browser would.
    ///
    /// Parsing never fails and never crashes on malformed input: errors are recovered from as the
    /// WHATWG HTML spec says and recorded in ``errors``.
    ///
    /// The string is taken as already-decoded text, as a browser's `DOMParser` takes it: a leading
    /// U+FEFF BYTE ORDER MARK is content, not a marker. It is text before any doctype, so the
    /// document lands in quirks mode (``quirksMode`` is `.quirks`) and the body starts with that
    /// character. Byte order marks belong to byte streams: parse a file's or a response's bytes with
    /// ``init(bytes:transportEncoding:options:)``, which takes the encoding from the mark and drops
    /// it, or drop the character yourself (`html.hasPrefix("\u{FEFF}")`) when a decoder kept it.
    public convenience init(html: String, options: ParseOptions = ParseOptions()) {
        let (input, inputErrors) = InputPreprocessor.preprocess(html.utf8)
        self.init(preprocessed: input, inputErrors: inputErrors, encoding: .utf8, context: nil, options: options)
    }

    /// Parses an HTML fragment (as `innerHTML` would) in the given context element.
    ///
    /// The resulting document's ``root`` is a document fragment whose children are the parsed nodes.
    public convenience init(fragment html: String, context: FragmentContext = .body, options: ParseOptions = ParseOptions()) {
        let (input, inputErrors) = InputPreprocessor.preprocess(html.utf8)
        self.init(preprocessed: input, inputErrors: inputErrors, encoding: .utf8, context: context, options: options)
    }

    convenience init(
        preprocessed input: [UInt8], inputErrors: [RecordedError], encoding: TextEncoding,
        context: FragmentContext?, options: ParseOptions
    ) {
        // Errors are not recorded here: they are worked out again on first read of `errors`, so
        // that a parse whose errors nobody reads (nearly every parse) pays nothing for them.
        let tokenizer = Tokenizer(input: input, collectsErrors: false)
        var builder = TreeBuilder(
            tokenizer: tokenizer, scriptingEnabled: options.scriptingEnabled, fragmentContext: context)
        let result = builder.run()
        self.init(
            arena: result.arena,
            errorSource: options.collectsErrors ? .deferred(inputErrors: inputErrors) : .known([]),
            quirksMode: result.quirksMode, encoding: encoding,
            scriptingEnabled: options.scriptingEnabled, url: options.url, fragmentContext: context)
    }

    /// The parse errors of `input`: the input stage's (`inputErrors`, recorded while decoding) and
    /// those the tokenizer and tree builder meet, found by running them again with errors recorded,
    /// with the same scripting flag and fragment context as the parse that made the document.
    static func reparseErrors(
        input: [UInt8], inputErrors: [RecordedError], scriptingEnabled: Bool, fragmentContext: FragmentContext?
    ) -> [ParseError] {
        let tokenizer = Tokenizer(input: input, collectsErrors: true)
        var builder = TreeBuilder(
            tokenizer: tokenizer, scriptingEnabled: scriptingEnabled, fragmentContext: fragmentContext)
        let result = builder.run()
        return locate(inputErrors + result.errors, in: input)
    }

    /// Turns byte offsets into 1-based line and column numbers (columns count Unicode scalars), in
    /// one pass over the input.
    static func locate(_ recorded: [RecordedError], in input: [UInt8]) -> [ParseError] {
        guard !recorded.isEmpty else { return [] }
        let sorted = recorded.enumerated().sorted {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }.map(\.element)
        var result: [ParseError] = []
        result.reserveCapacity(sorted.count)
        var line = 1
        var column = 0
        var position = 0
        for error in sorted {
            let target = min(error.offset, input.count)
            while position < target {
                let byte = input[position]
                if byte == 0x0A {
                    line += 1
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                position += 1
            }
            result.append(ParseError(code: error.code.publicCode, line: line, column: column + 1))
        }
        return result
    }
}

/// Where a document's ``Document/errors`` come from.
enum ParseErrorSource: Sendable {
    /// Known already: none (errors were not asked for, or the document was made by editing), or
    /// given.
    case known([ParseError])
    /// To be worked out on first read by parsing the document's input again with errors recorded
    /// (see `Document.reparseErrors`); `inputErrors` are the input stage's, recorded while decoding
    /// (the second pass reads the decoded input and cannot see them).
    case deferred(inputErrors: [RecordedError])
}
