#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation

/// Terminal manners for the examples: colour, progress and screen control only where a person
/// watches a terminal. Results go to standard output, progress and errors to standard error.
public struct Terminal: Sendable {
    /// Whether standard output is a terminal (not a pipe or a file).
    public var outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var errorIsTerminal: Bool
    /// Whether `NO_COLOR` is set (to anything non-empty) or `TERM` is `dumb`: no colour, no bold.
    public var colorDisabled: Bool
    /// Whether `TERM` is `dumb`: a terminal that cannot clear the screen or move the cursor.
    public var isDumb: Bool
    /// The width of standard output in columns: the terminal's own width when it is a terminal, else
    /// `COLUMNS` when that is a positive number, else `nil`.
    public var columns: Int?
    /// Whether the terminal shows 24-bit colour (`COLORTERM` is `truecolor` or `24bit`); else colours
    /// are written as the nearest of the 256 of xterm's palette.
    public var trueColor: Bool = false
    /// Whether the terminal's background is light (`COLORFGBG` names a light background, as
    /// rxvt, Konsole and others set it); dark is taken when nothing says.
    public var lightBackground: Bool = false

    /// The width lines are fitted to on a terminal that does not say its own: 80 columns.
    public static let defaultColumns = 80

    /// The width of output that is not a terminal and has no `COLUMNS`: unlimited (a number no line
    /// reaches, safe to add to and subtract from), so a pipe or a file gets whole lines.
    public static let unlimitedColumns = Int(Int32.max)

    /// Describes a terminal.
    public init(
        outputIsTerminal: Bool, errorIsTerminal: Bool, colorDisabled: Bool, isDumb: Bool = false, columns: Int? = nil,
        trueColor: Bool = false, lightBackground: Bool = false
    ) {
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.colorDisabled = colorDisabled
        self.isDumb = isDumb
        self.columns = columns
        self.trueColor = trueColor
        self.lightBackground = lightBackground
    }

    /// The terminal this process runs in, and the environment's wishes (`NO_COLOR`, `TERM`, `COLUMNS`).
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        return Terminal(
            outputIsTerminal: outputIsTerminal,
            errorIsTerminal: isatty(STDERR_FILENO) == 1,
            colorDisabled: !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb",
            isDumb: environment["TERM"] == "dumb",
            columns: (outputIsTerminal ? windowColumns(of: STDOUT_FILENO) : nil) ?? columns(environment["COLUMNS"]),
            trueColor: ["truecolor", "24bit"].contains((environment["COLORTERM"] ?? "").lowercased()),
            lightBackground: lightBackground(environment["COLORFGBG"]))
    }

    /// Whether `COLORFGBG` ("15;0", "0;default;15") names a light background: its last field is
    /// 7 (light grey) or 15 (white), or 9–14 except 8.
    static func lightBackground(_ text: String?) -> Bool {
        guard let last = text?.split(separator: ";").last, let index = Int(last) else { return false }
        return index == 7 || (9...15).contains(index)
    }

    /// The width to fit lines to: ``columns`` (the terminal's own width, else `COLUMNS`); else
    /// ``defaultColumns`` on a terminal, and ``unlimitedColumns`` when standard output is a pipe or a
    /// file: output that is not a terminal is never cut unless `COLUMNS` asks for it.
    public var lineWidth: Int { columns ?? (outputIsTerminal ? Self.defaultColumns : Self.unlimitedColumns) }

    /// Whether lines are fitted to a width at all (``lineWidth`` is not ``unlimitedColumns``).
    public var limitsWidth: Bool { lineWidth < Self.unlimitedColumns }

    /// `COLUMNS` read as a width: a whole number from 1 to 10 000, else `nil`.
    static func columns(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), (1...10_000).contains(value) else { return nil }
        return value
    }

    /// The width the terminal on `descriptor` reports, or `nil` (not a terminal, or it reports 0).
    static func windowColumns(of descriptor: Int32) -> Int? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard status == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }

    /// Whether to colour standard output: a terminal, and neither `NO_COLOR` nor `TERM=dumb`.
    public var usesColor: Bool { outputIsTerminal && !colorDisabled }

    /// Whether screen control (clearing, moving the cursor, redrawing in place) may be written to
    /// standard output: a terminal that is not `dumb`. `NO_COLOR` removes colour only, never redrawing.
    public var controlsScreen: Bool { outputIsTerminal && !isDumb }

    /// `text` in bold when colour is on.
    public func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// `text` dimmed when colour is on.
    public func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// `text` in the sRGB colour `red`, `green`, `blue` when colour is on (a terminal, no `NO_COLOR`):
    /// 24-bit when the terminal says it shows it, else the nearest colour of xterm's 256. Off a
    /// terminal, `text` as it is — never an escape code in a pipe or a file.
    public func colored(_ text: String, red: UInt8, green: UInt8, blue: UInt8) -> String {
        guard usesColor else { return text }
        let code = trueColor ? "38;2;\(red);\(green);\(blue)" : "38;5;\(Self.xterm256(red: red, green: green, blue: blue))"
        return "\u{1B}[\(code)m\(text)\u{1B}[39m"
    }

    /// The index of xterm's 256-colour palette nearest to an sRGB colour: the 6×6×6 cube (16–231)
    /// or the grey ramp (232–255), whichever is closer.
    public static func xterm256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearest(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
        }
        func distance(_ a: (Int, Int, Int)) -> Int {
            let (r, g, b) = (a.0 - Int(red), a.1 - Int(green), a.2 - Int(blue))
            return r * r + g * g + b * b
        }
        let (r, g, b) = (nearest(red), nearest(green), nearest(blue))
        let cube = (16 + 36 * r + 6 * g + b, distance((levels[r], levels[g], levels[b])))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let step = max(0, min(23, (average - 8 + 5) / 10))
        let level = 8 + 10 * step
        let grey = (232 + step, distance((level, level, level)))
        return grey.1 < cube.1 ? grey.0 : cube.0
    }

    /// Redraws a progress line on standard error, only when standard error is a terminal.
    public func progress(_ line: String) {
        guard errorIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    /// Clears the progress line, if one was drawn.
    public func clearProgress() {
        guard errorIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Writes one line on standard error, whatever it is connected to (a progress note for logs).
    public func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
