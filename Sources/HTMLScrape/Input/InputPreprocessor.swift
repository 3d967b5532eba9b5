// INTERFACE STUB — the input-decoding work replaces this file (keeping `preprocess`).

/// Turns decoded text into what the tokenizer reads: UTF-8 with CR and CRLF normalised to LF, and
/// the input-stream parse errors (control characters, noncharacters) recorded.
enum InputPreprocessor {
    static func preprocess(_ utf8: some Sequence<UInt8>) -> (bytes: [UInt8], errors: [RecordedError]) {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.underestimatedCount)
        var previousWasCR = false
        for byte in utf8 {
            if byte == 0x0D {
                out.append(0x0A)
                previousWasCR = true
                continue
            }
            if byte == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            out.append(byte)
        }
        return (out, [])
    }
}
