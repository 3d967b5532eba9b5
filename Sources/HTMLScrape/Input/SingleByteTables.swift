/// The upper halves (bytes 0x80–0xFF) of the single-byte encodings, as the WHATWG Encoding Standard's
/// indexes give them (generated into ``EncodingData/singleByte``): entry `i` is the code point of byte
/// `0x80 + i`, U+FFFD where the index has none (the decoder's error). x-user-defined, which has no
/// index, maps byte `0x80 + i` to U+F780 + i.
enum SingleByteTables {
    /// Every single-byte encoding's table.
    static let tables: [TextEncoding: [UInt16]] = {
        let values = EncodingIndex.decodeBase64(EncodingData.singleByte)
        var tables: [TextEncoding: [UInt16]] = [:]
        for (position, name) in EncodingData.singleByteNames.split(separator: " ").enumerated() {
            guard let encoding = TextEncoding(rawValue: String(name)) else { continue }
            var table: [UInt16] = []
            table.reserveCapacity(128)
            for entry in 0..<128 {
                // Always 128 entries: the decoder indexes them without a check.
                let offset = (position * 128 + entry) * 2
                let value = offset + 1 < values.count ? UInt16(values[offset]) << 8 | UInt16(values[offset + 1]) : 0
                table.append(value == 0 ? 0xFFFD : value)
            }
            tables[encoding] = table
        }
        tables[.xUserDefined] = (0..<128).map { 0xF780 + UInt16($0) }
        return tables
    }()

    /// The table of a single-byte encoding (or x-user-defined), 128 entries; `nil` for the other
    /// encodings.
    static func table(for encoding: TextEncoding) -> [UInt16]? {
        tables[encoding]
    }
}
