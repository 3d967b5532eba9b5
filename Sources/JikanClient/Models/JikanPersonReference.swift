import AirdateHTTP
public import Foundation

/// A person or character as lists refer to them: id, name, page, picture.
public struct JikanPersonReference: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The name as MyAnimeList writes it ("Family, Given").
    public var name: String
    /// The page on MyAnimeList.
    public var url: URL?
    /// The picture (placeholders are `nil`).
    public var images: JikanImageSet

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", name, url, images }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        name = c.string(.name) ?? ""
        url = c.url(.url)
        images = c.value(JikanImageSet.self, .images) ?? JikanImageSet()
    }
}
