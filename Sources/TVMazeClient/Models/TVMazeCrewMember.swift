import AirdateHTTP

/// A person working on a show (`/shows/:id/crew`) or an episode, with their job.
public struct TVMazeCrewMember: Sendable, Hashable, Decodable {
    /// The job, for example "Creator" or "Executive Producer".
    public var type: String
    /// The person.
    public var person: TVMazePerson

    enum CodingKeys: String, CodingKey { case type, person }

    /// Decodes `{"type", "person"}`; the person is required, an unreadable job is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        type = c.string(.type) ?? ""
        person = try c.required(TVMazePerson.self, .person)
    }
}
