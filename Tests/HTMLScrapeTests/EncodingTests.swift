import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

@Suite struct EncodingTests {
    private func sniff(_ text: String, transport: String? = nil) -> EncodingSniffResult {
        Document.sniffEncoding(of: Array(text.utf8), transportEncoding: transport)
    }

    private func sniff(bytes: [UInt8], transport: String? = nil) -> EncodingSniffResult {
        Document.sniffEncoding(of: bytes, transportEncoding: transport)
    }

    /// Decodes and preprocesses, returning the text.
    private func decode(_ bytes: [UInt8], as encoding: TextEncoding, blockSize: Int = 1 << 16) -> String {
        let result = bytes.withUnsafeBufferPointer {
            InputPreprocessor.decodeAndPreprocess($0, encoding: encoding, blockSize: blockSize)
        }
        return String(decoding: result.bytes, as: UTF8.self)
    }

    private func scalars(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }

    // MARK: Labels

    @Test func labelsResolveAsTheEncodingStandardSays() {
        for label in ["latin1", "iso-8859-1", "ISO-8859-1", "us-ascii", "ascii", "cp1252", " windows-1252\n", "x-cp1252", "l1"] {
            #expect(TextEncoding(label: label) == .windows1252, "\(label)")
        }
        for label in ["utf8", "UTF-8", "unicode-1-1-utf-8", "\t utf-8 \u{0C}", "x-unicode20utf8"] {
            #expect(TextEncoding(label: label) == .utf8, "\(label)")
        }
        #expect(TextEncoding(label: "utf-16") == .utf16LE)
        #expect(TextEncoding(label: "utf-16le") == .utf16LE)
        #expect(TextEncoding(label: "UTF-16BE") == .utf16BE)
        #expect(TextEncoding(label: "latin2") == .iso8859_2)
        #expect(TextEncoding(label: "iso8859-2") == .iso8859_2)
        #expect(TextEncoding(label: "l9") == .iso8859_15)
        #expect(TextEncoding(label: "cp1251") == .windows1251)
        #expect(TextEncoding(label: "utf-9") == nil)
        #expect(TextEncoding(label: "") == nil)
        #expect(TextEncoding(label: "utf 8") == nil)
        // Every encoding of the standard.
        #expect(TextEncoding(label: "sjis") == .shiftJIS)
        #expect(TextEncoding(label: "GB2312") == .gbk)
        #expect(TextEncoding(label: "iso-2022-cn-ext") == .replacement)
        #expect(TextEncoding(label: "iso-8859-8-i") == .iso8859_8I)
        #expect(TextEncoding(label: "x-mac-ukrainian") == .xMacCyrillic)
        #expect(TextEncoding.canonicalName(forLabel: "sjis") == "Shift_JIS")
        #expect(TextEncoding.canonicalName(forLabel: "X-EUC-JP") == "EUC-JP")
        #expect(TextEncoding.canonicalName(forLabel: "iso-2022-kr") == "replacement")
        #expect(TextEncoding.canonicalName(forLabel: "nonsense") == nil)
        for encoding in TextEncoding.allCases {
            #expect(TextEncoding(label: encoding.rawValue) == encoding)
        }
    }

    // MARK: Sniffing

