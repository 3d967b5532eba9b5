// Everything here needs AsyncHTTPClient and NIO, which SwiftPM fetches only for a package that
// enables the `AsyncHTTPClient` trait (see Package.swift).
#if AsyncHTTPClient
import AirdateHTTP
import CAirdateZlib
import Foundation

/// Streaming gzip/deflate decoding that never holds more than the cap: input is inflated 64 KB
/// of output at a time and each step is counted before the next one runs, so a body that inflates
/// a thousand times over fails at the cap instead of after it filled memory.
final class Inflater {
    /// What the body is labelled with, for messages (`gzip`, `deflate`).
    let encoding: String
    private let stream: UnsafeMutablePointer<z_stream>
    private var started = false
    private var finished = false
    private var step = [UInt8](repeating: 0, count: 64 * 1024)

    /// A decoder of `encoding` (`gzip`, `x-gzip` or `deflate`); `nil` for any other coding.
    init?(encoding: String) {
        let name = encoding.trimmingCharacters(in: .whitespaces).lowercased()
        guard ["gzip", "x-gzip", "deflate"].contains(name) else { return nil }
        self.encoding = name
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates `input`, appending to `output`; throws ``APIClientError/bodyTooLarge(limit:)`` as
    /// soon as `output` would pass `limit`, and ``APIClientError/Code/malformedResponse`` when the
    /// bytes are not the coding they are labelled with.
    func inflate(_ input: UnsafeRawBufferPointer, into output: inout Data, limit: Int) throws(APIClientError) {
        guard !input.isEmpty else { return }
        if finished { throw malformed("bytes follow the end of the \(encoding) data") }
        if !started {
            // gzip (or zlib) headers are detected (15 + 32); `deflate` is zlib-wrapped by the
            // standard but raw in many servers: a first byte pair that is no zlib header means raw.
            var windowBits: Int32 = 15 + 32
            if encoding == "deflate", input.count >= 2 {
                let header = Int(input[0]) << 8 | Int(input[1])
                if input[0] & 0x0F != 8 || header % 31 != 0 { windowBits = -15 }
            }
            guard CAirdateZlib_inflateInit2(stream, windowBits) == Z_OK else { throw malformed("the decoder could not start") }
            started = true
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.pointee.avail_in = UInt32(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            let (produced, status) = step.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = UInt32(out.count)
                let status = CAirdateZlib.inflate(stream, Z_NO_FLUSH)
                stream.pointee.next_out = nil
                return (out.count - Int(stream.pointee.avail_out), status)
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw malformed(status == Z_DATA_ERROR || status == Z_NEED_DICT
                    ? "the body is labelled \(encoding) but is not \(encoding) data"
                    : "the body could not be decoded (zlib status \(status))")
            }
            if output.count + produced > limit { throw APIClientError.bodyTooLarge(limit: limit) }
            output.append(contentsOf: step[0..<produced])
            if status == Z_STREAM_END {
                finished = true
                if stream.pointee.avail_in > 0 { throw malformed("bytes follow the end of the \(encoding) data") }
                return
            }
            // All input used and the last step did not fill the buffer: wait for more input.
            if stream.pointee.avail_in == 0, produced < step.count { return }
            if status == Z_BUF_ERROR { return }
        }
    }

    /// The body ended: throws when the compressed data stopped before its end.
    func finish() throws(APIClientError) {
        if started, !finished { throw malformed("the \(encoding) data stops before its end") }
    }

    private func malformed(_ detail: String) -> APIClientError {
        APIClientError.malformedResponse(detail)
    }
}
#endif
