import AirdateHTTP
import AirdateCore
public import Foundation

/// A magazine manga ran in (`/magazines`).
public struct JikanMagazine: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id (use it in ``JikanMangaSearch/magazines``).
    public var malID: Int
    /// The magazine's name.
    public var name: String
    /// Its page on MyAnimeList.
    public var url: URL?
    /// How many manga ran in it.
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
