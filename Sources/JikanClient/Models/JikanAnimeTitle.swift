import AirdateHTTP
/// One of an anime's titles, with its kind (`{"type": "English", "title": "…"}`).
public struct JikanAnimeTitle: Sendable, Hashable, Decodable {
    /// The kind: default (romanised), English, Japanese, a synonym, another language.
    public var type: JikanTitleType
    /// The title.
    public var title: String

    /// A title of a kind.
    public init(type: JikanTitleType, title: String) {
        self.type = type
        self.title = title
    }

    private enum CodingKeys: String, CodingKey { case type, title }

    /// Decodes Jikan's object; a missing type reads as ``JikanTitleType/default``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        type = c.string(.type).map(JikanTitleType.init(rawValue:)) ?? .default
        title = try c.required(String.self, .title)
    }
}
