import AirdateHTTP
public import Foundation

/// A member's review of an anime or manga (`/anime/{id}/reviews`, `/reviews/anime`, `/top/reviews`,
/// `/users/{name}/reviews`).
public struct JikanReview: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The review's page.
    public var url: URL?
    /// "anime" or "manga".
    public var type: String?
    /// Reactions by kind ("nice", "love_it", "funny"…) and their counts.
    public var reactions: [String: Int]
    /// When it was posted.
    public var date: Date?
    /// The text.
    public var review: String
    /// The reviewer's score, 1–10.
    public var score: Int?
    /// MyAnimeList's tags ("Recommended", "Mixed Feelings"…).
    public var tags: [String]
    /// Whether it reveals the story.
    public var isSpoiler: Bool
    /// Whether it was written before the reviewer finished the entry.
    public var isPreliminary: Bool
    /// Episodes watched when reviewing (anime).
    public var episodesWatched: Int?
    /// Chapters read when reviewing (manga).
    public var chaptersRead: Int?
    /// The reviewer.
    public var user: JikanUserSummary?
    /// The entry reviewed, in lists that mix entries.
    public var entry: JikanEntrySummary?

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, type, reactions, date, review, score, tags, isSpoiler = "is_spoiler"
        case isPreliminary = "is_preliminary", episodesWatched = "episodes_watched", chaptersRead = "chapters_read", user, entry
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        type = c.string(.type)
        var reactions: [String: Int] = [:]
        if let r = c.nested(keyedBy: AnyCodingKey.self, .reactions) {
            for key in r.allKeys { if let n = r.integer(key) { reactions[key.stringValue] = n } }
        }
        self.reactions = reactions
        date = c.instant(.date)
        review = c.string(.review) ?? ""
        score = c.integer(.score)
        tags = c.strings(.tags)
        isSpoiler = (c.flag(.isSpoiler) ?? false)
        isPreliminary = (c.flag(.isPreliminary) ?? false)
        episodesWatched = c.integer(.episodesWatched)
        chaptersRead = c.integer(.chaptersRead)
        user = c.value(JikanUserSummary.self, .user)
        entry = c.summary(.entry)
    }
}
