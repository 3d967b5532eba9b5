import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

/// The WHATWG Encoding Standard's data (`encodings.json`, `index-*.txt`) — `Conformance/encoding`
/// or `../shared/encoding/` (AirdateTestSupport's `ConformanceData`) — read independently of the
/// generated tables so that the tests check them.
enum EncodingStandardData {
    /// The folder of `encodings.json` and the index files, or `nil` when it is absent.
    static let folder: URL? = {
        guard let url = ConformanceData.folder(.encodingStandard),
            FileManager.default.fileExists(atPath: url.appendingPathComponent("encodings.json").path)
        else { return nil }
        return url
    }()

    /// Whether the data is there (the suite's `.enabled(if:)`; a skip is counted in the run's summary).
    static var available: Bool {
        if folder != nil { return true }
        ConformanceReport.skipped("WHATWG Encoding Standard tables", reason: ConformanceData.reasonMissing(.encodingStandard))
        return false
    }

    /// An index file as (pointer, code point) pairs, in file order.
    static func index(_ name: String) throws -> [(pointer: Int, codePoint: UInt32)] {
        guard let folder else { return [] }
        let text = try String(contentsOf: folder.appendingPathComponent("index-\(name).txt"), encoding: .utf8)
        var entries: [(pointer: Int, codePoint: UInt32)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let pointer = Int(fields[0]), fields[1].hasPrefix("0x"),
                let codePoint = UInt32(fields[1].dropFirst(2), radix: 16)
            else { continue }
            entries.append((pointer, codePoint))
        }
        return entries
    }

