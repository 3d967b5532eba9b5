public import Foundation

/// An episode's place in an ``TVMazeAlternateList`` (`/alternatelists/:id/alternateepisodes`).
public struct TVMazeAlternateEpisode: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id of this placement.
    public var id: Int
    /// The placement's page on tvmaze.com.
    public var url: URL?
    /// The season in the alternative order.
    public var season: Int
    /// The number in the alternative order; `nil` for specials.
    public var number: Int?
    /// The id of the regular episode, from the links.
    public var episodeID: Int?
    /// The regular episode, with `embed=episodes`.
    public var episode: TVMazeEpisode?

    enum CodingKeys: String, CodingKey { case id, url, season, number, links = "_links", embedded = "_embedded" }
    private struct Links: Decodable { var episodes: [Link]? }
    private struct Embedded: Decodable { var episodes: [TVMazeEpisode]? }

    /// Decodes TVMaze's alternate-episode object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        season = try c.decodeIfPresent(Int.self, forKey: .season) ?? 0
        number = try c.decodeIfPresent(Int.self, forKey: .number)
        episode = try c.decodeIfPresent(Embedded.self, forKey: .embedded)?.episodes?.first
        episodeID = try c.decodeIfPresent(Links.self, forKey: .links)?.episodes?.first?.trailingID ?? episode?.id
    }
}
