/// Byte-level helpers for character runs.
enum HTMLBytes {
    /// Whether a byte is ASCII white space as HTML defines it (tab, LF, FF, CR, space).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    /// The number of white space bytes at the start of a run.
    static func leadingWhitespaceCount(_ run: some Collection<UInt8>) -> Int {
        var count = 0
        for byte in run {
            if !isWhitespace(byte) { break }
            count += 1
        }
        return count
    }

    /// Whether a run is all white space.
    static func isAllWhitespace(_ run: some Collection<UInt8>) -> Bool {
        for byte in run where !isWhitespace(byte) { return false }
        return true
    }

    /// Whether two byte strings are equal, ignoring ASCII case.
    static func equalsIgnoringASCIICase(_ bytes: some Collection<UInt8>, _ string: StaticString) -> Bool {
        guard bytes.count == string.utf8CodeUnitCount else { return false }
        let other = UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount)
        var i = 0
        for byte in bytes {
            if lower(byte) != lower(other[i]) { return false }
            i += 1
        }
        return true
    }

    /// The ASCII lowercase of a byte.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
