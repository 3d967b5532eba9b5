import Foundation

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
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        type = c.text(.type)
        var reactions: [String: Int] = [:]
        if let r = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: .reactions) {
            for key in r.allKeys { if let n = r.integer(key) { reactions[key.stringValue] = n } }
        }
        self.reactions = reactions
        date = c.instant(.date)
        review = c.text(.review) ?? ""
        score = c.integer(.score)
        tags = c.strings(.tags)
        isSpoiler = c.flag(.isSpoiler)
        isPreliminary = c.flag(.isPreliminary)
        episodesWatched = c.integer(.episodesWatched)
        chaptersRead = c.integer(.chaptersRead)
        user = try? c.decodeIfPresent(JikanUserSummary.self, forKey: .user)
        entry = c.summary(.entry)
    }
}

/// A member's list update on an anime or manga (`/anime/{id}/userupdates`, `/manga/{id}/userupdates`,
/// `/users/{name}/userupdates`).
public struct JikanListUpdate: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The member (in an entry's updates).
    public var user: JikanUserSummary?
    /// The entry (in a member's updates).
    public var entry: JikanEntrySummary?
    /// The member's score.
    public var score: Int?
    /// The list status ("Watching", "Completed", "Reading"…).
    public var status: String?
    /// Episodes seen and in all (anime).
    public var episodesSeen: Int?, episodesTotal: Int?
    /// Chapters read and in all (manga).
    public var chaptersRead: Int?, chaptersTotal: Int?
    /// Volumes read and in all (manga).
    public var volumesRead: Int?, volumesTotal: Int?
    /// When the update happened.
    public var date: Date?

    private enum CodingKeys: String, CodingKey {
        case user, entry, score, status, episodesSeen = "episodes_seen", episodesTotal = "episodes_total"
        case chaptersRead = "chapters_read", chaptersTotal = "chapters_total", volumesRead = "volumes_read"
        case volumesTotal = "volumes_total", date
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user = try? c.decodeIfPresent(JikanUserSummary.self, forKey: .user)
        entry = c.summary(.entry)
        score = c.integer(.score)
        status = c.text(.status)
        episodesSeen = c.integer(.episodesSeen)
        episodesTotal = c.integer(.episodesTotal)
        chaptersRead = c.integer(.chaptersRead)
        chaptersTotal = c.integer(.chaptersTotal)
        volumesRead = c.integer(.volumesRead)
        volumesTotal = c.integer(.volumesTotal)
        date = c.instant(.date)
    }

    /// A stable number for the update (member or entry, and date), so pagination drops repeats.
    public var malID: Int {
        stableID("\(user?.username ?? "")|\(entry?.malID ?? 0)|\(date?.timeIntervalSince1970 ?? 0)")
    }
}

/// Two entries a member recommends to each other's fans (`/recommendations/anime`,
/// `/users/{name}/recommendations`).
public struct JikanRecommendationPair: Sendable, Hashable, Decodable, MALIdentifiable {
    /// Jikan's id: both entries' ids joined by `-`.
    public var pairID: String
    /// The two entries.
    public var entries: [JikanEntrySummary]
    /// Why the member recommends them.
    public var content: String?
    /// When it was written.
    public var date: Date?
    /// Who wrote it.
    public var user: JikanUserSummary?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", entry, content, date, user }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pairID = c.text(.malID) ?? c.integer(.malID).map(String.init) ?? ""
        entries = c.list(JikanEntrySummary.self, .entry)
        content = c.text(.content)
        date = c.instant(.date)
        user = try? c.decodeIfPresent(JikanUserSummary.self, forKey: .user)
    }

    /// A stable number for ``pairID``, so pagination drops repeats.
    public var malID: Int { stableID(pairID) }
}

/// Recently released episodes of an anime you can watch (`/watch/episodes`).
public struct JikanWatchEpisodes: Sendable, Hashable, Decodable, MALIdentifiable {
    /// One episode.
    public struct Episode: Sendable, Hashable, Decodable {
        /// The episode's page.
        public var url: URL?
        /// Its title ("Episode 12").
        public var title: String
        /// Whether only MyAnimeList Premium members can watch it.
        public var isPremium: Bool

        private enum CodingKeys: String, CodingKey { case url, title, premium }

        /// Decodes Jikan's object.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = c.link(.url)
            title = c.text(.title) ?? ""
            isPremium = c.flag(.premium)
        }
    }

    /// The anime.
    public var entry: JikanEntrySummary
    /// Its latest episodes (at most 2).
    public var episodes: [Episode]
    /// Whether the episodes are locked to some regions.
    public var isRegionLocked: Bool

    private enum CodingKeys: String, CodingKey { case entry, episodes, regionLocked = "region_locked" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entry = try c.decode(JikanEntrySummary.self, forKey: .entry)
        episodes = c.list(Episode.self, .episodes)
        isRegionLocked = c.flag(.regionLocked)
    }

    /// The anime's id.
    public var malID: Int { entry.malID }
}

/// A promotional video of an anime (`/watch/promos`).
public struct JikanWatchPromo: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The video's title.
    public var title: String
    /// The anime.
    public var entry: JikanEntrySummary
    /// The video.
    public var trailer: JikanVideo?

    private enum CodingKeys: String, CodingKey { case title, entry, trailer }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = c.text(.title) ?? ""
        entry = try c.decode(JikanEntrySummary.self, forKey: .entry)
        trailer = try? c.decodeIfPresent(JikanVideo.self, forKey: .trailer)
    }

    /// A stable number for the anime and the title, so pagination drops repeats.
    public var malID: Int { stableID("\(entry.malID)|\(title)") }
}
