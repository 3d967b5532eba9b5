public import AirdateHTTP

// Open enums: each wraps the server's text, so values MyAnimeList adds later still decode.

/// An anime's format as MyAnimeList names it ("TV", "Movie", "OVA"…). Values MyAnimeList adds later decode too, as their raw text.
public struct JikanAnimeType: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "TV".
    public static let tv = JikanAnimeType(rawValue: "TV")
    /// "Movie".
    public static let movie = JikanAnimeType(rawValue: "Movie")
    /// "OVA".
    public static let ova = JikanAnimeType(rawValue: "OVA")
    /// "Special".
    public static let special = JikanAnimeType(rawValue: "Special")
    /// "ONA".
    public static let ona = JikanAnimeType(rawValue: "ONA")
    /// "Music".
    public static let music = JikanAnimeType(rawValue: "Music")
    /// "CM".
    public static let cm = JikanAnimeType(rawValue: "CM")
    /// "PV".
    public static let pv = JikanAnimeType(rawValue: "PV")
    /// "TV Special".
    public static let tvSpecial = JikanAnimeType(rawValue: "TV Special")
}

/// Whether an anime airs ("Currently Airing", "Finished Airing", "Not yet aired"); unknown values decode as their raw text.
public struct JikanAiringStatus: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Currently Airing".
    public static let currentlyAiring = JikanAiringStatus(rawValue: "Currently Airing")
    /// "Finished Airing".
    public static let finishedAiring = JikanAiringStatus(rawValue: "Finished Airing")
    /// "Not yet aired".
    public static let notYetAired = JikanAiringStatus(rawValue: "Not yet aired")
}

/// An anime's audience rating as MyAnimeList writes it ("PG-13 - Teens 13 or older"…); unknown values decode as their raw text.
public struct JikanAgeRating: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "G - All Ages".
    public static let allAges = JikanAgeRating(rawValue: "G - All Ages")
    /// "PG - Children".
    public static let children = JikanAgeRating(rawValue: "PG - Children")
    /// "PG-13 - Teens 13 or older".
    public static let teens = JikanAgeRating(rawValue: "PG-13 - Teens 13 or older")
    /// "R - 17+ (violence & profanity)".
    public static let violenceAndProfanity = JikanAgeRating(rawValue: "R - 17+ (violence & profanity)")
    /// "R+ - Mild Nudity".
    public static let mildNudity = JikanAgeRating(rawValue: "R+ - Mild Nudity")
    /// "Rx - Hentai".
    public static let hentai = JikanAgeRating(rawValue: "Rx - Hentai")
}

/// A season of the anime year ("winter", "spring", "summer", "fall"), as Jikan spells it in paths and fields; unknown values decode as their raw text.
public struct JikanAnimeSeason: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "winter".
    public static let winter = JikanAnimeSeason(rawValue: "winter")
    /// "spring".
    public static let spring = JikanAnimeSeason(rawValue: "spring")
    /// "summer".
    public static let summer = JikanAnimeSeason(rawValue: "summer")
    /// "fall".
    public static let fall = JikanAnimeSeason(rawValue: "fall")
}

/// The kind of one of an anime's titles ("Default", "English", "Japanese", "Synonym", other languages); unknown values decode as their raw text.
public struct JikanTitleType: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Default".
    public static let `default` = JikanTitleType(rawValue: "Default")
    /// "English".
    public static let english = JikanTitleType(rawValue: "English")
    /// "Japanese".
    public static let japanese = JikanTitleType(rawValue: "Japanese")
    /// "Synonym".
    public static let synonym = JikanTitleType(rawValue: "Synonym")
}

/// A manga's format as MyAnimeList names it ("Manga", "Light Novel", "Manhwa"…); unknown values decode as their raw text.
public struct JikanMangaType: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Manga".
    public static let manga = JikanMangaType(rawValue: "Manga")
    /// "Novel".
    public static let novel = JikanMangaType(rawValue: "Novel")
    /// "Light Novel".
    public static let lightNovel = JikanMangaType(rawValue: "Light Novel")
    /// "One-shot".
    public static let oneShot = JikanMangaType(rawValue: "One-shot")
    /// "Doujinshi".
    public static let doujinshi = JikanMangaType(rawValue: "Doujinshi")
    /// "Manhua".
    public static let manhua = JikanMangaType(rawValue: "Manhua")
    /// "Manhwa".
    public static let manhwa = JikanMangaType(rawValue: "Manhwa")
    /// "OEL".
    public static let oel = JikanMangaType(rawValue: "OEL")
}

/// Whether a manga is published ("Publishing", "Finished", "On Hiatus"…); unknown values decode as their raw text.
public struct JikanPublishingStatus: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Publishing".
    public static let publishing = JikanPublishingStatus(rawValue: "Publishing")
    /// "Finished".
    public static let finished = JikanPublishingStatus(rawValue: "Finished")
    /// "On Hiatus".
    public static let onHiatus = JikanPublishingStatus(rawValue: "On Hiatus")
    /// "Discontinued".
    public static let discontinued = JikanPublishingStatus(rawValue: "Discontinued")
    /// "Not yet published".
    public static let notYetPublished = JikanPublishingStatus(rawValue: "Not yet published")
}
