import AirdateHTTP
/// An anime's opening and ending songs as MyAnimeList lists them (`theme`, `/full` only).
public struct JikanThemeSongs: Sendable, Hashable, Decodable {
    /// Openings, as written (`"1: \"Title\" by Artist (eps 1-12)"`).
    public var openings: [String]
    /// Endings, as written.
    public var endings: [String]

    /// Songs.
    public init(openings: [String] = [], endings: [String] = []) {
        self.openings = openings
        self.endings = endings
    }

    private enum CodingKeys: String, CodingKey { case openings, endings }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        openings = c.list(String.self, .openings)
        endings = c.list(String.self, .endings)
    }
}
