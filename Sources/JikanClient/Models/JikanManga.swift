import AirdateHTTP
import AirdateCore
public import Foundation

/// A manga, light novel, manhwa… as Jikan describes it (`/manga/{id}`, `/manga/{id}/full`, search,
/// top, random). Fields only the full answer has (`relations`, `external`) are empty otherwise.
public struct JikanManga: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The page on MyAnimeList.
    public var url: URL?
    /// The cover.
    public var images: JikanImageSet
    /// Whether MyAnimeList approved the entry.
    public var isApproved: Bool
    /// Every title with its kind.
    public var titles: [JikanAnimeTitle]
    /// The default (romanised) title.
    public var title: String
    /// The English title, if any.
    public var titleEnglish: String?
    /// The Japanese title, if any.
    public var titleJapanese: String?
    /// The format ("Manga", "Light Novel", "Manhwa"…).
    public var type: JikanMangaType?
    /// Chapters, when known.
    public var chapters: Int?
    /// Volumes, when known.
    public var volumes: Int?
    /// "Publishing", "Finished", "On Hiatus"…
    public var status: JikanPublishingStatus?
    /// Whether it is being published.
    public var isPublishing: Bool
    /// When it was published.
    public var published: JikanAiredPeriod
    /// The members' score.
    public var score: Double?
    /// How many members scored it.
    public var scoredBy: Int?
    /// Rank by score.
    public var rank: Int?
    /// Rank by members.
    public var popularity: Int?
    /// Members who list it.
    public var members: Int?
    /// Members who made it a favourite.
    public var favorites: Int?
    /// The synopsis.
    public var synopsis: String?
    /// Background notes.
    public var background: String?
    /// Authors and artists.
    public var authors: [MALEntry]
    /// The magazines it ran in.
    public var serializations: [MALEntry]
    /// Genres.
    public var genres: [MALEntry]
    /// Explicit genres.
    public var explicitGenres: [MALEntry]
    /// Themes.
    public var themes: [MALEntry]
    /// Demographics.
    public var demographics: [MALEntry]
    /// Related entries (full answer only).
    public var relations: [JikanAnimeRelation]
    /// External links (full answer only).
    public var external: [JikanExternalLink]

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, images, approved, titles, title, titleEnglish = "title_english"
        case titleJapanese = "title_japanese", type, chapters, volumes, status, publishing, published, score
        case scoredBy = "scored_by", rank, popularity, members, favorites, synopsis, background, authors
        case serializations, genres, explicitGenres = "explicit_genres", themes, demographics, relations, external
    }

    /// Decodes Jikan's object, leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        images = c.imageSet(.images)
        isApproved = (c.flag(.approved) ?? false)
        titles = c.list(JikanAnimeTitle.self, .titles)
        title = c.string(.title) ?? titles.first?.title ?? ""
        titleEnglish = c.string(.titleEnglish)
        titleJapanese = c.string(.titleJapanese)
        type = c.string(.type).map(JikanMangaType.init(rawValue:))
        chapters = c.integer(.chapters)
        volumes = c.integer(.volumes)
        status = c.string(.status).map(JikanPublishingStatus.init(rawValue:))
        isPublishing = (c.flag(.publishing) ?? false)
        published = c.value(JikanAiredPeriod.self, .published) ?? JikanAiredPeriod()
        score = c.number(.score)
        scoredBy = c.integer(.scoredBy)
        rank = c.integer(.rank)
        popularity = c.integer(.popularity)
        members = c.integer(.members)
        favorites = c.integer(.favorites)
        synopsis = c.string(.synopsis)
        background = c.string(.background)
        authors = c.list(MALEntry.self, .authors)
        serializations = c.list(MALEntry.self, .serializations)
        genres = c.list(MALEntry.self, .genres)
        explicitGenres = c.list(MALEntry.self, .explicitGenres)
        themes = c.list(MALEntry.self, .themes)
        demographics = c.list(MALEntry.self, .demographics)
        relations = c.list(JikanAnimeRelation.self, .relations)
        external = c.list(JikanExternalLink.self, .external)
    }
}
