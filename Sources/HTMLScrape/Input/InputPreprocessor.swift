/// Turns decoded text into what the tokenizer reads: UTF-8 with CR and CRLF normalised to LF, and
/// the input-stream parse errors (control characters, noncharacters) recorded, with byte offsets in
/// the output. See ``InputStreamNormalizer`` for the rules.
enum InputPreprocessor {
    /// Preprocesses UTF-8 input (a `String`'s `utf8` view, or bytes already decoded). Invalid UTF-8,
    /// should any reach here, becomes U+FFFD.
    static func preprocess(_ utf8: some Sequence<UInt8>) -> (bytes: [UInt8], errors: [RecordedError]) {
        if let result = utf8.withContiguousStorageIfAvailable({ preprocess(buffer: $0) }) {
            return result
        }
        let bytes = Array(utf8)
        return bytes.withUnsafeBufferPointer { preprocess(buffer: $0) }
    }

    /// Preprocesses a buffer of UTF-8 input in one pass.
    /// Preprocesses UTF-8 held in an array. When nothing changes (the common case: no CR, valid
    /// UTF-8), the result is `array` itself, shared, not a copy.
    static func preprocess(array: [UInt8]) -> (bytes: [UInt8], errors: [RecordedError]) {
        array.withUnsafeBufferPointer { buffer in
            var normalizer = InputStreamNormalizer(expectedCount: buffer.count)
            normalizer.checkUnchanged(buffer)
            if normalizer.inputUnchanged { return (array, normalizer.errors) }
            // Something changed: the normalizer wrote the whole output as usual.
            return normalizer.finish()
        }
    }

    static func preprocess(buffer: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], errors: [RecordedError]) {
        var normalizer = InputStreamNormalizer(expectedCount: buffer.count)
        normalizer.write(buffer)
        return normalizer.finish()
    }

    /// Decodes `bytes` from `encoding` (after skipping `skipping` bytes of byte order mark) and
    /// preprocesses the text. UTF-8 is decoded and preprocessed in a single pass; the other encodings
    /// are decoded a block at a time into UTF-8 that is then preprocessed.
    static func decodeAndPreprocess(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, skipping bomLength: Int = 0,
        blockSize: Int = 1 << 16
    ) -> (bytes: [UInt8], errors: [RecordedError]) {
        let input = UnsafeBufferPointer(rebasing: bytes[min(bomLength, bytes.count)...])
        switch encoding {
        case .utf8:
            return preprocess(buffer: input)
        default:
            // Room for the UTF-8, which is longer than the input for most non-ASCII text.
            let expected = encoding.isUTF16 ? input.count / 2 + input.count / 4 : input.count + input.count / 2
            var normalizer = InputStreamNormalizer(expectedCount: expected)
            TextDecoder.decode(input, encoding: encoding, blockSize: blockSize) { normalizer.write($0) }
            return normalizer.finish()
        }
    }
}
