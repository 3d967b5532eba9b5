/// A parse error: where the input broke an HTML syntax rule. Parsing never fails; it recovers the way
/// browsers do and records each error here (see ``Document/errors``).
public struct ParseError: Hashable, Sendable, CustomStringConvertible {
    /// What rule was broken.
    public let code: Code
    /// The 1-based line of the input where it was found.
    public let line: Int
    /// The 1-based column (in Unicode scalars) where it was found.
    public let column: Int

    /// Creates a parse error.
    public init(code: Code, line: Int, column: Int) {
        self.code = code
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(code.rawValue)" }

    /// The name of a parse error: the WHATWG spec's code for tokenizer errors
    /// (`unexpected-null-character`, `eof-in-tag`, …), and this parser's codes for tree construction.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code, as the spec spells it.
        public let rawValue: String

        /// Creates a code from its spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }
    }
}

/// A parse error as the tokenizer and the tree builder record it: a code and a byte offset in the
/// preprocessed input. Line and column are computed once, at the end of the parse.
struct RecordedError: Sendable {
    var code: ErrorCode
    var offset: Int
}
