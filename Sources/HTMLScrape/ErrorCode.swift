/// The parse errors the input normaliser, the tokenizer and the tree builder record: one byte each,
/// spelled out (the raw value) only when errors are reported. Recording a ``ParseError/Code`` (a
/// string) instead made every call of the tokenizer's state machine set up the strings of all the
/// codes it might record, about 50 instructions per token whether or not errors were collected.
enum ErrorCode: String, CaseIterable, Sendable {
    // The input stream's parse errors (WHATWG HTML §13.2.3.5).

    /// `control-character-in-input-stream`: a control character other than whitespace or NUL.
    case controlCharacterInInputStream = "control-character-in-input-stream"
    /// `noncharacter-in-input-stream`: a Unicode noncharacter such as U+FFFE.
    case noncharacterInInputStream = "noncharacter-in-input-stream"

    // The tokenizer's parse errors, spelled as in the WHATWG HTML spec (§13.2.2).

    /// `abrupt-closing-of-empty-comment`: `<!-->` or `<!--->`.
    case abruptClosingOfEmptyComment = "abrupt-closing-of-empty-comment"
    /// `abrupt-doctype-public-identifier`: `>` inside a doctype's public identifier.
    case abruptDoctypePublicIdentifier = "abrupt-doctype-public-identifier"
    /// `abrupt-doctype-system-identifier`: `>` inside a doctype's system identifier.
    case abruptDoctypeSystemIdentifier = "abrupt-doctype-system-identifier"
    /// `absence-of-digits-in-numeric-character-reference`: `&#` or `&#x` without digits.
    case absenceOfDigitsInNumericCharacterReference = "absence-of-digits-in-numeric-character-reference"
    /// `cdata-in-html-content`: `<![CDATA[` where CDATA sections are not allowed.
    case cdataInHTMLContent = "cdata-in-html-content"
    /// `character-reference-outside-unicode-range`: a numeric reference above U+10FFFF.
    case characterReferenceOutsideUnicodeRange = "character-reference-outside-unicode-range"
    /// `control-character-reference`: a numeric reference to a control character (or U+000D).
    case controlCharacterReference = "control-character-reference"
    /// `duplicate-attribute`: a second attribute of the same name on one tag (it is dropped).
    case duplicateAttribute = "duplicate-attribute"
    /// `end-tag-with-attributes`: an end tag carrying attributes.
    case endTagWithAttributes = "end-tag-with-attributes"
    /// `end-tag-with-trailing-solidus`: an end tag ending with `/>`.
    case endTagWithTrailingSolidus = "end-tag-with-trailing-solidus"
    /// `eof-before-tag-name`: the input ends after `<` or `</`.
    case eofBeforeTagName = "eof-before-tag-name"
    /// `eof-in-cdata`: the input ends inside a CDATA section.
    case eofInCDATA = "eof-in-cdata"
    /// `eof-in-comment`: the input ends inside a comment.
    case eofInComment = "eof-in-comment"
    /// `eof-in-doctype`: the input ends inside a doctype.
    case eofInDoctype = "eof-in-doctype"
    /// `eof-in-script-html-comment-like-text`: the input ends inside `<!--` … in script data.
    case eofInScriptHTMLCommentLikeText = "eof-in-script-html-comment-like-text"
    /// `eof-in-tag`: the input ends inside a tag (the tag is dropped).
    case eofInTag = "eof-in-tag"
    /// `incorrectly-closed-comment`: a comment closed by `--!>`.
    case incorrectlyClosedComment = "incorrectly-closed-comment"
    /// `incorrectly-opened-comment`: `<!` not followed by `--`, `DOCTYPE` or `[CDATA[`.
    case incorrectlyOpenedComment = "incorrectly-opened-comment"
    /// `invalid-character-sequence-after-doctype-name`: neither `PUBLIC` nor `SYSTEM` after the name.
    case invalidCharacterSequenceAfterDoctypeName = "invalid-character-sequence-after-doctype-name"
    /// `invalid-first-character-of-tag-name`: `<` or `</` followed by something that cannot start a name.
    case invalidFirstCharacterOfTagName = "invalid-first-character-of-tag-name"
    /// `missing-attribute-value`: `=` followed by `>`.
    case missingAttributeValue = "missing-attribute-value"
    /// `missing-doctype-name`: `<!DOCTYPE>`.
    case missingDoctypeName = "missing-doctype-name"
    /// `missing-doctype-public-identifier`: `PUBLIC` followed by `>`.
    case missingDoctypePublicIdentifier = "missing-doctype-public-identifier"
    /// `missing-doctype-system-identifier`: `SYSTEM` followed by `>`.
    case missingDoctypeSystemIdentifier = "missing-doctype-system-identifier"
    /// `missing-end-tag-name`: `</>`.
    case missingEndTagName = "missing-end-tag-name"
    /// `missing-quote-before-doctype-public-identifier`: an unquoted public identifier.
    case missingQuoteBeforeDoctypePublicIdentifier = "missing-quote-before-doctype-public-identifier"
    /// `missing-quote-before-doctype-system-identifier`: an unquoted system identifier.
    case missingQuoteBeforeDoctypeSystemIdentifier = "missing-quote-before-doctype-system-identifier"
    /// `missing-semicolon-after-character-reference`: a character reference without its `;`.
    case missingSemicolonAfterCharacterReference = "missing-semicolon-after-character-reference"
    /// `missing-whitespace-after-doctype-public-keyword`: `PUBLIC"…"`.
    case missingWhitespaceAfterDoctypePublicKeyword = "missing-whitespace-after-doctype-public-keyword"
    /// `missing-whitespace-after-doctype-system-keyword`: `SYSTEM"…"`.
    case missingWhitespaceAfterDoctypeSystemKeyword = "missing-whitespace-after-doctype-system-keyword"
    /// `missing-whitespace-before-doctype-name`: `<!DOCTYPEhtml>`.
    case missingWhitespaceBeforeDoctypeName = "missing-whitespace-before-doctype-name"
    /// `missing-whitespace-between-attributes`: `a="1"b="2"`.
    case missingWhitespaceBetweenAttributes = "missing-whitespace-between-attributes"
    /// `missing-whitespace-between-doctype-public-and-system-identifiers`: `"…""…"`.
    case missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers = "missing-whitespace-between-doctype-public-and-system-identifiers"
    /// `nested-comment`: `<!--` inside a comment.
    case nestedComment = "nested-comment"
    /// `noncharacter-character-reference`: a numeric reference to a noncharacter.
    case noncharacterCharacterReference = "noncharacter-character-reference"
    /// `null-character-reference`: `&#0;`.
    case nullCharacterReference = "null-character-reference"
    /// `surrogate-character-reference`: a numeric reference to a surrogate.
    case surrogateCharacterReference = "surrogate-character-reference"
    /// `unexpected-character-after-doctype-system-identifier`: junk after the system identifier.
    case unexpectedCharacterAfterDoctypeSystemIdentifier = "unexpected-character-after-doctype-system-identifier"
    /// `unexpected-character-in-attribute-name`: `"`, `'` or `<` in an attribute name.
    case unexpectedCharacterInAttributeName = "unexpected-character-in-attribute-name"
    /// `unexpected-character-in-unquoted-attribute-value`: `"`, `'`, `<`, `=` or `` ` `` in an unquoted value.
    case unexpectedCharacterInUnquotedAttributeValue = "unexpected-character-in-unquoted-attribute-value"
    /// `unexpected-equals-sign-before-attribute-name`: an attribute name starting with `=`.
    case unexpectedEqualsSignBeforeAttributeName = "unexpected-equals-sign-before-attribute-name"
    /// `unexpected-null-character`: U+0000 where the tokenizer does not allow it.
    case unexpectedNullCharacter = "unexpected-null-character"
    /// `unexpected-question-mark-instead-of-tag-name`: `<?` (a processing instruction, read as a comment).
    case unexpectedQuestionMarkInsteadOfTagName = "unexpected-question-mark-instead-of-tag-name"
    /// `unexpected-solidus-in-tag`: `/` inside a tag not followed by `>`.
    case unexpectedSolidusInTag = "unexpected-solidus-in-tag"
    /// `unknown-named-character-reference`: `&` + letters + `;` that is no known name.
    case unknownNamedCharacterReference = "unknown-named-character-reference"

