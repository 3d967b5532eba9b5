/// Many shows' episodes in one watch order: the result of ``WatchList/merge(_:rules:showPriority:)``.
public struct WatchList: Sendable, Hashable {
    /// The shows, in the order they were given priority, then by id.
    public let shows: [Show]
    /// Every episode, in watch order.
    public let episodes: [Episode]
    /// Rule references that name no episode of the lists (a rule for a season not loaded, say).
    public let unmatchedReferences: [EpisodeReference]
    private let positions: [EpisodeID: Int]
    private let crossoverParts: [EpisodeID: CrossoverPart]

    init(shows: [Show], episodes: [Episode], unmatchedReferences: [EpisodeReference], crossoverParts: [EpisodeID: CrossoverPart] = [:]) {
        self.shows = shows
        self.episodes = episodes
        self.unmatchedReferences = unmatchedReferences
        self.crossoverParts = crossoverParts
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

    /// The crossover `id` is a part of — the ``OrderingRule/sequence(name:episodes:)`` rule that
    /// names it, with its place among the parts found in this list — or `nil`.
    public func crossover(of id: EpisodeID) -> CrossoverPart? { crossoverParts[id] }

    /// The code the viewer types for `episode`: the show's name and the code within the show,
    /// "Arrow 3x08", "Legends of Tomorrow special 1" — what ``episode(named:)`` reads back.
    public func fullCode(of episode: Episode) -> String {
        "\(show(episode.showID)?.name ?? episode.showID) \(code(of: episode))"
    }
}
