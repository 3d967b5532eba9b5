import Foundation

/// A label on a countdown, such as "Anime" or "Conventions".
///
/// Tags are trimmed and have inner runs of white space collapsed to one space; two tags are the
/// same tag when they differ only in letter case ("anime" and "Anime"). The display form the user
/// first typed is kept.
public struct CountdownTag: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The display form, such as "Anime".
    public let name: String
    /// The identity: the display form lowercased, such as "anime".
    public let key: String

    /// Creates a tag, or returns `nil` when `text` holds nothing but white space.
    public init?(_ text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty else { return nil }
        self.name = words.joined(separator: " ")
        self.key = name.lowercased()
    }

    /// The display form.
    public var description: String { name }

    /// Same key, same tag.
    public static func == (lhs: CountdownTag, rhs: CountdownTag) -> Bool { lhs.key == rhs.key }

    /// Hashes the key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Orders by key, case-insensitively.
    public static func < (lhs: CountdownTag, rhs: CountdownTag) -> Bool { lhs.key < rhs.key }

    /// Decodes from the display string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let tag = CountdownTag(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "A tag cannot be empty.")
        }
        self = tag
    }

    /// Encodes as the display string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Normalises a list: drops empty entries and later duplicates (case-insensitively), keeping
    /// the first display form and the order of first appearance.
    public static func normalized(_ texts: some Sequence<String>) -> [CountdownTag] {
        normalized(texts.compactMap(CountdownTag.init))
    }

    /// Drops later duplicates, keeping the order of first appearance.
    public static func normalized(_ tags: some Sequence<CountdownTag>) -> [CountdownTag] {
        var seen = Set<String>()
        return tags.filter { seen.insert($0.key).inserted }
    }
}
