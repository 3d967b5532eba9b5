// INTERFACE STUB — the real tokenizer replaces the body of `next()` and adds its states.
// The stored properties below are the contract with the tree builder and must keep their meaning.

/// What `Tokenizer.next()` produced. The token's payload is in the tokenizer's fields and is valid
/// until the next call.
enum TokenKind: Sendable {
    /// A run of characters, in `text`. Never contains U+0000 (see `nullCharacter`).
    case characters
    /// One U+0000 NULL character from the data state or a CDATA section (the tree builder ignores it
    /// or replaces it, depending on the insertion mode). Other states replace NULs themselves.
    case nullCharacter
    /// A start tag: `tagName`, `attributes` (values in `attributeBytes`), `selfClosing`.
    case startTag
    /// An end tag: `tagName` (attributes and self-closing flag are parse errors and dropped).
    case endTag
    /// A comment; its data in `text`.
    case comment
    /// A doctype: `doctype`.
    case doctype
    /// The end of the input. Returned again on every later call.
    case endOfFile
}

/// An attribute of the current tag token.
struct TokenAttribute: Sendable {
    /// The name, lower-cased (ASCII only) and interned.
    var name: LocalName
    /// Where the value's UTF-8 bytes sit in `Tokenizer.attributeBytes`.
    var valueStart: Int
    var valueCount: Int
}

/// A doctype token's fields. `nil` means missing, which differs from empty.
struct DoctypeToken: Sendable {
    var name: String?
    var publicID: String?
    var systemID: String?
    var forceQuirks: Bool
}

/// The WHATWG HTML tokenizer, over preprocessed UTF-8 input (valid UTF-8, newlines normalised to LF).
///
/// The tree builder pulls tokens with `next()` and, between calls, may switch `state` (to RCDATA,
/// RAWTEXT, script data or PLAINTEXT after the matching start tag), and sets `allowsCDATA` to whether
/// the adjusted current node is in a foreign namespace.
struct Tokenizer {
    /// The states the tree builder switches the tokenizer to. The tokenizer's other states are its own.
    enum ContentState: Sendable {
        case data, rcdata, rawtext, scriptData, plaintext
    }

    /// The input, preprocessed.
    let input: [UInt8]
    /// Interned names; the parse moves it into the finished document.
    var names: NameTable
    /// Errors found so far, if errors are collected.
    var errors: [RecordedError] = []
    let collectsErrors: Bool

    /// The name of the last start tag emitted (or of the fragment context element), for the
    /// "appropriate end tag" rule of the RCDATA, RAWTEXT and script data states.
    var lastStartTagName: LocalName?
    /// Set by the tree builder before each `next()`: whether `<![CDATA[` opens a CDATA section
    /// (adjusted current node not in the HTML namespace) or a bogus comment.
    var allowsCDATA = false

    // MARK: The current token

    /// Characters of a `characters` token, or the data of a `comment` token.
    var text: [UInt8] = []
    /// The name of a start or end tag, lower-cased and interned.
    var tagName = LocalName(id: 0)
    /// The attributes of a start tag, in source order, duplicates dropped (first one wins).
    var attributes: [TokenAttribute] = []
    /// The bytes of the attribute values.
    var attributeBytes: [UInt8] = []
    /// Whether a start tag ended with `/>`.
    var selfClosing = false
    /// The fields of a doctype token.
    var doctype = DoctypeToken(name: nil, publicID: nil, systemID: nil, forceQuirks: false)
    /// The byte offset in `input` where the current token started (for the tree builder's errors).
    var tokenStart = 0

    private var position = 0

    init(input: [UInt8], names: NameTable = NameTable(), collectsErrors: Bool = true) {
        self.input = input
        self.names = names
        self.collectsErrors = collectsErrors
    }

    /// Switches to a content state (after a `<title>`, `<style>`, `<script>`, `<plaintext>` … start
    /// tag, or for fragment parsing).
    mutating func switchTo(_ state: ContentState) {
        _ = state
    }

    /// Records a parse error at an offset (the tree builder uses this too).
    mutating func recordError(_ code: ParseError.Code, at offset: Int) {
        if collectsErrors { errors.append(RecordedError(code: code, offset: offset)) }
    }

    /// The next token.
    mutating func next() -> TokenKind {
        tokenStart = position
        if position >= input.count { return .endOfFile }
        text.removeAll(keepingCapacity: true)
        text.append(contentsOf: input[position...])
        position = input.count
        return .characters
    }
}
