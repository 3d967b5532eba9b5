import AirdateHTTP
public import AirdateCore
public import Foundation

/// One episode (`/anime/{id}/episodes`, 100 a page, and `/anime/{id}/episodes/{n}`).
///
/// The list gives `score`, `forum_url`; the single episode gives `duration` (seconds) and
/// `synopsis`. Fields the answer lacks are `nil`.
public struct JikanAnimeEpisode: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The episode number (Jikan's `mal_id` for episodes).
    public var malID: Int
    /// The number, the same as ``malID``.
    public var number: Int { malID }
    /// The page on MyAnimeList.
    public var url: URL?
    /// The English title.
    public var title: String?
    /// The Japanese title.
    public var titleJapanese: String?
    /// The romanised title (trailing no-break spaces trimmed).
    public var titleRomanji: String?
    /// The air day in Japan as MyAnimeList records it.
    public var airedDay: CalendarDay?
    /// The air date as Jikan writes it (midnight with an offset; read the day from ``airedDay``).
    public var aired: Date?
    /// The members' mean score out of 5 (lists only).
    public var score: Double?
    /// Whether the episode is filler.
    public var isFiller: Bool
    /// Whether the episode is a recap.
    public var isRecap: Bool
    /// The discussion thread (lists only).
    public var forumURL: URL?
    /// The length (single episode only).
    public var duration: Duration?
    /// The synopsis (single episode only).
    public var synopsis: String?

    /// An episode with a number and title; every other field empty.
    public init(number: Int, title: String?) {
        self.malID = number
        self.url = nil
        self.title = title
        self.titleJapanese = nil
        self.titleRomanji = nil
        self.airedDay = nil
        self.aired = nil
        self.score = nil
        self.isFiller = false
        self.isRecap = false
        self.forumURL = nil
        self.duration = nil
        self.synopsis = nil
    }

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, title, titleJapanese = "title_japanese", titleRomanji = "title_romanji"
        case aired, score, filler, recap, forumURL = "forum_url", duration, synopsis
    }

    /// Decodes Jikan's object; only `mal_id` is required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        title = c.string(.title)
        titleJapanese = c.string(.titleJapanese)
        titleRomanji = c.string(.titleRomanji)?
            .trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{00A0}")))
        airedDay = c.day(.aired)
        aired = airedDay == nil ? nil : c.instant(.aired)
        score = c.number(.score)
        isFiller = (c.flag(.filler) ?? false)
        isRecap = (c.flag(.recap) ?? false)
        forumURL = c.url(.forumURL)
        duration = c.integer(.duration).flatMap { $0 > 0 ? Duration.seconds($0) : nil }
        synopsis = c.string(.synopsis)
    }
}
