/// A character encoding that this parser can decode HTML input from.
///
/// The `rawValue` is the encoding's canonical name in the WHATWG Encoding Standard (`UTF-8`,
/// `windows-1252`, …). Labels, the many names documents and servers use for an encoding, resolve with
/// ``init(label:)`` exactly as browsers resolve them.
///
/// Encodings that sniffing can recognise but this type cannot decode (`EUC-JP`, `Shift_JIS`, `GBK`, …)
/// are reported by ``EncodingSniffResult/name``; their bytes are decoded as ``windows1252`` (see
/// ``EncodingSniffResult``).
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8, the encoding of the web. Invalid byte sequences decode to U+FFFD.
    case utf8 = "UTF-8"
    /// UTF-16, little-endian. Unpaired surrogates and an odd trailing byte decode to U+FFFD.
    case utf16LE = "UTF-16LE"
    /// UTF-16, big-endian. Unpaired surrogates and an odd trailing byte decode to U+FFFD.
    case utf16BE = "UTF-16BE"
    /// windows-1252, which the web also uses for every `ISO-8859-1`, `latin1` and `US-ASCII` label.
    /// It is the default fallback encoding of HTML parsing.
    case windows1252 = "windows-1252"
    /// ISO-8859-2 (Latin-2, Central European).
    case iso8859_2 = "ISO-8859-2"
    /// ISO-8859-15 (Latin-9, Western European with the euro sign).
    case iso8859_15 = "ISO-8859-15"
    /// windows-1251 (Cyrillic).
    case windows1251 = "windows-1251"

    /// The encoding a label names, as the WHATWG Encoding Standard's "get an encoding" resolves it:
    /// leading and trailing ASCII white space is trimmed and case is ignored, so `" Latin1 "`,
    /// `iso-8859-1`, `us-ascii` and `cp1252` all give ``windows1252``, `utf-16` gives ``utf16LE``.
    ///
    /// `nil` when the label is unknown, or when it names an encoding this type cannot decode (use
    /// ``canonicalName(forLabel:)`` to tell the two apart).
    public init?(label: some StringProtocol) {
        guard let name = Self.canonicalName(forLabel: label), let encoding = TextEncoding(rawValue: name)
        else { return nil }
        self = encoding
    }

    /// The canonical WHATWG name of the encoding a label names (`"EUC-JP"` for `"x-euc-jp"`), for every
    /// encoding of the Encoding Standard, decodable or not; `nil` for an unknown label.
    public static func canonicalName(forLabel label: some StringProtocol) -> String? {
        let bytes = Array(label.utf8)
        return bytes.withUnsafeBufferPointer { EncodingLabels.canonicalName(forLabel: $0) }
    }

    /// The encoding a WHATWG canonical name stands for when decoding: itself when this type can decode
    /// it, ``windows1252`` for the other ASCII-compatible encodings (each byte then becomes one
    /// character, so markup survives and the text can be re-encoded to the original bytes).
    static func decoding(canonicalName name: String) -> TextEncoding {
        TextEncoding(rawValue: name) ?? .windows1252
    }

    /// Whether the encoding is UTF-16 (either byte order).
    var isUTF16: Bool { self == .utf16LE || self == .utf16BE }
}
