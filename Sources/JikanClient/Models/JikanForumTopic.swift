import AirdateHTTP
public import Foundation

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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        title = c.string(.title) ?? ""
        date = c.instant(.date)
        authorUsername = c.string(.authorUsername)
        comments = c.integer(.comments)
        let last = c.nested(keyedBy: LastKeys.self, .lastComment)
        lastCommentDate = last?.instant(.date)
        lastCommentAuthor = last?.string(.authorUsername)
    }
}
