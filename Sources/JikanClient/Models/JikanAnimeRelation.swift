import AirdateHTTP
/// Entries related to an anime in one way (`{"relation": "Sequel", "entry": […]}`).
public struct JikanAnimeRelation: Sendable, Hashable, Decodable {
    /// How they relate: "Sequel", "Prequel", "Adaptation", "Side story"…
    public var relation: String
    /// The related anime and manga.
    public var entries: [MALEntry]

    /// A relation.
    public init(relation: String, entries: [MALEntry]) {
        self.relation = relation
        self.entries = entries
    }

    private enum CodingKeys: String, CodingKey { case relation, entry }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        relation = c.string(.relation) ?? ""
        entries = c.list(MALEntry.self, .entry)
    }
}
