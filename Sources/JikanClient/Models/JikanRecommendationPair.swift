import AirdateHTTP
public import Foundation

/// Two entries a member recommends to each other's fans (`/recommendations/anime`,
/// `/users/{name}/recommendations`).
public struct JikanRecommendationPair: Sendable, Hashable, Decodable, MALIdentifiable {
    /// Jikan's id: both entries' ids joined by `-`.
    public var pairID: String
    /// The two entries.
    public var entries: [JikanEntrySummary]
    /// Why the member recommends them.
    public var content: String?
    /// When it was written.
    public var date: Date?
    /// Who wrote it.
    public var user: JikanUserSummary?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", entry, content, date, user }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        pairID = c.string(.malID) ?? c.integer(.malID).map(String.init) ?? ""
        entries = c.list(JikanEntrySummary.self, .entry)
        content = c.string(.content)
        date = c.instant(.date)
        user = c.value(JikanUserSummary.self, .user)
    }

    /// A stable number for ``pairID``, so pagination drops repeats.
    public var malID: Int { stableID(pairID) }
}
