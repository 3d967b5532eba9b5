import AirdateHTTP
import AirdateCore
public import Foundation

/// A short reference to a MyAnimeList entry with its picture: an anime, manga, character or person
/// as other answers embed it (`{"mal_id", "url", "images", "title"}` or `"name"`).
public struct JikanEntrySummary: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The entry's MyAnimeList id.
    public var malID: Int
    /// The entry's page on MyAnimeList.
    public var url: URL?
    /// The entry's picture.
    public var images: JikanImageSet
    /// The entry's title (anime, manga) or name (character, person).
    public var title: String
    /// What the entry is, when the answer says (`"anime"`, `"manga"`…).
    public var type: String?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", url, images, title, name, type }

    /// Decodes Jikan's object; `title` or `name`, whichever is present.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = c.integer(.malID) ?? 0
        url = c.url(.url)
        images = c.value(JikanImageSet.self, .images) ?? JikanImageSet()
        title = c.string(.title) ?? c.string(.name) ?? ""
        type = c.string(.type)
    }
}
