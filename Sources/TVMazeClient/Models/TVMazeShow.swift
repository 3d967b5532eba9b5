import HTMLScrape
public import AirdateCore
public import Foundation

/// A TV show (or web series) on TVMaze, with whatever was embedded in the same response.
public struct TVMazeShow: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id.
    public var id: Int
    /// The show's page on tvmaze.com.
    public var url: URL?
    /// The title.
    public var name: String
    /// The kind of show.
    public var type: TVMazeShowType?
    /// The main language, for example "English".
    public var language: String?
    /// Genres, possibly none.
    public var genres: [String]
    /// Whether it still airs.
    public var status: TVMazeShowStatus?
    /// Minutes per episode when constant.
    public var runtime: Int?
    /// Average minutes per episode.
    public var averageRuntime: Int?
    /// The first episode's air day.
    public var premiered: CalendarDay?
    /// The last episode's air day, for ended shows.
    public var ended: CalendarDay?
    /// The official site.
    public var officialSite: URL?
    /// The usual time and weekdays it airs, in the network's time zone.
    public var schedule: Schedule
    /// TVMaze users' average rating out of 10, when rated.
    public var rating: Double?
    /// TVMaze's popularity weight, 0–100.
    public var weight: Int?
    /// The TV network, or `nil` for streaming-only shows.
    public var network: TVMazeNetwork?
    /// The streaming service, or `nil` for broadcast shows.
    public var webChannel: TVMazeNetwork?
    /// Ids on other sites.
    public var externals: TVMazeExternals
    /// Poster.
    public var image: TVMazeImageLinks?
    /// The summary, as HTML (TVMaze's own markup: `<p>`, `<b>`, `<i>`).
    public var summary: String?
    /// When TVMaze last changed the show.
    public var updated: Date?
    /// The id of the episode that aired last, when TVMaze links one.
    public var previousEpisodeID: Int?
    /// The id of the next episode to air, when TVMaze links one.
    public var nextEpisodeID: Int?
    /// Related resources embedded by request (``TVMazeShowEmbed``); empty when none were asked for.
    public var embedded: Embedded

    /// The summary as plain text (paragraphs separated by blank lines).
    public var summaryText: String? { summary.map(PlainText.from(html:)) }

    /// The network or web channel, whichever the show has (broadcast first).
    public var broadcaster: TVMazeNetwork? { network ?? webChannel }

    /// When a show usually airs.
    public struct Schedule: Sendable, Hashable, Decodable {
        /// The usual start time in the network's time zone; `nil` when TVMaze has none (`""`).
        public var time: TimeOfDay?
        /// The usual weekdays.
        public var days: [Weekday]

        enum CodingKeys: String, CodingKey { case time, days }

        /// A schedule.
        public init(time: TimeOfDay?, days: [Weekday]) {
            self.time = time
            self.days = days
        }

        /// Decodes `{"time": "21:00", "days": ["Sunday"]}`; unknown day names are skipped.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            time = try c.lenientTime(.time)
            let names = try c.arrayOrEmpty([String].self, .days)
            days = names.compactMap { name in Weekday.allCases.first { $0.name == name } }
        }
    }

    /// Resources embedded in a show response with `embed[]=…`.
    public struct Embedded: Sendable, Hashable, Decodable {
        /// `embed[]=episodes`.
        public var episodes: [TVMazeEpisode]?
        /// `embed[]=cast`.
        public var cast: [TVMazeCastMember]?
        /// `embed[]=crew`.
        public var crew: [TVMazeCrewMember]?
        /// `embed[]=seasons`.
        public var seasons: [TVMazeSeason]?
        /// `embed[]=images`.
        public var images: [TVMazeShowImage]?
        /// `embed[]=akas`.
        public var akas: [TVMazeAKA]?
        /// `embed[]=nextepisode`.
        public var nextEpisode: TVMazeEpisode? {
            get { nextEpisodeStorage.first }
            set { nextEpisodeStorage = newValue.map { [$0] } ?? [] }
        }
        /// `embed[]=previousepisode`.
        public var previousEpisode: TVMazeEpisode? {
            get { previousEpisodeStorage.first }
            set { previousEpisodeStorage = newValue.map { [$0] } ?? [] }
        }
        // Arrays give the indirection a show → episode → show nesting needs.
        private var nextEpisodeStorage: [TVMazeEpisode] = []
        private var previousEpisodeStorage: [TVMazeEpisode] = []

        /// Nothing embedded.
        public init() {}

        enum CodingKeys: String, CodingKey {
            case episodes, cast, crew, seasons, images, akas
            case nextEpisode = "nextepisode", previousEpisode = "previousepisode"
        }

        /// Decodes the `_embedded` object of a show.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            episodes = try c.decodeIfPresent([TVMazeEpisode].self, forKey: .episodes)
            cast = try c.decodeIfPresent([TVMazeCastMember].self, forKey: .cast)
            crew = try c.decodeIfPresent([TVMazeCrewMember].self, forKey: .crew)
            seasons = try c.decodeIfPresent([TVMazeSeason].self, forKey: .seasons)
            images = try c.decodeIfPresent([TVMazeShowImage].self, forKey: .images)
            akas = try c.decodeIfPresent([TVMazeAKA].self, forKey: .akas)
            nextEpisode = try c.decodeIfPresent(TVMazeEpisode.self, forKey: .nextEpisode)
            previousEpisode = try c.decodeIfPresent(TVMazeEpisode.self, forKey: .previousEpisode)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, url, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
        case officialSite, schedule, rating, weight, network, webChannel, externals, image, summary, updated
        case links = "_links", embedded = "_embedded"
    }

    private struct Links: Decodable {
        var previousepisode: Link?
        var nextepisode: Link?
    }

    /// Decodes every real-world shape of TVMaze's show object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        type = try c.decodeIfPresent(TVMazeShowType.self, forKey: .type)
        language = try c.nonEmptyString(.language)
        genres = try c.arrayOrEmpty([String].self, .genres)
        status = try c.decodeIfPresent(TVMazeShowStatus.self, forKey: .status)
        runtime = try c.decodeIfPresent(Int.self, forKey: .runtime)
        averageRuntime = try c.decodeIfPresent(Int.self, forKey: .averageRuntime)
        premiered = try c.lenientDay(.premiered)
        ended = try c.lenientDay(.ended)
        officialSite = try c.lenientURL(.officialSite)
        schedule = try c.decodeIfPresent(Schedule.self, forKey: .schedule) ?? Schedule(time: nil, days: [])
        rating = try c.ratingAverage(.rating)
        weight = try c.decodeIfPresent(Int.self, forKey: .weight)
        network = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .network)
        webChannel = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .webChannel)
        externals = try c.decodeIfPresent(TVMazeExternals.self, forKey: .externals) ?? TVMazeExternals()
        image = try c.decodeIfPresent(TVMazeImageLinks.self, forKey: .image)
        summary = try c.nonEmptyString(.summary)
        updated = try c.unixTime(.updated)
        let links = try c.decodeIfPresent(Links.self, forKey: .links)
        previousEpisodeID = links?.previousepisode?.trailingID
        nextEpisodeID = links?.nextepisode?.trailingID
        embedded = try c.decodeIfPresent(Embedded.self, forKey: .embedded) ?? Embedded()
    }
}
