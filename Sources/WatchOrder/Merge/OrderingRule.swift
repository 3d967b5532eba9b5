/// An explicit ordering between episodes of different shows, as data.
///
/// Rules win over air days: an episode waits until the episodes a rule puts before it are placed.
public enum OrderingRule: Sendable, Hashable, Codable {
    /// These episodes, in this order (a crossover's parts).
    case sequence(name: String, episodes: [EpisodeReference])
    /// One episode before another.
    case before(EpisodeReference, EpisodeReference)

    /// The pairs (earlier, later) the rule asks for.
    var pairs: [(EpisodeReference, EpisodeReference)] {
        switch self {
        case .sequence(_, let episodes):
            return zip(episodes, episodes.dropFirst()).map { ($0, $1) }
        case .before(let first, let second):
            return [(first, second)]
        }
    }

    /// Every episode the rule names.
    var references: [EpisodeReference] {
        switch self {
        case .sequence(_, let episodes): return episodes
        case .before(let first, let second): return [first, second]
        }
    }
}
