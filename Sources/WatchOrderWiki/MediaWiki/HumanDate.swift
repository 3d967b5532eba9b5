import Foundation
import AirdateCore

/// Reads the human dates of MediaWiki tables: "October 10, 2012" and "10 October 2012".
enum HumanDate {
    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// The first full date in `text`, or `nil`.
    static func day(in text: String) -> CalendarDay? {
        let words = text.lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
        for (index, word) in words.enumerated() {
            guard let month = months.firstIndex(where: { $0 == word || ($0.hasPrefix(word) && word.count >= 3) })
            else { continue }
            // Month D, YYYY
            if index + 2 < words.count, let day = Int(words[index + 1]), let year = Int(words[index + 2]),
                words[index + 2].count == 4, let result = try? CalendarDay(year: year, month: month + 1, day: day)
            {
                return result
            }
            // D Month YYYY
            if index >= 1, index + 1 < words.count, let day = Int(words[index - 1]), let year = Int(words[index + 1]),
                words[index + 1].count == 4, let result = try? CalendarDay(year: year, month: month + 1, day: day)
            {
                return result
            }
        }
        return nil
    }

    /// An ISO `YYYY-MM-DD` at the start of `text`, or `nil`.
    static func isoDay(_ text: String) -> CalendarDay? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 10 else { return nil }
        return try? CalendarDay(parsing: String(trimmed.prefix(10)))
    }
}
