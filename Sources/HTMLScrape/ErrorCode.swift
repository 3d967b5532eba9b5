/// The parse errors as the tokenizer, the tree builder and the input normalizer record them: one
/// byte each. Recording a ``ParseError/Code`` (a string) instead made every call of the tokenizer's
/// state machine set up the strings of all the codes it might record, about 50 instructions per token
/// whether or not errors are collected; the strings are only looked up here, when errors are reported.
enum ErrorCode: CaseIterable, Sendable {
    case abruptClosingOfEmptyComment
    case abruptDoctypePublicIdentifier
    case abruptDoctypeSystemIdentifier
    case absenceOfDigitsInNumericCharacterReference
    case cdataInHTMLContent
    case characterReferenceOutsideUnicodeRange
    case controlCharacterReference
    case duplicateAttribute
    case endTagWithAttributes
    case endTagWithTrailingSolidus
    case eofBeforeTagName
    case eofInCDATA
    case eofInComment
    case eofInDoctype
    case eofInScriptHTMLCommentLikeText
    case eofInTag
    case incorrectlyClosedComment
    case incorrectlyOpenedComment
    case invalidCharacterSequenceAfterDoctypeName
    case invalidFirstCharacterOfTagName
    case missingAttributeValue
    case missingDoctypeName
    case missingDoctypePublicIdentifier
    case missingDoctypeSystemIdentifier
    case missingEndTagName
    case missingQuoteBeforeDoctypePublicIdentifier
    case missingQuoteBeforeDoctypeSystemIdentifier
    case missingSemicolonAfterCharacterReference
    case missingWhitespaceAfterDoctypePublicKeyword
    case missingWhitespaceAfterDoctypeSystemKeyword
    case missingWhitespaceBeforeDoctypeName
    case missingWhitespaceBetweenAttributes
    case missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers
    case nestedComment
    case noncharacterCharacterReference
    case nullCharacterReference
    case surrogateCharacterReference
    case unexpectedCharacterAfterDoctypeSystemIdentifier
    case unexpectedCharacterInAttributeName
    case unexpectedCharacterInUnquotedAttributeValue
    case unexpectedEqualsSignBeforeAttributeName
    case unexpectedNullCharacter
    case unexpectedQuestionMarkInsteadOfTagName
    case unexpectedSolidusInTag
    case unknownNamedCharacterReference
    case unexpectedStartTag
    case unexpectedEndTag
    case unexpectedCharacters
    case unexpectedNull
    case unexpectedDoctype
    case missingDoctype
    case nonConformingDoctype
    case eofInElement
    case endTagWithOpenElements
    case selfClosingNonVoid
    case fosterParented
    case misnestedFormatting
    case controlCharacterInInputStream
    case noncharacterInInputStream

    /// The public code: the spec's spelling for tokenizer errors, this parser's for the others.
    var publicCode: ParseError.Code {
        switch self {
        case .abruptClosingOfEmptyComment: return .abruptClosingOfEmptyComment
        case .abruptDoctypePublicIdentifier: return .abruptDoctypePublicIdentifier
        case .abruptDoctypeSystemIdentifier: return .abruptDoctypeSystemIdentifier
        case .absenceOfDigitsInNumericCharacterReference: return .absenceOfDigitsInNumericCharacterReference
        case .cdataInHTMLContent: return .cdataInHTMLContent
        case .characterReferenceOutsideUnicodeRange: return .characterReferenceOutsideUnicodeRange
        case .controlCharacterReference: return .controlCharacterReference
        case .duplicateAttribute: return .duplicateAttribute
        case .endTagWithAttributes: return .endTagWithAttributes
        case .endTagWithTrailingSolidus: return .endTagWithTrailingSolidus
        case .eofBeforeTagName: return .eofBeforeTagName
        case .eofInCDATA: return .eofInCDATA
        case .eofInComment: return .eofInComment
        case .eofInDoctype: return .eofInDoctype
        case .eofInScriptHTMLCommentLikeText: return .eofInScriptHTMLCommentLikeText
        case .eofInTag: return .eofInTag
        case .incorrectlyClosedComment: return .incorrectlyClosedComment
        case .incorrectlyOpenedComment: return .incorrectlyOpenedComment
        case .invalidCharacterSequenceAfterDoctypeName: return .invalidCharacterSequenceAfterDoctypeName
        case .invalidFirstCharacterOfTagName: return .invalidFirstCharacterOfTagName
        case .missingAttributeValue: return .missingAttributeValue
        case .missingDoctypeName: return .missingDoctypeName
        case .missingDoctypePublicIdentifier: return .missingDoctypePublicIdentifier
        case .missingDoctypeSystemIdentifier: return .missingDoctypeSystemIdentifier
        case .missingEndTagName: return .missingEndTagName
        case .missingQuoteBeforeDoctypePublicIdentifier: return .missingQuoteBeforeDoctypePublicIdentifier
        case .missingQuoteBeforeDoctypeSystemIdentifier: return .missingQuoteBeforeDoctypeSystemIdentifier
        case .missingSemicolonAfterCharacterReference: return .missingSemicolonAfterCharacterReference
        case .missingWhitespaceAfterDoctypePublicKeyword: return .missingWhitespaceAfterDoctypePublicKeyword
        case .missingWhitespaceAfterDoctypeSystemKeyword: return .missingWhitespaceAfterDoctypeSystemKeyword
        case .missingWhitespaceBeforeDoctypeName: return .missingWhitespaceBeforeDoctypeName
        case .missingWhitespaceBetweenAttributes: return .missingWhitespaceBetweenAttributes
        case .missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers: return .missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers
        case .nestedComment: return .nestedComment
        case .noncharacterCharacterReference: return .noncharacterCharacterReference
        case .nullCharacterReference: return .nullCharacterReference
        case .surrogateCharacterReference: return .surrogateCharacterReference
        case .unexpectedCharacterAfterDoctypeSystemIdentifier: return .unexpectedCharacterAfterDoctypeSystemIdentifier
        case .unexpectedCharacterInAttributeName: return .unexpectedCharacterInAttributeName
        case .unexpectedCharacterInUnquotedAttributeValue: return .unexpectedCharacterInUnquotedAttributeValue
        case .unexpectedEqualsSignBeforeAttributeName: return .unexpectedEqualsSignBeforeAttributeName
        case .unexpectedNullCharacter: return .unexpectedNullCharacter
        case .unexpectedQuestionMarkInsteadOfTagName: return .unexpectedQuestionMarkInsteadOfTagName
        case .unexpectedSolidusInTag: return .unexpectedSolidusInTag
        case .unknownNamedCharacterReference: return .unknownNamedCharacterReference
        case .unexpectedStartTag: return .unexpectedStartTag
        case .unexpectedEndTag: return .unexpectedEndTag
        case .unexpectedCharacters: return .unexpectedCharacters
        case .unexpectedNull: return .unexpectedNull
        case .unexpectedDoctype: return .unexpectedDoctype
        case .missingDoctype: return .missingDoctype
        case .nonConformingDoctype: return .nonConformingDoctype
        case .eofInElement: return .eofInElement
        case .endTagWithOpenElements: return .endTagWithOpenElements
        case .selfClosingNonVoid: return .selfClosingNonVoid
        case .fosterParented: return .fosterParented
        case .misnestedFormatting: return .misnestedFormatting
        case .controlCharacterInInputStream: return .controlCharacterInInputStream
        case .noncharacterInInputStream: return .noncharacterInInputStream
        }
    }
}
