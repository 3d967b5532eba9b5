/// The label table of the WHATWG Encoding Standard (generated into ``EncodingData/labels``) and the
/// lookup the spec's "get an encoding" describes.
enum EncodingLabels {
    /// Label (lower-case) → encoding, for every label of the Encoding Standard.
    static let encodings: [String: TextEncoding] = {
        var encodings: [String: TextEncoding] = [:]
        for line in EncodingData.labels.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.first, let encoding = TextEncoding(rawValue: String(name)) else { continue }
            for label in fields.dropFirst() { encodings[String(label)] = encoding }
        }
        return encodings
    }()

    /// The longest label, in bytes; longer input cannot be a label.
    static let longestLabel = encodings.keys.map(\.utf8.count).max() ?? 0

    /// Resolves a label: trims leading and trailing ASCII white space (TAB, LF, FF, CR, space), folds
    /// ASCII case, and looks it up.
    static func encoding(forLabel label: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        var start = 0
        var end = label.count
        while start < end, isWhitespace(label[start]) { start += 1 }
        while end > start, isWhitespace(label[end - 1]) { end -= 1 }
        // `utf-8` and `utf8`, nearly every label on the web, without building a string to look up (nor,
        // in a process that meets no other label, the table).
        let count = end - start
        if count == 5 || count == 4 {
            let l = label[start] | 0x20, t = label[start + 1] | 0x20, f = label[start + 2] | 0x20
            if l == UInt8(ascii: "u") && t == UInt8(ascii: "t") && f == UInt8(ascii: "f") {
                if count == 4 && label[start + 3] == UInt8(ascii: "8") { return .utf8 }
                if count == 5 && label[start + 3] == UInt8(ascii: "-") && label[start + 4] == UInt8(ascii: "8") {
                    return .utf8
                }
            }
        }
        guard end > start, end - start <= longestLabel else { return nil }
        var folded: [UInt8] = []
        folded.reserveCapacity(end - start)
        for index in start..<end {
            let byte = label[index]
            folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return encodings[String(decoding: folded, as: UTF8.self)]
    }

    /// ASCII white space as the HTML and Encoding specs define it: TAB, LF, FF, CR, space.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
