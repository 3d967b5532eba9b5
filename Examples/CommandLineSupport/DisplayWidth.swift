public import Foundation

/// How many terminal columns text takes — wide characters (CJK, most emoji) two, combining marks
/// and zero-width characters none — and text fitted to a width with an ellipsis, so that no line
/// wraps on an 80-column terminal.
public enum DisplayWidth {
    /// The columns `text` takes on a terminal.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func fit(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = columns(of: character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// The width lines are fitted to: `COLUMNS` when set, else 80 when standard output is a
    /// terminal, else `nil` (piped output keeps its whole lines; `--json` is for programs).
    public static func outputWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns >= 20 { return columns }
        return Terminal.current(environment: environment).outputIsTerminal ? 80 : nil
    }

    /// `line` fitted to ``outputWidth(environment:)``, or whole when there is none.
    public static func fitted(_ line: String) -> String {
        outputWidth().map { fit(line, to: $0) } ?? line
    }

    /// The columns one character takes.
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || value == 0x200B || value == 0x200D || value == 0xFEFF
        {
            return 0
        }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
