/// What encoding sniffing decided for a byte stream, and why.
///
/// Sniffing follows the WHATWG HTML "determining the character encoding" steps: a byte order mark wins,
/// then the transport layer's charset (an HTTP `Content-Type`), then a `<meta charset>` or
/// `<meta http-equiv="Content-Type">` found by prescanning the first 1024 bytes, then such a `<meta>`
/// anywhere later in the document (where a browser would change the encoding and parse again; see
/// ``Source/metaInDocument``), then UTF-8 when the bytes are valid UTF-8 with some non-ASCII text
/// (``Source/utf8Detection``), then the fallback (``TextEncoding/windows1252`` unless the caller chose
/// another).
///
/// Sniffing knows every encoding of the WHATWG Encoding Standard (``name``), but decodes only those of
/// ``TextEncoding``; for the others (`EUC-JP`, `Shift_JIS`, `GBK`, `Big5`, `EUC-KR`, `windows-1250`, …)
/// ``encoding`` is ``TextEncoding/windows1252``: every byte becomes one character, so the markup is
/// intact and the text can be re-encoded to the original bytes and decoded by other means. That includes
/// `replacement` (the labels `iso-2022-kr`, `hz-gb-2312`, …), which a browser decodes to a single
/// U+FFFD.
public struct EncodingSniffResult: Sendable, Hashable {
    /// Where the encoding came from.
    public enum Source: Sendable, Hashable {
        /// A UTF-8 or UTF-16 byte order mark at the start of the bytes.
        case byteOrderMark
        /// The charset the transport layer gave (an HTTP `Content-Type` header or a label).
        case transportLayer
        /// A `<meta>` element found by prescanning the first 1024 bytes.
        case metaPrescan
        /// A `<meta>` element further into the document, which the tree builder would have met: a
        /// browser "changes the encoding" and parses again when that happens; this parser decides it
        /// before parsing.
        case metaInDocument
        /// No declaration anywhere, but the bytes hold non-ASCII text that is all valid UTF-8 (the
        /// spec's optional autodetection step; legacy encodings almost never produce valid UTF-8).
        case utf8Detection
        /// None of the above: the fallback encoding.
        case fallback
    }

    /// The canonical WHATWG name of the encoding found (`"UTF-8"`, `"windows-1252"`, `"EUC-JP"`, …),
    /// whether or not this parser can decode it.
    public let name: String
    /// The encoding the bytes are decoded with: the one named by ``name`` when ``TextEncoding`` has it,
    /// ``TextEncoding/windows1252`` otherwise.
    public let encoding: TextEncoding
    /// Where the encoding came from.
    public let source: Source
    /// How many bytes of byte order mark the input starts with (skipped when decoding).
    public let byteOrderMarkLength: Int

    /// Whether the encoding is certain (from a byte order mark or the transport layer) rather than
    /// tentative (from a `<meta>` element or the fallback), in the HTML spec's terms.
    public var isCertain: Bool { source == .byteOrderMark || source == .transportLayer }

    /// Whether ``encoding`` decodes the encoding named by ``name`` (false when an undecodable encoding
    /// was replaced by windows-1252).
    public var isDecodable: Bool { encoding.rawValue == name }

    init(name: String, source: Source, byteOrderMarkLength: Int = 0) {
        self.name = name
        self.encoding = TextEncoding.decoding(canonicalName: name)
        self.source = source
        self.byteOrderMarkLength = byteOrderMarkLength
    }
}
