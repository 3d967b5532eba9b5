import AirdateHTTP
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
    private enum NestedKeys: String, CodingKey { case episodes }

    /// Decodes TVMaze's alternate-episode object. Only `id` is required; unreadable fields become
    /// `nil` (the season `0`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        season = c.integer(.season) ?? 0
        number = c.integer(.number)
        episode = c.nested(keyedBy: NestedKeys.self, .embedded)?.list(TVMazeEpisode.self, .episodes).first
        episodeID = c.nested(keyedBy: NestedKeys.self, .links)?.linkedIDs(.episodes).first ?? episode?.id
    }
}
