/// A person who worked on an anime, with their positions (`/anime/{id}/staff`).
public struct StaffMember: Sendable, Hashable, Decodable {
    /// The person.
    public var person: PersonReference
    /// Positions such as "Director", "Series Composition".
    public var positions: [String]

    private enum CodingKeys: String, CodingKey { case person, positions }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        person = try c.decode(PersonReference.self, forKey: .person)
        positions = c.list(String.self, .positions)
    }
}
