import AirdateHTTP
public import Foundation

/// A character (`/characters/{id}`, `/full`, search, top, random). The full answer adds where the
/// character appears and who voices them.
public struct JikanCharacter: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The page on MyAnimeList.
    public var url: URL?
    /// The picture.
    public var images: JikanImageSet
    /// The name, as MyAnimeList writes it.
    public var name: String
    /// The name in kanji, if any.
    public var nameKanji: String?
    /// Other names.
    public var nicknames: [String]
    /// Members who made the character a favourite.
    public var favorites: Int?
    /// The biography.
    public var about: String?
    /// The anime the character appears in, with the role (full answer, or `/characters/{id}/anime`).
    public var anime: [JikanAppearance]
    /// The manga the character appears in (full answer, or `/characters/{id}/manga`).
    public var manga: [JikanAppearance]
    /// Who voices the character (full answer, or `/characters/{id}/voices`).
    public var voices: [JikanCharacterRole.VoiceActor]

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, images, name, nameKanji = "name_kanji", nicknames, favorites, about, anime, manga, voices
    }

    /// Decodes Jikan's object, leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        images = c.imageSet(.images)
        name = c.string(.name) ?? ""
        nameKanji = c.string(.nameKanji)
        nicknames = c.strings(.nicknames)
        favorites = c.integer(.favorites)
        about = c.string(.about)
        anime = c.list(JikanAppearance.self, .anime)
        manga = c.list(JikanAppearance.self, .manga)
        voices = c.list(JikanCharacterRole.VoiceActor.self, .voices)
    }
}
