import AirdateHTTP
import Foundation

/// An anime's videos (`/anime/{id}/videos`): promotional videos, episode previews, music videos.
public struct JikanAnimeVideos: Sendable, Hashable, Decodable {
    /// A titled video.
    public struct Titled: Sendable, Hashable, Decodable {
        /// The title.
        public var title: String
        /// The video.
        public var video: JikanVideo?
        /// The song's title and artist, for music videos.
        public var songTitle: String?, songAuthor: String?

        private enum CodingKeys: String, CodingKey { case title, trailer, video, meta }
        private enum MetaKeys: String, CodingKey { case title, author }

        /// Decodes Jikan's object (`trailer` for promos, `video` and `meta` for music videos).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            title = c.string(.title) ?? ""
            video = c.value(JikanVideo.self, .trailer) ?? c.value(JikanVideo.self, .video)
            let meta = c.nested(keyedBy: MetaKeys.self, .meta)
            songTitle = meta?.string(.title)
            songAuthor = meta?.string(.author)
        }
    }

    /// Promotional videos.
    public var promos: [Titled]
    /// Episode videos.
    public var episodes: [JikanEpisodeVideo]
    /// Music videos.
    public var musicVideos: [Titled]

    private enum CodingKeys: String, CodingKey { case promo, episodes, musicVideos = "music_videos" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        promos = c.list(Titled.self, .promo)
        episodes = c.list(JikanEpisodeVideo.self, .episodes)
        musicVideos = c.list(Titled.self, .musicVideos)
    }
}
