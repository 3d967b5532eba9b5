import Foundation
/// How long an anime runs, read from MyAnimeList's text (`"24 min per ep"`, `"1 hr 55 min"`,
/// `"2 hr"`, `"30 sec per ep"`).
public struct JikanAnimeDuration: Sendable, Hashable, CustomStringConvertible {
    /// The length (of one episode when ``isPerEpisode``, else of the whole work).
    public var length: Duration
    /// Whether the text said "per ep".
    public var isPerEpisode: Bool

    /// A duration.
    public init(length: Duration, isPerEpisode: Bool) {
        self.length = length
        self.isPerEpisode = isPerEpisode
    }

    /// Reads MyAnimeList's text: numbers followed by `hr`, `min` or `sec` (in any order and
    /// combination), optionally `per ep`. Returns `nil` for `"Unknown"`, empty text, text with no
    /// number and unit, or a total of zero.
    public init?(parsing text: String) {
        let words = text.lowercased()
            .replacingOccurrences(of: ".", with: " ")
            .split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" })
            .map(String.init)
        var seconds = 0
        var matched = false
        var index = 0
        while index < words.count {
            let word = words[index]
            // "24" "min" or "24min".
            let digits = word.prefix { $0.isNumber }
            guard !digits.isEmpty, let value = Int(digits), value < 100_000 else {
                index += 1
                continue
            }
            var unit = String(word.dropFirst(digits.count))
            if unit.isEmpty, index + 1 < words.count {
                unit = words[index + 1]
                index += 1
            }
            if let multiplier = Self.multiplier(unit) {
                seconds += value * multiplier
                matched = true
            }
            index += 1
        }
        guard matched, seconds > 0 else { return nil }
        self.length = .seconds(seconds)
        self.isPerEpisode = text.lowercased().contains("per ep")
    }

    private static func multiplier(_ unit: String) -> Int? {
        if unit.hasPrefix("hr") || unit.hasPrefix("hour") || unit == "h" { return 3600 }
        if unit.hasPrefix("min") || unit == "m" { return 60 }
        if unit.hasPrefix("sec") || unit == "s" { return 1 }
        return nil
    }

    /// The total running time of `episodes` episodes: ``length`` times the count when it is per
    /// episode, ``length`` itself otherwise; `nil` when per episode and the count is unknown.
    public func total(episodes: Int?) -> Duration? {
        guard isPerEpisode else { return length }
        guard let episodes, episodes >= 0 else { return nil }
        return length * episodes
    }

    /// MyAnimeList-style text, such as `"1 hr 55 min"` or `"24 min per ep"`.
    public var description: String {
        let total = Int(length.components.seconds)
        var parts: [String] = []
        if total / 3600 > 0 { parts.append("\(total / 3600) hr") }
        if total % 3600 / 60 > 0 { parts.append("\(total % 3600 / 60) min") }
        if total % 60 > 0 || parts.isEmpty { parts.append("\(total % 60) sec") }
        return parts.joined(separator: " ") + (isPerEpisode ? " per ep" : "")
    }
}
