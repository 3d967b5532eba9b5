/// index gb18030 ranges, with the "index gb18030 ranges code point" lookup of the Encoding Standard.
struct GB18030Ranges: Sendable {
    /// Pointers at which a range starts, ascending.
    private let pointers: [UInt32]
    /// The code point of each range's first pointer.
    private let codePoints: [UInt32]

    init(base64: String) {
        let bytes = EncodingIndex.decodeBase64(base64)
        var pointers: [UInt32] = []
        var codePoints: [UInt32] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var pointer: UInt32 = 0
            var codePoint: UInt32 = 0
            for byte in bytes[offset..<offset + 4] { pointer = pointer << 8 | UInt32(byte) }
            for byte in bytes[offset + 4..<offset + 8] { codePoint = codePoint << 8 | UInt32(byte) }
            pointers.append(pointer)
            codePoints.append(codePoint)
            offset += 8
        }
        self.pointers = pointers
        self.codePoints = codePoints
    }

    /// The shared ranges index.
    static let shared = GB18030Ranges(base64: EncodingData.gb18030Ranges)

    /// The code point of a four-byte pointer, or `nil` for the pointers outside every range.
    func codePoint(for pointer: Int) -> UInt32? {
        if (pointer > 39419 && pointer < 189000) || pointer > 1_237_575 { return nil }
        if pointer == 7457 { return 0xE7C7 }
        // The last range starting at or before the pointer.
        var low = 0
        var high = pointers.count
        while low < high {
            let middle = (low + high) / 2
            if Int(pointers[middle]) <= pointer { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        return codePoints[low - 1] + UInt32(pointer - Int(pointers[low - 1]))
    }
}
