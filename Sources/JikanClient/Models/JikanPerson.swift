import AirdateHTTP
public import Foundation

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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        websiteURL = c.url(.websiteURL)
        images = c.imageSet(.images)
        name = c.string(.name) ?? ""
        givenName = c.string(.givenName)
        familyName = c.string(.familyName)
        alternateNames = c.strings(.alternateNames)
        birthday = c.instant(.birthday)
        favorites = c.integer(.favorites)
        about = c.string(.about)
        anime = c.list(JikanPersonCredit.self, .anime)
        manga = c.list(JikanPersonCredit.self, .manga)
        voices = c.list(JikanPersonCredit.self, .voices)
    }
}
