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
/// Sniffing knows, and ``TextEncoding`` decodes, every encoding of the WHATWG Encoding Standard,
/// including `replacement` (the labels `iso-2022-kr`, `hz-gb-2312`, …), which decodes non-empty input
/// to a single U+FFFD as browsers do.
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

    /// The canonical WHATWG name of the encoding found (`"UTF-8"`, `"windows-1252"`, `"EUC-JP"`, …):
    /// `encoding.rawValue`.
    public var name: String { encoding.rawValue }
    /// The encoding the bytes are decoded with.
    public let encoding: TextEncoding
    /// Where the encoding came from.
    public let source: Source
    /// How many bytes of byte order mark the input starts with (skipped when decoding).
    public let byteOrderMarkLength: Int

    /// Whether the encoding is certain (from a byte order mark or the transport layer) rather than
    /// tentative (from a `<meta>` element or the fallback), in the HTML spec's terms.
    public var isCertain: Bool { source == .byteOrderMark || source == .transportLayer }

    /// Whether ``encoding`` decodes the encoding named by ``name``: always `true`, since every encoding
    /// of the Encoding Standard is decoded.
    @available(*, deprecated, message: "every encoding of the WHATWG Encoding Standard is decoded now; this is always true")
    public var isDecodable: Bool { true }

    init(encoding: TextEncoding, source: Source, byteOrderMarkLength: Int = 0) {
        self.encoding = encoding
        self.source = source
        self.byteOrderMarkLength = byteOrderMarkLength
    }
}
