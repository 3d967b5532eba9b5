import CommandLineSupport
import Foundation
import AirdateCore
import AnimePlanner
import ArgumentParser

/// Reading planner values from the command line; a value that is not valid is a usage error
/// (exit status 64) naming the option.
enum Input {
    /// A usage error: `option "value" is not valid; expected …`.
    static func invalid(_ option: String, _ value: String, expected: String) -> ValidationError {
        ValidationError("\(option) \"\(TerminalText.echoed(value))\" is not valid; expected \(expected).")
    }

    /// `"mon,wed,sat"` → weekdays.
    static func weekdays(_ text: String) throws -> Set<Weekday> {
        var result: Set<Weekday> = []
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard name.count >= 2, let weekday = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(name) }) else {
                throw invalid("--weekdays", text, expected: "weekday names such as mon,wed,sat")
            }
            result.insert(weekday)
        }
        return result
    }

    /// The names `--remainder` takes, for help and messages.
    static let remainderNames = "spread (the default), first or last"

    /// `"first"`, `"last"` or `"spread"`.
    static func remainder(_ text: String) throws -> RemainderPlacement {
        switch text.lowercased() {
        case "first": return .firstDays
        case "last": return .lastDays
        case "spread", "even": return .spread
        default: throw invalid("--remainder", text, expected: remainderNames)
        }
    }

    /// A `YYYY-MM-DD` day for `option`.
    static func day(_ text: String, option: String) throws -> CalendarDay {
        guard let day = CalendarDay(text) else {
            throw invalid(option, text, expected: "a day written YYYY-MM-DD")
        }
        return day
    }

    /// Refuses a count outside `range` with a one-line error.
    static func check(_ value: Int, option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw OutOfRangeError(option: option, value: "\(value)", expected: "a number from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}
