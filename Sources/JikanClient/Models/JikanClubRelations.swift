import AirdateHTTP
import AirdateCore
import Foundation

/// What a club is about (`/clubs/{id}/relations`): anime, manga and characters.
public struct JikanClubRelations: Sendable, Hashable, Decodable {
    /// Anime.
    public var anime: [MALEntry]
    /// Manga.
    public var manga: [MALEntry]
    /// Characters.
    public var characters: [MALEntry]

    private enum CodingKeys: String, CodingKey { case anime, manga, characters }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        anime = c.list(MALEntry.self, .anime)
        manga = c.list(MALEntry.self, .manga)
        characters = c.list(MALEntry.self, .characters)
    }
}
