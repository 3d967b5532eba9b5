public import Foundation

/// Lines fitted to the terminal, built on ``DisplayWidth`` (`String.displayWidth`, `fitted(toWidth:)`,
/// `terminalSafe`): a line that would wrap is cut with "…" or broken at spaces, and text from a file,
/// a server or the command line is echoed shortened and without control characters.
///
/// ```swift
/// let width = TerminalText.lineWidth()                  // the terminal's, COLUMNS, 80 on a terminal, else unlimited
/// TerminalText.fitting(title, width: width) { "  \($0): episodes 3–4 (on track)" }
/// TerminalText.wrapped(note, width: width, indent: "    ")
/// ```
public enum TerminalText {
    /// The width lines are fitted to: the terminal's width when standard output is one, else
    /// `COLUMNS`, else 80 on a terminal and unlimited on a pipe or a file (``Terminal/lineWidth``).
    public static func lineWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        Terminal.current(environment: environment).lineWidth
    }

    /// The number of columns `text` takes on a terminal.
    public static func width(_ text: String) -> Int { text.displayWidth }

    /// `text` made safe to print (`terminalSafe`): control characters cannot move the cursor,
    /// colour the terminal or break a line.
    public static func printable(_ text: String) -> String { text.terminalSafe }

    /// `text`, made printable, cut to at most `width` columns, ending in "…" when it was cut.
    public static func shortened(_ text: String, toWidth width: Int) -> String {
        text.terminalSafe.fitted(toWidth: width)
    }

    /// `text` (made printable) broken into lines of at most `width` columns at spaces, the first line
    /// keeping the spaces `text` starts with and each line after it starting with `indent`; a word
    /// longer than a line is shortened.
    public static func wrapped(_ text: String, width: Int, indent: String = "") -> [String] {
        var lines: [String] = []
        let safe = text.terminalSafe
        let leading = String(safe.prefix { $0 == " " })  // the first line keeps its own indentation
        var current = ""
        for word in safe.split(separator: " ").map(String.init) {
            let prefix = lines.isEmpty && current.isEmpty ? leading : (current.isEmpty ? indent : "")
            let candidate = current.isEmpty ? prefix + word : current + " " + word
            if candidate.displayWidth <= width {
                current = candidate
            } else if current.isEmpty {
                lines.append(candidate.fitted(toWidth: width))
            } else {
                lines.append(current)
                current = (indent + word).fitted(toWidth: width)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The line `make(part)` with `part` shortened just enough for the line to fit in `width`
    /// columns; the rest of the line is kept whole. When even an empty part does not fit, the whole
    /// line is shortened.
    public static func fitting(_ part: String, width: Int, _ make: (String) -> String) -> String {
        let whole = make(part.terminalSafe)
        guard whole.displayWidth > width else { return whole }
        let rest = make("").displayWidth
        guard rest + 2 <= width else { return whole.fitted(toWidth: width) }
        return make(part.terminalSafe.fitted(toWidth: width - rest))
    }

    /// `text`, made printable, cut in the middle to at most `width` columns ("/home/me/lists/…/animelist.xml"):
    /// for paths, whose start and file name say the most.
    public static func shortenedInTheMiddle(_ text: String, toWidth width: Int) -> String {
        let text = text.terminalSafe
        guard text.displayWidth > width else { return text }
        guard width >= 3 else { return text.fitted(toWidth: width) }
        let tailWidth = (width - 1) / 2
        var tail = ""
        var used = 0
        for character in text.reversed() {
            let columns = String(character).displayWidth
            if used + columns > tailWidth { break }
            tail.insert(character, at: tail.startIndex)
            used += columns
        }
        let head = String(text.dropLast(tail.count)).fitted(toWidth: width - used)
        return head + tail
    }

    /// The line `make(path)` with `path` cut in the middle just enough for the line to fit in
    /// `width` columns (see ``shortenedInTheMiddle(_:toWidth:)``).
    public static func fitting(path: String, width: Int, _ make: (String) -> String) -> String {
        let whole = make(path.terminalSafe)
        guard whole.displayWidth > width else { return whole }
        let rest = make("").displayWidth
        guard rest + 12 <= width else { return whole.fitted(toWidth: width) }
        return make(shortenedInTheMiddle(path, toWidth: width - rest))
    }

    /// `text` shortened to `limit` characters for echoing in a message ("…" marks the cut) and made
    /// printable: an argument of 100,000 characters is not printed back whole.
    public static func echoed(_ text: String, limit: Int = 60) -> String {
        let text = text.terminalSafe
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }
}
