import Foundation

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
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        images = c.imageSet(.images)
        name = c.text(.name) ?? ""
        nameKanji = c.text(.nameKanji)
        nicknames = c.strings(.nicknames)
        favorites = c.integer(.favorites)
        about = c.text(.about)
        anime = c.list(JikanAppearance.self, .anime)
        manga = c.list(JikanAppearance.self, .manga)
        voices = c.list(JikanCharacterRole.VoiceActor.self, .voices)
    }
}

/// A character's place in an anime or manga (`{"role", "anime"|"manga": {…}}`).
public struct JikanAppearance: Sendable, Hashable, Decodable {
    /// "Main" or "Supporting".
    public var role: String?
    /// The anime or manga.
    public var entry: JikanEntrySummary

    private enum CodingKeys: String, CodingKey { case role, anime, manga }

    /// Decodes Jikan's object, whichever of `anime` or `manga` it holds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        role = c.text(.role)
        guard let entry = c.summary(.anime) ?? c.summary(.manga) else {
            throw DecodingError.keyNotFound(CodingKeys.anime, .init(codingPath: c.codingPath, debugDescription: "neither anime nor manga"))
        }
        self.entry = entry
    }
}

/// A person (`/people/{id}`, `/full`, search, top, random). The full answer adds their work.
public struct JikanPerson: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The page on MyAnimeList.
    public var url: URL?
    /// The person's own site, if any.
    public var websiteURL: URL?
    /// The picture.
    public var images: JikanImageSet
    /// The name, as MyAnimeList writes it.
    public var name: String
    /// The given name (in Japanese for Japanese people), if any.
    public var givenName: String?
    /// The family name, if any.
    public var familyName: String?
    /// Other names.
    public var alternateNames: [String]
    /// The birthday.
    public var birthday: Date?
    /// Members who made the person a favourite.
    public var favorites: Int?
    /// The biography.
    public var about: String?
    /// Anime staff positions (full answer, or `/people/{id}/anime`).
    public var anime: [JikanPersonCredit]
    /// Manga positions (full answer, or `/people/{id}/manga`).
    public var manga: [JikanPersonCredit]
    /// Voice roles (full answer, or `/people/{id}/voices`).
    public var voices: [JikanPersonCredit]

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, websiteURL = "website_url", images, name, givenName = "given_name"
        case familyName = "family_name", alternateNames = "alternate_names", birthday, favorites, about, anime, manga, voices
    }

    /// Decodes Jikan's object, leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        websiteURL = c.link(.websiteURL)
        images = c.imageSet(.images)
        name = c.text(.name) ?? ""
        givenName = c.text(.givenName)
        familyName = c.text(.familyName)
        alternateNames = c.strings(.alternateNames)
        birthday = c.instant(.birthday)
        favorites = c.integer(.favorites)
        about = c.text(.about)
        anime = c.list(JikanPersonCredit.self, .anime)
        manga = c.list(JikanPersonCredit.self, .manga)
        voices = c.list(JikanPersonCredit.self, .voices)
    }
}

/// One piece of a person's work: a position on an anime or manga (`{"position", "anime"}`), or a
/// voice role (`{"role", "anime", "character"}`).
public struct JikanPersonCredit: Sendable, Hashable, Decodable {
    /// The staff position ("Director", "Story & Art"…) or the role ("Main").
    public var position: String?
    /// The anime or manga.
    public var entry: JikanEntrySummary
    /// The character voiced, for voice roles.
    public var character: JikanEntrySummary?

    private enum CodingKeys: String, CodingKey { case position, role, anime, manga, character }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = c.text(.position) ?? c.text(.role)
        guard let entry = c.summary(.anime) ?? c.summary(.manga) else {
            throw DecodingError.keyNotFound(CodingKeys.anime, .init(codingPath: c.codingPath, debugDescription: "neither anime nor manga"))
        }
        self.entry = entry
        character = c.summary(.character)
    }
}