    @Test func byteOrderMarksWinOverEverything() {
        let meta = Array("<meta charset=iso-8859-2>".utf8)
        let utf8 = sniff(bytes: [0xEF, 0xBB, 0xBF] + meta, transport: "text/html; charset=iso-8859-15")
        #expect(utf8.encoding == .utf8 && utf8.source == .byteOrderMark && utf8.byteOrderMarkLength == 3)
        #expect(sniff(bytes: [0xFF, 0xFE, 0x3C, 0x00]).encoding == .utf16LE)
        #expect(sniff(bytes: [0xFE, 0xFF, 0x00, 0x3C]).encoding == .utf16BE)
        #expect(sniff(bytes: [0xEF, 0xBB, 0x41]).source == .fallback)

        let document = Document(bytes: [0xFF, 0xFE] + Array("a\u{e9}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(document.encoding == .utf16LE)
        #expect(document.root.textContent == "a\u{e9}")
    }

    @Test func transportCharsetComesNextAndParsesContentTypes() {
        #expect(sniff("<meta charset=utf-8>", transport: "text/html; charset=ISO-8859-2").encoding == .iso8859_2)
        #expect(sniff("<meta charset=utf-8>", transport: "text/html; charset=ISO-8859-2").source == .transportLayer)
        #expect(sniff("", transport: "text/html;charset=\"utf-8\"").encoding == .utf8)
        #expect(sniff("", transport: "text/html; foo=bar; CHARSET = latin1 ").encoding == .windows1252)
        #expect(sniff("", transport: "text/html; charset=\"utf\\-8\"; x=y").encoding == .utf8)
        #expect(sniff("", transport: "utf-16be").encoding == .utf16BE)
        #expect(sniff("", transport: "Shift_JIS").name == "Shift_JIS")
        // No usable charset: the prescan decides.
        #expect(sniff("<meta charset=iso-8859-2>", transport: "text/html").encoding == .iso8859_2)
        #expect(sniff("<meta charset=iso-8859-2>", transport: "text/html; charset=bogus").source == .metaPrescan)
        #expect(EncodingSniffer.charsetParameter(in: Array("text/plain; format=flowed".utf8)) == nil)
    }

    @Test func metaPrescanVariants() {
        #expect(sniff("<meta charset=\"iso-8859-2\">").encoding == .iso8859_2)
        #expect(sniff("<meta charset='iso-8859-2'>").encoding == .iso8859_2)
        #expect(sniff("<META CHARSET=ISO-8859-2>").encoding == .iso8859_2)
        #expect(sniff("<meta charset=iso-8859-2>").source == .metaPrescan)
        #expect(sniff("<html><head><title>x</title><meta charset=utf-8>").encoding == .utf8)
        #expect(sniff("<p title='<meta charset=utf-8>'>").source == .fallback)
        #expect(sniff("<!-- <meta charset=utf-8> --><meta charset=iso-8859-2>").encoding == .iso8859_2)
        #expect(sniff("<!--><meta charset=utf-8>").encoding == .utf8)
        #expect(sniff("<!-- <meta charset=utf-8>").source == .fallback)
        #expect(sniff("<meta http-equiv=Content-Type content='text/html; charset=utf-8'>").encoding == .utf8)
        #expect(sniff("<meta content='text/html; charset=\"iso-8859-2\"' http-equiv='content-type'>").encoding == .iso8859_2)
        // `http-equiv` without `content`, `content` without `http-equiv`.
        #expect(sniff("<meta http-equiv=Content-Type><meta charset=iso-8859-2>").encoding == .iso8859_2)
        #expect(sniff("<meta http-equiv=Content-Type>").source == .fallback)
        #expect(sniff("<meta content='text/html; charset=utf-8'>").source == .fallback)
        // The first attribute of a name wins; a failed `charset` attribute cancels.
        #expect(sniff("<meta charset=iso-8859-2 charset=utf-8>").encoding == .iso8859_2)
        #expect(sniff("<meta charset=bogus>").source == .fallback)
        // UTF-16 from a meta means UTF-8; x-user-defined means windows-1252.
        #expect(sniff("<meta charset=utf-16le>").encoding == .utf8)
        #expect(sniff("<meta charset=x-user-defined>").name == "windows-1252")
        // Every encoding of the standard is decoded.
        let japanese = sniff("<meta charset=euc-jp>")
        #expect(japanese.name == "EUC-JP" && japanese.encoding == .eucJP)
        #expect(sniff("<meta charset=iso-2022-kr>").encoding == .replacement)
        // After 1024 bytes: not seen by the prescan…
        let padding = String(repeating: " ", count: 1024)
        let late = Array((padding + "<meta charset=utf-8>").utf8)
        #expect(late.withUnsafeBufferPointer { buffer in
            var prescan = MetaPrescan(UnsafeBufferPointer(rebasing: buffer[..<1024]))
            return prescan.run()
        } == nil)
        // …but found later in the document, where the tree builder would meet it (outside raw text).
        #expect(sniff(padding + "<meta charset=utf-8>").source == .metaInDocument)
        #expect(sniff(padding + "<meta charset=utf-8>").encoding == .utf8)
        #expect(sniff(padding + "<script>'<meta charset=utf-8>'</script>").source == .fallback)
        #expect(sniff(padding + "<TITLE><meta charset=utf-8></title ><meta charset=iso-8859-2>").encoding == .iso8859_2)
        #expect(sniff(padding + "<plaintext><meta charset=utf-8>").source == .fallback)
        #expect(sniff(padding + "<!-- <meta charset=utf-8> -->").source == .fallback)
        #expect(sniff(String(repeating: " ", count: 1000) + "<meta charset=utf-8>").encoding == .utf8)
        // The quick check before the document-wide search lets through every case and placement of
        // `<meta … charset`, a `>` inside a quoted value, and a tag that starts before byte 1024.
        let text = String(repeating: "<p>x<b>y</b> <m>", count: 200)
        #expect(sniff(text + "<MeTa HTTP-EQUIV=Content-Type CONTENT='text/html; ChArSeT=koi8-r'>").encoding == .koi8R)
        #expect(sniff(text + "<meta content='a>b' CHARSET=iso-8859-2>").encoding == .iso8859_2)
        #expect(sniff(String(repeating: " ", count: 1020) + "<meta charset=iso-8859-2>").encoding == .iso8859_2)
        #expect(sniff(text + "<meta name=description content=charset>").source == .fallback)
        #expect(text.utf8.withContiguousStorageIfAvailable { EncodingSniffer.mayContainMetaTag($0) } == false)
        let mentions = text + "<meta property=toc> charset"
        #expect(mentions.utf8.withContiguousStorageIfAvailable { EncodingSniffer.mayContainMetaTag($0) } == false,
                "a charset outside any meta tag does not count")
        // No declaration, but valid UTF-8 with non-ASCII text: UTF-8.
        #expect(sniff("<p>caf\u{E9} \u{1F600}").source == .utf8Detection)
        #expect(sniff("<p>caf\u{E9}").encoding == .utf8)
        #expect(sniff(bytes: [0x3C, 0x70, 0x3E, 0x63, 0xE9]).source == .fallback)
        #expect(sniff(bytes: Array("<p>\u{E9}caf".utf8) + [0xC3]).source == .utf8Detection)  // cut off at the end
        #expect(sniff(bytes: [0xC3, 0xA9, 0xED, 0xA0, 0x80]).source == .fallback)  // an encoded surrogate
        // Nothing: windows-1252, tentative; the caller can change the fallback.
        let nothing = sniff("<p>hello")
        #expect(nothing.encoding == .windows1252 && nothing.source == .fallback && !nothing.isCertain)
        #expect(Document.sniffEncoding(of: Array("<p>".utf8), fallbackEncoding: .utf8).encoding == .utf8)
    }

    @Test func metaContentExtraction() {
        func extract(_ text: String) -> String? {
            EncodingSniffer.charsetFromMetaContent(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(extract("text/html; charset=utf-8") == "utf-8")
        #expect(extract("text/html; CHARSET = 'utf-8' ") == "utf-8")
        #expect(extract("charsetcharset=x") == "x")
        #expect(extract("text/html; charset='utf-8") == nil)
        #expect(extract("text/html; charset=") == nil)
        #expect(extract("text/html") == nil)
        #expect(extract("charset=a;b") == "a")
    }

    // MARK: Decoding

    @Test func windows1252MapsItsUpperHalf() {
        #expect(scalars(decode([0x80], as: .windows1252)) == [0x20AC])
        #expect(scalars(decode([0x9D], as: .windows1252)) == [0x9D])
        #expect(scalars(decode([0x81, 0x8D, 0x8F, 0x90], as: .windows1252)) == [0x81, 0x8D, 0x8F, 0x90])
        #expect(decode([0x93, 0x41, 0x94, 0xE9], as: .windows1252) == "\u{201C}A\u{201D}\u{E9}")
        #expect(decode([0xA3, 0xB1, 0xB9], as: .iso8859_2) == "\u{141}\u{105}\u{161}")
        #expect(decode([0xA4], as: .iso8859_15) == "\u{20AC}")
        #expect(decode([0xC0, 0x98], as: .windows1251) == "\u{410}\u{98}")
        let document = Document(bytes: [0x3C, 0x70, 0x3E, 0x80, 0xE9] as [UInt8])
        #expect(document.encoding == .windows1252)
        #expect(document.root.textContent.hasSuffix("\u{20AC}\u{E9}"))
    }

    @Test func singleByteDecodingMatchesItsTableAtEveryBlockSize() {
        var random = SeededGenerator(seed: 1252)
        var bytes: [UInt8] = []
        for _ in 0..<400 {
            // Runs of ASCII of every length (short, long, across blocks) between upper-half bytes.
            let run = Int(random.next() % 150)
            for _ in 0..<run { bytes.append(UInt8(0x20 + random.next() % 0x5F)) }
            for _ in 0..<Int(random.next() % 4) { bytes.append(UInt8(0x80 + random.next() % 0x80)) }
        }
        for encoding in [TextEncoding.windows1252, .iso8859_2, .iso8859_15, .windows1251] {
            let table = SingleByteTables.table(for: encoding) ?? []
            var expected = String.UnicodeScalarView()
            for byte in bytes {
                let value = byte < 0x80 ? UInt32(byte) : UInt32(table[Int(byte - 0x80)])
                if let scalar = Unicode.Scalar(value) { expected.append(scalar) }
            }
            for blockSize in [8, 13, 64, 1 << 16] {
                #expect(decode(bytes, as: encoding, blockSize: blockSize) == String(expected), "\(encoding) \(blockSize)")
            }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharactersPerMaximalSubpart() {
        #expect(scalars(decode([0xF0, 0x9F, 0x98, 0x41], as: .utf8)) == [0xFFFD, 0x41])
        #expect(scalars(decode([0xED, 0xA0, 0x80], as: .utf8)) == [0xFFFD, 0xFFFD, 0xFFFD])
        #expect(scalars(decode([0xC0, 0xAF], as: .utf8)) == [0xFFFD, 0xFFFD])
        #expect(scalars(decode([0xE0, 0x80, 0x41], as: .utf8)) == [0xFFFD, 0xFFFD, 0x41])
        #expect(scalars(decode([0xE2, 0x82], as: .utf8)) == [0xFFFD])
        #expect(scalars(decode([0xF4, 0x90, 0x80, 0x80], as: .utf8)) == [0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD])
        #expect(scalars(decode([0xF5, 0xFF, 0x80], as: .utf8)) == [0xFFFD, 0xFFFD, 0xFFFD])
        #expect(scalars(decode([0x61, 0xF0, 0x9F, 0x98, 0x80, 0x62], as: .utf8)) == [0x61, 0x1F600, 0x62])
        // The WHATWG example: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 → a � � b � c � � d
        let mixed: [UInt8] = [0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64]
        #expect(scalars(decode(mixed, as: .utf8)) == [0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x62, 0xFFFD, 0x63, 0xFFFD, 0xFFFD, 0x64])
        // Valid UTF-8 and long ASCII runs pass through.
        let text = String(repeating: "plain ascii text ", count: 50) + "héllo wörld 🎉 日本語"
        #expect(decode(Array(text.utf8), as: .utf8) == text)
    }

    @Test func utf16DecodesPairsAndReplacesLoneSurrogatesAndOddBytes() {
        let le: [UInt8] = [0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x42, 0x00]
        #expect(scalars(decode(le, as: .utf16LE)) == [0x41, 0x1F600, 0x42])
        let be: [UInt8] = [0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00]
        #expect(scalars(decode(be, as: .utf16BE)) == [0x41, 0x1F600])
        #expect(scalars(decode([0x00, 0xD8, 0x41, 0x00], as: .utf16LE)) == [0xFFFD, 0x41])
        #expect(scalars(decode([0x00, 0xDC, 0x00, 0xD8], as: .utf16LE)) == [0xFFFD, 0xFFFD])
        #expect(scalars(decode([0x41, 0x00, 0x42], as: .utf16LE)) == [0x41, 0xFFFD])
        #expect(scalars(decode([0x41], as: .utf16BE)) == [0xFFFD])
        // Block boundaries inside a pair's UTF-8 and between CR and LF.
        let crlf = Array("a\r\nb\u{1F600}\rc".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for blockSize in [1, 2, 3, 4, 5, 8] {
            #expect(decode(crlf, as: .utf16LE, blockSize: blockSize) == "a\nb\u{1F600}\nc", "block \(blockSize)")
        }
    }

    @Test func utf16RoundTripsLongMixedText() {
        var random = SeededGenerator(seed: 16)
        let pieces = ["plain ascii words ", "<td class=x>", "caf\u{E9} ", "\u{65E5}\u{672C} ", "\u{1F600}", "z", "\n\t"]
        var text = ""
        for _ in 0..<2_000 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        let units = Array(text.utf16)
        let le = units.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let be = units.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        for blockSize in [5, 8, 64, 1 << 16] {
            #expect(decode(le, as: .utf16LE, blockSize: blockSize) == text, "LE \(blockSize)")
            #expect(decode(be, as: .utf16BE, blockSize: blockSize) == text, "BE \(blockSize)")
        }
    }

    @Test func documentFromBytesReportsTheEncodingUsed() {
        let latin2 = Document(bytes: Array("<meta charset=iso-8859-2><p>".utf8) + [0xA3, 0xF3, 0x64, 0xBC])
        #expect(latin2.encoding == .iso8859_2)
        #expect(latin2.root.textContent.hasSuffix("\u{141}\u{F3}d\u{17A}"))
        let header = Document(bytes: Array("caf\u{E9}".utf8), transportEncoding: "text/html; charset=utf-8")
        #expect(header.encoding == .utf8)
        #expect(header.root.textContent == "caf\u{E9}")
        let data = Data([0xEF, 0xBB, 0xBF, 0x68, 0x69])
        let fromData = Document(bytes: data)
        #expect(fromData.encoding == .utf8 && fromData.root.textContent == "hi")
        let fallback = Document(bytes: Array("caf\u{E9}".utf8), transportEncoding: nil, fallbackEncoding: .utf8)
        #expect(fallback.encoding == .utf8 && fallback.root.textContent == "caf\u{E9}")
        // Not contiguous: copied.
        let lazy = Document(bytes: Array("hey".utf8).lazy.map { $0 })
        #expect(lazy.root.textContent == "hey")
    }

    // MARK: html5lib encoding tests

    /// The `#data`/`#encoding` pairs of an html5lib encoding test file.
    private static func cases(in data: Data) -> [(data: [UInt8], encoding: String)] {
        var result: [(data: [UInt8], encoding: String)] = []
        let bytes = [UInt8](data)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var section = ""
        var current: [UInt8] = []
        var encoding = ""
        func flush() {
            if !encoding.isEmpty {
                result.append((current, encoding))
            }
            current = []
            encoding = ""
        }
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            if text == "#data" {
                flush()
                section = "data"
                continue
            }
            if text == "#encoding" {
                section = "encoding"
                continue
            }
            switch section {
            case "data":
                if !current.isEmpty { current.append(0x0A) }
                current.append(contentsOf: line)
            case "encoding":
                if encoding.isEmpty { encoding = text.trimmingCharacters(in: .whitespaces) }
            default:
                break
            }
        }
        flush()
        return result
    }

    @Test(.enabled(if: TestData.hasHTML5Lib("encoding", suite: "html5lib encoding sniffing"), "needs html5lib-tests/encoding: `git submodule update --init --checkout Conformance/html5lib-tests` (or ../shared/conformance/html5lib-tests)")) func html5libEncodingTests() throws {
        let folder = try #require(TestData.html5lib("encoding"))
        var passed = 0
        var total = 0
        var failures: [String] = []
        for file in ["tests1.dat", "tests2.dat", "test-yahoo-jp.dat"] {
            let url = folder.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            for testCase in Self.cases(in: data) {
                total += 1
                let result = Document.sniffEncoding(of: testCase.data)
                let expected = TextEncoding.canonicalName(forLabel: testCase.encoding) ?? testCase.encoding
                if result.name == expected {
                    passed += 1
                } else if failures.count < 10 {
                    failures.append("\(file): expected \(expected), got \(result.name): \(String(decoding: testCase.data.prefix(120), as: UTF8.self))")
                }
            }
        }
        print("html5lib encoding: \(passed)/\(total) passed")
        ConformanceReport.ran("html5lib encoding sniffing", cases: total, from: folder)
        for failure in failures { print("  failed: \(failure)") }
        #expect(total >= 80)
        #expect(passed >= 82)
    }
}
