import AirdateHTTP
public import Foundation

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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        title = c.string(.title) ?? ""
        episode = c.string(.episode)
        images = c.imageSet(.images)
    }
}
