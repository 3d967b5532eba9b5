import AirdateHTTP
import AirdateCore
public import Foundation

/// A MyAnimeList club (`/clubs/{id}`, `/clubs` search).
public struct JikanClub: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The club's name.
    public var name: String
    /// The club's page.
    public var url: URL?
    /// The club's picture.
    public var images: JikanImageSet
    /// How many members it has.
    public var members: Int?
    /// Its category ("anime", "manga", "characters"…).
    public var category: JikanClubCategory?
    /// When it was created.
    public var created: Date?
    /// "public", "private" or "secret".
    public var access: JikanClubType?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", name, url, images, members, category, created, access }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        name = c.string(.name) ?? ""
        url = c.url(.url)
        images = c.imageSet(.images)
        members = c.integer(.members)
        category = c.string(.category).map(JikanClubCategory.init(rawValue:))
        created = c.instant(.created)
        access = c.string(.access).map(JikanClubType.init(rawValue:))
    }
}
