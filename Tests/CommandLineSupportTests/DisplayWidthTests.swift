#if canImport(Glibc)
import AirdateTestSupport
import Glibc
#endif
import CommandLineSupport
import Foundation
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test("columns of ASCII, CJK, kana, hangul, fullwidth and halfwidth forms, emoji, flags, marks and escapes",
          arguments: [
              ("abc", 3), ("", 0), ("進撃の巨人", 10), ("ワンピース", 10), ("한국어", 6), ("Ａ", 2), ("ｱ", 1),
              ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("é", 1), ("e\u{301}", 1),
              ("a\u{200B}b", 2), ("\u{1B}[1mbold\u{1B}[0m", 4), ("Pokémon ポケモン", 16), ("🎉 Party", 8),
              ("\u{7}", 0), ("⏰", 2), ("↻", 1), ("—", 1), ("…", 1),
          ] as [(String, Int)])
    func widths(text: String, columns: Int) {
        #expect(text.displayWidth == columns, "\(text.debugDescription)")
    }

    @Test("fitting keeps what fits, cuts whole characters with an ellipsis, and never passes the width",
          arguments: [
              ("Attack on Titan", 10, "Attack on…"), ("Attack on Titan", 15, "Attack on Titan"), ("Attack on Titan", 14, "Attack on Tit…"),
              ("進撃の巨人", 7, "進撃の…"), ("進撃の巨人", 6, "進撃…"), ("進撃の巨人", 10, "進撃の巨人"), ("進撃の巨人", 9, "進撃の巨…"),
              ("👨‍👩‍👧 family", 3, "👨‍👩‍👧…"), ("👨‍👩‍👧 family", 2, "…"), ("abc", 1, "…"), ("abc", 0, ""), ("abc", -4, ""),
          ] as [(String, Int, String)])
    func fitting(text: String, width: Int, expected: String) {
        let fitted = text.fitted(toWidth: width)
        #expect(fitted == expected)
        #expect(fitted.displayWidth <= max(0, width))
    }

    @Test("a style cut off by fitting is reset; padding and columns measure display width")
    func stylesAndPadding() {
        let bold = "\u{1B}[1mCountdowns to the end\u{1B}[0m"
        let fitted = bold.fitted(toWidth: 10)
        #expect(fitted == "\u{1B}[1mCountdown…\u{1B}[0m")
        #expect(fitted.displayWidth == 10)
        #expect("進撃".padded(toWidth: 6) == "進撃  ")
        #expect("進撃".padded(toWidth: 2) == "進撃")
        #expect("進撃の巨人".column(6) == "進撃… ", "a wide character never straddles the edge")
        #expect("進撃の巨人".column(6).displayWidth == 6)
        #expect("ab".column(4) == "ab  ")
    }

    @Test("terminal-safe text is one line without control characters")
    func terminalSafe() {
        #expect("Line one\nLine two\tend".terminalSafe == "Line one Line two end")
        #expect("bell\u{7} and \u{1B}[2J clear".terminalSafe == "bell\u{FFFD} and \u{FFFD}[2J clear")
        #expect("進撃 🎉".terminalSafe == "進撃 🎉")
    }

    @Test("random mixed text: fitting never passes the width, keeps a prefix, and is the text when it fits (2,000 cases, seed 2028)")
    func fittingProperties() {
        var random = SeededGenerator(seed: 2028)
        let pieces = ["a", "Z", " ", "é", "e\u{301}", "進", "撃", "ー", "한", "Ａ", "ｱ", "👍", "👍🏽", "👨‍👩‍👧", "🇯🇵", "❤️", "\u{200B}", "…", "\u{1B}[1m", "\u{1B}[0m"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let width = Int.random(in: 0...30, using: &random)
            let fitted = text.fitted(toWidth: width)
            #expect(fitted.displayWidth <= width, "\(text.debugDescription) → \(fitted.debugDescription) at \(width)")
            if text.displayWidth <= width {
                #expect(fitted == text)
            } else if width > 0 {
                var kept = fitted
                #expect(kept.hasSuffix("…") || kept.hasSuffix("…\u{1B}[0m"))
                if kept.hasSuffix("\u{1B}[0m") { kept.removeLast(4) }
                kept.removeLast()
                #expect(text.hasPrefix(kept), "\(text.debugDescription) → \(fitted.debugDescription)")
                #expect(fitted.displayWidth >= width - 1, "cut no earlier than needed: \(fitted.debugDescription) at \(width)")
            }
        }
    }

    #if canImport(Glibc)
    @Test("one code point at a time, the width agrees with the C library's wcwidth in a UTF-8 locale")
    func agreesWithWcwidth() throws {
        // wcwidth is an X/Open function the Glibc module does not export: looked up by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
            Issue.record("no wcwidth in the C library")
            return
        }
        let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        guard let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else {
            Issue.record("no C.UTF-8 locale")
            return
        }
        defer { freelocale(locale) }
        // Everything below runs on this thread without suspending, so the thread's locale stays ours.
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        var compared = 0
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            // Unassigned code points, surrogates, private use and controls: no agreed width.
            if [.unassigned, .surrogate, .privateUse, .control].contains(category) { continue }
            let reference = Int(wcwidth(Int32(bitPattern: value)))
            guard reference >= 0 else { continue }
            // Known, deliberate differences: circled numbers on black squares (East Asian Width
            // "ambiguous": narrow outside CJK locales, wide in this C library), the hexagrams (wide
            // since Unicode 16, narrow in the 15.0 table used here), one Ahom medial consonant (a
            // spacing mark the C library draws in no column), and the regional indicators (two columns
            // here, as terminals draw a flag).
            if (0x3248...0x324F).contains(value) || (0x4DC0...0x4DFF).contains(value) || value == 0x1171E
                || (0x1F1E6...0x1F1FF).contains(value) { continue }
            let ours = DisplayWidth.columns(of: Character(scalar))
            compared += 1
            if ours != reference { disagreements.append(String(value, radix: 16, uppercase: true) + ": \(ours) vs \(reference)") }
        }
        #expect(compared > 100_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements: \(disagreements)")
    }
    #endif
}
