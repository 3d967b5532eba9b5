/// The encoding autodetection this parser does (WHATWG HTML §13.2.3.1 lets a user agent autodetect):
/// recognising UTF-8, which text in a legacy encoding with any non-ASCII byte is almost never valid as.
enum UTF8Detection {
    /// Whether the bytes hold at least one non-ASCII character and are valid UTF-8 throughout. A
    /// sequence cut off by the end of the bytes is allowed after at least one complete non-ASCII
    /// character (the input may be a prefix), not alone (a lone `E9` at the end is Latin-1 `é`).
    static func isNonASCIIValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        var sawNonASCII = false
        while index < count {
            while index &+ 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index &+= 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte < 0x80 {
                index &+= 1
                continue
            }
            guard let (needed, first, last) = UTF8LeadByte.shape(of: byte) else { return false }
            var lower = first
            var upper = last
            for offset in 1...needed {
                guard index + offset < count else { return sawNonASCII }
                let next = base[index + offset]
                guard next >= lower && next <= upper else { return false }
                lower = 0x80
                upper = 0xBF
            }
            index += needed + 1
            sawNonASCII = true
        }
        return sawNonASCII
    }
}
