/// A person playing a character in a show (`/shows/:id/cast`) or as an episode's guest.
public struct TVMazeCastMember: Sendable, Hashable, Decodable {
    /// The actor.
    public var person: TVMazePerson
    /// The character.
    public var character: TVMazeShowCharacter
    /// Whether the person plays themself.
    public var isSelf: Bool
    /// Whether it is a voice role.
    public var isVoice: Bool

    enum CodingKeys: String, CodingKey { case person, character, isSelf = "self", isVoice = "voice" }

    /// Decodes `{"person", "character", "self", "voice"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        person = try c.decode(TVMazePerson.self, forKey: .person)
        character = try c.decode(TVMazeShowCharacter.self, forKey: .character)
        isSelf = try c.decodeIfPresent(Bool.self, forKey: .isSelf) ?? false
        isVoice = try c.decodeIfPresent(Bool.self, forKey: .isVoice) ?? false
    }
}
