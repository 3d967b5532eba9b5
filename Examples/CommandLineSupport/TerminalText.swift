#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation

/// Text measured and fitted the way a terminal shows it: by display columns, where a CJK character
/// or an emoji takes two columns, a combining mark none, and everything else one.
///
/// ```swift
/// TerminalText.width("ぼっち・ざ・ろっく！")          // 20
/// TerminalText.shortened("ぼっち・ざ・ろっく！", toWidth: 9)   // "ぼっち・…" (9 columns)
/// ```
public enum TerminalText {
    /// The width the examples fit their lines to: `COLUMNS` when it holds a usable number, else the
    /// terminal's width when standard output is one, else 80 (files and pipes get lines that fit an
    /// 80-column terminal too).
    public static func lineWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), (20...1_000).contains(columns) { return columns }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// The number of columns `text` takes on a terminal (a tab moves to the next multiple of 8).
    public static func width(_ text: String) -> Int {
        text.reduce(0) { used, character in
            character == "\t" ? (used / 8 + 1) * 8 : used + width(of: character)
        }
    }

    /// `text` (made ``printable(_:)``) broken into lines of at most `width` columns at spaces, each
    /// line after the first starting with `indent`; a word longer than a line is shortened.
    public static func wrapped(_ text: String, width: Int, indent: String = "") -> [String] {
        var lines: [String] = []
        var current = ""
        for word in printable(text).split(separator: " ").map(String.init) {
            let prefix = lines.isEmpty && current.isEmpty ? "" : (current.isEmpty ? indent : "")
            let candidate = current.isEmpty ? prefix + word : current + " " + word
            if Self.width(candidate) <= width {
                current = candidate
            } else if current.isEmpty {
                lines.append(shortened(candidate, toWidth: width))
            } else {
                lines.append(current)
                current = Self.width(indent + word) <= width ? indent + word : shortened(indent + word, toWidth: width)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The columns one character (grapheme cluster) takes: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji shown as such (its own default, or asked for with U+FE0F) is two columns wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            return isWide(first.value) ? 2 : 1
        }
    }

    /// `text` with control characters (escape sequences, tabs, new lines, bidirectional overrides)
    /// replaced by spaces, so that text from a file or a server cannot move the cursor, colour the
    /// terminal or break a line.
    public static func printable(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: result.unicodeScalars.append(" ")
            case .format where (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                result.unicodeScalars.append(" ")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` (made ``printable(_:)``) cut to at most `width` columns, ending in "…" when it was cut.
    public static func shortened(_ text: String, toWidth width: Int) -> String {
        let text = printable(text)
        guard Self.width(text) > width else { return text }
        guard width >= 1 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = Self.width(of: character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// The line `make(part)` with `part` shortened (see ``shortened(_:toWidth:)``) just enough for
    /// the line to fit in `width` columns; the rest of the line is kept whole. When even an empty
    /// part does not fit, the whole line is shortened.
    ///
    /// ```swift
    /// TerminalText.fitting(title, width: 80) { "  \($0): episodes 3–4 (on track)" }
    /// ```
    public static func fitting(_ part: String, width: Int, _ make: (String) -> String) -> String {
        let whole = make(printable(part))
        guard Self.width(whole) > width else { return whole }
        let rest = Self.width(make(""))
        guard rest + 2 <= width else { return shortened(whole, toWidth: width) }
        return make(shortened(part, toWidth: width - rest))
    }

    /// `text` shortened to `limit` characters for echoing in a message ("…" marks the cut), made
    /// ``printable(_:)``: an argument of 100,000 characters is not printed back whole.
    public static func echoed(_ text: String, limit: Int = 60) -> String {
        let text = printable(text)
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }

    /// East Asian Wide and Fullwidth code points (Unicode's EastAsianWidth W and F), outside emoji.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
             0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Counted nouns: "1 episode", "2 episodes", "0 episodes".
public enum Plural {
    /// `count` followed by `singular` for one and `plural` (default: `singular` + "s") otherwise.
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
