import AirdateHTTP

// Open enums: each wraps the server's text, so values MyAnimeList adds later still decode.

/// An anime's format as MyAnimeList names it ("TV", "Movie", "OVA"…). Values MyAnimeList adds later decode too, as their raw text.
public struct AnimeType: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "TV".
    public static let tv = AnimeType(rawValue: "TV")
    /// "Movie".
    public static let movie = AnimeType(rawValue: "Movie")
    /// "OVA".
    public static let ova = AnimeType(rawValue: "OVA")
    /// "Special".
    public static let special = AnimeType(rawValue: "Special")
    /// "ONA".
    public static let ona = AnimeType(rawValue: "ONA")
    /// "Music".
    public static let music = AnimeType(rawValue: "Music")
    /// "CM".
    public static let cm = AnimeType(rawValue: "CM")
    /// "PV".
    public static let pv = AnimeType(rawValue: "PV")
    /// "TV Special".
    public static let tvSpecial = AnimeType(rawValue: "TV Special")
}

/// Whether an anime airs ("Currently Airing", "Finished Airing", "Not yet aired"); unknown values decode as their raw text.
public struct AiringStatus: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Currently Airing".
    public static let currentlyAiring = AiringStatus(rawValue: "Currently Airing")
    /// "Finished Airing".
    public static let finishedAiring = AiringStatus(rawValue: "Finished Airing")
    /// "Not yet aired".
    public static let notYetAired = AiringStatus(rawValue: "Not yet aired")
}

/// An anime's audience rating as MyAnimeList writes it ("PG-13 - Teens 13 or older"…); unknown values decode as their raw text.
public struct AgeRating: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "G - All Ages".
    public static let allAges = AgeRating(rawValue: "G - All Ages")
    /// "PG - Children".
    public static let children = AgeRating(rawValue: "PG - Children")
    /// "PG-13 - Teens 13 or older".
    public static let teens = AgeRating(rawValue: "PG-13 - Teens 13 or older")
    /// "R - 17+ (violence & profanity)".
    public static let violenceAndProfanity = AgeRating(rawValue: "R - 17+ (violence & profanity)")
    /// "R+ - Mild Nudity".
    public static let mildNudity = AgeRating(rawValue: "R+ - Mild Nudity")
    /// "Rx - Hentai".
    public static let hentai = AgeRating(rawValue: "Rx - Hentai")
}

/// A season of the anime year ("winter", "spring", "summer", "fall"), as Jikan spells it in paths and fields; unknown values decode as their raw text.
public struct AnimeSeason: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "winter".
    public static let winter = AnimeSeason(rawValue: "winter")
    /// "spring".
    public static let spring = AnimeSeason(rawValue: "spring")
    /// "summer".
    public static let summer = AnimeSeason(rawValue: "summer")
    /// "fall".
    public static let fall = AnimeSeason(rawValue: "fall")
}

/// The kind of one of an anime's titles ("Default", "English", "Japanese", "Synonym", other languages); unknown values decode as their raw text.
public struct TitleType: OpenEnumeration {
    /// The server's text.
    public var rawValue: String
    /// Wraps the server's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Default".
    public static let `default` = TitleType(rawValue: "Default")
    /// "English".
    public static let english = TitleType(rawValue: "English")
    /// "Japanese".
    public static let japanese = TitleType(rawValue: "Japanese")
    /// "Synonym".
    public static let synonym = TitleType(rawValue: "Synonym")
}
