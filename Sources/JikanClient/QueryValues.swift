// Values of Jikan's query parameters: open, so values Jikan adds later can be sent as written.

/// An anime format as Jikan's filters spell it (`type=tv`, `filter=movie`…); other values pass through as written.
public struct AnimeFormat: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `tv`.
    public static let tv = AnimeFormat(rawValue: "tv")
    /// `movie`.
    public static let movie = AnimeFormat(rawValue: "movie")
    /// `ova`.
    public static let ova = AnimeFormat(rawValue: "ova")
    /// `special`.
    public static let special = AnimeFormat(rawValue: "special")
    /// `ona`.
    public static let ona = AnimeFormat(rawValue: "ona")
    /// `music`.
    public static let music = AnimeFormat(rawValue: "music")
    /// `cm`.
    public static let cm = AnimeFormat(rawValue: "cm")
    /// `pv`.
    public static let pv = AnimeFormat(rawValue: "pv")
    /// `tv_special`.
    public static let tvSpecial = AnimeFormat(rawValue: "tv_special")
}

/// The airing status to search for (`status=`).
public struct AnimeSearchStatus: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `airing`.
    public static let airing = AnimeSearchStatus(rawValue: "airing")
    /// `complete`.
    public static let complete = AnimeSearchStatus(rawValue: "complete")
    /// `upcoming`.
    public static let upcoming = AnimeSearchStatus(rawValue: "upcoming")
}

/// The audience rating to search for (`rating=`).
public struct AnimeSearchRating: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `g`.
    public static let g = AnimeSearchRating(rawValue: "g")
    /// `pg`.
    public static let pg = AnimeSearchRating(rawValue: "pg")
    /// `pg13`.
    public static let pg13 = AnimeSearchRating(rawValue: "pg13")
    /// `r17`.
    public static let r17 = AnimeSearchRating(rawValue: "r17")
    /// `r`.
    public static let r = AnimeSearchRating(rawValue: "r")
    /// `rx`.
    public static let rx = AnimeSearchRating(rawValue: "rx")
}

/// The field search results are ordered by (`order_by=`).
public struct AnimeOrder: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `mal_id`.
    public static let malID = AnimeOrder(rawValue: "mal_id")
    /// `title`.
    public static let title = AnimeOrder(rawValue: "title")
    /// `start_date`.
    public static let startDate = AnimeOrder(rawValue: "start_date")
    /// `end_date`.
    public static let endDate = AnimeOrder(rawValue: "end_date")
    /// `episodes`.
    public static let episodes = AnimeOrder(rawValue: "episodes")
    /// `score`.
    public static let score = AnimeOrder(rawValue: "score")
    /// `scored_by`.
    public static let scoredBy = AnimeOrder(rawValue: "scored_by")
    /// `rank`.
    public static let rank = AnimeOrder(rawValue: "rank")
    /// `popularity`.
    public static let popularity = AnimeOrder(rawValue: "popularity")
    /// `members`.
    public static let members = AnimeOrder(rawValue: "members")
    /// `favorites`.
    public static let favorites = AnimeOrder(rawValue: "favorites")
}

/// Which top list to read (`/top/anime?filter=`).
public struct TopAnimeFilter: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `airing`.
    public static let airing = TopAnimeFilter(rawValue: "airing")
    /// `upcoming`.
    public static let upcoming = TopAnimeFilter(rawValue: "upcoming")
    /// `bypopularity`.
    public static let byPopularity = TopAnimeFilter(rawValue: "bypopularity")
    /// `favorite`.
    public static let favorite = TopAnimeFilter(rawValue: "favorite")
}

/// Which kind of genre list to read (`/genres/anime?filter=`).
public struct GenreFilter: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a value as Jikan spells it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `genres`.
    public static let genres = GenreFilter(rawValue: "genres")
    /// `explicit_genres`.
    public static let explicitGenres = GenreFilter(rawValue: "explicit_genres")
    /// `themes`.
    public static let themes = GenreFilter(rawValue: "themes")
    /// `demographics`.
    public static let demographics = GenreFilter(rawValue: "demographics")
}
