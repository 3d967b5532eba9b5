/// The decoders of the WHATWG Encoding Standard's legacy multi-byte encodings, and of `replacement`.
///
/// Each follows its decoder algorithm in the standard over the whole input at once: where the standard
/// "restores" bytes to the input after an error (an ASCII byte that follows a lead byte, the last bytes
/// of a broken gb18030 four-byte sequence, a broken ISO-2022-JP escape sequence), the decoder steps back
/// to them, since they are always the bytes just read. Every error decodes to one U+FFFD.
extension TextDecoder {
    /// Decodes `input` from any encoding except UTF-8 to UTF-8, in blocks that end on character
    /// boundaries. UTF-8 passes through unchanged: ``InputStreamNormalizer`` decodes it in the same pass
    /// that preprocesses it.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, blockSize: Int, sink: UTF8Sink
    ) {
        switch encoding {
        case .utf8:
            sink(input)
        case .utf16LE, .utf16BE:
            decodeUTF16(input, bigEndian: encoding == .utf16BE, blockSize: blockSize, sink: sink)
        case .gbk, .gb18030:
            UTF8Block.with(size: blockSize, sink: sink) { decodeGB18030(input, into: &$0, sink) }
        case .big5:
            UTF8Block.with(size: blockSize, sink: sink) { decodeBig5(input, into: &$0, sink) }
        case .eucJP:
            UTF8Block.with(size: blockSize, sink: sink) { decodeEUCJP(input, into: &$0, sink) }
        case .iso2022JP:
            UTF8Block.with(size: blockSize, sink: sink) { decodeISO2022JP(input, into: &$0, sink) }
        case .shiftJIS:
            UTF8Block.with(size: blockSize, sink: sink) { decodeShiftJIS(input, into: &$0, sink) }
        case .eucKR:
            UTF8Block.with(size: blockSize, sink: sink) { decodeEUCKR(input, into: &$0, sink) }
        case .replacement:
            // One error for the whole (non-empty) input.
            if !input.isEmpty { UTF8Block.with(size: blockSize, sink: sink) { $0.appendReplacement(sink) } }
        default:
            // The single-byte encodings and x-user-defined: every one has a table.
            guard let table = SingleByteTables.table(for: encoding) else { return }
            decodeSingleByte(input, table: table, blockSize: blockSize, sink: sink)
        }
    }

    /// Copies the ASCII run at `index` to `out` and returns where it ends.
    @inline(__always)
    private static func copyASCII(
        _ base: UnsafePointer<UInt8>, from index: Int, count: Int, into out: inout UTF8Block, _ sink: UTF8Sink
    ) -> Int {
        let end = UTF8Block.asciiRunEnd(base, from: index, count: count)
        if end > index { out.appendASCII(base + index, count: end - index, sink) }
        return end
    }

    /// The gb18030 decoder (also GBK's): ASCII, 0x80 as €, two-byte sequences through index gb18030,
    /// four-byte sequences through index gb18030 ranges.
    static func decodeGB18030(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let index = EncodingIndex.gb18030
        let ranges = GB18030Ranges.shared
        var i = 0
        while true {
            i = copyASCII(base, from: i, count: count, into: &out, sink)
            guard i < count else { break }
            let first = base[i]
            i += 1
            if first == 0x80 {
                out.append(0x20AC, sink)
                continue
            }
            guard first != 0xFF else {
                out.appendReplacement(sink)
                continue
            }
            guard i < count else {
                out.appendReplacement(sink)
                break
            }
            let second = base[i]
            i += 1
            if second >= 0x30 && second <= 0x39 {
                guard i < count else {
                    out.appendReplacement(sink)
                    break
                }
                let third = base[i]
                i += 1
                guard third >= 0x81 && third <= 0xFE else {
                    // Restore « second, byte ».
                    i -= 2
                    out.appendReplacement(sink)
                    continue
                }
                guard i < count else {
                    out.appendReplacement(sink)
                    break
                }
                let fourth = base[i]
                i += 1
                guard fourth >= 0x30 && fourth <= 0x39 else {
                    // Restore « second, third, byte ».
                    i -= 3
                    out.appendReplacement(sink)
                    continue
                }
                var pointer = (Int(first) - 0x81) * (10 * 126 * 10)
                pointer += (Int(second) - 0x30) * (10 * 126)
                pointer += (Int(third) - 0x81) * 10 + Int(fourth) - 0x30
                if let codePoint = ranges.codePoint(for: pointer) {
                    out.append(codePoint, sink)
                } else {
                    out.appendReplacement(sink)
                }
                continue
            }
            let offset = second < 0x7F ? 0x40 : 0x41
            if (second >= 0x40 && second <= 0x7E) || (second >= 0x80 && second <= 0xFE),
                let codePoint = index[(Int(first) - 0x81) * 190 + Int(second) - offset]
            {
                out.append(codePoint, sink)
                continue
            }
            if second < 0x80 { i -= 1 }
            out.appendReplacement(sink)
        }
    }

    /// The Big5 decoder: two-byte sequences through index Big5, four of which stand for two code points.
    static func decodeBig5(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let index = EncodingIndex.big5
        var i = 0
        while true {
            i = copyASCII(base, from: i, count: count, into: &out, sink)
            guard i < count else { break }
            let lead = base[i]
            i += 1
            guard lead >= 0x81 && lead <= 0xFE else {
                out.appendReplacement(sink)
                continue
            }
            guard i < count else {
                out.appendReplacement(sink)
                break
            }
            let byte = base[i]
            i += 1
            let offset = byte < 0x7F ? 0x40 : 0x62
            if (byte >= 0x40 && byte <= 0x7E) || (byte >= 0xA1 && byte <= 0xFE) {
                let pointer = (Int(lead) - 0x81) * 157 + Int(byte) - offset
                switch pointer {
                case 1133, 1135, 1164, 1166:
                    // Ê or ê with a combining macron or caron: no single code point.
                    out.append(pointer < 1164 ? 0x00CA : 0x00EA, sink)
                    out.append(pointer == 1133 || pointer == 1164 ? 0x0304 : 0x030C, sink)
                    continue
                default:
                    if let codePoint = index[pointer] {
                        out.append(codePoint, sink)
                        continue
                    }
                }
            }
            if byte < 0x80 { i -= 1 }
            out.appendReplacement(sink)
        }
    }

    /// The EUC-JP decoder: JIS X 0208 in two bytes, half-width katakana after 0x8E, JIS X 0212 in three
    /// bytes after 0x8F.
    static func decodeEUCJP(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let jis0208 = EncodingIndex.jis0208
        let jis0212 = EncodingIndex.jis0212
        var i = 0
        while true {
            i = copyASCII(base, from: i, count: count, into: &out, sink)
            guard i < count else { break }
            var lead = base[i]
            i += 1
            guard lead == 0x8E || lead == 0x8F || (lead >= 0xA1 && lead <= 0xFE) else {
                out.appendReplacement(sink)
                continue
            }
            guard i < count else {
                out.appendReplacement(sink)
                break
            }
            var byte = base[i]
            i += 1
            if lead == 0x8E && byte >= 0xA1 && byte <= 0xDF {
                out.append(0xFF61 - 0xA1 + UInt32(byte), sink)
                continue
            }
            var usesJIS0212 = false
            if lead == 0x8F && byte >= 0xA1 && byte <= 0xFE {
                usesJIS0212 = true
                lead = byte
                guard i < count else {
                    out.appendReplacement(sink)
                    break
                }
                byte = base[i]
                i += 1
            }
            if lead >= 0xA1 && lead <= 0xFE && byte >= 0xA1 && byte <= 0xFE {
                let pointer = (Int(lead) - 0xA1) * 94 + Int(byte) - 0xA1
                if let codePoint = usesJIS0212 ? jis0212[pointer] : jis0208[pointer] {
                    out.append(codePoint, sink)
                    continue
                }
            }
            if byte < 0x80 { i -= 1 }
            out.appendReplacement(sink)
        }
    }

    /// The Shift_JIS decoder: ASCII and 0x80 as themselves, half-width katakana in one byte, JIS X 0208
    /// (and the Windows user-defined area, as Private Use code points) in two.
    static func decodeShiftJIS(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let index = EncodingIndex.jis0208
        var i = 0
        while true {
            i = copyASCII(base, from: i, count: count, into: &out, sink)
            guard i < count else { break }
            let lead = base[i]
            i += 1
            if lead == 0x80 {
                out.append(0x80, sink)
                continue
            }
            if lead >= 0xA1 && lead <= 0xDF {
                out.append(0xFF61 - 0xA1 + UInt32(lead), sink)
                continue
            }
            guard (lead >= 0x81 && lead <= 0x9F) || (lead >= 0xE0 && lead <= 0xFC) else {
                out.appendReplacement(sink)
                continue
            }
            guard i < count else {
                out.appendReplacement(sink)
                break
            }
            let byte = base[i]
            i += 1
            if (byte >= 0x40 && byte <= 0x7E) || (byte >= 0x80 && byte <= 0xFC) {
                let offset = byte < 0x7F ? 0x40 : 0x41
                let leadOffset = lead < 0xA0 ? 0x81 : 0xC1
                let pointer = (Int(lead) - leadOffset) * 188 + Int(byte) - offset
                if pointer >= 8836 && pointer <= 10715 {
                    out.append(UInt32(0xE000 - 8836 + pointer), sink)
                    continue
                }
                if let codePoint = index[pointer] {
                    out.append(codePoint, sink)
                    continue
                }
            }
            if byte < 0x80 { i -= 1 }
            out.appendReplacement(sink)
        }
    }

    /// The EUC-KR decoder: two-byte sequences through index EUC-KR.
    static func decodeEUCKR(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let index = EncodingIndex.eucKR
        var i = 0
        while true {
            i = copyASCII(base, from: i, count: count, into: &out, sink)
            guard i < count else { break }
            let lead = base[i]
            i += 1
            guard lead >= 0x81 && lead <= 0xFE else {
                out.appendReplacement(sink)
                continue
            }
            guard i < count else {
                out.appendReplacement(sink)
                break
            }
            let byte = base[i]
            i += 1
            if byte >= 0x41 && byte <= 0xFE, let codePoint = index[(Int(lead) - 0x81) * 190 + Int(byte) - 0x41] {
                out.append(codePoint, sink)
                continue
            }
            if byte < 0x80 { i -= 1 }
            out.appendReplacement(sink)
        }
    }

    /// The states of the ISO-2022-JP decoder.
    private enum ISO2022JPState {
        case ascii, roman, katakana, leadByte, trailByte, escapeStart, escape
    }

    /// The ISO-2022-JP decoder: a state machine switched by `ESC ( B` (ASCII), `ESC ( J` (JIS X 0201
    /// Roman), `ESC ( I` (half-width katakana) and `ESC $ @` / `ESC $ B` (JIS X 0208). Two escape
    /// sequences in a row with nothing decoded between them are an error, as is any byte the current
    /// state does not allow.
    static func decodeISO2022JP(_ input: UnsafeBufferPointer<UInt8>, into out: inout UTF8Block, _ sink: UTF8Sink) {
        let count = input.count
        let jis0208 = EncodingIndex.jis0208
        var state = ISO2022JPState.ascii
        var outputState = ISO2022JPState.ascii
        var lead: Int = 0
        var output = false
        var i = 0
        let endOfInput = -1
        loop: while true {
            let byte = i < count ? Int(input[i]) : endOfInput
            i += 1
            switch state {
            case .ascii, .roman:
                if byte == 0x1B {
                    state = .escapeStart
                } else if byte == endOfInput {
                    break loop
                } else if byte <= 0x7F && byte != 0x0E && byte != 0x0F {
                    output = false
                    if state == .roman && byte == 0x5C {
                        out.append(0x00A5, sink)
                    } else if state == .roman && byte == 0x7E {
                        out.append(0x203E, sink)
                    } else {
                        out.append(UInt32(byte), sink)
                    }
                } else {
                    output = false
                    out.appendReplacement(sink)
                }
            case .katakana:
                if byte == 0x1B {
                    state = .escapeStart
                } else if byte == endOfInput {
                    break loop
                } else if byte >= 0x21 && byte <= 0x5F {
                    output = false
                    out.append(UInt32(0xFF61 - 0x21 + byte), sink)
                } else {
                    output = false
                    out.appendReplacement(sink)
                }
            case .leadByte:
                if byte == 0x1B {
                    state = .escapeStart
                } else if byte == endOfInput {
                    break loop
                } else if byte >= 0x21 && byte <= 0x7E {
                    output = false
                    lead = byte
                    state = .trailByte
                } else {
                    output = false
                    out.appendReplacement(sink)
                }
            case .trailByte:
                if byte == 0x1B {
                    state = .escapeStart
                    out.appendReplacement(sink)
                } else if byte >= 0x21 && byte <= 0x7E {
                    state = .leadByte
                    if let codePoint = jis0208[(lead - 0x21) * 94 + byte - 0x21] {
                        out.append(codePoint, sink)
                    } else {
                        out.appendReplacement(sink)
                    }
                } else {
                    // Another byte, or the end of the input (met again in the leading byte state).
                    state = .leadByte
                    out.appendReplacement(sink)
                }
            case .escapeStart:
                if byte == 0x24 || byte == 0x28 {
                    lead = byte
                    state = .escape
                    continue loop
                }
                if byte != endOfInput { i -= 1 }  // Restore byte.
                output = false
                state = outputState
                out.appendReplacement(sink)
            case .escape:
                let leading = lead
                lead = 0
                var next: ISO2022JPState?
                if leading == 0x28 && byte == 0x42 { next = .ascii }
                if leading == 0x28 && byte == 0x4A { next = .roman }
                if leading == 0x28 && byte == 0x49 { next = .katakana }
                if leading == 0x24 && (byte == 0x40 || byte == 0x42) { next = .leadByte }
                if let next {
                    state = next
                    outputState = next
                    let hadOutput = output
                    output = true
                    if hadOutput { out.appendReplacement(sink) }
                    continue loop
                }
                // Restore leading (and byte): they are the bytes just read.
                i = byte == endOfInput ? count - 1 : i - 2
                output = false
                state = outputState
                out.appendReplacement(sink)
            }
        }
    }
}
