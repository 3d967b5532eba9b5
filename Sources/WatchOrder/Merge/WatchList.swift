/// Many shows' episodes in one watch order: the result of ``WatchList/merge(_:rules:showPriority:)``.
public struct WatchList: Sendable, Hashable {
    /// The shows, in the order they were given priority, then by id.
    public let shows: [Show]
    /// Every episode, in watch order.
    public let episodes: [Episode]
    /// Rule references that name no episode of the lists (a rule for a season not loaded, say).
    public let unmatchedReferences: [EpisodeReference]
    private let positions: [EpisodeID: Int]

    init(shows: [Show], episodes: [Episode], unmatchedReferences: [EpisodeReference]) {
        self.shows = shows
        self.episodes = episodes
        self.unmatchedReferences = unmatchedReferences
        var positions: [EpisodeID: Int] = [:]
        for (index, episode) in episodes.enumerated() { positions[episode.id] = index }
        self.positions = positions
    }

    /// The place of an episode in the order, or `nil`.
    public func position(of id: EpisodeID) -> Int? { positions[id] }

    /// The episode with this identity, or `nil`.
    public func episode(_ id: EpisodeID) -> Episode? { positions[id].map { episodes[$0] } }

    /// The show with this id, or `nil`.
    public func show(_ id: String) -> Show? { shows.first { $0.id == id } }
}
