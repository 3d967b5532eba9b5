/// The encoding sniffing algorithm of WHATWG HTML §13.2.3.1 ("determining the character encoding"):
/// byte order mark, then transport layer charset, then `<meta>` prescan, then the fallback.
///
/// One step is added before the fallback: when the first 1024 bytes decide nothing, the rest of the
/// document is searched for a `<meta>` that declares an encoding, as the tree builder would meet it.
/// A browser would then "change the encoding" (HTML §13.2.3.4) and parse again; here the encoding is
/// simply decided before the one and only parse. Then, as the spec's optional autodetection step allows
/// (and as Chromium does), bytes that hold non-ASCII text and are all valid UTF-8 are taken as UTF-8.
enum EncodingSniffer {
    /// How many bytes the prescan looks at.
    static let prescanLength = 1024

    /// Sniffs the encoding of `bytes`.
    ///
    /// - Parameters:
    ///   - transportEncoding: an HTTP `Content-Type` value (`text/html; charset=ISO-8859-1`) or a bare
    ///     charset label (`utf-8`); ignored when it names no known encoding.
    ///   - fallback: the encoding used when nothing else decides.
    static func sniff(
        _ bytes: UnsafeBufferPointer<UInt8>, transportEncoding: String?, fallback: TextEncoding
    ) -> EncodingSniffResult {
        if let bom = byteOrderMark(bytes) { return bom }
        if let transportEncoding, let encoding = charset(fromTransport: transportEncoding) {
            return EncodingSniffResult(encoding: encoding, source: .transportLayer)
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, prescanLength)])
        var prescan = MetaPrescan(prefix)
        if let encoding = prescan.run() {
            return EncodingSniffResult(encoding: encoding, source: .metaPrescan)
        }
        if bytes.count > prescanLength, mayContainMetaTag(bytes) {
            var late = MetaPrescan(bytes, skipsRawText: true)
            if let encoding = late.run() {
                return EncodingSniffResult(encoding: encoding, source: .metaInDocument)
            }
        }
        if UTF8Detection.isNonASCIIValidUTF8(bytes) {
            return EncodingSniffResult(encoding: .utf8, source: .utf8Detection)
        }
        return EncodingSniffResult(encoding: fallback, source: .fallback)
    }

    /// Whether `bytes` hold a `<meta` tag (any case) with `charset` (any case) before the tag's `>`.
    /// Every `<meta>` that declares an encoding does, so without one the document-wide search
    /// cannot find anything. This check errs only towards yes (quotes anywhere in the tag are
    /// honoured) and costs a fraction of that search: it looks for `<` eight bytes at a time.
    static func mayContainMetaTag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lessThans = lows &* UInt64(UInt8(ascii: "<"))
        let ems = lows &* UInt64(UInt8(ascii: "m"))
        let folding = lows &* 0x20
        @inline(__always) func lower(_ offset: Int) -> UInt8 { base[offset] | 0x20 }
        var index = 0
        while index < count {
            // Eight positions at a time, stopping only where `<` is followed by `m` or `M`.
            while index &+ 9 <= count {
                let here = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ lessThans
                let next = (UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt64.self) | folding) ^ ems
                let both = here | next
                if (both &- lows) & ~both & highs != 0 { break }
                index &+= 8
            }
            let stop = Swift.min(index &+ 8, count)
            while index < stop {
                defer { index &+= 1 }
                guard base[index] == UInt8(ascii: "<"), index &+ 5 <= count, lower(index + 1) == UInt8(ascii: "m"),
                      lower(index + 2) == UInt8(ascii: "e"), lower(index + 3) == UInt8(ascii: "t"),
                      lower(index + 4) == UInt8(ascii: "a") else { continue }
                // Inside the tag: look for `charset` until its `>` (outside quotes).
                var offset = index + 5
                var quote: UInt8 = 0
                while offset < count {
                    let byte = base[offset]
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    if byte | 0x20 == UInt8(ascii: "c"), offset &+ 7 <= count, lower(offset + 1) == UInt8(ascii: "h"),
                       lower(offset + 2) == UInt8(ascii: "a"), lower(offset + 3) == UInt8(ascii: "r"),
                       lower(offset + 4) == UInt8(ascii: "s"), lower(offset + 5) == UInt8(ascii: "e"),
                       lower(offset + 6) == UInt8(ascii: "t") {
                        return true
                    }
                    offset &+= 1
                }
            }
        }
        return false
    }

    /// A UTF-8 (`EF BB BF`), UTF-16BE (`FE FF`) or UTF-16LE (`FF FE`) byte order mark.
    static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> EncodingSniffResult? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return EncodingSniffResult(encoding: .utf8, source: .byteOrderMark, byteOrderMarkLength: 3)
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return EncodingSniffResult(encoding: .utf16BE, source: .byteOrderMark, byteOrderMarkLength: 2)
        }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return EncodingSniffResult(encoding: .utf16LE, source: .byteOrderMark, byteOrderMarkLength: 2)
        }
        return nil
    }

    /// The encoding a transport-layer value stands for: the `charset` parameter of a MIME type
    /// (`text/html; charset="utf-8"`), or the value itself when it is a bare label.
    static func charset(fromTransport value: String) -> TextEncoding? {
        let bytes = Array(value.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=") })
        else { return TextEncoding(label: value) }
        guard let label = charsetParameter(in: bytes) else { return nil }
        return label.withUnsafeBufferPointer { EncodingLabels.encoding(forLabel: $0) }
    }

    /// The value of the first `charset` parameter of a MIME type such as `text/html; charset=utf-8`
    /// (parameter names are case-insensitive; values may be quoted, with `\` escapes).
    static func charsetParameter(in bytes: [UInt8]) -> [UInt8]? {
        var index = 0
        let count = bytes.count
        // Skip the type/subtype.
        while index < count, bytes[index] != UInt8(ascii: ";") { index += 1 }
        while index < count {
            index += 1  // past ";"
            while index < count, EncodingLabels.isWhitespace(bytes[index]) { index += 1 }
            let nameStart = index
            while index < count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "=") { index += 1 }
            var nameEnd = index
            while nameEnd > nameStart, EncodingLabels.isWhitespace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            let isCharset = asciiCaseInsensitiveEquals(bytes[nameStart..<nameEnd], "charset")
            guard index < count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1  // past "="
            while index < count, EncodingLabels.isWhitespace(bytes[index]) { index += 1 }
            var value: [UInt8] = []
            if index < count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < count { index += 1 }
                    value.append(bytes[index])
                    index += 1
                }
                while index < count, bytes[index] != UInt8(ascii: ";") { index += 1 }
            } else {
                while index < count, bytes[index] != UInt8(ascii: ";") {
                    value.append(bytes[index])
                    index += 1
                }
            }
            if isCharset { return value }
        }
        return nil
    }

    /// The algorithm for extracting a character encoding from a `meta` element's `content` value
    /// (WHATWG HTML §2.5.6): the label after the first `charset` followed by `=`.
    static func charsetFromMetaContent(_ bytes: [UInt8]) -> [UInt8]? {
        let count = bytes.count
        var position = 0
        while true {
            // Find "charset", case-insensitively, at or after position.
            var found = -1
            var index = position
            while index + 7 <= count {
                if asciiCaseInsensitiveEquals(bytes[index..<index + 7], "charset") {
                    found = index
                    break
                }
                index += 1
            }
            guard found >= 0 else { return nil }
            position = found + 7
            while position < count, EncodingLabels.isWhitespace(bytes[position]) { position += 1 }
            guard position < count, bytes[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < count, EncodingLabels.isWhitespace(bytes[position]) { position += 1 }
            guard position < count else { return nil }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let close = bytes[(position + 1)...].firstIndex(of: first) else { return nil }
                return Array(bytes[(position + 1)..<close])
            }
            var end = position
            while end < count, !EncodingLabels.isWhitespace(bytes[end]), bytes[end] != UInt8(ascii: ";") { end += 1 }
            return Array(bytes[position..<end])
        }
    }

    /// Whether `bytes` spells `lowercase` (which must be lower-case ASCII), ignoring ASCII case.
    static func asciiCaseInsensitiveEquals(_ bytes: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        var i = 0
        for byte in bytes {
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != expected[i] { return false }
            i += 1
        }
        return true
    }
}
