import Foundation

/// Reads a runtime cell: "42 min", "42 minutes", "1 hr 5 min", "1h 05m", "22", "5:30" (minutes and
/// seconds), "1:02:30".
enum RuntimeText {
    /// The duration, or `nil` when the text is none of those shapes (or over a day).
    static func duration(_ text: String) -> Duration? {
        let lower = CellText.collapse(text).lowercased()
        guard !lower.isEmpty else { return nil }
        var seconds = 0
        if lower.contains(":") {
            let parts = lower.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }),
                let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count
            else { return nil }
            seconds = numbers.reduce(0) { $0 * 60 + $1 }
        } else {
            // Numbers each followed by a unit (minutes when none follows).
            var tokens: [String] = []
            var current = ""
            for character in lower {
                let isDigit = character.isASCII && character.isNumber
                if character.isWhitespace || character == "." || character == "," {
                    if !current.isEmpty { tokens.append(current); current = "" }
                } else if let last = current.last, (last.isASCII && last.isNumber) != isDigit {
                    tokens.append(current)
                    current = String(character)
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { tokens.append(current) }
            var index = 0
            var readAny = false
            while index < tokens.count {
                guard let value = Int(tokens[index]), tokens[index].count <= 4 else {
                    // Words that carry nothing ("approx", "approximately", "about") are passed over.
                    if ["approx", "approximately", "about", "ca", "c"].contains(tokens[index]) { index += 1; continue }
                    return nil
                }
                let unit = index + 1 < tokens.count && Int(tokens[index + 1]) == nil ? tokens[index + 1] : "min"
                switch unit {
                case "h", "hr", "hrs", "hour", "hours": seconds += value * 3600
                case "m", "min", "mins", "minute", "minutes": seconds += value * 60
                case "s", "sec", "secs", "second", "seconds": seconds += value
                default: return nil
                }
                readAny = true
                index += index + 1 < tokens.count && Int(tokens[index + 1]) == nil ? 2 : 1
            }
            guard readAny else { return nil }
        }
        guard seconds > 0, seconds <= 86_400 else { return nil }
        return .seconds(seconds)
    }
}
