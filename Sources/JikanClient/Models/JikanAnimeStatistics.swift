import AirdateHTTP
/// How members list an anime, and how they score it (`/anime/{id}/statistics`).
public struct JikanAnimeStatistics: Sendable, Hashable, Decodable {
    /// Members watching it.
    public var watching: Int
    /// Members who completed it.
    public var completed: Int
    /// Members who put it on hold.
    public var onHold: Int
    /// Members who dropped it.
    public var dropped: Int
    /// Members who plan to watch it.
    public var planToWatch: Int
    /// All of the above.
    public var total: Int
    /// Votes per score, 1 to 10 (scores with no votes may be absent).
    public var scores: [ScoreVotes]

    private enum CodingKeys: String, CodingKey {
        case watching, completed, onHold = "on_hold", dropped, planToWatch = "plan_to_watch", total, scores
    }

    /// Decodes Jikan's object; missing counts are 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        watching = c.integer(.watching) ?? 0
        completed = c.integer(.completed) ?? 0
        onHold = c.integer(.onHold) ?? 0
        dropped = c.integer(.dropped) ?? 0
        planToWatch = c.integer(.planToWatch) ?? 0
        total = c.integer(.total) ?? 0
        scores = c.list(ScoreVotes.self, .scores)
    }

    /// The votes for one score.
    public struct ScoreVotes: Sendable, Hashable, Decodable {
        /// The score, 1 to 10.
        public var score: Int
        /// How many members gave it.
        public var votes: Int
        /// Their share of all votes, in percent.
        public var percentage: Double

        private enum CodingKeys: String, CodingKey { case score, votes, percentage }

        /// Decodes Jikan's object.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            score = try c.requiredInteger(.score)
            votes = c.integer(.votes) ?? 0
            percentage = c.number(.percentage) ?? 0
        }
    }
}
