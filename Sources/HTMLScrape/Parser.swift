extension Document {
    /// Parses an HTML document from a string, as a browser would.
    ///
    /// Parsing never fails and never crashes on malformed input: errors are recovered from as the
    /// WHATWG HTML spec says and recorded in ``errors``.
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
        let tokenizer = Tokenizer(input: input, collectsErrors: options.collectsErrors)
        var builder = TreeBuilder(
            tokenizer: tokenizer, scriptingEnabled: options.scriptingEnabled, fragmentContext: context)
        let result = builder.run()
        let errors = options.collectsErrors ? Self.locate(inputErrors + result.errors, in: input) : []
        self.init(
            arena: result.arena, errors: errors, quirksMode: result.quirksMode, encoding: encoding,
            scriptingEnabled: options.scriptingEnabled, url: options.url, fragmentContext: context)
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
            result.append(ParseError(code: error.code, line: line, column: column + 1))
        }
        return result
    }
}
