/// A start tag as the tree builder handles it: the current tag token, or a tag the rules imply
/// (`<tbody>` before a `<tr>`, …), which has no attributes.
struct StartTag: Sendable {
    /// The tag name.
    var name: LocalName
    /// Whether the tag ended with `/>`.
    var selfClosing: Bool
    /// Whether the attributes are the tokenizer's current ones; `false` for an implied tag.
    var hasTokenAttributes: Bool

    /// A tag the rules imply, without attributes.
    static func implied(_ name: LocalName) -> StartTag {
        StartTag(name: name, selfClosing: false, hasTokenAttributes: false)
    }
}

/// A run of UTF-8 bytes as the insertion modes see it: a slice of a buffer that the tree builder
/// holds while it dispatches the token, so that the modes can split a run (leading white space, then
/// the rest) without copying it, and a token costs no reference counting. Valid only during the
/// dispatch of its token: nothing keeps a run (text is copied into the arena).
typealias TextRun = Slice<UnsafeBufferPointer<UInt8>>

/// A token as the insertion modes see it. Character runs are `TextRun`s (see there).
enum Token {
    /// A run of characters without U+0000.
    case characters(TextRun)
    /// One U+0000.
    case nullCharacter
    /// A start tag.
    case startTag(StartTag)
    /// An end tag.
    case endTag(LocalName)
    /// A comment and its data.
    case comment(TextRun)
    /// A doctype (its fields are the tokenizer's `doctype`).
    case doctype
    /// The end of the input.
    case endOfFile
}

/// What an insertion mode's rules did with a token.
enum Step {
    /// The token is handled.
    case done
    /// Process this token again, with the (possibly new) current insertion mode.
    case reprocess(Token)
}