    /// An index as a dictionary.
    static func map(_ name: String) throws -> [Int: UInt32] {
        Dictionary(try index(name).map { ($0.pointer, $0.codePoint) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every encoding of `encodings.json`: name and labels.
    static func encodings() throws -> [(name: String, labels: [String])] {
        guard let folder else { return [] }
        let data = try Data(contentsOf: folder.appendingPathComponent("encodings.json"))
        let groups = try JSONDecoder().decode([Group].self, from: data)
        return groups.flatMap { $0.encodings.map { ($0.name, $0.labels) } }
    }

    private struct Group: Decodable {
        struct Encoding: Decodable {
            let name: String
            let labels: [String]
        }
        let encodings: [Encoding]
    }
}

/// One byte sequence to decode and the scalar values it must give.
struct DecodingCase {
    let bytes: [UInt8]
    let expected: [UInt32]
    let what: String
}

@Suite(
    .heavy,
    .enabled(
        if: EncodingStandardData.available,
        "needs the WHATWG Encoding Standard's encodings.json and index files: `git clone https://github.com/whatwg/encoding Conformance/encoding` (or ../shared/encoding)")
)
struct EncodingStandardTests {
    /// Decodes `bytes` exactly as the decoder of `encoding` does, without input-stream preprocessing
    /// (except for UTF-8, which is only decoded in the preprocessing pass: its cases hold no CR).
    static func decode(_ bytes: [UInt8], as encoding: TextEncoding, blockSize: Int = 1 << 16) -> [UInt32] {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { input in
            if encoding == .utf8 {
                output = InputPreprocessor.decodeAndPreprocess(input, encoding: .utf8, blockSize: blockSize).bytes
            } else {
                TextDecoder.decode(input, encoding: encoding, blockSize: blockSize) { output.append(contentsOf: $0) }
            }
        }
        return String(decoding: output, as: UTF8.self).unicodeScalars.map(\.value)
    }

    // MARK: Index round trips

    /// For the UTF encodings: every scalar value of the BMP but CR (which preprocessing turns into
    /// LF), then every 61st of the other planes and the last one (all of them would make the suite
    /// heavy for little more assurance: the supplementary planes share one code path).
    private static let allScalars: [UInt32] =
        (UInt32(0)...0xFFFF).filter { $0 != 0x0D && ($0 < 0xD800 || $0 > 0xDFFF) }
        + Array(stride(from: UInt32(0x10000), through: 0x10FFFF, by: 61)) + [0x10FFFF]

    /// The byte sequences built from the index files, one case per encoding (or a few), with what
    /// the standard says they decode to.
    static func roundTrips(_ encoding: TextEncoding) throws -> [DecodingCase] {
        switch encoding {
        case .utf8:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(allScalars.count * 4)
            for value in allScalars {
                if let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) { bytes.append(contentsOf: encoded) }
            }
            return [DecodingCase(bytes: bytes, expected: allScalars, what: "the BMP and a sample of the other planes")]
        case .utf16LE, .utf16BE:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(allScalars.count * 4)
            for value in allScalars {
                guard let scalar = Unicode.Scalar(value), let units = UTF16.encode(scalar) else { continue }
                for unit in units {
                    let high = UInt8(truncatingIfNeeded: unit >> 8)
                    let low = UInt8(truncatingIfNeeded: unit)
                    if encoding == .utf16BE {
                        bytes.append(high)
                        bytes.append(low)
                    } else {
                        bytes.append(low)
                        bytes.append(high)
                    }
                }
            }
            return [DecodingCase(bytes: bytes, expected: allScalars, what: "the BMP and a sample of the other planes")]
        case .replacement:
            return []
        case .xUserDefined:
            return [DecodingCase(
                bytes: (0...255).map { UInt8($0) }, expected: (0...255).map { $0 < 0x80 ? UInt32($0) : 0xF780 + UInt32($0) - 0x80 },
                what: "every byte")]
        case .gbk, .gb18030:
            return try gb18030RoundTrips()
        case .big5:
            var bytes: [UInt8] = []
            var expected: [UInt32] = []
            for (pointer, codePoint) in try EncodingStandardData.map("big5").sorted(by: { $0.key < $1.key }) {
                let trail = pointer % 157
                bytes += [UInt8(pointer / 157 + 0x81), UInt8(trail + (trail < 0x3F ? 0x40 : 0x62))]
                switch pointer {
                case 1133: expected += [0x00CA, 0x0304]
                case 1135: expected += [0x00CA, 0x030C]
                case 1164: expected += [0x00EA, 0x0304]
                case 1166: expected += [0x00EA, 0x030C]
                default: expected.append(codePoint)
                }
            }
            return [DecodingCase(bytes: bytes, expected: expected, what: "every pointer of index Big5")]
        case .eucJP:
            var bytes: [UInt8] = []
            var expected: [UInt32] = []
            for (pointer, codePoint) in try EncodingStandardData.index("jis0208") where pointer < 94 * 94 {
                bytes += [UInt8(pointer / 94 + 0xA1), UInt8(pointer % 94 + 0xA1)]
                expected.append(codePoint)
            }
            for (pointer, codePoint) in try EncodingStandardData.index("jis0212") {
                bytes += [0x8F, UInt8(pointer / 94 + 0xA1), UInt8(pointer % 94 + 0xA1)]
                expected.append(codePoint)
            }
            for byte in UInt8(0xA1)...0xDF {
                bytes += [0x8E, byte]
                expected.append(0xFF61 + UInt32(byte) - 0xA1)
            }
            return [DecodingCase(bytes: bytes, expected: expected, what: "every pointer of jis0208 and jis0212, and katakana")]
        case .iso2022JP:
            var bytes: [UInt8] = [0x1B, 0x24, 0x42]
            var expected: [UInt32] = []
            for (pointer, codePoint) in try EncodingStandardData.index("jis0208") where pointer < 94 * 94 {
                bytes += [UInt8(pointer / 94 + 0x21), UInt8(pointer % 94 + 0x21)]
                expected.append(codePoint)
            }
            bytes += [0x1B, 0x28, 0x49] + (0x21...0x5F).map { UInt8($0) }
            expected += (0x21...0x5F).map { 0xFF61 + UInt32($0) - 0x21 }
            bytes += [0x1B, 0x28, 0x4A, 0x5C, 0x41, 0x7E]
            expected += [0x00A5, 0x41, 0x203E]
            bytes += [0x1B, 0x24, 0x40, 0x30, 0x21, 0x1B, 0x28, 0x42, 0x5C, 0x7E, 0x0A]
            expected += [0x4E9C, 0x5C, 0x7E, 0x0A]
            return [DecodingCase(bytes: bytes, expected: expected, what: "every pointer of jis0208, katakana, Roman")]
        case .shiftJIS:
            var bytes: [UInt8] = []
            var expected: [UInt32] = []
            let index = try EncodingStandardData.map("jis0208")
            for pointer in 0..<(0xFC - 0xC1 + 1) * 188 {
                let eudc = pointer >= 8836 && pointer <= 10715
                guard eudc || index[pointer] != nil else { continue }
                let lead = pointer / 188
                let trail = pointer % 188
                bytes += [UInt8(lead + (lead < 0x1F ? 0x81 : 0xC1)), UInt8(trail + (trail < 0x3F ? 0x40 : 0x41))]
                expected.append(eudc ? 0xE000 + UInt32(pointer - 8836) : index[pointer] ?? 0)
            }
            bytes += (0xA1...0xDF).map { UInt8($0) } + [0x80]
            expected += (0xA1...0xDF).map { 0xFF61 + UInt32($0) - 0xA1 } + [0x80]
            return [DecodingCase(bytes: bytes, expected: expected, what: "every pointer of jis0208, EUDC, katakana")]
        case .eucKR:
            var bytes: [UInt8] = []
            var expected: [UInt32] = []
            for (pointer, codePoint) in try EncodingStandardData.index("euc-kr") {
                bytes += [UInt8(pointer / 190 + 0x81), UInt8(pointer % 190 + 0x41)]
                expected.append(codePoint)
            }
            return [DecodingCase(bytes: bytes, expected: expected, what: "every pointer of index EUC-KR")]
        default:
            // A single-byte encoding: every byte.
            let name = encoding == .iso8859_8I ? "iso-8859-8" : encoding.rawValue.lowercased()
            let index = try EncodingStandardData.map(name)
            let expected = (0...255).map { $0 < 0x80 ? UInt32($0) : index[$0 - 0x80] ?? 0xFFFD }
            return [DecodingCase(bytes: (0...255).map { UInt8($0) }, expected: expected, what: "every byte")]
        }
    }

    /// Every two-byte pointer of index gb18030, 0x80, and four-byte sequences: every pointer below
    /// 39420 and a sample of the supplementary planes, their code points worked out here from the
    /// ranges file.
    private static func gb18030RoundTrips() throws -> [DecodingCase] {
        var bytes: [UInt8] = [0x80]
        var expected: [UInt32] = [0x20AC]
        for (pointer, codePoint) in try EncodingStandardData.index("gb18030") {
            let trail = pointer % 190
            bytes += [UInt8(pointer / 190 + 0x81), UInt8(trail + (trail < 0x3F ? 0x40 : 0x41))]
            expected.append(codePoint)
        }
        let twoByte = DecodingCase(bytes: bytes, expected: expected, what: "every pointer of index gb18030")
        let ranges = try EncodingStandardData.index("gb18030-ranges")
        var range = 0
        // Pointers come in ascending order: the range only moves forwards.
        func rangeCodePoint(_ pointer: Int) -> UInt32 {
            if pointer == 7457 { return 0xE7C7 }
            while range + 1 < ranges.count, ranges[range + 1].pointer <= pointer { range += 1 }
            return ranges[range].codePoint + UInt32(pointer - ranges[range].pointer)
        }
        func fourBytes(_ pointer: Int) -> [UInt8] {
            [
                UInt8(pointer / 12600 + 0x81), UInt8(pointer % 12600 / 1260 + 0x30),
                UInt8(pointer % 1260 / 10 + 0x81), UInt8(pointer % 10 + 0x30),
            ]
        }
        bytes = []
        expected = []
        let pointers = Array(0...39419) + Array(stride(from: 189000, through: 1_237_575, by: 97)) + [1_237_575]
        for pointer in pointers {
            bytes += fourBytes(pointer)
            expected.append(pointer >= 189000 ? 0x10000 + UInt32(pointer - 189000) : rangeCodePoint(pointer))
        }
        return [twoByte, DecodingCase(bytes: bytes, expected: expected, what: "four-byte pointers")]
    }

    // MARK: Malformed input, from the decoders' error steps

    static let replacement: UInt32 = 0xFFFD

    /// Hand-written malformed (and edge) sequences for each decoder, with what the standard says.
    static func malformed(_ encoding: TextEncoding) -> [DecodingCase] {
        let r = replacement
        func c(_ bytes: [UInt8], _ expected: [UInt32], _ what: String) -> DecodingCase {
            DecodingCase(bytes: bytes, expected: expected, what: what)
        }
        switch encoding {
        case .utf8:
            return [
                c([0xF0, 0x9F, 0x98, 0x41], [r, 0x41], "truncated four-byte sequence, ASCII after"),
                c([0xED, 0xA0, 0x80], [r, r, r], "encoded surrogate"),
                c([0xC0, 0xAF], [r, r], "overlong"),
                c([0xE2, 0x82], [r], "truncated at the end"),
                c([0xF4, 0x90, 0x80, 0x80], [r, r, r, r], "past U+10FFFF"),
            ]
        case .utf16LE:
            return [
                c([0x00, 0xD8, 0x41, 0x00], [r, 0x41], "lead surrogate then a character"),
                c([0x00, 0xDC], [r], "lone trail surrogate"),
                c([0x3D, 0xD8], [r], "lead surrogate at the end"),
                c([0x41, 0x00, 0x42], [0x41, r], "odd byte at the end"),
            ]
        case .utf16BE:
            return [
                c([0xD8, 0x00, 0x00, 0x41], [r, 0x41], "lead surrogate then a character"),
                c([0xDC, 0x00], [r], "lone trail surrogate"),
                c([0x00, 0x41, 0x00], [0x41, r], "odd byte at the end"),
            ]
        case .replacement:
            return [
                c([], [], "empty input"),
                c([0x41], [r], "one byte"),
                c([0x1B, 0x24, 0x29, 0x43, 0x0E, 0x21, 0x21, 0x0F, 0x3C, 0x70, 0x3E], [r], "any input: one U+FFFD"),
            ]
        case .xUserDefined:
            return [c([0x41, 0x80, 0xFF, 0x00], [0x41, 0xF780, 0xF7FF, 0x00], "ASCII and the upper half")]
        case .gbk, .gb18030:
            return [
                c([0x81], [r], "first byte at the end"),
                c([0x81, 0x30], [r], "two of four bytes at the end"),
                c([0x81, 0x30, 0x81], [r], "three of four bytes at the end"),
                c([0x81, 0x30, 0x81, 0x30], [0x80], "four-byte pointer 0"),
                c([0x81, 0x30, 0x41], [r, 0x30, 0x41], "third byte invalid: second and third restored"),
                c([0x81, 0x30, 0xFF], [r, 0x30, r], "third byte 0xFF: second and third restored"),
                c([0x81, 0x30, 0x81, 0x41], [r, 0x30, 0x4E04], "fourth byte invalid: second, third, fourth restored"),
                c([0x84, 0x31, 0xA4, 0x39], [0xFFFF], "last BMP pointer 39419"),
                c([0x84, 0x31, 0xA5, 0x30], [r], "pointer 39420, past the BMP ranges"),
                c([0x90, 0x30, 0x81, 0x30], [0x10000], "pointer 189000, U+10000"),
                c([0xE3, 0x32, 0x9A, 0x35], [0x10FFFF], "pointer 1237575, U+10FFFF"),
                c([0xE3, 0x32, 0x9A, 0x36], [r], "pointer 1237576, past U+10FFFF"),
                c([0xFE, 0x39, 0xFE, 0x39], [r], "largest four-byte sequence"),
                c([0x81, 0x35, 0xF4, 0x37], [0xE7C7], "pointer 7457, the GB18030-2005 special case"),
                c([0x80, 0xFF, 0x41], [0x20AC, r, 0x41], "0x80 is the euro sign, 0xFF is an error"),
                c([0xA1, 0x7F], [r, 0x7F], "ASCII trail byte restored"),
                c([0xA1, 0xFF], [r], "non-ASCII invalid trail byte consumed"),
                c([0xA3, 0xA0], [0x3000], "0xA3 0xA0 is U+3000"),
            ]
        case .big5:
            return [
                c([0x81], [r], "lead byte at the end"),
                c([0x81, 0x30], [r, 0x30], "ASCII trail byte restored"),
                c([0xA1, 0x80], [r], "non-ASCII invalid trail byte consumed"),
                c([0x80, 0xFF], [r, r], "0x80 and 0xFF are errors"),
                c([0xA3, 0xE2], [r], "pointer 5466 has no code point"),
                c([0x88, 0x62, 0x88, 0x64], [0xCA, 0x304, 0xCA, 0x30C], "pointers 1133 and 1135: two code points each"),
                c([0x88, 0xA3, 0x88, 0xA5], [0xEA, 0x304, 0xEA, 0x30C], "pointers 1164 and 1166: two code points each"),
            ]
        case .eucJP:
            return [
                c([0xA4], [r], "lead byte at the end"),
                c([0xA4, 0x41], [r, 0x41], "ASCII trail byte restored"),
                c([0xA2, 0xAF], [r], "jis0208 pointer 108 has no code point"),
                c([0x8E], [r], "0x8E at the end"),
                c([0x8E, 0xA1], [0xFF61], "half-width katakana"),
                c([0x8E, 0xE0], [r], "0x8E then a byte past the katakana"),
                c([0x8E, 0x41], [r, 0x41], "0x8E then ASCII, restored"),
                c([0x8F], [r], "0x8F at the end"),
                c([0x8F, 0xA2], [r], "0x8F and a lead byte at the end"),
                c([0x8F, 0xA2, 0xAF], [0x02D8], "jis0212 pointer 108"),
                c([0x8F, 0xA2, 0x41], [r, 0x41], "jis0212 with an ASCII trail byte, restored"),
                c([0x8F, 0x41], [r, 0x41], "0x8F then ASCII, restored"),
                c([0x80, 0xFF], [r, r], "0x80 and 0xFF are errors"),
            ]
        case .iso2022JP:
            let esc: UInt8 = 0x1B
            return [
                c([esc], [r], "escape at the end"),
                c([esc, 0x24], [r, 0x24], "escape and $ at the end: $ restored"),
                c([esc, 0x28, 0x41], [r, 0x28, 0x41], "unknown escape: both bytes restored"),
                c([esc, 0x41], [r, 0x41], "escape then a byte: restored"),
                c([esc, 0x28, 0x42, esc, 0x28, 0x42, 0x61], [r, 0x61], "two escapes in a row"),
                c([esc, 0x24, 0x42, 0x30], [r], "lead byte at the end"),
                c([esc, 0x24, 0x42, 0x30, 0x21, esc, 0x28, 0x42, 0x41], [0x4E9C, 0x41], "JIS X 0208 then ASCII"),
                c([esc, 0x24, 0x42, 0x30, esc, 0x28, 0x42, 0x41], [r, 0x41], "escape as trail byte"),
                c([esc, 0x24, 0x42, 0x30, 0x0A], [r], "invalid trail byte consumed"),
                c([esc, 0x24, 0x42, 0x0A], [r], "newline in JIS X 0208"),
                c([esc, 0x24, 0x42, 0x22, 0x2F], [r], "jis0208 pointer 108 has no code point"),
                c([0x0E, 0x0F, 0x80, 0x41], [r, r, r, 0x41], "SO, SI and 0x80 are errors in ASCII"),
                c([esc, 0x28, 0x49, 0x21, 0x60], [0xFF61, r], "katakana range"),
                c([esc, 0x28, 0x4A, 0x5C, 0x7E, 0x0E], [0xA5, 0x203E, r], "Roman"),
            ]
        case .shiftJIS:
            return [
                c([0x82], [r], "lead byte at the end"),
                c([0x82, 0x22], [r, 0x22], "ASCII trail byte restored (the quote is not masked)"),
                c([0x81, 0x7F], [r, 0x7F], "0x7F trail byte restored"),
                c([0x81, 0xFD], [r], "non-ASCII invalid trail byte consumed"),
                c([0x81, 0xAD], [r], "pointer 108 has no code point"),
                c([0xF0, 0x40], [0xE000], "first EUDC pointer"),
                c([0xF9, 0xFC], [0xE757], "last EUDC pointer"),
                c([0x80, 0xA0, 0xFD, 0xFF], [0x80, r, r, r], "single bytes 0x80, 0xA0, 0xFD, 0xFF"),
            ]
        case .eucKR:
            return [
                c([0x81], [r], "lead byte at the end"),
                c([0x81, 0x41], [0xAC02], "pointer 0"),
                c([0x81, 0x5B], [r, 0x5B], "pointer 26 has no code point: ASCII trail byte restored"),
                c([0x81, 0x80], [r], "pointer 63 has no code point: trail byte consumed"),
                c([0x81, 0x22], [r, 0x22], "ASCII trail byte restored"),
                c([0x80, 0xFF], [r, r], "0x80 and 0xFF are errors"),
            ]
        case .iso8859_3:
            return [c([0xA5, 0x41], [r, 0x41], "byte 0xA5 has no code point")]
        case .windows1253:
            return [c([0xAA], [r], "byte 0xAA has no code point")]
        default:
            return []
        }
    }

    // MARK: Tests

    @Test func everyEncodingOfTheStandardDecodesItsTestSequencesExactly() throws {
        var passed = 0
        var failures: [String] = []
        for encoding in TextEncoding.allCases {
            var ok = true
            for testCase in try Self.roundTrips(encoding) + Self.malformed(encoding) {
                let blockSizes = testCase.bytes.count > 4096 ? [1 << 16] : [1 << 16, 5]
                for blockSize in blockSizes {
                    let actual = Self.decode(testCase.bytes, as: encoding, blockSize: blockSize)
                    guard actual != testCase.expected else { continue }
                    ok = false
                    let at = zip(actual, testCase.expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                        ?? min(actual.count, testCase.expected.count)
                    let hex = { (values: ArraySlice<UInt32>) in values.map { String($0, radix: 16) }.joined(separator: " ") }
                    failures.append(
                        "\(encoding.rawValue), \(testCase.what) (block \(blockSize)): at scalar \(at), got "
                            + "\(hex(actual[at..<min(at + 4, actual.count)])), expected "
                            + "\(hex(testCase.expected[at..<min(at + 4, testCase.expected.count)]))")
                }
            }
            if ok { passed += 1 }
        }
        let standard = try EncodingStandardData.encodings()
        print("encodings: \(passed)/\(standard.count)")
        if let folder = EncodingStandardData.folder {
            ConformanceReport.ran("WHATWG Encoding Standard encodings", cases: standard.count, from: folder)
        }
        for failure in failures.prefix(20) { print("  failed: \(failure)") }
        #expect(failures.isEmpty)
        #expect(passed == standard.count)
        #expect(TextEncoding.allCases.count == standard.count)
    }

    @Test func everyLabelOfTheStandardResolves() throws {
        let standard = try EncodingStandardData.encodings()
        #expect(standard.count == 40)
        for (name, labels) in standard {
            let encoding = TextEncoding(rawValue: name)
            #expect(encoding != nil, "\(name) is not a TextEncoding")
            for label in labels {
                #expect(TextEncoding(label: label) == encoding, "\(label)")
                #expect(TextEncoding(label: " \(label.uppercased())\n") == encoding, "\(label), upper-case and padded")
            }
        }
    }

    @Test func eachMultiByteTableMatchesItsIndexFile() throws {
        let indexes: [(String, EncodingIndex)] = [
            ("jis0208", .jis0208), ("jis0212", .jis0212), ("euc-kr", .eucKR), ("gb18030", .gb18030), ("big5", .big5),
        ]
        for (name, index) in indexes {
            let expected = try EncodingStandardData.map(name)
            let last = expected.keys.max() ?? 0
            var mismatches = 0
            for pointer in -1...(last + 1) where index[pointer] != expected[pointer] { mismatches += 1 }
            #expect(mismatches == 0, "\(name): \(mismatches) pointers differ")
        }
    }
}

/// Small pages of our own in legacy encodings (`Fixtures/encodings/`, written by
/// `Scripts/make-encoding-fixtures.py` with Python's codecs), declared by `<meta charset>` or by the
/// transport layer, decoded through `Document(bytes:…)`.
@Suite struct LegacyEncodedPageTests {
    struct Page: Sendable {
        let file: String
        let charset: String
        let encoding: TextEncoding
        let title: String
        let heading: String
        let firstDate: String
        let lastTitle: String
    }

    static let pages: [Page] = [
        Page(file: "shift_jis", charset: "Shift_JIS", encoding: .shiftJIS, title: "今期のアニメ放送予定",
             heading: "秋アニメ 放送スケジュール", firstDate: "10月4日", lastTitle: "第2話 約束の場所"),
        Page(file: "euc-jp", charset: "EUC-JP", encoding: .eucJP, title: "ドラマ放送日程",
             heading: "月曜ドラマ 第3シーズン", firstDate: "4月8日", lastTitle: "第2話 雨の日の依頼人"),
        Page(file: "gbk", charset: "GBK", encoding: .gbk, title: "本周电视节目表",
             heading: "星期一 晚间节目", firstDate: "20:00", lastTitle: "电视剧 第十二集"),
        Page(file: "big5", charset: "Big5", encoding: .big5, title: "本週節目表",
             heading: "週末動畫特輯", firstDate: "星期六", lastTitle: "第六集 最後的約定"),
        Page(file: "euc-kr", charset: "EUC-KR", encoding: .eucKR, title: "이번 주 방송 편성표",
             heading: "월화 드라마 편성", firstDate: "월요일", lastTitle: "제2회 비밀의 정원"),
        Page(file: "koi8-r", charset: "KOI8-R", encoding: .koi8R, title: "Программа передач",
             heading: "Сериалы недели", firstDate: "Понедельник", lastTitle: "Серия 2. Возвращение"),
    ]

    private func load(_ name: String) throws -> [UInt8] {
        let url = TestData.fixtures.appendingPathComponent("encodings").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    private func check(_ document: Document, _ page: Page, _ how: String) throws {
        #expect(document.encoding == page.encoding, "\(page.file) \(how)")
        #expect(try document.selectFirst("title")?.text == page.title, "\(page.file) \(how)")
        #expect(try document.selectFirst("h1")?.text == page.heading, "\(page.file) \(how)")
        #expect(try document.selectFirst("td.date")?.text == page.firstDate, "\(page.file) \(how)")
        #expect(try document.select("td.title").last?.text == page.lastTitle, "\(page.file) \(how)")
    }

    @Test(arguments: pages)
    func declaredByMetaCharset(_ page: Page) throws {
        let bytes = try load("\(page.file).html")
        #expect(Document.sniffEncoding(of: bytes).source == .metaPrescan)
        try check(Document(bytes: bytes), page, "by <meta>")
    }

    @Test(arguments: pages)
    func declaredByTheTransportLayer(_ page: Page) throws {
        let bytes = try load("\(page.file)-undeclared.html")
        try check(Document(bytes: bytes, transportEncoding: "text/html; charset=\(page.charset.lowercased())"), page, "by transport")
        // The transport layer wins over a `<meta>` that says otherwise.
        let wrongMeta = Array("<meta charset=\"windows-1252\">".utf8) + bytes
        try check(Document(bytes: wrongMeta, transportEncoding: page.charset), page, "transport over meta")
    }

    @Test func undeclaredLegacyBytesFallBackToWindows1252() throws {
        // Without a declaration the bytes are not valid UTF-8, so the fallback decides.
        let bytes = try load("shift_jis-undeclared.html")
        let document = Document(bytes: bytes)
        #expect(document.encoding == .windows1252)
        #expect(try document.selectFirst("h1")?.text != Self.pages[0].heading)
    }

    @Test func replacementLabelsDecodeToOneReplacementCharacter() {
        let bytes = Array("<p>hello</p>".utf8)
        let document = Document(bytes: bytes, transportEncoding: "text/html; charset=iso-2022-kr")
        #expect(document.encoding == .replacement)
        #expect(document.root.textContent == "\u{FFFD}")
        let meta = Document(bytes: Array("<meta charset=hz-gb-2312><p>hidden".utf8))
        #expect(meta.encoding == .replacement)
        #expect(meta.root.textContent == "\u{FFFD}")
    }
}

/// Random bytes, biased towards each decoder's lead and trail ranges, never trap, decode to valid
/// UTF-8, and decode the same at every block size.
@Suite(.heavy) struct LegacyDecoderRobustnessTests {
    private func decode(_ bytes: [UInt8], _ encoding: TextEncoding, blockSize: Int) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { input in
            TextDecoder.decode(input, encoding: encoding, blockSize: blockSize) { output.append(contentsOf: $0) }
        }
        return output
    }

    @Test func randomBytesDecodeToValidUTF8AtEveryBlockSize() {
        var random = SeededGenerator(seed: 2022)
        // Bytes that matter to the decoders: ESC and the escape letters, digits, lead and trail bytes.
        let interesting: [UInt8] = [0x1B, 0x24, 0x28, 0x40, 0x42, 0x49, 0x4A, 0x0E, 0x0F, 0x30, 0x39, 0x5C, 0x7E,
                                    0x80, 0x81, 0x8E, 0x8F, 0xA0, 0xA1, 0xDF, 0xE0, 0xFC, 0xFE, 0xFF]
        for encoding in TextEncoding.allCases where encoding != .utf8 {
            for _ in 0..<40 {
                let length = Int(random.next() % 300)
                let bytes = (0..<length).map { _ in
                    random.next() % 3 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next())
                }
                let whole = decode(bytes, encoding, blockSize: 1 << 16)
                #expect(Array(String(decoding: whole, as: UTF8.self).utf8) == whole, "\(encoding.rawValue): invalid UTF-8")
                #expect(decode(bytes, encoding, blockSize: 5) == whole, "\(encoding.rawValue): block size changes the text")
                // No decoder makes up text: at most one scalar per byte (Big5's two-scalar pointers take
                // two bytes), and one U+FFFD for a whole replacement input.
                let scalars = String(decoding: whole, as: UTF8.self).unicodeScalars.count
                #expect(scalars <= max(length, 1) + 1, "\(encoding.rawValue): \(scalars) scalars from \(length) bytes")
            }
        }
    }

    @Test func asciiIsItselfInEveryASCIICompatibleEncoding() {
        let text = "<!DOCTYPE html><p class=\"a\">Hello, world! 0123456789 {}[]|@#$%^&*()_+-=~`\\'</p>\n\t"
        for encoding in TextEncoding.allCases where !encoding.isUTF16 && encoding != .replacement {
            #expect(decode(Array(text.utf8), encoding, blockSize: 7) == Array(text.utf8), "\(encoding.rawValue)")
        }
    }
}
