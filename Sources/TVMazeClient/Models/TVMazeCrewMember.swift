/// A person working on a show (`/shows/:id/crew`) or an episode, with their job.
public struct TVMazeCrewMember: Sendable, Hashable, Decodable {
    /// The job, for example "Creator" or "Executive Producer".
    public var type: String
    /// The person.
    public var person: TVMazePerson

    enum CodingKeys: String, CodingKey { case type, person }

    /// Decodes `{"type", "person"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        person = try c.decode(TVMazePerson.self, forKey: .person)
    }
}
