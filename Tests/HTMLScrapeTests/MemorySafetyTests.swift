import AirdateTestSupport
import Foundation
import Testing

@testable import HTMLScrape

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs that once made the parser read outside its buffers, parsed again from buffers that end
/// (or begin) exactly where readable memory does.
///
/// `Fixtures/fuzz/htmlscrape-overread/` holds the 68 inputs with which AddressSanitizer caught the
/// input normaliser's eight-byte fast path reading one byte past the end (`base[count]`, checked
/// before its bound): most are a multiple of eight bytes long and reached it through
/// `Document(bytes:)` over a non-array buffer decoded as windows-1252.
///
/// Each input is parsed from a ``GuardedBytes`` buffer: its bytes end where an unreadable page
/// begins (and, in a second copy, begin where one ends), so an over-read or under-read crashes this
/// test even in a build without a sanitizer. Under `--sanitize=address` the same reads are caught in
/// exactly sized heap buffers as well. Every prefix of every input is parsed (in turn through each
/// decoder), so that each possible end of input meets each fast path.
@Suite(.heavy) struct MemorySafetyTests {
    /// The regression inputs, by name.
    static func fixtures() throws -> [(name: String, bytes: [UInt8])] {
        let root = TestData.fixtures.appendingPathComponent("fuzz")
        var result: [(String, [UInt8])] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let url = root.appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where !file.hasPrefix(".") {
                result.append(("\(folder)/\(file)", [UInt8](try Data(contentsOf: url.appendingPathComponent(file)))))
            }
        }
        return result
    }

    /// Encodings whose decoders each have a fast path of their own (or none).
    static let transports: [String?] = [nil, "windows-1252", "utf-8", "utf-16le", "utf-16be", "shift_jis", "euc-jp", "gb18030", "big5", "euc-kr", "iso-2022-jp"]

    @Test func theOverreadInputsParseCleanly() throws {
        let inputs = try Self.fixtures()
        #expect(inputs.count >= 68)
        for (name, bytes) in inputs {
            // The issue's path: a non-array buffer, sniffed (no declaration: windows-1252).
            GuardedBytes.withBytes(bytes, at: .end) { buffer in
                let document = Document(bytes: buffer)
                #expect(TreeBuilderFuzzTests.linksAreConsistent(document), "\(name)")
            }
            GuardedBytes.withBytes(bytes, at: .start) { buffer in
                for transport in Self.transports { _ = Document(bytes: buffer, transportEncoding: transport) }
            }
            // A `Data` and an array hold the same bytes in storage of another shape.
            let fromData = Document(bytes: Data(bytes), transportEncoding: "windows-1252")
            let fromArray = Document(bytes: bytes, transportEncoding: "windows-1252")
            #expect(fromData.root.outerHTML == fromArray.root.outerHTML, "\(name)")
            _ = Document(html: String(decoding: bytes, as: UTF8.self))
            _ = Document(fragment: String(decoding: bytes, as: UTF8.self), context: .body)
        }
    }

    @Test func everyPrefixStaysInsideItsBuffer() throws {
        for (index, (name, bytes)) in try Self.fixtures().enumerated() {
            for length in 0...bytes.count {
                let prefix = Array(bytes[..<length])
                // Sniffed (windows-1252 for most) at every length; each other decoder on a share of them.
                let others = Self.transports.dropFirst()
                let other = others[others.startIndex + (index + length) % others.count]
                for transport in [nil, other] as [String?] {
                    GuardedBytes.withBytes(prefix, at: .end) { buffer in
                        let document = Document(bytes: buffer, transportEncoding: transport)
                        #expect(TreeBuilderFuzzTests.linksAreConsistent(document), "\(name)[..<\(length)] as \(transport ?? "sniffed")")
                    }
                }
            }
        }
    }

    /// The fast paths' own shapes, beside a guard page: runs of ASCII of every length up to three
    /// words and every alignment, ending in each kind of byte the loops stop at.
    @Test func fastPathsStopAtTheEndOfEveryRun() {
        let enders: [[UInt8]] = [[], [0x0D], [0x0D, 0x0A], [0xC3, 0xA9], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xFF], [0x00], [0x3C], [0x26], [0x3C, 0x6D]]
        for length in 0..<25 {
            for filler in ["a", "\t", "<", "&", "m"] {
                for ender in enders {
                    let bytes = Array(String(repeating: filler, count: length).utf8) + ender
                    for transport in [nil, "windows-1252", length % 2 == 0 ? "utf-16le" : "shift_jis"] as [String?] {
                        GuardedBytes.withBytes(bytes, at: .end) { buffer in
                            _ = Document(bytes: buffer, transportEncoding: transport)
                            _ = Document.sniffEncoding(of: buffer, transportEncoding: transport)
                        }
                    }
                    GuardedBytes.withBytes(bytes, at: .end) { buffer in
                        _ = InputPreprocessor.preprocess(buffer: buffer)
                        _ = UTF8Detection.isNonASCIIValidUTF8(buffer)
                        _ = EncodingSniffer.mayContainMetaTag(buffer)
                    }
                }
            }
        }
    }
}

/// Bytes copied into memory that an unreadable page bounds: reading one byte past the end (`.end`)
/// or before the start (`.start`) faults at once, in any build.
enum GuardedBytes {
    enum Edge { case start, end }

    static func withBytes<Result>(_ bytes: [UInt8], at edge: Edge, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = max(1, (bytes.count + page - 1) / page)
        let total = (dataPages + 1) * page
        guard let mapping = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else {
            // No mapping: fall back to an exactly sized heap buffer (the sanitizer's case).
            let heap = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { heap.deallocate() }
            _ = heap.initialize(from: bytes)
            return body(UnsafeBufferPointer(heap))
        }
        defer { munmap(mapping, total) }
        let start: UnsafeMutableRawPointer
        switch edge {
        case .end:
            // Data pages first, then the guard page; the bytes end at the guard.
            mprotect(mapping + dataPages * page, page, PROT_NONE)
            start = mapping + dataPages * page - bytes.count
        case .start:
            // The guard page first; the bytes begin right after it.
            mprotect(mapping, page, PROT_NONE)
            start = mapping + page
        }
        let typed = start.bindMemory(to: UInt8.self, capacity: max(bytes.count, 1))
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { typed.update(from: base, count: bytes.count) }
        }
        return body(UnsafeBufferPointer(start: typed, count: bytes.count))
    }
}
