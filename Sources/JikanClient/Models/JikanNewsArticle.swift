import Foundation

/// A news article about an anime or manga (`/anime/{id}/news`, `/manga/{id}/news`).
public struct JikanNewsArticle: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The article's page.
    public var url: URL?
    /// The headline.
    public var title: String
    /// When it was posted.
    public var date: Date?
    /// Who wrote it.
    public var authorUsername: String?
    /// The author's profile.
    public var authorURL: URL?
    /// Its forum thread.
    public var forumURL: URL?
    /// Its picture.
    public var images: JikanImageSet
    /// How many comments it has.
    public var comments: Int?
    /// The start of the text.
    public var excerpt: String?

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, title, date, authorUsername = "author_username", authorURL = "author_url"
        case forumURL = "forum_url", images, comments, excerpt
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        title = c.text(.title) ?? ""
        date = c.instant(.date)
        authorUsername = c.text(.authorUsername)
        authorURL = c.link(.authorURL)
        forumURL = c.link(.forumURL)
        images = c.imageSet(.images)
        comments = c.integer(.comments)
        excerpt = c.text(.excerpt)
    }
}

/// A forum topic about an anime or manga (`/anime/{id}/forum`, `/manga/{id}/forum`).
public struct JikanForumTopic: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The topic's page.
    public var url: URL?
    /// The topic's title.
    public var title: String
    /// When it was opened.
    public var date: Date?
    /// Who opened it.
    public var authorUsername: String?
    /// How many comments it has.
    public var comments: Int?
    /// When the last comment was posted.
    public var lastCommentDate: Date?
    /// Who posted the last comment.
    public var lastCommentAuthor: String?

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", url, title, date, authorUsername = "author_username", comments, lastComment = "last_comment"
    }
    private enum LastKeys: String, CodingKey { case date, authorUsername = "author_username" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        title = c.text(.title) ?? ""
        date = c.instant(.date)
        authorUsername = c.text(.authorUsername)
        comments = c.integer(.comments)
        let last = try? c.nestedContainer(keyedBy: LastKeys.self, forKey: .lastComment)
        lastCommentDate = last?.instant(.date)
        lastCommentAuthor = last?.text(.authorUsername)
    }
}

/// A video on YouTube as Jikan links it (`trailer`, `video`).
public struct JikanVideo: Sendable, Hashable, Decodable {
    /// The YouTube id.
    public var youtubeID: String?
    /// The watch page.
    public var url: URL?
    /// The embeddable player.
    public var embedURL: URL?

    private enum CodingKeys: String, CodingKey { case youtubeID = "youtube_id", url, embedURL = "embed_url" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        youtubeID = c.text(.youtubeID)
        url = c.link(.url)
        embedURL = c.link(.embedURL)
    }
}

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
            let c = try decoder.container(keyedBy: CodingKeys.self)
            title = c.text(.title) ?? ""
            video = (try? c.decodeIfPresent(JikanVideo.self, forKey: .trailer)) ?? (try? c.decodeIfPresent(JikanVideo.self, forKey: .video))
            let meta = try? c.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            songTitle = meta?.text(.title)
            songAuthor = meta?.text(.author)
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
        let c = try decoder.container(keyedBy: CodingKeys.self)
        promos = c.list(Titled.self, .promo)
        episodes = c.list(JikanEpisodeVideo.self, .episodes)
        musicVideos = c.list(Titled.self, .musicVideos)
    }
}

/// An episode's video page (`/anime/{id}/videos/episodes`).
public struct JikanEpisodeVideo: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// The page.
    public var url: URL?
    /// The episode's title.
    public var title: String
    /// The episode, as MyAnimeList labels it ("Episode 1").
    public var episode: String?
    /// The still.
    public var images: JikanImageSet

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", url, title, episode, images }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = try c.decode(Int.self, forKey: .malID)
        url = c.link(.url)
        title = c.text(.title) ?? ""
        episode = c.text(.episode)
        images = c.imageSet(.images)
    }
}
