import Testing
@testable import HTMLScrape

@Suite struct InputPreprocessorTests {
    private func run(_ bytes: [UInt8]) -> (text: String, errors: [(String, Int)]) {
        let result = InputPreprocessor.preprocess(bytes)
        return (String(decoding: result.bytes, as: UTF8.self), result.errors.map { ($0.code.publicCode.rawValue, $0.offset) })
    }

    private func run(_ text: String) -> (text: String, errors: [(String, Int)]) { run(Array(text.utf8)) }

    /// A string of scalars (Swift literals reject noncharacters such as U+FDD0).
    private func scalars(_ values: UInt32...) -> String {
        var view = String.UnicodeScalarView()
        for value in values { if let scalar = Unicode.Scalar(value) { view.append(scalar) } }
        return String(view)
    }

    /// Feeds `bytes` in chunks of `size`.
    private func chunked(_ bytes: [UInt8], size: Int) -> (bytes: [UInt8], errors: [RecordedError]) {
        var normalizer = InputStreamNormalizer()
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            bytes[start..<end].withUnsafeBufferPointer { normalizer.write($0) }
            start = end
        }
        return normalizer.finish()
    }

    @Test func anArrayThatNeedsNoChangeIsSharedNotCopied() {
        func base(_ array: [UInt8]) -> UnsafeRawPointer? { array.withUnsafeBytes { $0.baseAddress } }
        // Unchanged input (errors may still be recorded: a control character stays as it is).
        for text in ["<p>plain</p>", "caf\u{E9} \u{1F600}", "a\u{1}b", "tab\tand\u{C}form", ""] {
            let input = Array(text.utf8)
            let result = InputPreprocessor.preprocess(array: input)
            #expect(result.bytes == input)
            if !input.isEmpty { #expect(base(result.bytes) == base(input), "\(text) was copied") }
            #expect(result.errors.map(\.offset) == InputPreprocessor.preprocess(input).errors.map(\.offset))
        }
        #expect(InputPreprocessor.preprocess(array: Array("a\u{1}b".utf8)).errors.map(\.code.publicCode.rawValue)
            == ["control-character-in-input-stream"])
        // Input that changes comes out exactly as from the copying path.
        let changing: [[UInt8]] = [
            Array("a\r\nb\rc".utf8), [0x61, 0xFF, 0x62], [0x61, 0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x41], [0x0D],
        ]
        for input in changing {
            let shared = InputPreprocessor.preprocess(array: input)
            let copied = InputPreprocessor.preprocess(input)
            #expect(shared.bytes == copied.bytes)
            #expect(shared.errors.map(\.offset) == copied.errors.map(\.offset))
        }
        #expect(InputPreprocessor.preprocess(array: Array("a\r\nb\rc".utf8)).bytes == Array("a\nb\nc".utf8))
        #expect(InputPreprocessor.preprocess(array: [0x61, 0xE2, 0x82]).bytes == [0x61, 0xEF, 0xBF, 0xBD])
    }

    /// Every ASCII byte at every offset of the eight-byte words the fast path checks, among TABs,
    /// LFs, FFs and printable bytes (which that path lets through a word at a time): the byte must get
    /// exactly its own treatment, whatever surrounds it.
    @Test func everyASCIIByteIsJudgedAloneInsideAWordOfWhiteSpace() {
        let filler: [UInt8] = Array("\t<a\n\u{C}b> \t\n".utf8)
        for byte in UInt8(0)..<0x80 {
            let isError = (byte < 0x20 && ![0x00, 0x09, 0x0A, 0x0C, 0x0D].contains(byte)) || byte == 0x7F
            for offset in 0..<16 {
                var input = filler + filler
                input[offset] = byte
                let result = InputPreprocessor.preprocess(array: input)
                var expected = input
                if byte == 0x0D {
                    // CR becomes LF; CR LF becomes one LF.
                    if input[offset + 1] == 0x0A { expected.remove(at: offset) } else { expected[offset] = 0x0A }
                }
                #expect(result.bytes == expected, "byte \(byte) at \(offset)")
                #expect(result.errors.map(\.offset) == (isError ? [offset] : []), "byte \(byte) at \(offset)")
            }
        }
    }

    @Test func newlinesNormaliseToLF() {
        #expect(run("a\r\nb\rc\nd\r\r\ne\n\rf\r").text == "a\nb\nc\nd\n\ne\n\nf\n")
        #expect(run("\r\n").text == "\n")
        #expect(run("").text == "")
        let long = String(repeating: "0123456789abcdef", count: 10) + "\r\n" + String(repeating: "x", count: 33) + "\r"
        #expect(run(long).text == String(repeating: "0123456789abcdef", count: 10) + "\n" + String(repeating: "x", count: 33) + "\n")
    }

    @Test func newlinesAndCharactersStraddlingChunkBoundaries() {
        let text = "ab\r\ncd\r\ref\u{E9}\u{1F600}\r\n" + scalars(0xFDD0) + "\u{85}x\r"
        let whole = InputPreprocessor.preprocess(Array(text.utf8))
        #expect(String(decoding: whole.bytes, as: UTF8.self) == "ab\ncd\n\nef\u{E9}\u{1F600}\n" + scalars(0xFDD0) + "\u{85}x\n")
        for size in 1...9 {
            let parts = chunked(Array(text.utf8), size: size)
            #expect(parts.bytes == whole.bytes, "chunk size \(size)")
            #expect(parts.errors.map { $0.offset } == whole.errors.map { $0.offset }, "chunk size \(size)")
        }
        // Invalid UTF-8 split across chunks gives the same replacement characters.
        let invalid: [UInt8] = [0x61, 0xF0, 0x9F, 0x98, 0x41, 0xED, 0xA0, 0x80, 0xE2, 0x82]
        let reference = InputPreprocessor.preprocess(invalid).bytes
        #expect(String(decoding: reference, as: UTF8.self) == "a\u{FFFD}A\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        for size in 1...4 { #expect(chunked(invalid, size: size).bytes == reference, "chunk size \(size)") }
    }

    @Test func controlCharactersAreReportedWithOutputOffsets() {
        let result = run("a\u{01}b\r\n\u{7F}\u{0B}\t\u{0C}\u{00}\u{80}\u{9F}\u{A0}")
        #expect(result.text == "a\u{01}b\n\u{7F}\u{0B}\t\u{0C}\u{00}\u{80}\u{9F}\u{A0}")
        let code = "control-character-in-input-stream"
        // Offsets: a=0 \01=1 b=2 \n=3 DEL=4 VT=5 TAB=6 FF=7 NUL=8 U+0080=9 U+009F=11 U+00A0=13
        #expect(result.errors.map(\.0) == [code, code, code, code, code])
        #expect(result.errors.map(\.1) == [1, 4, 5, 9, 11])
    }

    @Test func noncharactersAreReported() {
        let text = scalars(0x78, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF, 0xFFFD)
        let result = run(text)
        #expect(result.text == text)
        #expect(result.errors.allSatisfy { $0.0 == "noncharacter-in-input-stream" })
        // x=0, FDD0=1, FDEF=4, FDF0=7 (fine), FFFE=10, FFFF=13, 1FFFE=16, 10FFFF=20, FFFD=24 (fine)
        #expect(result.errors.map(\.1) == [1, 4, 10, 13, 16, 20])
    }

    @Test func offsetsCountReplacementCharacters() {
        // A replaced byte grows to three bytes; a later error's offset is in the output.
        let result = run([0x80, 0x80, 0x01] as [UInt8])
        #expect(result.text == "\u{FFFD}\u{FFFD}\u{01}")
        #expect(result.errors.map(\.1) == [6])
        let crlf = run("\r\n\r\n\u{01}")
        #expect(crlf.errors.map(\.1) == [2])
    }

    @Test func cleanTextRoundTripsAtEveryAlignment() {
        let text = "<p class=\"x\">Hello, world — café 🎉</p>\n\t<td>é</td>"
        for prefix in 0..<9 {
            let input = String(repeating: "a", count: prefix) + text
            #expect(run(input).text == input)
            #expect(run(input).errors.isEmpty)
        }
    }

    @Test func parseErrorsReachTheDocumentWithLinesAndColumns() {
        let document = Document(html: "a\r\nb\u{01}")
        let errors = document.errors.filter { $0.code.rawValue == "control-character-in-input-stream" }
        #expect(errors.count == 1)
        #expect(errors.first?.line == 2 && errors.first?.column == 2)
    }
}
