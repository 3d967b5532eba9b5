import AirdateHTTP
import AirdateCore
public import Foundation

/// A MyAnimeList member as other answers embed them (`{"username", "url", "images"}`).
public struct JikanUserSummary: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The member's name.
    public var username: String
    /// The member's profile page.
    public var url: URL?
    /// The member's avatar.
    public var images: JikanImageSet
    /// When the member was last online, if the answer says.
    public var lastOnline: Date?

    private enum CodingKeys: String, CodingKey { case username, url, images, lastOnline = "last_online" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        username = c.string(.username) ?? ""
        url = c.url(.url)
        images = c.value(JikanImageSet.self, .images) ?? JikanImageSet()
        lastOnline = c.instant(.lastOnline)
    }

    /// A stable number for the username (members have no MyAnimeList id in these answers), so
    /// pagination can drop repeats.
    public var malID: Int { stableID(username) }
}
