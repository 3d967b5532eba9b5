/// A character encoding of the WHATWG Encoding Standard, every one of which this parser decodes.
///
/// The `rawValue` is the encoding's canonical name in the standard (`UTF-8`, `windows-1252`,
/// `Shift_JIS`, …). Labels, the many names documents and servers use for an encoding, resolve with
/// ``init(label:)`` exactly as browsers resolve them. Each encoding decodes as the standard's decoder
/// for it says, error handling included: bytes that do not form a character become U+FFFD.
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8, the encoding of the web. Invalid byte sequences decode to U+FFFD.
    case utf8 = "UTF-8"

    // MARK: Legacy single-byte encodings

    /// IBM866 (DOS Cyrillic).
    case ibm866 = "IBM866"
    /// ISO-8859-2 (Latin-2, Central European).
    case iso8859_2 = "ISO-8859-2"
    /// ISO-8859-3 (Latin-3, South European).
    case iso8859_3 = "ISO-8859-3"
    /// ISO-8859-4 (Latin-4, North European).
    case iso8859_4 = "ISO-8859-4"
    /// ISO-8859-5 (Cyrillic).
    case iso8859_5 = "ISO-8859-5"
    /// ISO-8859-6 (Arabic).
    case iso8859_6 = "ISO-8859-6"
    /// ISO-8859-7 (Greek).
    case iso8859_7 = "ISO-8859-7"
    /// ISO-8859-8 (Hebrew, visual order).
    case iso8859_8 = "ISO-8859-8"
    /// ISO-8859-8-I (Hebrew, logical order): decodes as ``iso8859_8``.
    case iso8859_8I = "ISO-8859-8-I"
    /// ISO-8859-10 (Latin-6, Nordic).
    case iso8859_10 = "ISO-8859-10"
    /// ISO-8859-13 (Latin-7, Baltic).
    case iso8859_13 = "ISO-8859-13"
    /// ISO-8859-14 (Latin-8, Celtic).
    case iso8859_14 = "ISO-8859-14"
    /// ISO-8859-15 (Latin-9, Western European with the euro sign).
    case iso8859_15 = "ISO-8859-15"
    /// ISO-8859-16 (Latin-10, South-Eastern European).
    case iso8859_16 = "ISO-8859-16"
    /// KOI8-R (Russian).
    case koi8R = "KOI8-R"
    /// KOI8-U (Ukrainian).
    case koi8U = "KOI8-U"
    /// macintosh (Mac OS Roman).
    case macintosh = "macintosh"
    /// windows-874 (Thai; also the `tis-620` and `iso-8859-11` labels).
    case windows874 = "windows-874"
    /// windows-1250 (Central European).
    case windows1250 = "windows-1250"
    /// windows-1251 (Cyrillic).
    case windows1251 = "windows-1251"
    /// windows-1252, which the web also uses for every `ISO-8859-1`, `latin1` and `US-ASCII` label.
    /// It is the default fallback encoding of HTML parsing.
    case windows1252 = "windows-1252"
    /// windows-1253 (Greek).
    case windows1253 = "windows-1253"
    /// windows-1254 (Turkish; also the `iso-8859-9` and `latin5` labels).
    case windows1254 = "windows-1254"
    /// windows-1255 (Hebrew).
    case windows1255 = "windows-1255"
    /// windows-1256 (Arabic).
    case windows1256 = "windows-1256"
    /// windows-1257 (Baltic).
    case windows1257 = "windows-1257"
    /// windows-1258 (Vietnamese).
    case windows1258 = "windows-1258"
    /// x-mac-cyrillic (Mac OS Cyrillic, also `x-mac-ukrainian`).
    case xMacCyrillic = "x-mac-cyrillic"

    // MARK: Legacy multi-byte encodings

    /// GBK (simplified Chinese; also the `gb2312` labels). Decodes as ``gb18030``.
    case gbk = "GBK"
    /// gb18030 (simplified Chinese, covering all of Unicode with four-byte sequences).
    case gb18030 = "gb18030"
    /// Big5 (traditional Chinese, with the HKSCS extensions).
    case big5 = "Big5"
    /// EUC-JP (Japanese: JIS X 0208, half-width katakana and JIS X 0212).
    case eucJP = "EUC-JP"
    /// ISO-2022-JP (Japanese, switching character sets with escape sequences).
    case iso2022JP = "ISO-2022-JP"
    /// Shift_JIS (Japanese, as Windows code page 932 has it).
    case shiftJIS = "Shift_JIS"
    /// EUC-KR (Korean, as Windows code page 949 has it).
    case eucKR = "EUC-KR"

    // MARK: Legacy miscellaneous encodings

    /// The replacement encoding, which the labels of encodings that browsers refuse to decode
    /// (`iso-2022-kr`, `iso-2022-cn`, `hz-gb-2312`, …) stand for: non-empty input decodes to a single
    /// U+FFFD, so that no text can be smuggled past a filter in them.
    case replacement = "replacement"
    /// UTF-16, big-endian. Unpaired surrogates and an odd trailing byte decode to U+FFFD.
    case utf16BE = "UTF-16BE"
    /// UTF-16, little-endian. Unpaired surrogates and an odd trailing byte decode to U+FFFD.
    case utf16LE = "UTF-16LE"
    /// x-user-defined: ASCII as itself, bytes 0x80–0xFF as U+F780–U+F7FF.
    case xUserDefined = "x-user-defined"

    /// The encoding a label names, as the WHATWG Encoding Standard's "get an encoding" resolves it:
    /// leading and trailing ASCII white space is trimmed and case is ignored, so `" Latin1 "`,
    /// `iso-8859-1`, `us-ascii` and `cp1252` all give ``windows1252``, `utf-16` gives ``utf16LE``,
    /// `sjis` gives ``shiftJIS`` and `iso-2022-kr` gives ``replacement``.
    ///
    /// `nil` when the label is unknown.
    public init?(label: some StringProtocol) {
        let bytes = Array(label.utf8)
        guard let encoding = bytes.withUnsafeBufferPointer({ EncodingLabels.encoding(forLabel: $0) }) else {
            return nil
        }
        self = encoding
    }

    /// The canonical WHATWG name of the encoding a label names (`"EUC-JP"` for `"x-euc-jp"`); `nil`
    /// for an unknown label. The same as `TextEncoding(label:)?.rawValue`.
    public static func canonicalName(forLabel label: some StringProtocol) -> String? {
        TextEncoding(label: label)?.rawValue
    }

    /// Whether the encoding is UTF-16 (either byte order).
    var isUTF16: Bool { self == .utf16LE || self == .utf16BE }
}
