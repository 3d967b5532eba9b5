/// The stable identity of an episode: its show, its season, and its number in the season — or, for
/// a special with no number in season, its overall number or its title.
///
/// Titles take no part in the identity of numbered episodes, so a corrected title or a re-scrape
/// keeps watched marks. The string form is `show/s3e8`, `show/s5o68` or `show/s5x-title-slug`.
public struct EpisodeID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The string form, e.g. `arrow/s3e8`.
    public let rawValue: String

    /// Wraps a string form as given (as read back from a store or an export).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identity of an episode of `showID` in `season` numbered `number`; without a number, the
    /// overall number is used, and without that a slug of the title.
    public init(showID: String, season: Int, number: Int?, overall: Int? = nil, title: String = "") {
        if let number {
            rawValue = "\(showID)/s\(season)e\(number)"
        } else if let overall {
            rawValue = "\(showID)/s\(season)o\(overall)"
        } else {
            rawValue = "\(showID)/s\(season)x-\(Show.slug(title))"
        }
    }

    /// The show part of the identity.
    public var showID: String {
        rawValue.split(separator: "/", maxSplits: 1).first.map(String.init) ?? rawValue
    }

    /// The string form.
    public var description: String { rawValue }

    /// Orders by string form.
    public static func < (lhs: EpisodeID, rhs: EpisodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the string form.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
