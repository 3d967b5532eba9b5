import AirdateHTTP
public import AirdateCore
public import Foundation

/// An anime as Jikan describes it (`/anime/{id}`, search, seasons, schedules, top). With `/full`,
/// ``relations``, ``themeSongs``, ``externalLinks`` and ``streaming`` are filled too.
///
/// Decoding is lenient where MyAnimeList is: `episodes`, `score`, `rank`, `year`, the broadcast
/// and most texts may be null; unknown `type`, `status`, `rating` and `season` values are kept.
/// Only `mal_id` is required.
public struct JikanAnime: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The page on MyAnimeList.
    public var url: URL?
    /// The key visual.
    public var images: JikanImageSet
    /// The trailer's YouTube id, if any.
    public var trailerYouTubeID: String?
    /// Whether MyAnimeList's moderators approved the entry.
    public var isApproved: Bool
    /// Every title with its kind.
    public var titles: [JikanAnimeTitle]
    /// The default (usually romanised) title.
    public var title: String
    /// The English title, if any.
    public var titleEnglish: String?
    /// The Japanese title, if any.
    public var titleJapanese: String?
    /// Other titles.
    public var titleSynonyms: [String]
    /// The format (TV, Movie…), if known.
    public var type: JikanAnimeType?
    /// The source material ("Manga", "Original"…), if known.
    public var source: String?
    /// The number of episodes; `nil` while airing with no announced count, or unknown.
    public var episodes: Int?
    /// Whether it airs, finished, or has not started.
    public var status: JikanAiringStatus?
    /// Whether it is airing now.
    public var isAiring: Bool
    /// When it aired.
    public var aired: JikanAiredPeriod
    /// MyAnimeList's running-time text, such as `"24 min per ep"`.
    public var durationText: String?
    /// The audience rating, if known.
    public var rating: JikanAgeRating?
    /// The mean score out of 10; `nil` until enough members scored it.
    public var score: Double?
    /// How many members scored it.
    public var scoredBy: Int?
    /// The rank by score; `nil` when unranked (Jikan sends null or 0).
    public var rank: Int?
    /// The rank by members.
    public var popularity: Int?
    /// How many members list it.
    public var members: Int?
    /// How many members favourited it.
    public var favorites: Int?
    /// The synopsis, if any.
    public var synopsis: String?
    /// Background notes, if any.
    public var background: String?
    /// The season of its premiere, if known.
    public var season: JikanAnimeSeason?
    /// The year of its premiere season, if known.
    public var year: Int?
    /// When new episodes air.
    public var broadcast: JikanBroadcast
    /// Producers.
    public var producers: [MALEntry]
    /// Licensors.
    public var licensors: [MALEntry]
    /// Studios.
    public var studios: [MALEntry]
    /// Genres.
    public var genres: [MALEntry]
    /// Explicit genres.
    public var explicitGenres: [MALEntry]
    /// Themes (as MyAnimeList's genre-like tags).
    public var themes: [MALEntry]
    /// Demographics.
    public var demographics: [MALEntry]
    /// Related entries (`/full` only; `nil` otherwise).
    public var relations: [JikanAnimeRelation]?
    /// Opening and ending songs (`/full` only).
    public var themeSongs: JikanThemeSongs?
    /// Official and database links (`/full` only).
    public var externalLinks: [JikanExternalLink]?
    /// Streaming services (`/full` only).
    public var streaming: [JikanExternalLink]?

    /// An anime with an id and a title; every other field empty (for tests and previews).
    public init(malID: Int, title: String) {
        self.malID = malID
        self.url = nil
        self.images = JikanImageSet()
        self.trailerYouTubeID = nil
        self.isApproved = true
        self.titles = [JikanAnimeTitle(type: .default, title: title)]
        self.title = title
        self.titleEnglish = nil
        self.titleJapanese = nil
        self.titleSynonyms = []
        self.type = nil
        self.source = nil
        self.episodes = nil
        self.status = nil
        self.isAiring = false
        self.aired = JikanAiredPeriod()
        self.durationText = nil
        self.rating = nil
        self.score = nil
        self.scoredBy = nil
        self.rank = nil
        self.popularity = nil
        self.members = nil
        self.favorites = nil
        self.synopsis = nil
        self.background = nil
        self.season = nil
        self.year = nil
        self.broadcast = JikanBroadcast()
        self.producers = []
        self.licensors = []
        self.studios = []
        self.genres = []
        self.explicitGenres = []
        self.themes = []
        self.demographics = []
        self.relations = nil
        self.themeSongs = nil
        self.externalLinks = nil
        self.streaming = nil
    }

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, images, trailer, approved, titles, title
        case titleEnglish = "title_english", titleJapanese = "title_japanese", titleSynonyms = "title_synonyms"
        case type, source, episodes, status, airing, aired, duration, rating, score
        case scoredBy = "scored_by", rank, popularity, members, favorites, synopsis, background, season, year
        case broadcast, producers, licensors, studios, genres
        case explicitGenres = "explicit_genres", themes, demographics, relations, theme, external, streaming
    }

    private struct Trailer: Decodable {
        var youtubeID: String?
        private enum CodingKeys: String, CodingKey { case youtubeID = "youtube_id" }
        init(from decoder: any Decoder) throws {
            youtubeID = try decoder.lenientContainer(keyedBy: CodingKeys.self).string(.youtubeID)
        }
    }

    /// Decodes Jikan's object leniently (see the type's notes).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        images = c.value(JikanImageSet.self, .images) ?? JikanImageSet()
        trailerYouTubeID = c.value(Trailer.self, .trailer)?.youtubeID
        isApproved = c.flag(.approved) ?? true
        titles = c.list(JikanAnimeTitle.self, .titles)
        titleEnglish = c.string(.titleEnglish)
        titleJapanese = c.string(.titleJapanese)
        title = c.string(.title)
            ?? titles.first(where: { $0.type == .default })?.title
            ?? titleEnglish ?? titleJapanese ?? ""
        titleSynonyms = c.list(String.self, .titleSynonyms)
        type = c.string(.type).map(JikanAnimeType.init(rawValue:))
        source = c.string(.source)
        episodes = c.integer(.episodes)
        status = c.string(.status).map(JikanAiringStatus.init(rawValue:))
        isAiring = (c.flag(.airing) ?? false)
        aired = c.value(JikanAiredPeriod.self, .aired) ?? JikanAiredPeriod()
        durationText = c.string(.duration)
        rating = c.string(.rating).map(JikanAgeRating.init(rawValue:))
        score = c.number(.score)
        scoredBy = c.integer(.scoredBy)
        rank = c.integer(.rank).flatMap { $0 > 0 ? $0 : nil }
        popularity = c.integer(.popularity)
        members = c.integer(.members)
        favorites = c.integer(.favorites)
        synopsis = c.string(.synopsis)
        background = c.string(.background)
        season = c.string(.season).map(JikanAnimeSeason.init(rawValue:))
        year = c.integer(.year)
        broadcast = c.value(JikanBroadcast.self, .broadcast) ?? JikanBroadcast()
        producers = c.list(MALEntry.self, .producers)
        licensors = c.list(MALEntry.self, .licensors)
        studios = c.list(MALEntry.self, .studios)
        genres = c.list(MALEntry.self, .genres)
        explicitGenres = c.list(MALEntry.self, .explicitGenres)
        themes = c.list(MALEntry.self, .themes)
        demographics = c.list(MALEntry.self, .demographics)
        relations = c.contains(.relations) ? c.list(JikanAnimeRelation.self, .relations) : nil
        themeSongs = c.value(JikanThemeSongs.self, .theme)
        externalLinks = c.contains(.external) ? c.list(JikanExternalLink.self, .external) : nil
        streaming = c.contains(.streaming) ? c.list(JikanExternalLink.self, .streaming) : nil
    }

    // MARK: Helpers

    /// The running time read from ``durationText``; `nil` when unknown.
    public var duration: JikanAnimeDuration? {
        durationText.flatMap(JikanAnimeDuration.init(parsing:))
    }

    /// The title to show: English, else the default title, else Japanese.
    public var preferredTitle: String {
        preferredTitle(order: [.english, .default, .japanese])
    }

    /// The first title of the kinds in `order` (from ``titles``, then the dedicated fields), else
    /// ``title``.
    public func preferredTitle(order: [JikanTitleType]) -> String {
        for kind in order {
            if let found = titles.first(where: { $0.type == kind && !$0.title.isEmpty }) { return found.title }
            switch kind {
            case .english: if let titleEnglish { return titleEnglish }
            case .japanese: if let titleJapanese { return titleJapanese }
            case .default: if !title.isEmpty { return title }
            default: break
            }
        }
        return title
    }

    /// The weekly broadcast slot, when MyAnimeList states one.
    public var broadcastSlot: BroadcastSlot? { broadcast.slot }

    /// The next broadcast after `date`, for anime that are airing and have a slot; `nil` otherwise.
    public func nextBroadcast(after date: Date) -> Date? {
        guard isAiring || status == .currentlyAiring, let slot = broadcastSlot else { return nil }
        if let end = aired.to, CalendarDay(containing: date, in: slot.timeZone) > end {
            return nil
        }
        return slot.nextBroadcast(after: date)
    }
}
