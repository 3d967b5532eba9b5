/// The parse error codes of the tree construction stage (the spec names none; these are this
/// parser's own).
extension ParseError.Code {
    /// A start tag where the rules do not allow it.
    static let unexpectedStartTag = Self(rawValue: "unexpected-start-tag")
    /// An end tag where the rules do not allow it, or with no matching open element.
    static let unexpectedEndTag = Self(rawValue: "unexpected-end-tag")
    /// Characters where the rules do not allow them.
    static let unexpectedCharacters = Self(rawValue: "unexpected-characters")
    /// A U+0000 where the rules drop it.
    static let unexpectedNull = Self(rawValue: "unexpected-null-character-in-tree")
    /// A doctype that is not the first token.
    static let unexpectedDoctype = Self(rawValue: "unexpected-doctype")
    /// The document has no doctype.
    static let missingDoctype = Self(rawValue: "missing-doctype")
    /// The doctype is not `<!DOCTYPE html>` (or one of the allowed legacy forms).
    static let nonConformingDoctype = Self(rawValue: "non-conforming-doctype")
    /// The input ended with elements open that need an end tag.
    static let eofInElement = Self(rawValue: "eof-in-element")
    /// An end tag closed elements that were still open.
    static let endTagWithOpenElements = Self(rawValue: "end-tag-with-open-elements")
    /// A `/>` on an HTML element that is not void.
    static let selfClosingNonVoid = Self(rawValue: "non-void-html-element-start-tag-with-trailing-solidus")
    /// Content moved out of a table (foster parenting).
    static let fosterParented = Self(rawValue: "foster-parented-content")
    /// A formatting element closed out of order (adoption agency).
    static let misnestedFormatting = Self(rawValue: "misnested-formatting-element")
}
