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

/// A token as the insertion modes see it. Character runs are slices, so that the modes can split a
/// run (leading white space, then the rest) without copying it.
enum Token: Sendable {
    /// A run of characters without U+0000.
    case characters(ArraySlice<UInt8>)
    /// One U+0000.
    case nullCharacter
    /// A start tag.
    case startTag(StartTag)
    /// An end tag.
    case endTag(LocalName)
    /// A comment and its data.
    case comment(ArraySlice<UInt8>)
    /// A doctype (its fields are the tokenizer's `doctype`).
    case doctype
    /// The end of the input.
    case endOfFile
}

/// What an insertion mode's rules did with a token.
enum Step: Sendable {
    /// The token is handled.
    case done
    /// Process this token again, with the (possibly new) current insertion mode.
    case reprocess(Token)
}
