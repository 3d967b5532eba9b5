/// An index of the WHATWG Encoding Standard: pointer → code point, unpacked once, at first use, from
/// the base64 literals of ``EncodingData``. Immutable, so the shared instances are `Sendable`
/// constants, not mutable state.
struct EncodingIndex: Sendable {
    /// The pointer of `codePoints[0]`.
    private let first: Int
    /// The code point of each pointer from `first` on; 0 where the index has none.
    private let codePoints: [UInt32]

    /// Unpacks `width`-byte big-endian code points from base64.
    init(first: Int, base64: String, width: Int) {
        let bytes = Self.decodeBase64(base64)
        var codePoints: [UInt32] = []
        codePoints.reserveCapacity(bytes.count / width)
        var offset = 0
        while offset + width <= bytes.count {
            var value: UInt32 = 0
            for byte in bytes[offset..<offset + width] { value = value << 8 | UInt32(byte) }
            codePoints.append(value)
            offset += width
        }
        self.first = first
        self.codePoints = codePoints
    }

    /// The index code point for `pointer`, or `nil` when the index has none.
    @inline(__always)
    subscript(pointer: Int) -> UInt32? {
        let slot = pointer &- first
        guard slot >= 0, slot < codePoints.count else { return nil }
        let value = codePoints[slot]
        return value == 0 ? nil : value
    }

    /// index jis0208 (EUC-JP, ISO-2022-JP, Shift_JIS).
    static let jis0208 = EncodingIndex(first: EncodingData.jis0208First, base64: EncodingData.jis0208, width: 2)
    /// index jis0212 (EUC-JP's three-byte sequences).
    static let jis0212 = EncodingIndex(first: EncodingData.jis0212First, base64: EncodingData.jis0212, width: 2)
    /// index EUC-KR.
    static let eucKR = EncodingIndex(first: EncodingData.eucKRFirst, base64: EncodingData.eucKR, width: 2)
    /// index gb18030 (the two-byte sequences of gb18030 and GBK).
    static let gb18030 = EncodingIndex(first: EncodingData.gb18030First, base64: EncodingData.gb18030, width: 2)
    /// index Big5.
    static let big5 = EncodingIndex(first: EncodingData.big5First, base64: EncodingData.big5, width: 3)

    /// Decodes base64, skipping line breaks (and any other byte outside the alphabet).
    static func decodeBase64(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: continue
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}
