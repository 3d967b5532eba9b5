import AirdateCore

/// Names an episode in an ordering rule: a show (by name or id), a season, and the number in
/// season — or, for a special, the overall number or the title.
public struct EpisodeReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The show's name or id ("The Flash" or `the-flash`).
    public var show: String
    /// The season.
    public var season: Int
    /// The number in season; `nil` for a special.
    public var episode: Int?
    /// The overall number, for a special.
    public var overall: Int?
    /// The title, for a special with neither number (matched ignoring case).
    public var title: String?

    /// Creates a reference.
    public init(show: String, season: Int, episode: Int?, overall: Int? = nil, title: String? = nil) {
        self.show = show
        self.season = season
        self.episode = episode
        self.overall = overall
        self.title = title
    }

    /// The show's id this reference names.
    public var showID: String { Show.slug(show) }

    /// `The Flash 1x08` (`EpisodeCode.Style.withShow`), `Legends of Tomorrow S5 #68`.
    public var description: String {
        if let episode { return EpisodeCode(season: season, number: episode, show: show).formatted(.withShow) }
        if let overall { return "\(show) S\(season) #\(overall)" }
        return "\(show) S\(season) \"\(title ?? "")\""
    }

    func matches(_ episode: Episode) -> Bool {
        guard episode.showID == showID || episode.showID == show, episode.season == season else { return false }
        if let number = self.episode { return episode.number == number }
        if let overall { return episode.overall == overall }
        if let title { return episode.title.lowercased() == title.lowercased() }
        return false
    }
}
