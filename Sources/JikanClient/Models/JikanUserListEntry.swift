import AirdateHTTP
import Foundation

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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        entry = c.summary(.anime) ?? c.summary(.manga) ?? c.summary(.entry)
        score = c.integer(.score)
        status = c.string(.status) ?? c.string(.watchingStatus) ?? c.string(.readingStatus)
    }
}
