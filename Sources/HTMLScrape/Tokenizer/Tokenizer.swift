#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Where the value's UTF-8 bytes start: in `Tokenizer.input` when `inInput`, else in
    /// `Tokenizer.attributeBytes`. Read it with `Tokenizer.attributeValue(_:)`.
    var valueStart: Int
    /// How many bytes the value has (character references already decoded).
    var valueCount: Int
    /// Whether the value is an unchanged run of the input (a quoted value without references or
    /// NULs, the common case), not copied anywhere.
    var inInput: Bool = false
}

/// A doctype token's fields. `nil` means missing, which differs from empty.
struct DoctypeToken: Sendable {
    /// The name, ASCII-lower-cased (`html`), or `nil` (`<!DOCTYPE>`).
    var name: String?
    /// The public identifier, or `nil` when there is none.
    var publicID: String?
    /// The system identifier, or `nil` when there is none.
    var systemID: String?
    /// Whether the doctype was malformed so that the document must be in quirks mode.
    var forceQuirks: Bool
}

/// The WHATWG HTML tokenizer (§13.2.5), over preprocessed UTF-8 input (valid UTF-8, newlines
/// normalised to LF).
///
/// The tree builder pulls tokens with `next()` and, between calls, may switch the state (to RCDATA,
/// RAWTEXT, script data or PLAINTEXT after the matching start tag), and sets `allowsCDATA` to whether
/// the adjusted current node is in a foreign namespace.
///
/// Every state of the spec is a case of `State`; the machine works on bytes (every non-ASCII byte is
/// "anything else" in every state, so UTF-8 sequences pass through untouched). Runs of plain text,
/// names, attribute values and comment data are scanned in bulk and copied as slices. Character
/// tokens the spec emits one by one are gathered in `text`; when another token is ready while
/// characters are pending, the characters are returned first and the token is held back for the next
/// call.
struct Tokenizer {
    /// The states the tree builder switches the tokenizer to. The tokenizer's other states are its own.
    enum ContentState: Sendable {
        case data, rcdata, rawtext, scriptData, plaintext
    }

    /// Every state of the tokenizer, as the spec names them (§13.2.5.1 – §13.2.5.80). The character
    /// reference states are folded into `consumeCharacterReference`.
    enum State: UInt8, Sendable {
        case data, rcdata, rawtext, scriptData, plaintext
        case tagOpen, endTagOpen, tagName
        case rcdataLessThanSign, rcdataEndTagOpen, rcdataEndTagName
        case rawtextLessThanSign, rawtextEndTagOpen, rawtextEndTagName
        case scriptDataLessThanSign, scriptDataEndTagOpen, scriptDataEndTagName
        case scriptDataEscapeStart, scriptDataEscapeStartDash
        case scriptDataEscaped, scriptDataEscapedDash, scriptDataEscapedDashDash
        case scriptDataEscapedLessThanSign, scriptDataEscapedEndTagOpen, scriptDataEscapedEndTagName
        case scriptDataDoubleEscapeStart
        case scriptDataDoubleEscaped, scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash
        case scriptDataDoubleEscapedLessThanSign, scriptDataDoubleEscapeEnd
        case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
        case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
        case afterAttributeValueQuoted, selfClosingStartTag
        case bogusComment, markupDeclarationOpen
        case commentStart, commentStartDash, comment
        case commentLessThanSign, commentLessThanSignBang, commentLessThanSignBangDash
        case commentLessThanSignBangDashDash, commentEndDash, commentEnd, commentEndBang
        case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
        case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
        case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted
        case afterDoctypePublicIdentifier, betweenDoctypePublicAndSystemIdentifiers
        case afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
        case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted
        case afterDoctypeSystemIdentifier, bogusDoctype
        case cdataSection, cdataSectionBracket, cdataSectionEnd
    }

    /// The input, preprocessed.
    let input: [UInt8]
    /// Whether ``input`` holds a U+0000 byte anywhere. Without one (nearly always), the scans for
    /// the end of a run of text look for two bytes instead of three, and each run of characters
    /// between two other tokens arrives as exactly one characters token.
    let inputMayContainNUL: Bool
    /// Interned names (only ever added to: the tokenizer caches ids of short names); the parse moves it into the finished document.
    var names: NameTable
    /// Errors found so far, if errors are collected.
    var errors: [RecordedError] = []
    /// Whether `recordError` keeps errors (off when the caller does not want them).
    let collectsErrors: Bool

    /// The name of the last start tag emitted (or of the fragment context element), for the
    /// "appropriate end tag" rule of the RCDATA, RAWTEXT and script data states.
    var lastStartTagName: LocalName?
    /// Set by the tree builder before each `next()`: whether `<![CDATA[` opens a CDATA section
    /// (adjusted current node not in the HTML namespace) or a bogus comment.
    var allowsCDATA = false

    /// The current state. The tree builder uses `switchTo(_:)`; tests may set any state directly
    /// (the conformance suite starts some runs in the CDATA section state).
    var state: State = .data

    // MARK: The current token

    /// Characters of a `characters` token, or the data of a `comment` token. The tree builder reads
    /// them through ``textSlice`` and ``copiedCharacters`` instead, which copy nothing.
    var text: [UInt8] {
        if textSliceEnd > textSliceStart { return Array(input[textSliceStart..<textSliceEnd]) }
        return textBuffer
    }
    /// Pending characters that were copied (or made up: references, replacement characters, a `<`
    /// that opened no tag). Empty while the characters are still a slice of the input.
    private var textBuffer: [UInt8] = []
    /// Pending characters that are one unchanged run of the input, `input[textSliceStart..<textSliceEnd]`,
    /// not copied anywhere (the common case: text between two tags). Used only while `textBuffer`
    /// is empty.
    private var textSliceStart = 0
    private var textSliceEnd = 0
    /// The name of a start or end tag, lower-cased and interned.
    var tagName = LocalName(id: 0)
    /// The attributes of a start tag, in source order, duplicates dropped (first one wins).
    var attributes: [TokenAttribute] = []
    /// The bytes of the attribute values that are not plain runs of the input.
    var attributeBytes: [UInt8] = []
    /// Whether a start tag ended with `/>`.
    var selfClosing = false
    /// The fields of a doctype token.
    var doctype = DoctypeToken(name: nil, publicID: nil, systemID: nil, forceQuirks: false)
    /// The byte offset in `input` where the current token started (for the tree builder's errors).
    var tokenStart = 0

    // MARK: Private machinery

    /// The offset of the next input byte to consume.
    private var position = 0
    /// A token that is complete but waits until the pending characters have been returned.
    private var heldToken: TokenKind?
    /// Where the held token started.
    private var heldTokenStart = 0
    /// Whether the end-of-file token has been returned (every later call returns it again).
    private var reachedEnd = false

    /// The name of the tag being built, lower-cased, not yet interned.
    private var nameBuffer: [UInt8] = []
    /// Whether the tag being built is an end tag.
    private var buildingEndTag = false
    /// Where the tag, comment or doctype being built started (its `<`).
    private var markupStart = 0
    /// The name of the tag being built when it was interned straight from the input (fast path).
    private var readyTagName: LocalName?
    /// The name of the attribute being built, lower-cased, not yet interned.
    private var attributeNameBuffer: [UInt8] = []
    /// The name of the attribute being built when it was interned straight from the input.
    private var readyAttributeName: LocalName?
    /// A direct-mapped cache in front of `names` for names of 1 to 7 bytes: the packed bytes and
    /// length (`nameCacheKeys`, 0 when empty) and the id they intern to. Names are only ever added to
    /// `names`, so a cached id stays right.
    private var nameCacheKeys = [UInt64](repeating: 0, count: Tokenizer.nameCacheSize)
    private var nameCacheIDs = [UInt32](repeating: 0, count: Tokenizer.nameCacheSize)
    private static let nameCacheSize = 512
    /// Whether an attribute is being built (its value still open).
    private var buildingAttribute = false
    /// The interned name of the attribute being built, once its name is complete.
    private var attributeName = LocalName(id: 0)
    /// Whether the attribute being built duplicates an earlier one (and will be dropped).
    private var attributeIsDuplicate = false
    /// Where the value of the attribute being built starts in `attributeBytes`.
    private var attributeValueStart = 0
    /// The value of the attribute being built as a range of the input, when it is one: a quoted
    /// value read in one scan.
    private var attributeSlice: Range<Int>?
    /// The attribute names of the current tag as a set, used once a tag has many attributes (so that
    /// duplicate checks stay linear on hostile input).
    private var attributeNameSet: Set<UInt32> = []
    /// The data of the comment being built.
    private var commentBuffer: [UInt8] = []
    /// The spec's temporary buffer (end tag names in RCDATA, RAWTEXT, script data; double escapes).
    private var temporaryBuffer: [UInt8] = []
    /// The doctype being built: its name, public and system identifiers, and whether each is present.
    private var doctypeNameBuffer: [UInt8] = []
    private var doctypePublicBuffer: [UInt8] = []
    private var doctypeSystemBuffer: [UInt8] = []
    private var doctypeHasName = false
    private var doctypeHasPublic = false
    private var doctypeHasSystem = false
    /// The force-quirks flag of the doctype being built.
    private var doctypeForceQuirks = false

