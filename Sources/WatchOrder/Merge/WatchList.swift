public import AirdateCore

/// Many shows' episodes in one watch order: the result of ``WatchList/merge(_:rules:showPriority:)``.
public struct WatchList: Sendable, Hashable {
    /// The shows, in the order they were given priority, then by id.
    public let shows: [Show]
    /// Every episode, in watch order.
    public let episodes: [Episode]
    /// Rule references that name no episode of the lists (a rule for a season not loaded, say).
    public let unmatchedReferences: [EpisodeReference]
    /// Same-day pairs of episodes of different shows that only show priority ordered: no broadcast
    /// instants (or equal ones), no "Part N" in both titles and no rule to tell which aired or comes
    /// first. An app should say that this order is a guess.
    public let priorityTies: [PriorityTie]
    /// Episodes placed between two parts of a group meant to be watched back to back
    /// (``OrderingRule/together(name:episodes:)``), because a later part waits for them.
    public let interruptions: [GroupInterruption]
    private let positions: [EpisodeID: Int]
    private let crossoverParts: [EpisodeID: CrossoverPart]

    init(
        shows: [Show], episodes: [Episode], unmatchedReferences: [EpisodeReference], priorityTies: [PriorityTie] = [],
        interruptions: [GroupInterruption] = [], crossoverParts: [EpisodeID: CrossoverPart] = [:]
    ) {
        self.shows = shows
        self.episodes = episodes
        self.unmatchedReferences = unmatchedReferences
        self.priorityTies = priorityTies
        self.interruptions = interruptions
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
}

/// Two episodes of different shows on one day that only show priority put in order (see
/// ``WatchList/priorityTies``).
public struct PriorityTie: Sendable, Hashable, CustomStringConvertible {
    /// The day both aired.
    public var day: CalendarDay
    /// The episode placed first.
    public var first: EpisodeID
    /// The episode placed second.
    public var second: EpisodeID
    /// The first episode's show and code ("Legends of Tomorrow 2x01").
    public var firstLabel: String
    /// The second episode's show and code.
    public var secondLabel: String

    /// Creates a tie.
    public init(day: CalendarDay, first: EpisodeID, second: EpisodeID, firstLabel: String, secondLabel: String) {
        self.day = day
        self.first = first
        self.second = second
        self.firstLabel = firstLabel
        self.secondLabel = secondLabel
    }

    /// `2016-10-13: Legends of Tomorrow 2x01 before Vixen 2x01 by show priority`.
    public var description: String { "\(day): \(firstLabel) before \(secondLabel) by show priority" }
}

/// An episode placed inside a group meant to be watched back to back (see ``WatchList/interruptions``).
public struct GroupInterruption: Sendable, Hashable, CustomStringConvertible {
    /// The group's name.
    public var group: String
    /// The episode that came between two of its parts.
    public var episode: EpisodeID
    /// The episode's show and code.
    public var label: String

    /// Creates an interruption.
    public init(group: String, episode: EpisodeID, label: String) {
        self.group = group
        self.episode = episode
        self.label = label
    }

    /// `Elseworlds: Arrow 7x08 comes between its parts (a later part waits for it)`.
    public var description: String { "\(group): \(label) comes between its parts (a later part waits for it)" }
}
