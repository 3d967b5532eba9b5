/// Measuring and fitting text by the columns a terminal draws it in, not by its count of characters:
/// East Asian wide and fullwidth characters (CJK, kana, hangul, fullwidth forms) and emoji take two
/// columns, combining marks and zero-width characters none, and a terminal's escape sequences
/// (`ESC [ … m`) none.
///
/// ```swift
/// "進撃の巨人".displayWidth                       // 10
/// "Attack on Titan 🎉".fitted(toWidth: 10)        // "Attack on…"
/// "進撃の巨人".fitted(toWidth: 7)                 // "進撃の…" (6 columns + 1; a wide character is never split)
/// "Title".padded(toWidth: 8) + "|"              // "Title   |"
/// ```
extension String {
    /// The number of terminal columns the text takes (escape sequences count nothing).
    public var displayWidth: Int {
        var width = 0
        var escape = EscapeScanner()
        for character in self where !escape.consumes(character) {
            width += DisplayWidth.columns(of: character)
        }
        return width
    }

    /// The text when it fits in `width` columns; otherwise as many whole characters as fit in `width - 1`
    /// columns, then "…" (so the result never takes more than `width` columns, and is empty for a width
    /// of 0 or less). Escape sequences are kept; a style still open where the text is cut is reset.
    public func fitted(toWidth width: Int) -> String {
        if displayWidth <= width { return self }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        var escape = EscapeScanner()
        var styled = false
        for character in self {
            if escape.consumes(character) {
                out.append(character)
                styled = true
                continue
            }
            let columns = DisplayWidth.columns(of: character)
            if used + columns > width - 1 { break }
            out.append(character)
            used += columns
        }
        out += "…"
        if styled { out += "\u{1B}[0m" }
        return out
    }

    /// The text followed by spaces up to `width` columns (unchanged when it is as wide or wider).
    public func padded(toWidth width: Int) -> String {
        let missing = width - displayWidth
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }

    /// The text fitted to exactly `width` columns: cut with "…" when wider, padded with spaces when
    /// narrower (a wide character that would straddle the edge is dropped for a space).
    public func column(_ width: Int) -> String {
        fitted(toWidth: width).padded(toWidth: width)
    }

    /// The text on one line, safe to print on a terminal: line breaks and tabs become spaces, other
    /// control characters (escape, bell, backspace…) become "�", so a title typed with them can
    /// neither break a table nor move the cursor.
    public var terminalSafe: String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

/// How many columns one character takes on a terminal.
public enum DisplayWidth {
    /// 2 for East Asian wide and fullwidth characters and for emoji shown as pictures (emoji
    /// presentation, a variation selector 16, a flag), 0 for control characters, combining marks and
    /// zero-width characters on their own, else 1.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let value = first.value
        // Printable ASCII: the common case, answered without a lookup.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        var textPresentation = false
        for scalar in scalars.dropFirst() {
            if scalar.value == 0xFE0F { return 2 }           // VARIATION SELECTOR-16: shown as emoji
            if scalar.value == 0xFE0E { textPresentation = true }
        }
        if (0x1F1E6...0x1F1FF).contains(value) { return 2 }   // regional indicators (flags)
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
            return 0
        case .format:
            // Invisible, except the soft hyphen and the prepended concatenation marks (such as the
            // Arabic number sign), which are drawn.
            if !drawnFormatCharacters.contains(value) { return 0 }
        default:
            break
        }
        if properties.isEmojiPresentation && !textPresentation { return 2 }
        if isWide(value) && !textPresentation { return 2 }
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return 1
    }

    /// The format characters a terminal draws: the soft hyphen and the prepended concatenation marks
    /// (Arabic number signs, the end of ayah, the Syriac abbreviation mark, Kaithi number signs).
    static let drawnFormatCharacters: Set<UInt32> = [
        0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    /// Whether `value` is East Asian Wide or Fullwidth (a binary search of the generated ranges).
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = eastAsianWideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let (first, last) = eastAsianWideRanges[middle]
            if value < first {
                high = middle - 1
            } else if value > last {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

/// Recognises a terminal escape sequence character by character: `ESC [` parameters and a final byte
/// (CSI, such as `ESC [ 1 m`), or `ESC` and one more character.
struct EscapeScanner {
    private enum State { case text, escape, controlSequence }
    private var state = State.text

    /// Whether `character` belongs to an escape sequence (then it takes no columns).
    mutating func consumes(_ character: Character) -> Bool {
        switch state {
        case .text:
            guard character == "\u{1B}" else { return false }
            state = .escape
            return true
        case .escape:
            state = character == "[" ? .controlSequence : .text
            return true
        case .controlSequence:
            if let value = character.unicodeScalars.first?.value, (0x40...0x7E).contains(value) { state = .text }
            return true
        }
    }
}
