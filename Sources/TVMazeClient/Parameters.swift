import AirdateHTTP

/// Resources TVMaze can embed in a show response (`embed[]=…`).
public enum TVMazeShowEmbed: String, Sendable, Hashable, CaseIterable {
    /// All regular episodes.
    case episodes
    /// The main cast.
    case cast
    /// The crew.
    case crew
    /// The seasons.
    case seasons
    /// The images.
    case images
    /// Alternative titles.
    case akas
    /// The next episode to air.
    case nextEpisode = "nextepisode"
    /// The episode that aired last.
    case previousEpisode = "previousepisode"
}

/// Resources TVMaze can embed in an episode response.
public enum TVMazeEpisodeEmbed: String, Sendable, Hashable, CaseIterable {
    /// The episode's show.
    case show
    /// The guest cast.
    case guestCast = "guestcast"
    /// The guest crew.
    case guestCrew = "guestcrew"
}

/// Resources TVMaze can embed in a person response.
public enum TVMazePersonEmbed: String, Sendable, Hashable, CaseIterable {
    /// Cast credits.
    case castCredits = "castcredits"
    /// Crew credits.
    case crewCredits = "crewcredits"
    /// Guest-cast credits.
    case guestCastCredits = "guestcastcredits"
}

/// An id of a show on another site, for ``TVMaze/lookupShow(_:)``.
public enum TVMazeExternalID: Sendable, Hashable {
    /// IMDb, for example `"tt0944947"`.
    case imdb(String)
    /// TheTVDB, for example `121361`.
    case thetvdb(Int)
    /// TVRage, for example `24493`.
    case tvrage(Int)

    /// `imdb=tt0944947`, `thetvdb=121361` or `tvrage=24493`.
    var parameter: QueryParameter {
        switch self {
        case .imdb(let id): return QueryParameter("imdb", id)
        case .thetvdb(let id): return QueryParameter("thetvdb", String(id))
        case .tvrage(let id): return QueryParameter("tvrage", String(id))
        }
    }
}

/// How far back ``TVMaze/showUpdates(since:)`` looks.
public enum TVMazeUpdatePeriod: String, Sendable, Hashable, CaseIterable {
    /// The last day.
    case day
    /// The last week.
    case week
    /// The last month.
    case month
}
