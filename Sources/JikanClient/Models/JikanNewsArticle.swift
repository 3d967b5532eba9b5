import AirdateHTTP
public import Foundation

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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        title = c.string(.title) ?? ""
        date = c.instant(.date)
        authorUsername = c.string(.authorUsername)
        authorURL = c.url(.authorURL)
        forumURL = c.url(.forumURL)
        images = c.imageSet(.images)
        comments = c.integer(.comments)
        excerpt = c.string(.excerpt)
    }
}
