public import Foundation

extension DisplayWidth {
    /// The width lines are fitted to: `COLUMNS` when set, else 80 when standard output is a
    /// terminal, else `nil` (piped output keeps its whole lines; `--json` is for programs).
    public static func outputWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns >= 20 { return columns }
        return Terminal.current(environment: environment).outputIsTerminal ? 80 : nil
    }

    /// `line` fitted to ``outputWidth(environment:)`` with an ellipsis, or whole when there is none.
    public static func fitted(_ line: String) -> String {
        outputWidth().map { line.fitted(toWidth: $0) } ?? line
    }
}
