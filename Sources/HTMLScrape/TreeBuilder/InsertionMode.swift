/// The insertion modes of the tree construction stage (WHATWG HTML §13.2.4.1).
///
/// The current spec (since the 2025 `select` parsing change) has no "in select" or "in select in
/// table" modes: `select` content is parsed by the "in body" rules.
enum InsertionMode: UInt8, Sendable {
    // One case per insertion mode of the spec, in the spec's order.
    case initial
    case beforeHTML
    case beforeHead
    case inHead
    case inHeadNoscript
    case afterHead
    case inBody
    case text
    case inTable
    case inTableText
    case inCaption
    case inColumnGroup
    case inTableBody
    case inRow
    case inCell
    case inTemplate
    case afterBody
    case inFrameset
    case afterFrameset
    case afterAfterBody
    case afterAfterFrameset
}

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

/// Byte-level helpers for character runs.
enum HTMLBytes {
    /// Whether a byte is ASCII white space as HTML defines it (tab, LF, FF, CR, space).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    /// The number of white space bytes at the start of a run.
    static func leadingWhitespaceCount(_ run: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in run {
            if !isWhitespace(byte) { break }
            count += 1
        }
        return count
    }

    /// Whether a run is all white space.
    static func isAllWhitespace(_ run: ArraySlice<UInt8>) -> Bool {
        for byte in run where !isWhitespace(byte) { return false }
        return true
    }

    /// Whether two byte strings are equal, ignoring ASCII case.
    static func equalsIgnoringASCIICase(_ bytes: ArraySlice<UInt8>, _ string: StaticString) -> Bool {
        guard bytes.count == string.utf8CodeUnitCount else { return false }
        let other = UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount)
        var i = 0
        for byte in bytes {
            if lower(byte) != lower(other[i]) { return false }
            i += 1
        }
        return true
    }

    /// The ASCII lowercase of a byte.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
