extension Document {
    /// Parses an HTML document from bytes, decoding them as a browser would.
    ///
    /// The encoding is sniffed as the WHATWG HTML spec says (see ``EncodingSniffResult``): a byte order
    /// mark wins; then `transportEncoding`; then a `<meta charset>` or
    /// `<meta http-equiv="Content-Type" content="…; charset=…">` within the first 1024 bytes; then such a
    /// `<meta>` later in the document; then UTF-8 if the bytes are valid UTF-8 holding some non-ASCII
    /// text (autodetection, as Chromium does); then windows-1252, the spec's default for documents of
    /// unknown origin (use ``init(bytes:transportEncoding:fallbackEncoding:options:)`` to choose another).
    /// ``encoding`` reports the encoding the bytes were decoded with.
    ///
    /// The encoding is decided once, before parsing, and the document is parsed once. Where a browser
    /// meets a `<meta>` past the first 1024 bytes and "changes the encoding" by parsing again, the
    /// search for that `<meta>` happens first (``EncodingSniffResult/Source/metaInDocument``). If the
    /// decoded text later disagrees with the encoding found (bytes invalid in it), they decode to
    /// U+FFFD: there is no second guess.
    /// Every encoding of the WHATWG Encoding Standard is decoded as the standard says (`Shift_JIS`,
    /// `EUC-JP`, `ISO-2022-JP`, `GBK`/`gb18030`, `Big5`, `EUC-KR`, `KOI8-R`, the ISO-8859 and windows
    /// code pages, …); labels that stand for the `replacement` encoding (`iso-2022-kr`, …) give a
    /// single U+FFFD for non-empty input.
    ///
    /// - Parameters:
    ///   - bytes: the document's bytes, such as an `[UInt8]`, an `ArraySlice<UInt8>` or a Foundation
    ///     `Data`. Contiguous collections are read in place.
    ///   - transportEncoding: the HTTP `Content-Type` value the document came with
    ///     (`text/html; charset=ISO-8859-1`) or a bare charset label (`utf-8`); `nil` when unknown.
    ///   - options: parse settings.
    public convenience init(
        bytes: some Collection<UInt8>, transportEncoding: String? = nil, options: ParseOptions = ParseOptions()
    ) {
        self.init(bytes: bytes, transportEncoding: transportEncoding, fallbackEncoding: .windows1252, options: options)
    }

    /// Parses an HTML document from bytes, as ``init(bytes:transportEncoding:options:)`` does, with the
    /// encoding to fall back on when neither a byte order mark, the transport layer nor a `<meta>`
    /// decides (for example ``TextEncoding/utf8`` for documents known to be modern).
    public convenience init(
        bytes: some Collection<UInt8>, transportEncoding: String?, fallbackEncoding: TextEncoding,
        options: ParseOptions = ParseOptions()
    ) {
        let (input, errors, encoding) = Self.decode(
            bytes, transportEncoding: transportEncoding, fallbackEncoding: fallbackEncoding)
        self.init(preprocessed: input, inputErrors: errors, encoding: encoding, context: nil, options: options)
    }

    /// Sniffs the encoding of a document's bytes without parsing them, as
    /// ``init(bytes:transportEncoding:options:)`` does: which encoding, and from where.
    public static func sniffEncoding(
        of bytes: some Collection<UInt8>, transportEncoding: String? = nil,
        fallbackEncoding: TextEncoding = .windows1252
    ) -> EncodingSniffResult {
        withContiguousBytes(bytes) {
            EncodingSniffer.sniff($0, transportEncoding: transportEncoding, fallback: fallbackEncoding)
        }
    }

    /// Sniffs, decodes and preprocesses.
    static func decode(
        _ bytes: some Collection<UInt8>, transportEncoding: String?, fallbackEncoding: TextEncoding
    ) -> (bytes: [UInt8], errors: [RecordedError], encoding: TextEncoding) {
        withContiguousBytes(bytes) { buffer in
            let sniffed = EncodingSniffer.sniff(buffer, transportEncoding: transportEncoding, fallback: fallbackEncoding)
            if sniffed.encoding == .utf8 && sniffed.byteOrderMarkLength == 0, let array = bytes as? [UInt8] {
                // UTF-8 that needs no change is parsed from the caller's array itself, not a copy.
                let (output, errors) = InputPreprocessor.preprocess(array: array)
                return (output, errors, sniffed.encoding)
            }
            let (output, errors) = InputPreprocessor.decodeAndPreprocess(
                buffer, encoding: sniffed.encoding, skipping: sniffed.byteOrderMarkLength)
            return (output, errors, sniffed.encoding)
        }
    }

    /// Runs `body` over the bytes in place when they are contiguous, over a copy otherwise.
    private static func withContiguousBytes<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}

extension Document {
    /// Sniffs, decodes and preprocesses `bytes` exactly as ``init(bytes:transportEncoding:options:)``
    /// does, without tokenizing or building a tree, and returns how many bytes of UTF-8 the tokenizer
    /// would read. For the benchmarks of the input stage; not part of the supported API.
    @_spi(Benchmarking)
    public static func decodeForBenchmark(_ bytes: [UInt8], transportEncoding: String? = nil) -> Int {
        decode(bytes, transportEncoding: transportEncoding, fallbackEncoding: .windows1252).bytes.count
    }
}
