import AirdateHTTP
import Foundation

/// A member's latest list updates (`/users/{name}/userupdates`).
public struct JikanUserUpdates: Sendable, Hashable, Decodable {
    /// Anime updates.
    public var anime: [JikanListUpdate]
    /// Manga updates.
    public var manga: [JikanListUpdate]

    private enum CodingKeys: String, CodingKey { case anime, manga }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        anime = c.list(JikanListUpdate.self, .anime)
        manga = c.list(JikanListUpdate.self, .manga)
    }
}
