import AirdateHTTP
import Foundation

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
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        anime = c.value(ListStatistics.self, .anime)
        manga = c.value(ListStatistics.self, .manga)
    }
}
