import Foundation
import AirdateCore

/// Reads the human dates of MediaWiki tables: "October 10, 2012", "10 October 2012", "Oct. 10, 2012",
/// "10th October 2012", an ISO "2012-10-10" in the text — and, with a note saying so, a misspelled
/// month ("Febuary 26, 2014").
enum HumanDate {
    /// What a date cell's text gave.
    enum Reading: Equatable {
        /// A day, read as written.
        case day(CalendarDay)
        /// A day, read despite a misspelled month: `written` is the word, `month` the month it was taken for.
        case corrected(CalendarDay, written: String, month: String)
        /// Not announced: empty, a dash, "TBA", "TBD", "Unaired", or only a month and year or a year.
        case notAnnounced
        /// Text that holds no date the reader can read; `reason` says what is wrong with it.
        case unreadable(reason: String)
    }

    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// The first full date in `text`, or `nil` (a misspelled month is read, as ``read(_:)`` does).
    static func day(in text: String) -> CalendarDay? {
        switch read(text) {
        case .day(let day), .corrected(let day, _, _): return day
        case .notAnnounced, .unreadable: return nil
        }
    }

    /// Reads a date cell's text.
    static func read(_ text: String) -> Reading {
        let collapsed = CellText.collapse(text)
        if isNotAnnounced(collapsed) { return .notAnnounced }
        if let iso = isoDayAnywhere(in: collapsed) { return iso }
        let words = words(of: collapsed)
        var invalid: String?
        var partial = false
        for (index, word) in words.enumerated() where word.first?.isLetter == true {
            guard let (month, exact) = month(named: word) else { continue }
            let monthName = monthNames[month - 1].capitalized
            func result(day: Int, year: Int) -> Reading? {
                do {
                    let found = try CalendarDay(year: year, month: month, day: day)
                    return exact ? .day(found) : .corrected(found, written: word, month: monthName)
                } catch {
                    invalid = invalid ?? "\(monthName) \(day), \(year) is not a day of the calendar"
                    return nil
                }
            }
            // Month D, YYYY
            if index + 2 < words.count, let day = dayNumber(words[index + 1]), let year = yearNumber(words[index + 2]),
                let found = result(day: day, year: year)
            {
                return found
            }
            // D Month YYYY
            if index >= 1, index + 1 < words.count, let day = dayNumber(words[index - 1]),
                let year = yearNumber(words[index + 1]), let found = result(day: day, year: year)
            {
                return found
            }
            // Month YYYY: only the month is known.
            if index + 1 < words.count, yearNumber(words[index + 1]) != nil, exact { partial = true }
        }
        if let invalid { return .unreadable(reason: invalid) }
        if partial { return .notAnnounced }
        // "2026", "Fall 2026": a year and no other number — only the year is known.
        let numbers = words.filter { $0.first?.isNumber == true }
        if numbers.count == 1, let only = numbers.first, yearNumber(only) != nil { return .notAnnounced }
        return .unreadable(reason: "no month, day and year could be read")
    }

    /// An ISO `YYYY-MM-DD` at the start of `text`, or `nil`.
    static func isoDay(_ text: String) -> CalendarDay? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 10 else { return nil }
        return try? CalendarDay(parsing: String(trimmed.prefix(10)))
    }

    /// The ISO day written somewhere in `text` ("2014-02-26", "(2014-02-26)"), or a reason when it is
    /// written so but is no day of the calendar ("2014-02-30").
    private static func isoDayAnywhere(in text: String) -> Reading? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10 else { return nil }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        for start in 0...(scalars.count - 10) {
            let window = scalars[start..<(start + 10)]
            let pattern = window.enumerated().allSatisfy { offset, scalar in
                offset == 4 || offset == 7 ? scalar == "-" : isDigit(scalar)
            }
            guard pattern else { continue }
            if start > 0 && isDigit(scalars[start - 1]) { continue }
            if start + 10 < scalars.count && isDigit(scalars[start + 10]) { continue }
            let candidate = String(String.UnicodeScalarView(window))
            guard let day = try? CalendarDay(parsing: candidate) else {
                return .unreadable(reason: "\(candidate) is not a day of the calendar")
            }
            return .day(day)
        }
        return nil
    }

    /// Text that says the date is not known yet.
    static func isNotAnnounced(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: " .?()[]"))
        if lower.isEmpty { return true }
        return ["—", "–", "-", "tba", "tbd", "tbc", "tba.", "n/a", "unaired", "unknown", "to be announced",
                "to be determined", "not yet aired", "cancelled", "canceled"].contains(lower)
    }

    /// Runs of letters and digits, lowercased and without diacritics.
    private static func words(of text: String) -> [String] {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
    }

    /// The month a word names: exactly, by an abbreviation of three letters or more ("sept", "feb"),
    /// or — `exact` false — by a misspelling a small number of edits away from one month alone
    /// ("febuary", "octber", "agust").
    static func month(named word: String) -> (month: Int, exact: Bool)? {
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
        if let index = monthNames.firstIndex(where: { $0 == word || $0.hasPrefix(word) }) { return (index + 1, true) }
        guard word.count >= 4 else { return nil }
        let allowed = word.count >= 6 ? 2 : 1
        let distances = monthNames.map { editDistance(word, $0) }
        guard let best = distances.min(), best <= allowed else { return nil }
        guard distances.filter({ $0 == best }).count == 1, let index = distances.firstIndex(of: best) else { return nil }
        return (index + 1, false)
    }

    /// "26", "26th", "1st", "2nd", "3rd" → the day number (1…31).
    private static func dayNumber(_ word: String) -> Int? {
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            digits = String(word.dropLast(2))
        }
        guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCII), let day = Int(digits), (1...31).contains(day)
        else { return nil }
        return day
    }

    /// A four-digit year.
    private static func yearNumber(_ word: String) -> Int? {
        guard word.count == 4, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(word)
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance of two short words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
