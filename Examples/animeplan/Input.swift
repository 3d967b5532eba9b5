import Foundation
import AirdateCore
import AnimePlanner

/// Reading planner values from the command line.
enum Input {
    /// `"mon,wed,sat"` → weekdays.
    static func weekdays(_ text: String) throws -> Set<Weekday> {
        var result: Set<Weekday> = []
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard name.count >= 2, let weekday = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(name) }) else {
                throw CommandLineError.invalidValue(option: "--weekdays", value: text, expected: "names such as mon,wed,sat")
            }
            result.insert(weekday)
        }
        return result
    }

    /// `"first"`, `"last"` or `"spread"`.
    static func remainder(_ text: String) throws -> RemainderPlacement {
        switch text.lowercased() {
        case "first": return .firstDays
        case "last": return .lastDays
        case "spread": return .spread
        default: throw CommandLineError.invalidValue(option: "--remainder", value: text, expected: "first, last or spread")
        }
    }

    /// A `YYYY-MM-DD` day for `option`.
    static func day(_ text: String, option: String) throws -> CalendarDay {
        guard let day = CalendarDay(text) else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: "a day written YYYY-MM-DD")
        }
        return day
    }

    /// Refuses a count outside `range` with a one-line error.
    static func check(_ value: Int, option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw CommandLineError.invalidValue(option: option, value: "\(value)", expected: "\(range.lowerBound) to \(range.upperBound)")
        }
    }
}
