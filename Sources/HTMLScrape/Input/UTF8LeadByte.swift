/// What a UTF-8 lead byte announces, per the WHATWG UTF-8 decoder: the number of continuation bytes
/// that follow, and the range allowed for the first of them (narrowed so that overlong forms,
/// surrogates and values past U+10FFFF are invalid). Shared by the decoder and the UTF-8 detector.
enum UTF8LeadByte {
    /// The shape of the sequence `byte` starts, or `nil` when it cannot start a multi-byte sequence.
    @inline(__always)
    static func shape(of byte: UInt8) -> (continuations: Int, lower: UInt8, upper: UInt8)? {
        switch byte {
        case 0xC2...0xDF: return (1, 0x80, 0xBF)
        case 0xE0: return (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (2, 0x80, 0xBF)
        case 0xED: return (2, 0x80, 0x9F)
        case 0xF0: return (3, 0x90, 0xBF)
        case 0xF1...0xF3: return (3, 0x80, 0xBF)
        case 0xF4: return (3, 0x80, 0x8F)
        default: return nil
        }
    }
}
