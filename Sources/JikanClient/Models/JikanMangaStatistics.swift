import AirdateHTTP
import AirdateCore
import Foundation

/// How members list and score a manga (`/manga/{id}/statistics`).
public struct JikanMangaStatistics: Sendable, Hashable, Decodable {
    /// Members reading it.
    public var reading: Int
    /// Members who finished it.
    public var completed: Int
    /// Members who paused it.
    public var onHold: Int
    /// Members who dropped it.
    public var dropped: Int
    /// Members who plan to read it.
    public var planToRead: Int
    /// Members who list it.
    public var total: Int
    /// Votes per score.
    public var scores: [JikanAnimeStatistics.ScoreVotes]

    private enum CodingKeys: String, CodingKey {
        case reading, completed, onHold = "on_hold", dropped, planToRead = "plan_to_read", total, scores
    }

    /// Decodes Jikan's object; missing counts are 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        reading = c.integer(.reading) ?? 0
        completed = c.integer(.completed) ?? 0
        onHold = c.integer(.onHold) ?? 0
        dropped = c.integer(.dropped) ?? 0
        planToRead = c.integer(.planToRead) ?? 0
        total = c.integer(.total) ?? 0
        scores = c.list(JikanAnimeStatistics.ScoreVotes.self, .scores)
    }
}
