import AirdateHTTP
/// A person who worked on an anime, with their positions (`/anime/{id}/staff`).
public struct JikanStaffMember: Sendable, Hashable, Decodable {
    /// The person.
    public var person: JikanPersonReference
    /// Positions such as "Director", "Series Composition".
    public var positions: [String]

    private enum CodingKeys: String, CodingKey { case person, positions }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        person = try c.required(JikanPersonReference.self, .person)
        positions = c.list(String.self, .positions)
    }
}
