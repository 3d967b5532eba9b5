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
    /// Whether `NO_COLOR` is set (to anything non-empty) or `TERM` is `dumb`.
    public var colorDisabled: Bool

    /// The terminal this process runs in, and the environment's wishes.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        Terminal(
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            errorIsTerminal: isatty(STDERR_FILENO) == 1,
            colorDisabled: !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb")
    }

    /// Whether to colour standard output.
    public var usesColor: Bool { outputIsTerminal && !colorDisabled }

    /// Whether screen control (clearing, moving the cursor) may be written to standard output.
    public var controlsScreen: Bool { outputIsTerminal && !colorDisabled }

    /// `text` in bold when colour is on.
    public func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// `text` dimmed when colour is on.
    public func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

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
