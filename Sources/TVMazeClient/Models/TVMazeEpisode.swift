import HTMLScrape
import AirdateHTTP
public import AirdateCore
public import Foundation

/// One episode (or special) of a show.
public struct TVMazeEpisode: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id.
    public var id: Int
    /// The episode's page on tvmaze.com.
    public var url: URL?
    /// The title.
    public var name: String
    /// The season number.
    public var season: Int
    /// The number within the season; `nil` for specials.
    public var number: Int?
    /// Regular episode or special.
    public var type: TVMazeEpisodeType?
    /// The air day in the network's time zone. Airings between midnight and about 05:00 are filed
    /// under the *previous* day; group by ``airstamp`` to get the real day.
    public var airdate: CalendarDay?
    /// The air time in the network's time zone; `nil` when TVMaze has none (`""`).
    public var airtime: TimeOfDay?
    /// The instant the episode starts.
    public var airstamp: Date?
    /// Minutes.
    public var runtime: Int?
    /// TVMaze users' average rating out of 10.
    public var rating: Double?
    /// A still.
    public var image: TVMazeImageLinks?
    /// The summary, as HTML.
    public var summary: String?
    /// The show, in schedule responses (`show` in `/schedule`, `_embedded.show` in `/schedule/web`
    /// and `/schedule/full`, or with `embed=show`).
    public var show: TVMazeShow?
    /// Guest cast, with `embed[]=guestcast`.
    public var guestCast: [TVMazeCastMember]?
    /// Guest crew, with `embed[]=guestcrew`.
    public var guestCrew: [TVMazeCrewMember]?

    /// The summary as plain text.
    public var summaryText: String? { summary.map(PlainText.from(html:)) }

    /// The episode's code in `style`: `S01E02` (`EpisodeCode.Style.padded`, as TV guides write
    /// it), `S1E02`, `1x02`; a special is `S01 special`.
    public func code(_ style: EpisodeCode.Style) -> String {
        EpisodeCode(season: season, number: number).formatted(style)
    }

    enum CodingKeys: String, CodingKey {
        case id, url, name, season, number, type, airdate, airtime, airstamp, runtime, rating, image, summary, show
        case embedded = "_embedded"
    }

    private enum EmbeddedKeys: String, CodingKey { case show, guestcast, guestcrew }

    /// Decodes every real-world shape of TVMaze's episode object. Only `id` is required; any other
    /// field that cannot be read becomes `nil` (the season `0`) and is reported with its key path.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        name = c.string(.name) ?? ""
        season = c.integer(.season) ?? 0
        number = c.integer(.number)
        type = c.open(TVMazeEpisodeType.self, .type)
        airdate = c.day(.airdate)
        airtime = c.time(.airtime)
        airstamp = c.instant(.airstamp)
        runtime = c.integer(.runtime)
        rating = c.ratingAverage(.rating)
        image = c.value(TVMazeImageLinks.self, .image)
        summary = c.string(.summary)
        let embedded = c.nested(keyedBy: EmbeddedKeys.self, .embedded)
        show = c.value(TVMazeShow.self, .show) ?? embedded?.value(TVMazeShow.self, .show)
        guestCast = embedded?.listIfPresent(TVMazeCastMember.self, .guestcast)
        guestCrew = embedded?.listIfPresent(TVMazeCrewMember.self, .guestcrew)
    }
}
