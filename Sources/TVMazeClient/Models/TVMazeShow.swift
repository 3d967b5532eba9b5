import HTMLScrape
import AirdateHTTP
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

        /// Decodes `{"time": "21:00", "days": ["Sunday"]}`. A day name that is not a weekday's
        /// (English, any case) is left out and reported with its place (`schedule.days[1]`); an
        /// unreadable time becomes `nil` and is reported.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            time = c.time(.time)
            days = c.parsedList(.days, expecting: "a weekday (Monday … Sunday)") { name in
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                return Weekday.allCases.first { $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }
            }
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

        /// Decodes the `_embedded` object of a show; elements that fail are left out and reported.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            episodes = c.listIfPresent(TVMazeEpisode.self, .episodes)
            cast = c.listIfPresent(TVMazeCastMember.self, .cast)
            crew = c.listIfPresent(TVMazeCrewMember.self, .crew)
            seasons = c.listIfPresent(TVMazeSeason.self, .seasons)
            images = c.listIfPresent(TVMazeShowImage.self, .images)
            akas = c.listIfPresent(TVMazeAKA.self, .akas)
            nextEpisode = c.value(TVMazeEpisode.self, .nextEpisode)
            previousEpisode = c.value(TVMazeEpisode.self, .previousEpisode)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, url, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
        case officialSite, schedule, rating, weight, network, webChannel, externals, image, summary, updated
        case links = "_links", embedded = "_embedded"
    }

    private enum LinkKeys: String, CodingKey { case previousepisode, nextepisode }

    /// Decodes every real-world shape of TVMaze's show object. Only `id` is required (a number, or
    /// a number sent as text); any other field that cannot be read becomes `nil` (or empty) and is
    /// reported with its key path, so one odd field never loses the show.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        name = c.string(.name) ?? ""
        type = c.open(TVMazeShowType.self, .type)
        language = c.string(.language)
        genres = c.list(String.self, .genres)
        status = c.open(TVMazeShowStatus.self, .status)
        runtime = c.integer(.runtime)
        averageRuntime = c.integer(.averageRuntime)
        premiered = c.day(.premiered)
        ended = c.day(.ended)
        officialSite = c.url(.officialSite)
        schedule = c.value(Schedule.self, .schedule) ?? Schedule(time: nil, days: [])
        rating = c.ratingAverage(.rating)
        weight = c.integer(.weight)
        network = c.value(TVMazeNetwork.self, .network)
        webChannel = c.value(TVMazeNetwork.self, .webChannel)
        externals = c.value(TVMazeExternals.self, .externals) ?? TVMazeExternals()
        image = c.value(TVMazeImageLinks.self, .image)
        summary = c.string(.summary)
        updated = c.unixTime(.updated)
        let links = c.nested(keyedBy: LinkKeys.self, .links)
        previousEpisodeID = links?.linkedID(.previousepisode)
        nextEpisodeID = links?.linkedID(.nextepisode)
        embedded = c.value(Embedded.self, .embedded) ?? Embedded()
    }
}
