import AirdateHTTP
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

    /// Decodes TVMaze's season object. Only `id` is required; unreadable fields become `nil` (the
    /// number `0`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        number = c.integer(.number) ?? 0
        name = c.string(.name) ?? ""
        episodeOrder = c.integer(.episodeOrder)
        premiereDate = c.day(.premiereDate)
        endDate = c.day(.endDate)
        network = c.value(TVMazeNetwork.self, .network)
        webChannel = c.value(TVMazeNetwork.self, .webChannel)
        image = c.value(TVMazeImageLinks.self, .image)
        summary = c.string(.summary)
    }
}
