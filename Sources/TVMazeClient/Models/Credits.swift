import AirdateHTTP

/// A person's role in a show (`/people/:id/castcredits`).
public struct TVMazeCastCredit: Sendable, Hashable, Decodable {
    /// Whether the person plays themself.
    public var isSelf: Bool
    /// Whether it is a voice role.
    public var isVoice: Bool
    /// The show's id, from the credit's links.
    public var showID: Int?
    /// The character's id, from the credit's links.
    public var characterID: Int?
    /// The show, with `embed=show`.
    public var show: TVMazeShow?
    /// The character, with `embed=character`.
    public var character: TVMazeShowCharacter?

    enum CodingKeys: String, CodingKey { case isSelf = "self", isVoice = "voice", links = "_links", embedded = "_embedded" }
    private enum NestedKeys: String, CodingKey { case show, character }

    /// Decodes a cast credit; unreadable fields become `nil` (`false`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        isSelf = c.flag(.isSelf) ?? false
        isVoice = c.flag(.isVoice) ?? false
        let links = c.nested(keyedBy: NestedKeys.self, .links)
        let embedded = c.nested(keyedBy: NestedKeys.self, .embedded)
        show = embedded?.value(TVMazeShow.self, .show)
        character = embedded?.value(TVMazeShowCharacter.self, .character)
        showID = links?.linkedID(.show) ?? show?.id
        characterID = links?.linkedID(.character) ?? character?.id
    }
}

/// A person's job on a show (`/people/:id/crewcredits`).
public struct TVMazeCrewCredit: Sendable, Hashable, Decodable {
    /// The job, for example "Creator".
    public var type: String
    /// The show's id, from the credit's links.
    public var showID: Int?
    /// The show, with `embed=show`.
    public var show: TVMazeShow?

    enum CodingKeys: String, CodingKey { case type, links = "_links", embedded = "_embedded" }
    private enum NestedKeys: String, CodingKey { case show }

    /// Decodes a crew credit; unreadable fields become `nil` (`""`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        type = c.string(.type) ?? ""
        show = c.nested(keyedBy: NestedKeys.self, .embedded)?.value(TVMazeShow.self, .show)
        showID = c.nested(keyedBy: NestedKeys.self, .links)?.linkedID(.show) ?? show?.id
    }
}

/// A person's guest role in one episode (`/people/:id/guestcastcredits`).
public struct TVMazeGuestCastCredit: Sendable, Hashable, Decodable {
    /// Whether the person plays themself.
    public var isSelf: Bool
    /// Whether it is a voice role.
    public var isVoice: Bool
    /// The episode's id, from the credit's links.
    public var episodeID: Int?
    /// The character's id, from the credit's links.
    public var characterID: Int?
    /// The episode, with `embed=episode`.
    public var episode: TVMazeEpisode?

    enum CodingKeys: String, CodingKey { case isSelf = "self", isVoice = "voice", links = "_links", embedded = "_embedded" }
    private enum NestedKeys: String, CodingKey { case episode, character }

    /// Decodes a guest-cast credit; unreadable fields become `nil` (`false`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        isSelf = c.flag(.isSelf) ?? false
        isVoice = c.flag(.isVoice) ?? false
        let links = c.nested(keyedBy: NestedKeys.self, .links)
        episode = c.nested(keyedBy: NestedKeys.self, .embedded)?.value(TVMazeEpisode.self, .episode)
        episodeID = links?.linkedID(.episode) ?? episode?.id
        characterID = links?.linkedID(.character)
    }
}
