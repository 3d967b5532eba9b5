import Foundation

/// A MyAnimeList member's profile (`/users/{name}`, `/users/{name}/full`, `/random/users`). The full
/// answer adds statistics and external links.
public struct JikanUserProfile: Sendable, Hashable, Decodable {
    /// The member's MyAnimeList id, when the answer says.
    public var malID: Int?
    /// The member's name.
    public var username: String
    /// The profile page.
    public var url: URL?
    /// The avatar.
    public var images: JikanImageSet
    /// When the member was last online.
    public var lastOnline: Date?
    /// The gender the member gives, if any.
    public var gender: String?
    /// The birthday the member gives, if any.
    public var birthday: Date?
    /// The location the member gives, if any.
    public var location: String?
    /// When the member joined.
    public var joined: Date?
    /// List statistics (full answer only).
    public var statistics: JikanUserStatistics?
    /// External links (full answer only).
    public var external: [JikanExternalLink]

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", username, url, images, lastOnline = "last_online", gender, birthday, location, joined, statistics, external
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = c.integer(.malID)
        username = c.text(.username) ?? ""
        url = c.link(.url)
        images = c.imageSet(.images)
        lastOnline = c.instant(.lastOnline)
        gender = c.text(.gender)
        birthday = c.instant(.birthday)
        location = c.text(.location)
        joined = c.instant(.joined)
        statistics = try? c.decodeIfPresent(JikanUserStatistics.self, forKey: .statistics)
        external = c.list(JikanExternalLink.self, .external)
    }
}

/// A member's anime and manga list statistics (`/users/{name}/statistics`).
public struct JikanUserStatistics: Sendable, Hashable, Decodable {
    /// The numbers of one list.
    public struct ListStatistics: Sendable, Hashable, Decodable {
        /// Days spent watching or reading.
        public var days: Double?
        /// The mean score given.
        public var meanScore: Double?
        /// Entries being watched or read.
        public var inProgress: Int?
        /// Entries completed.
        public var completed: Int?
        /// Entries on hold.
        public var onHold: Int?
        /// Entries dropped.
        public var dropped: Int?
        /// Entries planned.
        public var planned: Int?
        /// Entries in all.
        public var totalEntries: Int?
        /// Entries watched or read again.
        public var repeated: Int?
        /// Episodes watched (anime) or chapters read (manga).
        public var units: Int?
        /// Volumes read (manga).
        public var volumesRead: Int?

        private enum CodingKeys: String, CodingKey {
            case daysWatched = "days_watched", daysRead = "days_read", meanScore = "mean_score", watching, reading
            case completed, onHold = "on_hold", dropped, planToWatch = "plan_to_watch", planToRead = "plan_to_read"
            case totalEntries = "total_entries", rewatched, reread, episodesWatched = "episodes_watched"
            case chaptersRead = "chapters_read", volumesRead = "volumes_read"
        }

        /// Decodes Jikan's anime or manga object.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            days = c.number(.daysWatched) ?? c.number(.daysRead)
            meanScore = c.number(.meanScore)
            inProgress = c.integer(.watching) ?? c.integer(.reading)
            completed = c.integer(.completed)
            onHold = c.integer(.onHold)
            dropped = c.integer(.dropped)
            planned = c.integer(.planToWatch) ?? c.integer(.planToRead)
            totalEntries = c.integer(.totalEntries)
            repeated = c.integer(.rewatched) ?? c.integer(.reread)
            units = c.integer(.episodesWatched) ?? c.integer(.chaptersRead)
            volumesRead = c.integer(.volumesRead)
        }
    }

    /// The anime list's numbers.
    public var anime: ListStatistics?
    /// The manga list's numbers.
    public var manga: ListStatistics?

    private enum CodingKeys: String, CodingKey { case anime, manga }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        anime = try? c.decodeIfPresent(ListStatistics.self, forKey: .anime)
        manga = try? c.decodeIfPresent(ListStatistics.self, forKey: .manga)
    }
}

/// A member's favourites (`/users/{name}/favorites`).
public struct JikanUserFavorites: Sendable, Hashable, Decodable {
    /// Favourite anime.
    public var anime: [JikanEntrySummary]
    /// Favourite manga.
    public var manga: [JikanEntrySummary]
    /// Favourite characters.
    public var characters: [JikanEntrySummary]
    /// Favourite people.
    public var people: [JikanEntrySummary]

