import AirdateHTTP

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

    /// Decodes `{"person", "character", "self", "voice"}`; the person and the character are
    /// required, unreadable flags become `false` and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        person = try c.required(TVMazePerson.self, .person)
        character = try c.required(TVMazeShowCharacter.self, .character)
        isSelf = c.flag(.isSelf) ?? false
        isVoice = c.flag(.isVoice) ?? false
    }
}
