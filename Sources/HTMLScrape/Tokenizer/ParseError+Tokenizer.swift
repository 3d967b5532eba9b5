extension ParseError.Code {
    // The tokenizer's parse errors, spelled as in the WHATWG HTML spec (§13.2.2).

    /// `abrupt-closing-of-empty-comment`: `<!-->` or `<!--->`.
    static let abruptClosingOfEmptyComment = Self(rawValue: "abrupt-closing-of-empty-comment")
    /// `abrupt-doctype-public-identifier`: `>` inside a doctype's public identifier.
    static let abruptDoctypePublicIdentifier = Self(rawValue: "abrupt-doctype-public-identifier")
    /// `abrupt-doctype-system-identifier`: `>` inside a doctype's system identifier.
    static let abruptDoctypeSystemIdentifier = Self(rawValue: "abrupt-doctype-system-identifier")
    /// `absence-of-digits-in-numeric-character-reference`: `&#` or `&#x` without digits.
    static let absenceOfDigitsInNumericCharacterReference = Self(
        rawValue: "absence-of-digits-in-numeric-character-reference")
    /// `cdata-in-html-content`: `<![CDATA[` where CDATA sections are not allowed.
    static let cdataInHTMLContent = Self(rawValue: "cdata-in-html-content")
    /// `character-reference-outside-unicode-range`: a numeric reference above U+10FFFF.
    static let characterReferenceOutsideUnicodeRange = Self(rawValue: "character-reference-outside-unicode-range")
    /// `control-character-reference`: a numeric reference to a control character (or U+000D).
    static let controlCharacterReference = Self(rawValue: "control-character-reference")
    /// `duplicate-attribute`: a second attribute of the same name on one tag (it is dropped).
    static let duplicateAttribute = Self(rawValue: "duplicate-attribute")
    /// `end-tag-with-attributes`: an end tag carrying attributes.
    static let endTagWithAttributes = Self(rawValue: "end-tag-with-attributes")
    /// `end-tag-with-trailing-solidus`: an end tag ending with `/>`.
    static let endTagWithTrailingSolidus = Self(rawValue: "end-tag-with-trailing-solidus")
    /// `eof-before-tag-name`: the input ends after `<` or `</`.
    static let eofBeforeTagName = Self(rawValue: "eof-before-tag-name")
    /// `eof-in-cdata`: the input ends inside a CDATA section.
    static let eofInCDATA = Self(rawValue: "eof-in-cdata")
    /// `eof-in-comment`: the input ends inside a comment.
    static let eofInComment = Self(rawValue: "eof-in-comment")
    /// `eof-in-doctype`: the input ends inside a doctype.
    static let eofInDoctype = Self(rawValue: "eof-in-doctype")
    /// `eof-in-script-html-comment-like-text`: the input ends inside `<!--` … in script data.
    static let eofInScriptHTMLCommentLikeText = Self(rawValue: "eof-in-script-html-comment-like-text")
    /// `eof-in-tag`: the input ends inside a tag (the tag is dropped).
    static let eofInTag = Self(rawValue: "eof-in-tag")
    /// `incorrectly-closed-comment`: a comment closed by `--!>`.
    static let incorrectlyClosedComment = Self(rawValue: "incorrectly-closed-comment")
    /// `incorrectly-opened-comment`: `<!` not followed by `--`, `DOCTYPE` or `[CDATA[`.
    static let incorrectlyOpenedComment = Self(rawValue: "incorrectly-opened-comment")
    /// `invalid-character-sequence-after-doctype-name`: neither `PUBLIC` nor `SYSTEM` after the name.
    static let invalidCharacterSequenceAfterDoctypeName = Self(
        rawValue: "invalid-character-sequence-after-doctype-name")
    /// `invalid-first-character-of-tag-name`: `<` or `</` followed by something that cannot start a name.
    static let invalidFirstCharacterOfTagName = Self(rawValue: "invalid-first-character-of-tag-name")
    /// `missing-attribute-value`: `=` followed by `>`.
    static let missingAttributeValue = Self(rawValue: "missing-attribute-value")
    /// `missing-doctype-name`: `<!DOCTYPE>`.
    static let missingDoctypeName = Self(rawValue: "missing-doctype-name")
    /// `missing-doctype-public-identifier`: `PUBLIC` followed by `>`.
    static let missingDoctypePublicIdentifier = Self(rawValue: "missing-doctype-public-identifier")
    /// `missing-doctype-system-identifier`: `SYSTEM` followed by `>`.
    static let missingDoctypeSystemIdentifier = Self(rawValue: "missing-doctype-system-identifier")
    /// `missing-end-tag-name`: `</>`.
    static let missingEndTagName = Self(rawValue: "missing-end-tag-name")
    /// `missing-quote-before-doctype-public-identifier`: an unquoted public identifier.
    static let missingQuoteBeforeDoctypePublicIdentifier = Self(
        rawValue: "missing-quote-before-doctype-public-identifier")
    /// `missing-quote-before-doctype-system-identifier`: an unquoted system identifier.
    static let missingQuoteBeforeDoctypeSystemIdentifier = Self(
        rawValue: "missing-quote-before-doctype-system-identifier")
    /// `missing-semicolon-after-character-reference`: a character reference without its `;`.
    static let missingSemicolonAfterCharacterReference = Self(
        rawValue: "missing-semicolon-after-character-reference")
    /// `missing-whitespace-after-doctype-public-keyword`: `PUBLIC"…"`.
    static let missingWhitespaceAfterDoctypePublicKeyword = Self(
        rawValue: "missing-whitespace-after-doctype-public-keyword")
    /// `missing-whitespace-after-doctype-system-keyword`: `SYSTEM"…"`.
    static let missingWhitespaceAfterDoctypeSystemKeyword = Self(
        rawValue: "missing-whitespace-after-doctype-system-keyword")
    /// `missing-whitespace-before-doctype-name`: `<!DOCTYPEhtml>`.
    static let missingWhitespaceBeforeDoctypeName = Self(rawValue: "missing-whitespace-before-doctype-name")
    /// `missing-whitespace-between-attributes`: `a="1"b="2"`.
    static let missingWhitespaceBetweenAttributes = Self(rawValue: "missing-whitespace-between-attributes")
    /// `missing-whitespace-between-doctype-public-and-system-identifiers`: `"…""…"`.
    static let missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers = Self(
        rawValue: "missing-whitespace-between-doctype-public-and-system-identifiers")
    /// `nested-comment`: `<!--` inside a comment.
    static let nestedComment = Self(rawValue: "nested-comment")
    /// `noncharacter-character-reference`: a numeric reference to a noncharacter.
    static let noncharacterCharacterReference = Self(rawValue: "noncharacter-character-reference")
    /// `null-character-reference`: `&#0;`.
    static let nullCharacterReference = Self(rawValue: "null-character-reference")
    /// `surrogate-character-reference`: a numeric reference to a surrogate.
    static let surrogateCharacterReference = Self(rawValue: "surrogate-character-reference")
    /// `unexpected-character-after-doctype-system-identifier`: junk after the system identifier.
    static let unexpectedCharacterAfterDoctypeSystemIdentifier = Self(
        rawValue: "unexpected-character-after-doctype-system-identifier")
    /// `unexpected-character-in-attribute-name`: `"`, `'` or `<` in an attribute name.
    static let unexpectedCharacterInAttributeName = Self(rawValue: "unexpected-character-in-attribute-name")
    /// `unexpected-character-in-unquoted-attribute-value`: `"`, `'`, `<`, `=` or `` ` `` in an unquoted value.
    static let unexpectedCharacterInUnquotedAttributeValue = Self(
        rawValue: "unexpected-character-in-unquoted-attribute-value")
    /// `unexpected-equals-sign-before-attribute-name`: an attribute name starting with `=`.
    static let unexpectedEqualsSignBeforeAttributeName = Self(rawValue: "unexpected-equals-sign-before-attribute-name")
    /// `unexpected-null-character`: U+0000 where the tokenizer does not allow it.
    static let unexpectedNullCharacter = Self(rawValue: "unexpected-null-character")
    /// `unexpected-question-mark-instead-of-tag-name`: `<?` (a processing instruction, read as a comment).
    static let unexpectedQuestionMarkInsteadOfTagName = Self(rawValue: "unexpected-question-mark-instead-of-tag-name")
    /// `unexpected-solidus-in-tag`: `/` inside a tag not followed by `>`.
    static let unexpectedSolidusInTag = Self(rawValue: "unexpected-solidus-in-tag")
    /// `unknown-named-character-reference`: `&` + letters + `;` that is no known name.
    static let unknownNamedCharacterReference = Self(rawValue: "unknown-named-character-reference")
}