    /// The value of an attribute of the current tag.
    func attributeValue(_ attribute: TokenAttribute) -> ArraySlice<UInt8> {
        let range = attribute.valueStart..<(attribute.valueStart + attribute.valueCount)
        return attribute.inInput ? input[range] : attributeBytes[range]
    }

    /// Creates a tokenizer over preprocessed input, starting in the data state.
    init(input: [UInt8], names: NameTable = NameTable(), collectsErrors: Bool = true) {
        self.input = input
        // memchr: the C library's vectorised search, a few hundredths of an instruction per byte.
        self.inputMayContainNUL = input.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return memchr(base, 0, buffer.count) != nil
        }
        self.names = names
        self.collectsErrors = collectsErrors
    }

    /// Switches to a content state (after a `<title>`, `<style>`, `<script>`, `<plaintext>` … start
    /// tag, or for fragment parsing).
    mutating func switchTo(_ state: ContentState) {
        switch state {
        case .data: self.state = .data
        case .rcdata: self.state = .rcdata
        case .rawtext: self.state = .rawtext
        case .scriptData: self.state = .scriptData
        case .plaintext: self.state = .plaintext
        }
    }

    /// Records a parse error at an offset (the tree builder uses this too).
    @inline(never)  // rare: kept out of the state machine, whose register use it would add to
    mutating func recordError(_ code: ErrorCode, at offset: Int) {
        if collectsErrors { errors.append(RecordedError(code: code, offset: offset)) }
    }

    /// The next token.
    mutating func next() -> TokenKind {
        let input = self.input
        return input.withUnsafeBufferPointer { next(in: $0) }
    }

    /// The next token, read from `buffer`, which must be the storage of ``input``. The tree builder
    /// holds that storage for the whole parse and passes it in, so that no token pays for
    /// `withUnsafeBufferPointer` (a retain and a release of the input).
    mutating func next(in buffer: UnsafeBufferPointer<UInt8>) -> TokenKind {
        if let held = heldToken {
            heldToken = nil
            return deliver(held, start: heldTokenStart)
        }
        if reachedEnd {
            tokenStart = buffer.count
            return .endOfFile
        }
        clearText()
        tokenStart = position
        return run(buffer)
    }

    /// Where the characters of the current `characters` token are: a range of `input` (nothing was
    /// copied), or `nil` when they are in ``copiedCharacters``.
    var textSlice: Range<Int>? {
        @inline(__always) get { textSliceEnd > textSliceStart ? textSliceStart..<textSliceEnd : nil }
    }

    /// The characters of the current `characters` token when ``textSlice`` is `nil`.
    var copiedCharacters: [UInt8] {
        @inline(__always) get { textBuffer }
    }

    /// Whether characters are pending.
    private var hasText: Bool {
        @inline(__always) get { !textBuffer.isEmpty || textSliceEnd > textSliceStart }
    }

    /// Drops the pending characters.
    @inline(__always)
    private mutating func clearText() {
        textSliceEnd = textSliceStart
        if !textBuffer.isEmpty { textBuffer.removeAll(keepingCapacity: true) }
    }

    /// Adds the input run `p[start..<end]` to the pending characters: by widening the pending slice
    /// when it continues it (no copy), else by copying.
    @inline(__always)
    private mutating func appendInputText(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        if textBuffer.isEmpty {
            if textSliceEnd == textSliceStart {
                textSliceStart = start
                textSliceEnd = end
                return
            }
            if textSliceEnd == start {
                textSliceEnd = end
                return
            }
        }
        copiedText.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<end]))
    }

    /// The pending characters as a buffer that may be appended to (a pending input slice is copied
    /// into it first).
    private var copiedText: [UInt8] {
        get { text }
        _modify {
            if textSliceEnd > textSliceStart {
                let (start, end) = (textSliceStart, textSliceEnd)
                textSliceEnd = textSliceStart
                input.withUnsafeBufferPointer { textBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            }
            yield &textBuffer
        }
    }

    // MARK: Emitting

    /// Hands a finished non-character token to the caller, or holds it back behind pending characters.
    @inline(__always)
    private mutating func emit(_ kind: TokenKind, start: Int) -> TokenKind {
        if !hasText { return deliver(kind, start: start) }
        heldToken = kind
        heldTokenStart = start
        return .characters
    }

    /// Makes a token current: moves its payload into the public fields.
    private mutating func deliver(_ kind: TokenKind, start: Int) -> TokenKind {
        tokenStart = start
        switch kind {
        case .comment:
            textSliceEnd = textSliceStart
            swap(&textBuffer, &commentBuffer)
        case .endOfFile:
            reachedEnd = true
            clearText()
        case .nullCharacter, .startTag, .endTag, .doctype:
            clearText()
        case .characters:
            break
        }
        return kind
    }

    /// Emits the end-of-file token (after any pending characters).
    private mutating func emitEndOfFile(at end: Int) -> TokenKind {
        position = end
        state = .data
        return emit(.endOfFile, start: end)
    }

    /// Finishes the tag being built and emits it.
    private mutating func emitTag(closingAt offset: Int) -> TokenKind {
        finishAttribute()
        if let ready = readyTagName {
            tagName = ready
        } else {
            let buffer = nameBuffer
            tagName = buffer.withUnsafeBufferPointer { internName($0, 0, $0.count) }
        }
        if buildingEndTag {
            if !attributes.isEmpty { recordError(.endTagWithAttributes, at: offset) }
            if selfClosing { recordError(.endTagWithTrailingSolidus, at: offset) }
            return emit(.endTag, start: markupStart)
        }
        lastStartTagName = tagName
        return emit(.startTag, start: markupStart)
    }

    /// Emits the comment being built.
    private mutating func emitComment() -> TokenKind {
        emit(.comment, start: markupStart)
    }

    /// Emits the doctype being built.
    private mutating func emitDoctype() -> TokenKind {
        doctype = DoctypeToken(
            name: doctypeHasName ? String(decoding: doctypeNameBuffer, as: UTF8.self) : nil,
            publicID: doctypeHasPublic ? String(decoding: doctypePublicBuffer, as: UTF8.self) : nil,
            systemID: doctypeHasSystem ? String(decoding: doctypeSystemBuffer, as: UTF8.self) : nil,
            forceQuirks: doctypeForceQuirks)
        return emit(.doctype, start: markupStart)
    }

    // MARK: Building tokens

    /// Starts a new start or end tag token.
    private mutating func beginTag(end: Bool) {
        buildingEndTag = end
        readyTagName = nil
        if !nameBuffer.isEmpty { nameBuffer.removeAll(keepingCapacity: true) }
        // A tag has few attributes: popping them is cheaper than the general removeAll.
        while attributes.popLast() != nil {}
        if !attributeBytes.isEmpty { attributeBytes.removeAll(keepingCapacity: true) }
        if !attributeNameSet.isEmpty { attributeNameSet.removeAll(keepingCapacity: true) }
        buildingAttribute = false
        selfClosing = false
    }

    /// Starts a new attribute on the current tag (finishing the previous one).
    private mutating func beginAttribute() {
        finishAttribute()
        if !attributeNameBuffer.isEmpty { attributeNameBuffer.removeAll(keepingCapacity: true) }
        readyAttributeName = nil
        buildingAttribute = true
        attributeIsDuplicate = false
        attributeSlice = nil
        attributeValueStart = attributeBytes.count
    }

    /// Leaves the attribute name state: interns the name and drops the attribute if it is a duplicate.
    private mutating func completeAttributeName(at offset: Int) {
        let name: LocalName
        if let ready = readyAttributeName {
            name = ready
        } else {
            let buffer = attributeNameBuffer
            name = buffer.withUnsafeBufferPointer { internName($0, 0, $0.count) }
        }
        attributeName = name
        var duplicate = false
        if attributes.count < 16 {
            for attribute in attributes where attribute.name == name {
                duplicate = true
                break
            }
        } else {
            if attributeNameSet.isEmpty {
                for attribute in attributes { attributeNameSet.insert(attribute.name.id) }
            }
            duplicate = attributeNameSet.contains(name.id)
        }
        if duplicate {
            attributeIsDuplicate = true
            recordError(.duplicateAttribute, at: offset)
        }
    }

    /// Adds the attribute being built, if any, to the tag (the test inlined: most tags and the
    /// first attribute of each have none to finish).
    @inline(__always)
    private mutating func finishAttribute() {
        if buildingAttribute { finishBuiltAttribute() }
    }

    /// Adds the attribute being built to the tag, unless it is a duplicate (then its value is dropped).
    private mutating func finishBuiltAttribute() {
        buildingAttribute = false
        if attributeIsDuplicate {
            if attributeBytes.count > attributeValueStart { attributeBytes.removeSubrange(attributeValueStart...) }
            return
        }
        if let slice = attributeSlice {
            attributes.append(
                TokenAttribute(name: attributeName, valueStart: slice.lowerBound, valueCount: slice.count, inInput: true))
        } else {
            attributes.append(
                TokenAttribute(
                    name: attributeName, valueStart: attributeValueStart,
                    valueCount: attributeBytes.count - attributeValueStart))
        }
        if !attributeNameSet.isEmpty { attributeNameSet.insert(attributeName.id) }
    }

    /// Starts a new comment token.
    private mutating func beginComment(at start: Int) {
        commentBuffer.removeAll(keepingCapacity: true)
        markupStart = start
    }

    /// Starts a new doctype token.
    private mutating func beginDoctype() {
        doctypeNameBuffer.removeAll(keepingCapacity: true)
        doctypePublicBuffer.removeAll(keepingCapacity: true)
        doctypeSystemBuffer.removeAll(keepingCapacity: true)
        doctypeHasName = false
        doctypeHasPublic = false
        doctypeHasSystem = false
        doctypeForceQuirks = false
    }

    /// Interns the name in `bytes[start..<end]`, through the name cache when it is short.
    @inline(__always)
    private mutating func internName(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> LocalName {
        let count = end - start
        guard count > 0 && count < 8 else {
            return names.intern(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        var key = UInt64(count) << 56
        if start &+ 8 <= bytes.count, let base = bytes.baseAddress {
            // One load and a mask (little-endian order) instead of a loop over the bytes.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            key |= word & ((1 &<< UInt64(count &* 8)) &- 1)
        } else {
            var shift: UInt64 = 0
            var index = start
            while index < end {
                key |= UInt64(bytes[index]) << shift
                shift &+= 8
                index &+= 1
            }
        }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 55)
        if nameCacheKeys[slot] == key { return LocalName(id: nameCacheIDs[slot]) }
        let name = names.intern(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        nameCacheKeys[slot] = key
        nameCacheIDs[slot] = name.id
        return name
    }

    /// Whether the end tag being built is an appropriate end tag token: its name is the last start
    /// tag's name.
    @inline(__always)
    private func isAppropriateEndTag() -> Bool {
        guard let last = lastStartTagName else { return false }
        return names.utf8(of: last).elementsEqual(nameBuffer)
    }

    // MARK: The state machine

    /// Runs the state machine until a token is ready.
    private mutating func run(_ p: UnsafeBufferPointer<UInt8>) -> TokenKind {
        let end = p.count
        var pos = position
        while true {
            switch state {
            // MARK: Content states

            case .data:
                let start = pos
                pos = scan(p, from: pos, until: Byte.lessThan, Byte.ampersand)
                if pos > start { appendInputText(p, start, pos) }
                guard pos < end else { return emitEndOfFile(at: end) }
                let c = p[pos]
                if c == Byte.lessThan {
                    // Return pending text before `<!` so the tree builder's `allowsCDATA` is current.
                    if hasText && pos + 1 < end && p[pos + 1] == Byte.exclamationMark {
                        position = pos
                        return .characters
                    }
                    markupStart = pos
                    // `<a` and `</a`, nearly every `<`: straight to the tag name state, as the tag
                    // open and end tag open states would go.
                    if pos &+ 2 < end {
                        let next = p[pos &+ 1]
                        if Byte.isAlpha(next) {
                            beginTag(end: false)
                            pos &+= 1
                            state = .tagName
                            continue
                        }
                        if next == Byte.solidus && Byte.isAlpha(p[pos &+ 2]) {
                            beginTag(end: true)
                            pos &+= 2
                            state = .tagName
                            continue
                        }
                    }
                    pos &+= 1
                    state = .tagOpen
                } else if c == Byte.ampersand {
                    pos = consumeCharacterReference(p, at: pos, inAttribute: false)
                } else {
                    recordError(.unexpectedNullCharacter, at: pos)
                    pos &+= 1
                    position = pos
                    return emit(.nullCharacter, start: pos - 1)
                }

            // MARK: Tags

            case .tagOpen:
                guard pos < end else {
                    recordError(.eofBeforeTagName, at: end)
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = .data
                    continue
                }
                let c = p[pos]
                if c == Byte.exclamationMark {
                    pos &+= 1
                    state = .markupDeclarationOpen
                } else if c == Byte.solidus {
                    pos &+= 1
                    state = .endTagOpen
                } else if Byte.isAlpha(c) {
                    beginTag(end: false)
                    state = .tagName
                } else if c == Byte.questionMark {
                    recordError(.unexpectedQuestionMarkInsteadOfTagName, at: pos)
                    beginComment(at: markupStart)
                    state = .bogusComment
                } else {
                    recordError(.invalidFirstCharacterOfTagName, at: pos)
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = .data
                }

            case .endTagOpen:
                guard pos < end else {
                    recordError(.eofBeforeTagName, at: end)
                    appendInputText(p, pos &- 2, pos)  // the `</`
                    state = .data
                    continue
                }
                let c = p[pos]
                if Byte.isAlpha(c) {
                    beginTag(end: true)
                    state = .tagName
                } else if c == Byte.greaterThan {
                    recordError(.missingEndTagName, at: pos)
                    pos &+= 1
                    state = .data
                } else {
                    recordError(.invalidFirstCharacterOfTagName, at: pos)
                    beginComment(at: markupStart)
                    state = .bogusComment
                }

            case .tagName:
                if nameBuffer.isEmpty && readyTagName == nil {
                    // Fast path: a name already in lower case, interned straight from the input.
                    let start = pos
                    while pos < end {
                        let c = p[pos]
                        // a-z, the common case, first: one compare.
                        if c &- 0x61 < 26 {
                            pos &+= 1
                            continue
                        }
                        if Byte.isWhitespace(c) || c == Byte.solidus || c == Byte.greaterThan || c == 0 || (c >= 0x41 && c <= 0x5A) {
                            break
                        }
                        pos &+= 1
                    }
                    if pos < end && pos > start && (Byte.isWhitespace(p[pos]) || p[pos] == Byte.solidus || p[pos] == Byte.greaterThan) {
                        readyTagName = internName(p, start, pos)
                    } else if pos > start {
                        nameBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos]))
                    }
                }
                while pos < end {
                    let c = p[pos]
                    if c >= 0x61 && c <= 0x7A {
                        nameBuffer.append(c)
                    } else if Byte.isWhitespace(c) {
                        pos &+= 1
                        state = .beforeAttributeName
                        break
                    } else if c == Byte.solidus {
                        pos &+= 1
                        state = .selfClosingStartTag
                        break
                    } else if c == Byte.greaterThan {
                        pos &+= 1
                        state = .data
                        position = pos
                        return emitTag(closingAt: pos - 1)
                    } else if c >= 0x41 && c <= 0x5A {
                        nameBuffer.append(c | 0x20)
                    } else if c == 0 {
                        recordError(.unexpectedNullCharacter, at: pos)
                        Self.appendReplacementCharacter(to: &nameBuffer)
                    } else {
                        nameBuffer.append(c)
                    }
                    pos &+= 1
                }
                if pos >= end && state == .tagName {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }

            // MARK: Attributes

            case .beforeAttributeName:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    state = .afterAttributeName
                    continue
                }
                let c = p[pos]
                if c == Byte.solidus || c == Byte.greaterThan {
                    state = .afterAttributeName
                } else if c == Byte.equalsSign {
                    recordError(.unexpectedEqualsSignBeforeAttributeName, at: pos)
                    beginAttribute()
                    attributeNameBuffer.append(c)
                    pos &+= 1
                    state = .attributeName
                } else {
                    beginAttribute()
                    state = .attributeName
                }

            case .attributeName:
                if attributeNameBuffer.isEmpty && readyAttributeName == nil {
                    // Fast path: a name already in lower case, interned straight from the input.
                    let start = pos
                    while pos < end {
                        let c = p[pos]
                        // a-z, the common case, first: one compare.
                        if c &- 0x61 < 26 {
                            pos &+= 1
                            continue
                        }
                        if Byte.isWhitespace(c) || c == Byte.solidus || c == Byte.greaterThan || c == Byte.equalsSign || c == 0
                            || (c >= 0x41 && c <= 0x5A) || c == Byte.quotationMark || c == Byte.apostrophe || c == Byte.lessThan
                        {
                            break
                        }
                        pos &+= 1
                    }
                    if pos < end && pos > start
                        && (Byte.isWhitespace(p[pos]) || p[pos] == Byte.solidus || p[pos] == Byte.greaterThan || p[pos] == Byte.equalsSign)
                    {
                        readyAttributeName = internName(p, start, pos)
                    } else if pos > start {
                        attributeNameBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos]))
                    }
                }
                while pos < end {
                    let c = p[pos]
                    if c >= 0x61 && c <= 0x7A || c == Byte.hyphen {
                        attributeNameBuffer.append(c)
                    } else if Byte.isWhitespace(c) || c == Byte.solidus || c == Byte.greaterThan {
                        completeAttributeName(at: pos)
                        state = .afterAttributeName
                        break
                    } else if c == Byte.equalsSign {
                        completeAttributeName(at: pos)
                        pos &+= 1
                        // `="`, the usual case: straight to the value, as the before attribute
                        // value state would go.
                        if pos < end && p[pos] == Byte.quotationMark {
                            pos &+= 1
                            state = .attributeValueDoubleQuoted
                        } else {
                            state = .beforeAttributeValue
                        }
                        break
                    } else if c >= 0x41 && c <= 0x5A {
                        attributeNameBuffer.append(c | 0x20)
                    } else if c == 0 {
                        recordError(.unexpectedNullCharacter, at: pos)
                        Self.appendReplacementCharacter(to: &attributeNameBuffer)
                    } else {
                        if c == Byte.quotationMark || c == Byte.apostrophe || c == Byte.lessThan {
                            recordError(.unexpectedCharacterInAttributeName, at: pos)
                        }
                        attributeNameBuffer.append(c)
                    }
                    pos &+= 1
                }
                if pos >= end && state == .attributeName {
                    completeAttributeName(at: end)
                    state = .afterAttributeName
                }

            case .afterAttributeName:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }
                let c = p[pos]
                if c == Byte.solidus {
                    pos &+= 1
                    state = .selfClosingStartTag
                } else if c == Byte.equalsSign {
                    pos &+= 1
                    state = .beforeAttributeValue
                } else if c == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return emitTag(closingAt: pos - 1)
                } else {
                    beginAttribute()
                    state = .attributeName
                }

            case .beforeAttributeValue:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                let c: UInt8 = pos < end ? p[pos] : 0
                if pos < end && c == Byte.quotationMark {
                    pos &+= 1
                    state = .attributeValueDoubleQuoted
                } else if pos < end && c == Byte.apostrophe {
                    pos &+= 1
                    state = .attributeValueSingleQuoted
                } else if pos < end && c == Byte.greaterThan {
                    recordError(.missingAttributeValue, at: pos)
                    pos &+= 1
                    state = .data
                    position = pos
                    return emitTag(closingAt: pos - 1)
                } else {
                    state = .attributeValueUnquoted
                }

            case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
                let quote: UInt8 = state == .attributeValueDoubleQuoted ? Byte.quotationMark : Byte.apostrophe
                let start = pos
                pos = scan(p, from: pos, until: quote, Byte.ampersand)
                if pos < end && p[pos] == quote && attributeBytes.count == attributeValueStart {
                    // The whole value is one unchanged run of the input: point at it, copy nothing.
                    attributeSlice = Range(uncheckedBounds: (start, pos))
                } else if pos > start {
                    attributeBytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos]))
                }
                guard pos < end else {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }
                let c = p[pos]
                if c == quote {
                    pos &+= 1
                    // The usual continuations go straight on, as the after attribute value
                    // (quoted) and before attribute name states would: `>` ends the tag; spaces
                    // then `>` or a lower-case name start the next step.
                    if pos < end {
                        let next = p[pos]
                        if next == Byte.greaterThan {
                            pos &+= 1
                            state = .data
                            position = pos
                            return emitTag(closingAt: pos - 1)
                        }
                        if Byte.isWhitespace(next) {
                            pos &+= 1
                            while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                            if pos < end {
                                let first = p[pos]
                                if first &- 0x61 < 26 {
                                    beginAttribute()
                                    state = .attributeName
                                    continue
                                }
                                if first == Byte.greaterThan {
                                    pos &+= 1
                                    state = .data
                                    position = pos
                                    return emitTag(closingAt: pos - 1)
                                }
                            }
                            state = .beforeAttributeName
                            continue
                        }
                    }
                    state = .afterAttributeValueQuoted
                } else if c == Byte.ampersand {
                    pos = consumeCharacterReference(p, at: pos, inAttribute: true)
                } else {
                    recordError(.unexpectedNullCharacter, at: pos)
                    Self.appendReplacementCharacter(to: &attributeBytes)
                    pos &+= 1
                }

            case .attributeValueUnquoted:
                while pos < end {
                    let c = p[pos]
                    if Byte.isWhitespace(c) {
                        pos &+= 1
                        state = .beforeAttributeName
                        break
                    } else if c == Byte.ampersand {
                        pos = consumeCharacterReference(p, at: pos, inAttribute: true)
                        continue
                    } else if c == Byte.greaterThan {
                        pos &+= 1
                        state = .data
                        position = pos
                        return emitTag(closingAt: pos - 1)
                    } else if c == 0 {
                        recordError(.unexpectedNullCharacter, at: pos)
                        Self.appendReplacementCharacter(to: &attributeBytes)
                    } else {
                        if c == Byte.quotationMark || c == Byte.apostrophe || c == Byte.lessThan || c == Byte.equalsSign
                            || c == Byte.graveAccent
                        {
                            recordError(.unexpectedCharacterInUnquotedAttributeValue, at: pos)
                        }
                        attributeBytes.append(c)
                    }
                    pos &+= 1
                }
                if pos >= end && state == .attributeValueUnquoted {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }

            case .afterAttributeValueQuoted:
                guard pos < end else {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }
                let c = p[pos]
                if Byte.isWhitespace(c) {
                    pos &+= 1
                    state = .beforeAttributeName
                } else if c == Byte.solidus {
                    pos &+= 1
                    state = .selfClosingStartTag
                } else if c == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return emitTag(closingAt: pos - 1)
                } else {
                    recordError(.missingWhitespaceBetweenAttributes, at: pos)
                    state = .beforeAttributeName
                }

            case .selfClosingStartTag:
                guard pos < end else {
                    recordError(.eofInTag, at: end)
                    return emitEndOfFile(at: end)
                }
                if p[pos] == Byte.greaterThan {
                    selfClosing = true
                    pos &+= 1
                    state = .data
                    position = pos
                    return emitTag(closingAt: pos - 1)
                }
                recordError(.unexpectedSolidusInTag, at: pos)
                state = .beforeAttributeName

            default:
                // Raw text, script data, comments, doctypes and CDATA: out of line, so that the states
                // nearly every token goes through are compiled (and entered) on their own.
                let (token, next) = runOtherStates(p, from: pos)
                if let token { return token }
                pos = next
            }
        }
    }

    /// Runs the states ``run(_:)`` leaves out, from `start`, until a token is ready (returned) or the
    /// machine is back in one of the states that ``run(_:)`` handles (`nil`, and where it stopped).
    /// The position goes in and out by value: an `inout` would keep ``run(_:)``'s in memory.
    @inline(never)
    private mutating func runOtherStates(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (TokenKind?, Int) {
        let end = p.count
        var pos = start
        while true {
            switch state {
            case .data, .tagOpen, .endTagOpen, .tagName, .beforeAttributeName, .attributeName, .afterAttributeName, .beforeAttributeValue, .attributeValueDoubleQuoted, .attributeValueSingleQuoted, .attributeValueUnquoted, .afterAttributeValueQuoted, .selfClosingStartTag:
                return (nil, pos)

            case .rcdata, .rawtext, .scriptData, .plaintext:
                let current = state
                let start = pos
                if current == .plaintext {
                    while pos < end && p[pos] != 0 { pos &+= 1 }
                } else if current == .rcdata {
                    pos = scan(p, from: pos, until: Byte.lessThan, Byte.ampersand)
                } else {
                    pos = scan(p, from: pos, until: Byte.lessThan, Byte.lessThan)
                }
                if pos > start { appendInputText(p, start, pos) }
                guard pos < end else { return (emitEndOfFile(at: end), pos) }
                let c = p[pos]
                if c == 0 {
                    recordError(.unexpectedNullCharacter, at: pos)
                    Self.appendReplacementCharacter(to: &copiedText)
                    pos &+= 1
                } else if c == Byte.ampersand {
                    pos = consumeCharacterReference(p, at: pos, inAttribute: false)
                } else {
                    markupStart = pos
                    pos &+= 1
                    switch current {
                    case .rcdata: state = .rcdataLessThanSign
                    case .rawtext: state = .rawtextLessThanSign
                    default: state = .scriptDataLessThanSign
                    }
                }

            // MARK: RCDATA, RAWTEXT and script data end tags

            case .rcdataLessThanSign, .rawtextLessThanSign:
                let back: State = state == .rcdataLessThanSign ? .rcdata : .rawtext
                if pos < end && p[pos] == Byte.solidus {
                    temporaryBuffer.removeAll(keepingCapacity: true)
                    pos &+= 1
                    state = back == .rcdata ? .rcdataEndTagOpen : .rawtextEndTagOpen
                } else {
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = back
                }

            case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
                let current = state
                if pos < end && Byte.isAlpha(p[pos]) {
                    beginTag(end: true)
                    switch current {
                    case .rcdataEndTagOpen: state = .rcdataEndTagName
                    case .rawtextEndTagOpen: state = .rawtextEndTagName
                    case .scriptDataEndTagOpen: state = .scriptDataEndTagName
                    default: state = .scriptDataEscapedEndTagName
                    }
                } else {
                    appendInputText(p, pos &- 2, pos)  // the `</`
                    switch current {
                    case .rcdataEndTagOpen: state = .rcdata
                    case .rawtextEndTagOpen: state = .rawtext
                    case .scriptDataEndTagOpen: state = .scriptData
                    default: state = .scriptDataEscaped
                    }
                }

            case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
                let c: UInt8 = pos < end ? p[pos] : 0
                if pos < end && (Byte.isWhitespace(c) || c == Byte.solidus || c == Byte.greaterThan) && isAppropriateEndTag() {
                    pos &+= 1
                    if c == Byte.greaterThan {
                        state = .data
                        position = pos
                        return (emitTag(closingAt: pos - 1), pos)
                    }
                    state = c == Byte.solidus ? .selfClosingStartTag : .beforeAttributeName
                } else if pos < end && Byte.isAlpha(c) {
                    nameBuffer.append(c | 0x20)
                    temporaryBuffer.append(c)
                    pos &+= 1
                } else {
                    // The `</` and the name as written, as they stand in the input.
                    appendInputText(p, pos &- 2 &- temporaryBuffer.count, pos)
                    switch state {
                    case .rcdataEndTagName: state = .rcdata
                    case .rawtextEndTagName: state = .rawtext
                    case .scriptDataEndTagName: state = .scriptData
                    default: state = .scriptDataEscaped
                    }
                }

            // MARK: Script data escapes

            case .scriptDataLessThanSign:
                if pos < end && p[pos] == Byte.solidus {
                    temporaryBuffer.removeAll(keepingCapacity: true)
                    pos &+= 1
                    state = .scriptDataEndTagOpen
                } else if pos < end && p[pos] == Byte.exclamationMark {
                    pos &+= 1
                    appendInputText(p, pos &- 2, pos)  // the `<!`
                    state = .scriptDataEscapeStart
                } else {
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = .scriptData
                }

            case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
                if pos < end && p[pos] == Byte.hyphen {
                    pos &+= 1
                    appendInputText(p, pos &- 1, pos)  // the `-`
                    state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
                } else {
                    state = .scriptData
                }

            case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash,
                 .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
                // The escaped and the double-escaped states (§13.2.5.20–22 and §13.2.5.27–29) read
                // alike; they differ only in what a `<` does.
                let double = state == .scriptDataDoubleEscaped || state == .scriptDataDoubleEscapedDash
                    || state == .scriptDataDoubleEscapedDashDash
                let plain: State = double ? .scriptDataDoubleEscaped : .scriptDataEscaped
                guard pos < end else {
                    recordError(.eofInScriptHTMLCommentLikeText, at: end)
                    return (emitEndOfFile(at: end), pos)
                }
                let c = p[pos]
                pos &+= 1
                if c == Byte.hyphen {
                    appendInputText(p, pos &- 1, pos)
                    if state == plain {
                        state = double ? .scriptDataDoubleEscapedDash : .scriptDataEscapedDash
                    } else {
                        state = double ? .scriptDataDoubleEscapedDashDash : .scriptDataEscapedDashDash
                    }
                } else if c == Byte.lessThan {
                    // Escaped, the `<` waits (it may start `</script`); double-escaped, it is text.
                    if double {
                        appendInputText(p, pos &- 1, pos)
                        state = .scriptDataDoubleEscapedLessThanSign
                    } else {
                        state = .scriptDataEscapedLessThanSign
                    }
                } else if c == Byte.greaterThan
                            && (state == .scriptDataEscapedDashDash || state == .scriptDataDoubleEscapedDashDash) {
                    appendInputText(p, pos &- 1, pos)
                    state = .scriptData
                } else if c == 0 {
                    recordError(.unexpectedNullCharacter, at: pos - 1)
                    Self.appendReplacementCharacter(to: &copiedText)
                    state = plain
                } else {
                    // This byte and the plain run after it, as one slice of the input.
                    state = plain
                    let start = pos &- 1
                    pos = scan(p, from: pos, until: Byte.hyphen, Byte.lessThan)
                    appendInputText(p, start, pos)
                }

            case .scriptDataEscapedLessThanSign:
                if pos < end && p[pos] == Byte.solidus {
                    temporaryBuffer.removeAll(keepingCapacity: true)
                    pos &+= 1
                    state = .scriptDataEscapedEndTagOpen
                } else if pos < end && Byte.isAlpha(p[pos]) {
                    temporaryBuffer.removeAll(keepingCapacity: true)
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = .scriptDataDoubleEscapeStart
                } else {
                    appendInputText(p, pos &- 1, pos)  // the `<`
                    state = .scriptDataEscaped
                }

            case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
                let starting = state == .scriptDataDoubleEscapeStart
                let c: UInt8 = pos < end ? p[pos] : 0
                if pos < end && (Byte.isWhitespace(c) || c == Byte.solidus || c == Byte.greaterThan) {
                    let isScript = temporaryBuffer.elementsEqual("script".utf8)
                    if starting {
                        state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                    } else {
                        state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped
                    }
                    pos &+= 1
                    appendInputText(p, pos &- 1, pos)
                } else if pos < end && Byte.isAlpha(c) {
                    temporaryBuffer.append(c | 0x20)
                    pos &+= 1
                    appendInputText(p, pos &- 1, pos)
                } else {
                    state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }

            case .scriptDataDoubleEscapedLessThanSign:
                if pos < end && p[pos] == Byte.solidus {
                    temporaryBuffer.removeAll(keepingCapacity: true)
                    pos &+= 1
                    appendInputText(p, pos &- 1, pos)  // the `/`
                    state = .scriptDataDoubleEscapeEnd
                } else {
                    state = .scriptDataDoubleEscaped
                }

            // MARK: Comments

            case .bogusComment:
                let start = pos
                while pos < end {
                    let c = p[pos]
                    if c == Byte.greaterThan || c == 0 { break }
                    pos &+= 1
                }
                if pos > start { commentBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos])) }
                guard pos < end else {
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                }
                if p[pos] == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                }
                recordError(.unexpectedNullCharacter, at: pos)
                Self.appendReplacementCharacter(to: &commentBuffer)
                pos &+= 1

            case .markupDeclarationOpen:
                if pos + 1 < end && p[pos] == Byte.hyphen && p[pos + 1] == Byte.hyphen {
                    pos &+= 2
                    beginComment(at: markupStart)
                    state = .commentStart
                } else if matchesCaseInsensitively(p, at: pos, "doctype") {
                    pos &+= 7
                    state = .doctype
                } else if matches(p, at: pos, "[CDATA[") {
                    pos &+= 7
                    if allowsCDATA {
                        state = .cdataSection
                    } else {
                        recordError(.cdataInHTMLContent, at: pos - 1)
                        beginComment(at: markupStart)
                        commentBuffer.append(contentsOf: "[CDATA[".utf8)
                        state = .bogusComment
                    }
                } else {
                    recordError(.incorrectlyOpenedComment, at: pos)
                    beginComment(at: markupStart)
                    state = .bogusComment
                }

            case .commentStart:
                if pos < end && p[pos] == Byte.hyphen {
                    pos &+= 1
                    state = .commentStartDash
                } else if pos < end && p[pos] == Byte.greaterThan {
                    recordError(.abruptClosingOfEmptyComment, at: pos)
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                } else {
                    state = .comment
                }

            case .commentStartDash:
                guard pos < end else {
                    recordError(.eofInComment, at: end)
                    state = .data
                    position = end
                    return (emitComment(), pos)
                }
                let c = p[pos]
                if c == Byte.hyphen {
                    pos &+= 1
                    state = .commentEnd
                } else if c == Byte.greaterThan {
                    recordError(.abruptClosingOfEmptyComment, at: pos)
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                } else {
                    commentBuffer.append(Byte.hyphen)
                    state = .comment
                }

            case .comment:
                let start = pos
                pos = scan(p, from: pos, until: Byte.lessThan, Byte.hyphen)
                if pos > start { commentBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos])) }
                guard pos < end else {
                    recordError(.eofInComment, at: end)
                    state = .data
                    position = end
                    return (emitComment(), pos)
                }
                let c = p[pos]
                if c == Byte.lessThan {
                    commentBuffer.append(c)
                    state = .commentLessThanSign
                } else if c == Byte.hyphen {
                    state = .commentEndDash
                } else {
                    recordError(.unexpectedNullCharacter, at: pos)
                    Self.appendReplacementCharacter(to: &commentBuffer)
                }
                pos &+= 1

            case .commentLessThanSign:
                if pos < end && p[pos] == Byte.exclamationMark {
                    commentBuffer.append(Byte.exclamationMark)
                    pos &+= 1
                    state = .commentLessThanSignBang
                } else if pos < end && p[pos] == Byte.lessThan {
                    commentBuffer.append(Byte.lessThan)
                    pos &+= 1
                } else {
                    state = .comment
                }

            case .commentLessThanSignBang:
                if pos < end && p[pos] == Byte.hyphen {
                    pos &+= 1
                    state = .commentLessThanSignBangDash
                } else {
                    state = .comment
                }

            case .commentLessThanSignBangDash:
                if pos < end && p[pos] == Byte.hyphen {
                    pos &+= 1
                    state = .commentLessThanSignBangDashDash
                } else {
                    state = .commentEndDash
                }

            case .commentLessThanSignBangDashDash:
                if pos < end && p[pos] != Byte.greaterThan {
                    recordError(.nestedComment, at: pos)
                }
                state = .commentEnd

            case .commentEndDash:
                guard pos < end else {
                    recordError(.eofInComment, at: end)
                    state = .data
                    position = end
                    return (emitComment(), pos)
                }
                if p[pos] == Byte.hyphen {
                    pos &+= 1
                    state = .commentEnd
                } else {
                    commentBuffer.append(Byte.hyphen)
                    state = .comment
                }

            case .commentEnd:
                guard pos < end else {
                    recordError(.eofInComment, at: end)
                    state = .data
                    position = end
                    return (emitComment(), pos)
                }
                let c = p[pos]
                if c == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                } else if c == Byte.exclamationMark {
                    pos &+= 1
                    state = .commentEndBang
                } else if c == Byte.hyphen {
                    pos &+= 1
                    commentBuffer.append(Byte.hyphen)
                } else {
                    commentBuffer.append(Byte.hyphen)
                    commentBuffer.append(Byte.hyphen)
                    state = .comment
                }

            case .commentEndBang:
                guard pos < end else {
                    recordError(.eofInComment, at: end)
                    state = .data
                    position = end
                    return (emitComment(), pos)
                }
                let c = p[pos]
                if c == Byte.hyphen {
                    commentBuffer.append(contentsOf: "--!".utf8)
                    pos &+= 1
                    state = .commentEndDash
                } else if c == Byte.greaterThan {
                    recordError(.incorrectlyClosedComment, at: pos)
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitComment(), pos)
                } else {
                    commentBuffer.append(contentsOf: "--!".utf8)
                    state = .comment
                }

            // MARK: DOCTYPE

            case .doctype:
                beginDoctype()
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                let c = p[pos]
                if Byte.isWhitespace(c) {
                    pos &+= 1
                } else if c != Byte.greaterThan {
                    recordError(.missingWhitespaceBeforeDoctypeName, at: pos)
                }
                state = .beforeDoctypeName

            case .beforeDoctypeName:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                let c = p[pos]
                if c == Byte.greaterThan {
                    recordError(.missingDoctypeName, at: pos)
                    doctypeForceQuirks = true
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                }
                doctypeHasName = true
                state = .doctypeName

            case .doctypeName:
                while pos < end {
                    let c = p[pos]
                    if Byte.isWhitespace(c) {
                        pos &+= 1
                        state = .afterDoctypeName
                        break
                    } else if c == Byte.greaterThan {
                        pos &+= 1
                        state = .data
                        position = pos
                        return (emitDoctype(), pos)
                    } else if c >= 0x41 && c <= 0x5A {
                        doctypeNameBuffer.append(c | 0x20)
                    } else if c == 0 {
                        recordError(.unexpectedNullCharacter, at: pos)
                        Self.appendReplacementCharacter(to: &doctypeNameBuffer)
                    } else {
                        doctypeNameBuffer.append(c)
                    }
                    pos &+= 1
                }
                if pos >= end && state == .doctypeName {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }

            case .afterDoctypeName:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                if p[pos] == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                } else if matchesCaseInsensitively(p, at: pos, "public") {
                    pos &+= 6
                    state = .afterDoctypePublicKeyword
                } else if matchesCaseInsensitively(p, at: pos, "system") {
                    pos &+= 6
                    state = .afterDoctypeSystemKeyword
                } else {
                    recordError(.invalidCharacterSequenceAfterDoctypeName, at: pos)
                    doctypeForceQuirks = true
                    state = .bogusDoctype
                }

            case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
                .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
                let isPublic = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicIdentifier
                let afterKeyword = state == .afterDoctypePublicKeyword || state == .afterDoctypeSystemKeyword
                if afterKeyword && pos < end && Byte.isWhitespace(p[pos]) {
                    pos &+= 1
                    state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
                    continue
                }
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                let c = p[pos]
                if c == Byte.quotationMark || c == Byte.apostrophe {
                    if afterKeyword {
                        recordError(
                            isPublic ? .missingWhitespaceAfterDoctypePublicKeyword
                                : .missingWhitespaceAfterDoctypeSystemKeyword, at: pos)
                    }
                    pos &+= 1
                    if isPublic {
                        doctypeHasPublic = true
                        state = c == Byte.quotationMark
                            ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
                    } else {
                        doctypeHasSystem = true
                        state = c == Byte.quotationMark
                            ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
                    }
                } else if c == Byte.greaterThan {
                    recordError(
                        isPublic ? .missingDoctypePublicIdentifier : .missingDoctypeSystemIdentifier, at: pos)
                    doctypeForceQuirks = true
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                } else {
                    recordError(
                        isPublic ? .missingQuoteBeforeDoctypePublicIdentifier
                            : .missingQuoteBeforeDoctypeSystemIdentifier, at: pos)
                    doctypeForceQuirks = true
                    state = .bogusDoctype
                }

            case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
                .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
                let isPublic = state == .doctypePublicIdentifierDoubleQuoted
                    || state == .doctypePublicIdentifierSingleQuoted
                let quote: UInt8 = state == .doctypePublicIdentifierDoubleQuoted
                    || state == .doctypeSystemIdentifierDoubleQuoted ? Byte.quotationMark : Byte.apostrophe
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                let c = p[pos]
                pos &+= 1
                if c == quote {
                    state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
                } else if c == Byte.greaterThan {
                    recordError(isPublic ? .abruptDoctypePublicIdentifier : .abruptDoctypeSystemIdentifier, at: pos - 1)
                    doctypeForceQuirks = true
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                } else if c == 0 {
                    recordError(.unexpectedNullCharacter, at: pos - 1)
                    if isPublic {
                        Self.appendReplacementCharacter(to: &doctypePublicBuffer)
                    } else {
                        Self.appendReplacementCharacter(to: &doctypeSystemBuffer)
                    }
                } else if isPublic {
                    doctypePublicBuffer.append(c)
                } else {
                    doctypeSystemBuffer.append(c)
                }

            case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
                let between = state == .betweenDoctypePublicAndSystemIdentifiers
                if !between && pos < end && Byte.isWhitespace(p[pos]) {
                    pos &+= 1
                    state = .betweenDoctypePublicAndSystemIdentifiers
                    continue
                }
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                let c = p[pos]
                if c == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                } else if c == Byte.quotationMark || c == Byte.apostrophe {
                    if !between {
                        recordError(.missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers, at: pos)
                    }
                    pos &+= 1
                    doctypeHasSystem = true
                    state = c == Byte.quotationMark
                        ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
                } else {
                    recordError(.missingQuoteBeforeDoctypeSystemIdentifier, at: pos)
                    doctypeForceQuirks = true
                    state = .bogusDoctype
                }

            case .afterDoctypeSystemIdentifier:
                while pos < end && Byte.isWhitespace(p[pos]) { pos &+= 1 }
                guard pos < end else {
                    recordError(.eofInDoctype, at: end)
                    doctypeForceQuirks = true
                    state = .data
                    position = end
                    return (emitDoctype(), pos)
                }
                if p[pos] == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                    position = pos
                    return (emitDoctype(), pos)
                }
                recordError(.unexpectedCharacterAfterDoctypeSystemIdentifier, at: pos)
                state = .bogusDoctype

            case .bogusDoctype:
                while pos < end {
                    let c = p[pos]
                    if c == Byte.greaterThan { break }
                    if c == 0 { recordError(.unexpectedNullCharacter, at: pos) }
                    pos &+= 1
                }
                if pos < end { pos &+= 1 }
                state = .data
                position = pos
                return (emitDoctype(), pos)

            // MARK: CDATA sections

            case .cdataSection:
                let start = pos
                while pos < end {
                    let c = p[pos]
                    if c == Byte.rightSquareBracket || c == 0 { break }
                    pos &+= 1
                }
                if pos > start { appendInputText(p, start, pos) }
                guard pos < end else {
                    recordError(.eofInCDATA, at: end)
                    return (emitEndOfFile(at: end), pos)
                }
                if p[pos] == 0 {
                    pos &+= 1
                    position = pos
                    return (emit(.nullCharacter, start: pos - 1), pos)
                }
                pos &+= 1
                state = .cdataSectionBracket

            case .cdataSectionBracket:
                if pos < end && p[pos] == Byte.rightSquareBracket {
                    pos &+= 1
                    state = .cdataSectionEnd
                } else {
                    copiedText.append(Byte.rightSquareBracket)
                    state = .cdataSection
                }

            case .cdataSectionEnd:
                if pos < end && p[pos] == Byte.rightSquareBracket {
                    copiedText.append(Byte.rightSquareBracket)
                    pos &+= 1
                } else if pos < end && p[pos] == Byte.greaterThan {
                    pos &+= 1
                    state = .data
                } else {
                    copiedText.append(Byte.rightSquareBracket)
                    copiedText.append(Byte.rightSquareBracket)
                    state = .cdataSection
                }
            }
        }
    }

    /// The offset of the first byte at or after `start` that is `first`, `second` or U+0000 (or the
    /// end of the input), looking at eight bytes at a time (for the U+0000 only when the input has
    /// one).
    @inline(__always)
    private func scan(
        _ p: UnsafeBufferPointer<UInt8>, from start: Int, until first: UInt8, _ second: UInt8
    ) -> Int {
        let end = p.count
        var pos = start
        if let base = UnsafeRawPointer(p.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let firstPattern = ones &* UInt64(first)
            let secondPattern = ones &* UInt64(second)
            if !inputMayContainNUL {
                while pos &+ 8 <= end {
                    let word = base.loadUnaligned(fromByteOffset: pos, as: UInt64.self)
                    let a = word ^ firstPattern
                    let b = word ^ secondPattern
                    let hits = (((a &- ones) & ~a) | ((b &- ones) & ~b)) & highs
                    if hits != 0 {
                        return pos &+ (UInt64(littleEndian: hits).trailingZeroBitCount >> 3)
                    }
                    pos &+= 8
                }
            }
            while pos &+ 8 <= end {
                let word = base.loadUnaligned(fromByteOffset: pos, as: UInt64.self)
                let a = word ^ firstPattern
                let b = word ^ secondPattern
                // A byte of `x` is zero where `(x - ones) & ~x` has its high bit (exact for the lowest one).
                let hits = (((a &- ones) & ~a) | ((b &- ones) & ~b) | ((word &- ones) & ~word)) & highs
                if hits != 0 {
                    return pos &+ (UInt64(littleEndian: hits).trailingZeroBitCount >> 3)
                }
                pos &+= 8
            }
        }
        while pos < end {
            let c = p[pos]
            if c == first || c == second || c == 0 { break }
            pos &+= 1
        }
        return pos
    }

    /// Whether `literal` (ASCII) sits at `offset`.
    private func matches(_ p: UnsafeBufferPointer<UInt8>, at offset: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= p.count else { return false }
        let bytes = literal.utf8Start
        for i in 0..<count where p[offset + i] != bytes[i] { return false }
        return true
    }

    /// Whether `literal` (lower-case ASCII letters) sits at `offset`, ignoring ASCII case.
    private func matchesCaseInsensitively(
        _ p: UnsafeBufferPointer<UInt8>, at offset: Int, _ literal: StaticString
    ) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= p.count else { return false }
        let bytes = literal.utf8Start
        for i in 0..<count where p[offset + i] | 0x20 != bytes[i] { return false }
        return true
    }

    // MARK: Character references

    /// Appends a decoded reference's scalar, in UTF-8, to the attribute value or the text being built.
    @inline(__always)
    private mutating func appendScalar(_ code: UInt32, inAttribute: Bool) {
        if inAttribute {
            Self.appendUTF8(code, to: &attributeBytes)
        } else {
            Self.appendUTF8(code, to: &copiedText)
        }
    }

    /// Consumes a character reference whose `&` sits at `start` (§13.2.5.72 – §13.2.5.80), appends
    /// what it stands for to `text` (or, in an attribute value, to `attributeBytes`), and returns the
    /// offset after what it consumed.
    private mutating func consumeCharacterReference(
        _ p: UnsafeBufferPointer<UInt8>, at start: Int, inAttribute: Bool
    ) -> Int {
        let end = p.count
        var pos = start + 1
        guard pos < end else {
            appendOutput(p, start..<pos, inAttribute: inAttribute)
            return pos
        }
        let c = p[pos]
        if Byte.isAlphanumeric(c) {
            // `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&nbsp;` (most references on real pages) without
            // the table walk: each is its own longest match, and ends with a semicolon.
            if pos &+ 4 <= end, let base = UnsafeRawPointer(p.baseAddress) {
                let word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: pos, as: UInt32.self))
                if word == 0x3B70_6D61 {  // "amp;"
                    appendScalar(0x26, inAttribute: inAttribute)
                    return pos &+ 4
                }
                if word & 0x00FF_FFFF == 0x003B_746C {  // "lt;"
                    appendScalar(0x3C, inAttribute: inAttribute)
                    return pos &+ 3
                }
                if word & 0x00FF_FFFF == 0x003B_7467 {  // "gt;"
                    appendScalar(0x3E, inAttribute: inAttribute)
                    return pos &+ 3
                }
                if pos &+ 5 <= end && p[pos &+ 4] == Byte.semicolon {
                    if word == 0x746F_7571 {  // "quot"
                        appendScalar(0x22, inAttribute: inAttribute)
                        return pos &+ 5
                    }
                    if word == 0x7073_626E {  // "nbsp"
                        appendScalar(0xA0, inAttribute: inAttribute)
                        return pos &+ 5
                    }
                }
            }
            // Named character reference state.
            let table = NamedCharacterReferences.shared
            if let match = table.longestMatch(in: p, from: pos) {
                let after = pos + match.length
                if !match.endsWithSemicolon && inAttribute && after < end
                    && (p[after] == Byte.equalsSign || Byte.isAlphanumeric(p[after]))
                {
                    appendOutput(p, start..<after, inAttribute: true)
                    return after
                }
                if !match.endsWithSemicolon {
                    recordError(.missingSemicolonAfterCharacterReference, at: after)
                }
                if inAttribute {
                    table.appendValue(of: match, to: &attributeBytes)
                } else {
                    table.appendValue(of: match, to: &copiedText)
                }
                return after
            }
            // Ambiguous ampersand state.
            while pos < end && Byte.isAlphanumeric(p[pos]) { pos &+= 1 }
            appendOutput(p, start..<pos, inAttribute: inAttribute)
            if pos < end && p[pos] == Byte.semicolon {
                recordError(.unknownNamedCharacterReference, at: pos)
            }
            return pos
        }
        guard c == Byte.numberSign else {
            appendOutput(p, start..<pos, inAttribute: inAttribute)
            return pos
        }
        // Numeric character reference state.
        pos &+= 1
        var hex = false
        if pos < end && p[pos] | 0x20 == UInt8(ascii: "x") {
            hex = true
            pos &+= 1
        }
        let digitsStart = pos
        var code: UInt32 = 0
        while pos < end {
            let d = p[pos]
            let value: UInt32
            if d >= 0x30 && d <= 0x39 {
                value = UInt32(d - 0x30)
            } else if hex && (d | 0x20) >= 0x61 && (d | 0x20) <= 0x66 {
                value = UInt32((d | 0x20) - 0x61 + 10)
            } else {
                break
            }
            code = min(code * (hex ? 16 : 10) + value, 0x11_0000)
            pos &+= 1
        }
        if pos == digitsStart {
            recordError(.absenceOfDigitsInNumericCharacterReference, at: pos)
            appendOutput(p, start..<pos, inAttribute: inAttribute)
            return pos
        }
        if pos < end && p[pos] == Byte.semicolon {
            pos &+= 1
        } else {
            recordError(.missingSemicolonAfterCharacterReference, at: pos)
        }
        // Numeric character reference end state.
        if code == 0 {
            recordError(.nullCharacterReference, at: pos)
            code = 0xFFFD
        } else if code > 0x10_FFFF {
            recordError(.characterReferenceOutsideUnicodeRange, at: pos)
            code = 0xFFFD
        } else if code >= 0xD800 && code <= 0xDFFF {
            recordError(.surrogateCharacterReference, at: pos)
            code = 0xFFFD
        } else {
            if (code >= 0xFDD0 && code <= 0xFDEF) || code & 0xFFFE == 0xFFFE {
                recordError(.noncharacterCharacterReference, at: pos)
            }
            let isControl = code < 0x20 || (code >= 0x7F && code <= 0x9F)
            if code == 0x0D || (isControl && code != 0x09 && code != 0x0A && code != 0x0C && code != 0x20) {
                recordError(.controlCharacterReference, at: pos)
                if code >= 0x80 && code <= 0x9F {
                    let replacement = Self.windows1252Replacements[Int(code - 0x80)]
                    if replacement != 0 { code = UInt32(replacement) }
                }
            }
        }
        appendScalar(code, inAttribute: inAttribute)
        return pos
    }

    /// Appends input bytes as they are to the current output (text or attribute value).
    @inline(__always)
    private mutating func appendOutput(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool) {
        if inAttribute {
            attributeBytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[range]))
        } else {
            appendInputText(p, range.lowerBound, range.upperBound)
        }
    }

    /// The spec's replacements for numeric references to 0x80 – 0x9F (0: no replacement).
    private static let windows1252Replacements: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}

