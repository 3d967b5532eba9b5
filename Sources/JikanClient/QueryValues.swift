public import AirdateHTTP

// Values of Jikan's query parameters: open enumerations, so values Jikan adds later can be sent as written.

/// An anime format as Jikan's filters spell it (`type=tv`, `filter=movie`…); other values pass through as written.
public struct JikanAnimeFormat: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `tv`.
    public static let tv = JikanAnimeFormat(rawValue: "tv")
    /// `movie`.
    public static let movie = JikanAnimeFormat(rawValue: "movie")
    /// `ova`.
    public static let ova = JikanAnimeFormat(rawValue: "ova")
    /// `special`.
    public static let special = JikanAnimeFormat(rawValue: "special")
    /// `ona`.
    public static let ona = JikanAnimeFormat(rawValue: "ona")
    /// `music`.
    public static let music = JikanAnimeFormat(rawValue: "music")
    /// `cm`.
    public static let cm = JikanAnimeFormat(rawValue: "cm")
    /// `pv`.
    public static let pv = JikanAnimeFormat(rawValue: "pv")
    /// `tv_special`.
    public static let tvSpecial = JikanAnimeFormat(rawValue: "tv_special")
}

/// The airing status to search for (`status=`).
public struct JikanAnimeSearchStatus: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `airing`.
    public static let airing = JikanAnimeSearchStatus(rawValue: "airing")
    /// `complete`.
    public static let complete = JikanAnimeSearchStatus(rawValue: "complete")
    /// `upcoming`.
    public static let upcoming = JikanAnimeSearchStatus(rawValue: "upcoming")
}

/// The audience rating to search for (`rating=`).
public struct JikanAnimeSearchRating: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `g`.
    public static let g = JikanAnimeSearchRating(rawValue: "g")
    /// `pg`.
    public static let pg = JikanAnimeSearchRating(rawValue: "pg")
    /// `pg13`.
    public static let pg13 = JikanAnimeSearchRating(rawValue: "pg13")
    /// `r17`.
    public static let r17 = JikanAnimeSearchRating(rawValue: "r17")
    /// `r`.
    public static let r = JikanAnimeSearchRating(rawValue: "r")
    /// `rx`.
    public static let rx = JikanAnimeSearchRating(rawValue: "rx")
}

/// The field search results are ordered by (`order_by=`).
public struct JikanAnimeOrder: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `mal_id`.
    public static let malID = JikanAnimeOrder(rawValue: "mal_id")
    /// `title`.
    public static let title = JikanAnimeOrder(rawValue: "title")
    /// `start_date`.
    public static let startDate = JikanAnimeOrder(rawValue: "start_date")
    /// `end_date`.
    public static let endDate = JikanAnimeOrder(rawValue: "end_date")
    /// `episodes`.
    public static let episodes = JikanAnimeOrder(rawValue: "episodes")
    /// `score`.
    public static let score = JikanAnimeOrder(rawValue: "score")
    /// `scored_by`.
    public static let scoredBy = JikanAnimeOrder(rawValue: "scored_by")
    /// `rank`.
    public static let rank = JikanAnimeOrder(rawValue: "rank")
    /// `popularity`.
    public static let popularity = JikanAnimeOrder(rawValue: "popularity")
    /// `members`.
    public static let members = JikanAnimeOrder(rawValue: "members")
    /// `favorites`.
    public static let favorites = JikanAnimeOrder(rawValue: "favorites")
}

/// Which top list to read (`/top/anime?filter=`).
public struct JikanTopAnimeFilter: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `airing`.
    public static let airing = JikanTopAnimeFilter(rawValue: "airing")
    /// `upcoming`.
    public static let upcoming = JikanTopAnimeFilter(rawValue: "upcoming")
    /// `bypopularity`.
    public static let byPopularity = JikanTopAnimeFilter(rawValue: "bypopularity")
    /// `favorite`.
    public static let favorite = JikanTopAnimeFilter(rawValue: "favorite")
}

/// Which kind of genre list to read (`/genres/anime?filter=`).
public struct JikanGenreFilter: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `genres`.
    public static let genres = JikanGenreFilter(rawValue: "genres")
    /// `explicit_genres`.
    public static let explicitGenres = JikanGenreFilter(rawValue: "explicit_genres")
    /// `themes`.
    public static let themes = JikanGenreFilter(rawValue: "themes")
    /// `demographics`.
    public static let demographics = JikanGenreFilter(rawValue: "demographics")
}
