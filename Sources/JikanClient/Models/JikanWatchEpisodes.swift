import AirdateHTTP
public import Foundation

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
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            url = c.url(.url)
            title = c.string(.title) ?? ""
            isPremium = (c.flag(.premium) ?? false)
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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        entry = try c.required(JikanEntrySummary.self, .entry)
        episodes = c.list(Episode.self, .episodes)
        isRegionLocked = (c.flag(.regionLocked) ?? false)
    }

    /// The anime's id.
    public var malID: Int { entry.malID }
}