    // Tree construction: the spec names none; these are this parser's own.

    /// A start tag where the rules do not allow it.
    case unexpectedStartTag = "unexpected-start-tag"
    /// An end tag where the rules do not allow it, or with no matching open element.
    case unexpectedEndTag = "unexpected-end-tag"
    /// Characters where the rules do not allow them.
    case unexpectedCharacters = "unexpected-characters"
    /// A U+0000 where the rules drop it.
    case unexpectedNull = "unexpected-null-character-in-tree"
    /// A doctype that is not the first token.
    case unexpectedDoctype = "unexpected-doctype"
    /// The document has no doctype.
    case missingDoctype = "missing-doctype"
    /// The doctype is not `<!DOCTYPE html>` (or one of the allowed legacy forms).
    case nonConformingDoctype = "non-conforming-doctype"
    /// The input ended with elements open that need an end tag.
    case eofInElement = "eof-in-element"
    /// An end tag closed elements that were still open.
    case endTagWithOpenElements = "end-tag-with-open-elements"
    /// A `/>` on an HTML element that is not void.
    case selfClosingNonVoid = "non-void-html-element-start-tag-with-trailing-solidus"
    /// Content moved out of a table (foster parenting).
    case fosterParented = "foster-parented-content"
    /// A formatting element closed out of order (adoption agency).
    case misnestedFormatting = "misnested-formatting-element"

    /// The public code.
    var publicCode: ParseError.Code { ParseError.Code(rawValue: rawValue) }
}
