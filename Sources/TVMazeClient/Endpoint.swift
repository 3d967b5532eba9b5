import AirdateCore
import AirdateHTTP

/// Every TVMaze request this client makes: a closed set, each case carrying only the parameters
/// TVMaze understands (TVMaze silently ignores unknown ones, so free-form parameters would hide typos).
enum Endpoint: Sendable, Hashable {
    case searchShows(query: String)
    case singleSearch(query: String, embeds: [TVMazeShowEmbed])
    case lookup(TVMazeExternalID)
    case searchPeople(query: String)
    case schedule(country: String?, date: CalendarDay)
    case webSchedule(date: CalendarDay, country: String?)
    case fullSchedule
    case show(id: Int, embeds: [TVMazeShowEmbed])
    case episodes(showID: Int, specials: Bool)
    case alternateLists(showID: Int)
    case alternateList(id: Int)
    case alternateEpisodes(listID: Int)
    case alternateEpisode(id: Int)
    case season(id: Int)
    case episodeByNumber(showID: Int, season: Int, number: Int)
    case episodesByDate(showID: Int, date: CalendarDay)
    case seasons(showID: Int)
    case seasonEpisodes(seasonID: Int)
    case cast(showID: Int)
    case crew(showID: Int)
    case akas(showID: Int)
    case images(showID: Int)
    case showIndex(page: Int)
    case episode(id: Int, embeds: [TVMazeEpisodeEmbed])
    case guestCast(episodeID: Int)
    case guestCrew(episodeID: Int)
    case person(id: Int, embeds: [TVMazePersonEmbed])
    case peopleIndex(page: Int)
    case castCredits(personID: Int)
    case crewCredits(personID: Int)
    case guestCastCredits(personID: Int)
    case showUpdates(since: TVMazeUpdatePeriod?)
    case personUpdates(since: TVMazeUpdatePeriod?)

    /// The request: path and the endpoint's own parameters, nothing else.
    var request: APIRequest {
        switch self {
        case .searchShows(let query):
            return APIRequest(path: "/search/shows", query: [QueryParameter("q", query)])
        case .singleSearch(let query, let embeds):
            return APIRequest(path: "/singlesearch/shows", query: [QueryParameter("q", query)] + Self.embed(embeds))
        case .lookup(let id):
            return APIRequest(path: "/lookup/shows", query: [id.parameter])
        case .searchPeople(let query):
            return APIRequest(path: "/search/people", query: [QueryParameter("q", query)])
        case .schedule(let country, let date):
            return APIRequest(path: "/schedule", query: [.text("country", country), .described("date", date)])
        case .webSchedule(let date, let country):
            return APIRequest(path: "/schedule/web", query: [.described("date", date), .text("country", country)])
        case .fullSchedule:
            return APIRequest(path: "/schedule/full")
        case .show(let id, let embeds):
            return APIRequest(path: "/shows/\(id)", query: Self.embed(embeds))
        case .episodes(let showID, let specials):
            return APIRequest(path: "/shows/\(showID)/episodes", query: [specials ? QueryParameter("specials", "1") : nil])
        case .alternateLists(let showID):
            return APIRequest(path: "/shows/\(showID)/alternatelists")
        case .alternateList(let id):
            return APIRequest(path: "/alternatelists/\(id)")
        case .alternateEpisodes(let listID):
            return APIRequest(path: "/alternatelists/\(listID)/alternateepisodes", query: [QueryParameter("embed", "episodes")])
        case .alternateEpisode(let id):
            return APIRequest(path: "/alternateepisodes/\(id)", query: [QueryParameter("embed", "episodes")])
        case .season(let id):
            return APIRequest(path: "/seasons/\(id)")
        case .episodeByNumber(let showID, let season, let number):
            return APIRequest(path: "/shows/\(showID)/episodebynumber", query: [.integer("season", season), .integer("number", number)])
        case .episodesByDate(let showID, let date):
            return APIRequest(path: "/shows/\(showID)/episodesbydate", query: [.described("date", date)])
        case .seasons(let showID):
            return APIRequest(path: "/shows/\(showID)/seasons")
        case .seasonEpisodes(let seasonID):
            return APIRequest(path: "/seasons/\(seasonID)/episodes")
        case .cast(let showID):
            return APIRequest(path: "/shows/\(showID)/cast")
        case .crew(let showID):
            return APIRequest(path: "/shows/\(showID)/crew")
        case .akas(let showID):
            return APIRequest(path: "/shows/\(showID)/akas")
        case .images(let showID):
            return APIRequest(path: "/shows/\(showID)/images")
        case .showIndex(let page):
            return APIRequest(path: "/shows").paged(page, minimum: 0)
        case .episode(let id, let embeds):
            return APIRequest(path: "/episodes/\(id)", query: Self.embed(embeds))
        case .guestCast(let episodeID):
            return APIRequest(path: "/episodes/\(episodeID)/guestcast")
        case .guestCrew(let episodeID):
            return APIRequest(path: "/episodes/\(episodeID)/guestcrew")
        case .person(let id, let embeds):
            return APIRequest(path: "/people/\(id)", query: Self.embed(embeds))
        case .peopleIndex(let page):
            return APIRequest(path: "/people").paged(page, minimum: 0)
        case .castCredits(let personID):
            return APIRequest(path: "/people/\(personID)/castcredits", query: [QueryParameter("embed", "show")])
        case .crewCredits(let personID):
            return APIRequest(path: "/people/\(personID)/crewcredits", query: [QueryParameter("embed", "show")])
        case .guestCastCredits(let personID):
            return APIRequest(path: "/people/\(personID)/guestcastcredits", query: [QueryParameter("embed", "episode")])
        case .showUpdates(let since):
            return APIRequest(path: "/updates/shows", query: [.value("since", since)])
        case .personUpdates(let since):
            return APIRequest(path: "/updates/people", query: [.value("since", since)])
        }
    }

    /// `embed[]=…` for each value, sorted and de-duplicated so that equal requests share a cache entry.
    private static func embed<Embed: RawRepresentable>(_ embeds: [Embed]) -> [QueryParameter] where Embed.RawValue == String {
        Array(Set(embeds.map(\.rawValue))).sorted().map { QueryParameter("embed[]", $0) }
    }
}
