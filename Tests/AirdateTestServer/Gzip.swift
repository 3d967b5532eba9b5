import CAirdateZlib
import Foundation

/// gzip bodies for the fault matrix: real compressed data, and the decompression bomb.
public enum Gzip {
    /// `data` compressed as one gzip member.
    public static func compress(_ data: [UInt8]) -> [UInt8] {
        compress(chunks: 1) { _ in data }
    }

    /// `count` zero bytes compressed as one gzip member (a gigabyte of zeros comes to about 1 MB),
    /// without ever holding the zeros in memory at once.
    public static func zeros(_ count: Int) -> [UInt8] {
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        let whole = count / chunk.count
        let rest = count % chunk.count
        return compress(chunks: whole + (rest > 0 ? 1 : 0)) { index in
            index < whole ? chunk : Array(chunk.prefix(rest))
        }
    }

    private static func compress(chunks: Int, _ chunk: (Int) -> [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard CAirdateZlib_deflateInit2(&stream, 9, 15 + 16) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for index in 0..<max(chunks, 1) {
            var input = chunks == 0 ? [] : chunk(index)
            let flush = index == max(chunks, 1) - 1 ? Z_FINISH : Z_NO_FLUSH
            input.withUnsafeMutableBufferPointer { pointer in
                stream.next_in = pointer.baseAddress
                stream.avail_in = UInt32(pointer.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        deflate(&stream, flush)
                        output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                    }
                } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            }
        }
        return output
    }
}