    private enum CodingKeys: String, CodingKey { case anime, manga, characters, people }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        anime = c.list(JikanEntrySummary.self, .anime)
        manga = c.list(JikanEntrySummary.self, .manga)
        characters = c.list(JikanEntrySummary.self, .characters)
        people = c.list(JikanEntrySummary.self, .people)
    }
}

/// A member's latest list updates (`/users/{name}/userupdates`).
public struct JikanUserUpdates: Sendable, Hashable, Decodable {
    /// Anime updates.
    public var anime: [JikanListUpdate]
    /// Manga updates.
    public var manga: [JikanListUpdate]

    private enum CodingKeys: String, CodingKey { case anime, manga }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        anime = c.list(JikanListUpdate.self, .anime)
        manga = c.list(JikanListUpdate.self, .manga)
    }
}

/// One step of a member's history: episodes watched or chapters read (`/users/{name}/history`).
public struct JikanHistoryEntry: Sendable, Hashable, Decodable {
    /// The anime or manga.
    public var entry: MALEntry
    /// The episode or chapter reached.
    public var increment: Int?
    /// When.
    public var date: Date?

    private enum CodingKeys: String, CodingKey { case entry, increment, date }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entry = try c.decode(MALEntry.self, forKey: .entry)
        increment = c.integer(.increment)
        date = c.instant(.date)
    }
}

/// A member's friend (`/users/{name}/friends`).
public struct JikanFriend: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The friend.
    public var user: JikanUserSummary
    /// When the friend was last online.
    public var lastOnline: Date?
    /// Since when they are friends.
    public var friendsSince: Date?

    private enum CodingKeys: String, CodingKey { case user, lastOnline = "last_online", friendsSince = "friends_since" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user = try c.decode(JikanUserSummary.self, forKey: .user)
        lastOnline = c.instant(.lastOnline)
        friendsSince = c.instant(.friendsSince)
    }

    /// The friend's stable number.
    public var malID: Int { user.malID }
}

/// An entry of a member's anime or manga list (`/users/{name}/animelist`, `/mangalist`; Jikan
/// has retired these, and answers them with an error).
public struct JikanUserListEntry: Sendable, Hashable, Decodable {
    /// The anime or manga.
    public var entry: JikanEntrySummary?
    /// The member's score.
    public var score: Int?
    /// The list status.
    public var status: String?

    private enum CodingKeys: String, CodingKey { case anime, manga, entry, score, status, watchingStatus = "watching_status", readingStatus = "reading_status" }

    /// Decodes the entry leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entry = c.summary(.anime) ?? c.summary(.manga) ?? c.summary(.entry)
        score = c.integer(.score)
        status = c.text(.status) ?? c.text(.watchingStatus) ?? c.text(.readingStatus)
    }
}

/// Text that is either `{"about": …}` or `[{"about": …}]` (`/users/{name}/about`; the description
/// and the service disagree on the shape).
struct AboutText: Decodable {
    var about: String?
    private enum CodingKeys: String, CodingKey { case about }

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: CodingKeys.self) {
            about = c.text(.about)
        } else {
            var list = try decoder.unkeyedContainer()
            about = list.isAtEnd ? nil : (try list.decode(AboutText.self)).about
        }
    }
}

/// `{"moreinfo": …}` (`/anime/{id}/moreinfo`).
struct MoreInfo: Decodable {
    var moreinfo: String?
    private enum CodingKeys: String, CodingKey { case moreinfo }

    init(from decoder: any Decoder) throws {
        moreinfo = try decoder.container(keyedBy: CodingKeys.self).text(.moreinfo)
    }
}

/// `{"images": {…}}`: one picture of a pictures list.
struct PictureItem: Decodable {
    var images: JikanImageSet
    private enum CodingKeys: String, CodingKey { case images, jpg, webp }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let images = try? c.decodeIfPresent(JikanImageSet.self, forKey: .images) {
            self.images = images
        } else {
            images = try JikanImageSet(from: decoder)  // `{"jpg": …, "webp": …}` directly
        }
    }
}
