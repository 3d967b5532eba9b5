public import Foundation

extension DisplayWidth {
    /// The width lines are fitted to, as ``Terminal/lineWidth`` says it (the terminal's width, else
    /// `COLUMNS`, else 80 on a terminal), or `nil` when there is no limit: piped output keeps its
    /// whole lines unless `COLUMNS` asks otherwise.
    public static func outputWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        let terminal = Terminal.current(environment: environment)
        return terminal.limitsWidth ? terminal.lineWidth : nil
    }

    /// `line` fitted to ``outputWidth(environment:)`` with an ellipsis, or whole when there is none.
    public static func fitted(_ line: String) -> String {
        outputWidth().map { line.fitted(toWidth: $0) } ?? line
    }
}
