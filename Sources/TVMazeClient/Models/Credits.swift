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
    private struct Links: Decodable { var show: Link?; var character: Link? }
    private struct Embedded: Decodable { var show: TVMazeShow?; var character: TVMazeShowCharacter? }

    /// Decodes a cast credit.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        isSelf = try c.decodeIfPresent(Bool.self, forKey: .isSelf) ?? false
        isVoice = try c.decodeIfPresent(Bool.self, forKey: .isVoice) ?? false
        let links = try c.decodeIfPresent(Links.self, forKey: .links)
        let embedded = try c.decodeIfPresent(Embedded.self, forKey: .embedded)
        show = embedded?.show
        character = embedded?.character
        showID = links?.show?.trailingID ?? show?.id
        characterID = links?.character?.trailingID ?? character?.id
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
    private struct Links: Decodable { var show: Link? }
    private struct Embedded: Decodable { var show: TVMazeShow? }

    /// Decodes a crew credit.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        show = try c.decodeIfPresent(Embedded.self, forKey: .embedded)?.show
        showID = try c.decodeIfPresent(Links.self, forKey: .links)?.show?.trailingID ?? show?.id
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
    private struct Links: Decodable { var episode: Link?; var character: Link? }
    private struct Embedded: Decodable { var episode: TVMazeEpisode? }

    /// Decodes a guest-cast credit.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        isSelf = try c.decodeIfPresent(Bool.self, forKey: .isSelf) ?? false
        isVoice = try c.decodeIfPresent(Bool.self, forKey: .isVoice) ?? false
        let links = try c.decodeIfPresent(Links.self, forKey: .links)
        episode = try c.decodeIfPresent(Embedded.self, forKey: .embedded)?.episode
        episodeID = links?.episode?.trailingID ?? episode?.id
        characterID = links?.character?.trailingID
    }
}
