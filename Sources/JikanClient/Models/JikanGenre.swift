import AirdateHTTP
public import Foundation

/// A genre, theme or demographic with how many anime carry it (`/genres/anime`).
public struct JikanGenre: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id (use it in ``JikanAnimeSearch/genres``).
    public var malID: Int
    /// The name.
    public var name: String
    /// Its page on MyAnimeList.
    public var url: URL?
    /// How many anime carry it.
    public var count: Int?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", name, url, count }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        name = c.string(.name) ?? ""
        url = c.url(.url)
        count = c.integer(.count)
    }
}
