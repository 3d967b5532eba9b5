/// The input stream preprocessing of WHATWG HTML §13.2.3.5, fused with UTF-8 decoding: bytes in,
/// the tokenizer's input out.
///
/// - Invalid UTF-8 becomes U+FFFD per maximal subpart, as the WHATWG Encoding Standard's UTF-8 decoder
///   says (`F0 9F 98 41` → U+FFFD `A`; `ED A0 80`, an encoded surrogate, → three U+FFFD).
/// - CR and CR LF become LF, also when the pair straddles two ``write(_:)`` calls.
/// - `control-character-in-input-stream` is recorded for C0 controls other than ASCII white space and
///   NUL, for DEL, and for the C1 controls U+0080–U+009F; `noncharacter-in-input-stream` for
///   U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, …). The
///   characters themselves stay. `surrogate-in-input-stream` cannot happen: decoding has already
///   turned every surrogate (encoded in UTF-8 or unpaired in UTF-16) into U+FFFD.
/// - Error offsets are byte offsets in the output.
///
/// Clean runs (ASCII without CR or controls, and valid multi-byte characters) are checked eight bytes
/// at a time where possible and copied in bulk.
struct InputStreamNormalizer {
    private(set) var output: [UInt8] = []
    private(set) var errors: [RecordedError] = []
    /// The last byte written was a CR (an LF at the start of the next chunk is dropped).
    private var pendingCR = false
    /// The first bytes of a UTF-8 sequence that the last chunk ended in the middle of.
    private var carry: [UInt8] = []
    /// Set by ``checkUnchanged(_:)`` when its input passes through unchanged (nothing is copied then).
    private(set) var inputUnchanged = false

    /// How many output bytes to make room for at the first write into ``output``.
    private var expectedCount: Int

    init(expectedCount: Int = 0) {
        // Room is made at the first flush, so that input which passes unchanged allocates nothing.
        self.expectedCount = expectedCount
    }

    /// Appends the next chunk of UTF-8 input.
    mutating func write(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !chunk.isEmpty else { return }
        if !carry.isEmpty {
            // A character straddles the boundary: finish it from a joined copy (rare).
            var joined = carry
            carry.removeAll()
            joined.append(contentsOf: chunk)
            joined.withUnsafeBufferPointer { process($0, isFinal: false) }
        } else {
            process(chunk, isFinal: false)
        }
    }

    /// Normalizes `input`, the whole input, but copies nothing when it passes through unchanged (no
    /// CR, no invalid UTF-8, no sequence cut off at the end): then ``inputUnchanged`` is set and the
    /// output stays empty, and the caller uses the bytes it holds. Errors are recorded either way.
    mutating func checkUnchanged(_ input: UnsafeBufferPointer<UInt8>) {
        process(input, isFinal: true, keepsUnchangedUncopied: true)
    }

    /// Ends the input (an incomplete sequence at the very end becomes U+FFFD) and hands the result back.
    mutating func finish() -> (bytes: [UInt8], errors: [RecordedError]) {
        if !carry.isEmpty {
            let rest = carry
            carry.removeAll()
            rest.withUnsafeBufferPointer { process($0, isFinal: true) }
        }
        return (output, errors)
    }

