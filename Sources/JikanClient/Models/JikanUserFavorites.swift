import AirdateHTTP
import Foundation

/// A member's favourites (`/users/{name}/favorites`).
public struct JikanUserFavorites: Sendable, Hashable, Decodable {
    /// Favourite anime.
    public var anime: [JikanEntrySummary]
    /// Favourite manga.
    public var manga: [JikanEntrySummary]
    /// Favourite characters.
    public var characters: [JikanEntrySummary]
    /// Favourite people.
    public var people: [JikanEntrySummary]

    private enum CodingKeys: String, CodingKey { case anime, manga, characters, people }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        anime = c.list(JikanEntrySummary.self, .anime)
        manga = c.list(JikanEntrySummary.self, .manga)
        characters = c.list(JikanEntrySummary.self, .characters)
        people = c.list(JikanEntrySummary.self, .people)
    }
}