extension Tokenizer {
    /// The ASCII bytes the tokenizer's states look for, and the byte classes they test (kept inside
    /// `Tokenizer` so that they never clash with other extensions of `UInt8`).
    enum Byte {
        static let exclamationMark = UInt8(ascii: "!")
        static let quotationMark = UInt8(ascii: "\"")
        static let numberSign = UInt8(ascii: "#")
        static let ampersand = UInt8(ascii: "&")
        static let apostrophe = UInt8(ascii: "'")
        static let hyphen = UInt8(ascii: "-")
        static let solidus = UInt8(ascii: "/")
        static let semicolon = UInt8(ascii: ";")
        static let lessThan = UInt8(ascii: "<")
        static let equalsSign = UInt8(ascii: "=")
        static let greaterThan = UInt8(ascii: ">")
        static let questionMark = UInt8(ascii: "?")
        static let rightSquareBracket = UInt8(ascii: "]")
        static let graveAccent = UInt8(ascii: "`")

        /// Tab, LF, FF or space (the tokenizer never sees CR).
        @inline(__always)
        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C
        }

        /// An ASCII letter.
        @inline(__always)
        static func isAlpha(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        }

        /// An ASCII letter or digit.
        @inline(__always)
        static func isAlphanumeric(_ byte: UInt8) -> Bool {
            isAlpha(byte) || (byte >= 0x30 && byte <= 0x39)
        }
    }

    /// Appends U+FFFD REPLACEMENT CHARACTER in UTF-8 (out of line: U+0000 is rare).
    @inline(never)
    static func appendReplacementCharacter(to buffer: inout [UInt8]) {
        buffer.append(0xEF)
        buffer.append(0xBF)
        buffer.append(0xBD)
    }

    /// Appends a Unicode scalar value (not a surrogate, at most U+10FFFF) in UTF-8.
    static func appendUTF8(_ code: UInt32, to buffer: inout [UInt8]) {
        switch code {
        case 0..<0x80:
            buffer.append(UInt8(code))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | (code >> 6)))
            buffer.append(UInt8(0x80 | (code & 0x3F)))
        case 0x800..<0x1_0000:
            buffer.append(UInt8(0xE0 | (code >> 12)))
            buffer.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (code & 0x3F)))
        default:
            buffer.append(UInt8(0xF0 | ((code >> 18) & 0x07)))
            buffer.append(UInt8(0x80 | ((code >> 12) & 0x3F)))
            buffer.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (code & 0x3F)))
        }
    }
}
