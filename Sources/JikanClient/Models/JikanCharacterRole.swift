import AirdateHTTP
import Foundation

/// A character of an anime with the role and voice actors (`/anime/{id}/characters`).
public struct JikanCharacterRole: Sendable, Hashable, Decodable {
    /// The character.
    public var character: JikanPersonReference
    /// "Main" or "Supporting".
    public var role: String?
    /// How many members favourited the character.
    public var favorites: Int?
    /// Who voices the character, per language.
    public var voiceActors: [VoiceActor]

    private enum CodingKeys: String, CodingKey { case character, role, favorites, voiceActors = "voice_actors" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        character = try c.required(JikanPersonReference.self, .character)
        role = c.string(.role)
        favorites = c.integer(.favorites)
        voiceActors = c.list(VoiceActor.self, .voiceActors)
    }

    /// One voice actor of a character.
    public struct VoiceActor: Sendable, Hashable, Decodable {
        /// The person.
        public var person: JikanPersonReference
        /// The language of the performance ("Japanese", "English"…).
        public var language: String?

        private enum CodingKeys: String, CodingKey { case person, language }

        /// Decodes Jikan's object.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            person = try c.required(JikanPersonReference.self, .person)
            language = c.string(.language)
        }
    }
}
