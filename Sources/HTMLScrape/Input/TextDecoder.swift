/// Decoders from the encodings other than UTF-8 to UTF-8, a block at a time, as the WHATWG Encoding
/// Standard defines them.
enum TextDecoder {
    /// Decodes UTF-16. An unpaired surrogate, and an odd byte at the end, become U+FFFD. Calls `sink`
    /// with blocks of UTF-8 that end on character boundaries.
    static func decodeUTF16(
        _ input: UnsafeBufferPointer<UInt8>, bigEndian: Bool, blockSize: Int,
        sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let capacity = max(blockSize, 8)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
            guard let out = block.baseAddress else { return }
            var used = 0
            let units = input.count / 2
            var unit = 0
            @inline(__always) func codeUnit(_ index: Int) -> UInt16 {
                let first = UInt16(input[2 * index])
                let second = UInt16(input[2 * index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            @inline(__always) func emit(_ scalar: UInt32) {
                if used + 4 > capacity {
                    sink(UnsafeBufferPointer(rebasing: block[..<used]))
                    used = 0
                }
                used += encodeUTF8(scalar, into: out + used)
            }
            // Four ASCII code units at a time: the other byte of each is zero.
            let mask: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
            let shift: UInt64 = bigEndian ? 8 : 0
            guard let source = input.baseAddress else { return }
            while unit < units {
                while unit &+ 4 <= units, used &+ 4 <= capacity {
                    let word = UnsafeRawPointer(source + 2 * unit).loadUnaligned(as: UInt64.self).littleEndian
                    guard word & mask == 0 else { break }
                    out[used] = UInt8(truncatingIfNeeded: word >> shift)
                    out[used + 1] = UInt8(truncatingIfNeeded: word >> (16 + shift))
                    out[used + 2] = UInt8(truncatingIfNeeded: word >> (32 + shift))
                    out[used + 3] = UInt8(truncatingIfNeeded: word >> (48 + shift))
                    used &+= 4
                    unit &+= 4
                }
                guard unit < units else { break }
                let value = codeUnit(unit)
                unit += 1
                if value < 0x80 {
                    if used + 1 > capacity {
                        sink(UnsafeBufferPointer(rebasing: block[..<used]))
                        used = 0
                    }
                    out[used] = UInt8(truncatingIfNeeded: value)
                    used += 1
                } else if value & 0xFC00 == 0xD800 {
                    if unit < units {
                        let next = codeUnit(unit)
                        if next & 0xFC00 == 0xDC00 {
                            unit += 1
                            emit(0x10000 + (UInt32(value & 0x3FF) << 10 | UInt32(next & 0x3FF)))
                            continue
                        }
                    }
                    emit(0xFFFD)
                } else if value & 0xFC00 == 0xDC00 {
                    emit(0xFFFD)
                } else {
                    emit(UInt32(value))
                }
            }
            if input.count % 2 == 1 { emit(0xFFFD) }
            if used > 0 { sink(UnsafeBufferPointer(rebasing: block[..<used])) }
        }
    }

    /// Decodes a single-byte encoding: ASCII as itself, `0x80 + i` as `table[i]`. Long ASCII runs go to
    /// `sink` straight from the input; short ones and the other characters are gathered in a block.
    static func decodeSingleByte(
        _ input: UnsafeBufferPointer<UInt8>, table: [UInt16], blockSize: Int,
        sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let capacity = max(blockSize, 8)
        let directRun = 64
        guard let source = input.baseAddress else { return }
        let count = input.count
        table.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
                guard let out = block.baseAddress else { return }
                var used = 0
                var index = 0
                while index < count {
                    // A run of ASCII, eight bytes at a time where possible.
                    let start = index
                    while index &+ 8 <= count,
                        UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    {
                        index &+= 8
                    }
                    while index < count, source[index] < 0x80 { index &+= 1 }
                    var length = index - start
                    if length >= directRun {
                        if used > 0 {
                            sink(UnsafeBufferPointer(start: out, count: used))
                            used = 0
                        }
                        sink(UnsafeBufferPointer(start: source + start, count: length))
                    } else {
                        var from = start
                        while length > 0 {
                            if used == capacity {
                                sink(UnsafeBufferPointer(start: out, count: used))
                                used = 0
                            }
                            let piece = min(length, capacity - used)
                            (out + used).update(from: source + from, count: piece)
                            used += piece
                            from += piece
                            length -= piece
                        }
                    }
                    // A run of the upper half.
                    while index < count, source[index] >= 0x80 {
                        if used + 3 > capacity {
                            sink(UnsafeBufferPointer(start: out, count: used))
                            used = 0
                        }
                        used += encodeUTF8(UInt32(table[Int(source[index] &- 0x80)]), into: out + used)
                        index &+= 1
                    }
                }
                if used > 0 { sink(UnsafeBufferPointer(start: out, count: used)) }
            }
        }
    }

    /// Writes the UTF-8 form of a scalar value (not a surrogate) and returns its length.
    @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case ..<0x800:
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 4
        }
    }
}
