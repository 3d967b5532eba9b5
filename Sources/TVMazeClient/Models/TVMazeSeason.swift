import HTMLScrape
public import AirdateCore
public import Foundation

/// A season of a show.
public struct TVMazeSeason: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id (use it with ``TVMaze/episodes(inSeason:)``).
    public var id: Int
    /// The season's page on tvmaze.com.
    public var url: URL?
    /// The season number.
    public var number: Int
    /// The season's own name, often empty.
    public var name: String
    /// How many episodes are planned.
    public var episodeOrder: Int?
    /// The first episode's air day.
    public var premiereDate: CalendarDay?
    /// The last episode's air day.
    public var endDate: CalendarDay?
    /// The network.
    public var network: TVMazeNetwork?
    /// The streaming service.
    public var webChannel: TVMazeNetwork?
    /// Poster.
    public var image: TVMazeImageLinks?
    /// The summary, as HTML.
    public var summary: String?

    /// The summary as plain text.
    public var summaryText: String? { summary.map(PlainText.from(html:)) }

    enum CodingKeys: String, CodingKey {
        case id, url, number, name, episodeOrder, premiereDate, endDate, network, webChannel, image, summary
    }

    /// Decodes TVMaze's season object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        number = try c.decodeIfPresent(Int.self, forKey: .number) ?? 0
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        episodeOrder = try c.decodeIfPresent(Int.self, forKey: .episodeOrder)
        premiereDate = try c.lenientDay(.premiereDate)
        endDate = try c.lenientDay(.endDate)
        network = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .network)
        webChannel = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .webChannel)
        image = try c.decodeIfPresent(TVMazeImageLinks.self, forKey: .image)
        summary = try c.nonEmptyString(.summary)
    }
}
