/// Where decoders hand their output: blocks of UTF-8 that end on character boundaries.
typealias UTF8Sink = (UnsafeBufferPointer<UInt8>) -> Void

/// Decoded text gathered as UTF-8 in a fixed-size block, handed to a ``UTF8Sink`` whenever it fills up
/// (and at the end, by ``flush(_:)``). Long ASCII runs go to the sink straight from the input.
struct UTF8Block {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0

    /// ASCII runs at least this long skip the block.
    private static let directRun = 64

    /// Runs `body` with a block of `blockSize` bytes (at least 8), then flushes it.
    static func with(size blockSize: Int, sink: UTF8Sink, _ body: (inout UTF8Block) -> Void) {
        let capacity = max(blockSize, 8)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { storage in
            guard let base = storage.baseAddress else { return }
            var block = UTF8Block(base: base, capacity: capacity)
            body(&block)
            block.flush(sink)
        }
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Appends one scalar value (never a surrogate).
    @inline(__always)
    mutating func append(_ scalar: UInt32, _ sink: UTF8Sink) {
        if used &+ 4 > capacity { flush(sink) }
        used &+= TextDecoder.encodeUTF8(scalar, into: base + used)
    }

    /// Appends U+FFFD, the result of a decoder error.
    @inline(__always)
    mutating func appendReplacement(_ sink: UTF8Sink) {
        append(0xFFFD, sink)
    }

    /// Appends `count` ASCII bytes from `source`.
    mutating func appendASCII(_ source: UnsafePointer<UInt8>, count: Int, _ sink: UTF8Sink) {
        if count >= Self.directRun {
            flush(sink)
            sink(UnsafeBufferPointer(start: source, count: count))
            return
        }
        var from = 0
        while from < count {
            if used == capacity { flush(sink) }
            let piece = min(count - from, capacity - used)
            (base + used).update(from: source + from, count: piece)
            used += piece
            from += piece
        }
    }

    /// Hands what the block holds to the sink.
    mutating func flush(_ sink: UTF8Sink) {
        if used > 0 {
            sink(UnsafeBufferPointer(start: base, count: used))
            used = 0
        }
    }

    /// The end of the run of ASCII bytes that starts at `index` (eight bytes at a time where possible).
    @inline(__always)
    static func asciiRunEnd(_ source: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var index = index
        while index &+ 8 <= count,
            UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index &+= 8
        }
        while index < count, source[index] < 0x80 { index &+= 1 }
        return index
    }
}