    /// Whether the eight bytes of `word` are all printable ASCII (U+0020–U+007E).
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        return (word | (word &+ 0x0101_0101_0101_0101) | ((word &- 0x2020_2020_2020_2020) & ~word)) & high == 0
    }

    /// Whether the eight bytes of `word` are all printable ASCII (U+0020–U+007E), TAB, LF or FF:
    /// bytes that pass unchanged and without an error (NUL passes too, but is left to the byte loop).
    /// Exact per byte: every subtraction below starts from a byte with its high bit set, so no
    /// borrow crosses into the next byte.
    @inline(__always)
    private static func isCleanASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let ones: UInt64 = 0x0101_0101_0101_0101
        guard word & high == 0 else { return false }
        let raised = word | high
        // High bit set in a byte of `atLeast(n)` when the byte is at least n.
        let below32 = ~(raised &- ones &* 0x20) & high
        let tabOrLineFeed = (raised &- ones &* 0x09) & ~(raised &- ones &* 0x0B) & high
        let formFeed = ~((word ^ (ones &* 0x0C)) &+ low) & high
        let delete = ~((word ^ low) &+ low) & high
        return (below32 & ~(tabOrLineFeed | formFeed)) | delete == 0
    }

    /// ASCII bytes that pass unchanged and without an error: NUL (the tokenizer reports it), TAB, LF,
    /// FF and U+0020–U+007E. Bit `b` of the pair.
    private static var cleanLow: UInt64 { 0xFFFF_FFFF_0000_1601 }
    private static var cleanHigh: UInt64 { 0x7FFF_FFFF_FFFF_FFFF }

    /// Normalizes one chunk into ``output``. With `keepsUnchangedUncopied`, a chunk that passes
    /// unchanged as a whole is not copied (``inputUnchanged`` says so), for a caller that already
    /// holds the bytes.
    private mutating func process(
        _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, keepsUnchangedUncopied: Bool = false
    ) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        var index = 0
        if pendingCR {
            pendingCR = false
            if base[0] == 0x0A { index = 1 }
        }
        var runStart = index
        // `output.count` plus the length of the pending run gives the output offset of `index`.
        var outputBase = output.count - runStart

        @inline(__always) func flush(_ end: Int) {
            if output.capacity == 0 && expectedCount > 0 { output.reserveCapacity(expectedCount) }
            if end > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart))
            }
        }

        while index < count {
            // Eight bytes at a time while they are printable ASCII, or else printable ASCII, TAB, LF
            // and FF (indented markup has white space in nearly every eight bytes).
            // (Not at a multi-byte character: runs of them go from one straight to the next.)
            // The bound comes first: `index` may be `count` here, past the last byte.
            while index &+ 8 <= count && base[index] < 0x80 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard Self.isPrintableASCII(word) || Self.isCleanASCII(word) else { break }
                index &+= 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte < 0x80 {
                let clean = byte < 64 ? (Self.cleanLow >> UInt64(byte)) & 1 : (Self.cleanHigh >> UInt64(byte - 64)) & 1
                if clean != 0 {
                    index &+= 1
                    continue
                }
                if byte == 0x0D {
                    flush(index)
                    output.append(0x0A)
                    index += 1
                    if index < count {
                        if base[index] == 0x0A { index += 1 }
                    } else {
                        pendingCR = true
                    }
                    runStart = index
                    outputBase = output.count - runStart
                    continue
                }
                errors.append(RecordedError(code: .controlCharacterInInputStream, offset: outputBase + index))
                index &+= 1
                continue
            }
            // A multi-byte sequence: how many continuation bytes, and the range of the first one.
            let shape = UTF8LeadByte.shape(of: byte)
            let needed = shape?.continuations ?? 0
            var lower: UInt8 = shape?.lower ?? 0x80
            var upper: UInt8 = shape?.upper ?? 0xBF
            var length = 1
            var valid = needed > 0
            while valid && length <= needed {
                guard index + length < count else {
                    if !isFinal {
                        // The sequence may continue in the next chunk.
                        flush(index)
                        carry = Array(UnsafeBufferPointer(start: base + index, count: count - index))
                        return
                    }
                    valid = false
                    break
                }
                let next = base[index + length]
                guard next >= lower && next <= upper else {
                    valid = false
                    break
                }
                lower = 0x80
                upper = 0xBF
                length += 1
            }
            if !valid {
                // The maximal subpart (at least one byte) becomes one U+FFFD.
                flush(index)
                output.append(contentsOf: [0xEF, 0xBF, 0xBD] as [UInt8])
                index += length
                runStart = index
                outputBase = output.count - runStart
                continue
            }
            switch length {
            case 2:
                if byte == 0xC2 && base[index + 1] < 0xA0 {
                    errors.append(RecordedError(code: .controlCharacterInInputStream, offset: outputBase + index))
                }
            case 3:
                if byte == 0xEF {
                    let second = base[index + 1]
                    let third = base[index + 2]
                    if (second == 0xB7 && third >= 0x90 && third <= 0xAF) || (second == 0xBF && third >= 0xBE) {
                        errors.append(RecordedError(code: .noncharacterInInputStream, offset: outputBase + index))
                    }
                }
            default:
                if base[index + 1] & 0x0F == 0x0F && base[index + 2] == 0xBF && base[index + 3] >= 0xBE {
                    errors.append(RecordedError(code: .noncharacterInInputStream, offset: outputBase + index))
                }
            }
            index += length
        }
        if keepsUnchangedUncopied && runStart == 0 && output.isEmpty && carry.isEmpty {
            inputUnchanged = true
            return
        }
        flush(count)
    }
}
