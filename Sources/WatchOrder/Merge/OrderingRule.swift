/// An explicit ordering between episodes of different shows, as data.
///
/// Rules win over air days: an episode waits until the episodes a rule puts before it are placed.
///
/// In JSON (how an order's rules are written, see ``NamedOrder``):
///
/// ```json
/// {"sequence": {"name": "Flash vs. Arrow", "episodes": [{"show": "The Flash", "season": 1, "episode": 8},
///                                                       {"show": "Arrow", "season": 3, "episode": 8}]}}
/// {"together": {"name": "Elseworlds", "episodes": [REFERENCE, …]}}
/// {"before": [{"show": "Arrow", "season": 1, "episode": 1}, {"show": "The Flash", "season": 1, "episode": 1}]}
/// ```
///
/// Each reference is an ``EpisodeReference``. `before` is also read in its older form
/// `{"before": {"_0": REFERENCE, "_1": REFERENCE}}`.
public enum OrderingRule: Sendable, Hashable, Codable {
    /// These episodes, in this order (a crossover's parts); other episodes may come between them
    /// when they aired between them.
    case sequence(name: String, episodes: [EpisodeReference])
    /// One episode before another.
    case before(EpisodeReference, EpisodeReference)
    /// These episodes, in this order and back to back: once the first is placed, the others follow
    /// at once, and an episode that aired between two of them waits until the last is placed. Only
    /// an episode one of them must itself follow (its show's earlier episode, say) may still come
    /// between; ``WatchList/interruptions`` names it.
    case together(name: String, episodes: [EpisodeReference])

    /// The pairs (earlier, later) the rule asks for.
    var pairs: [(EpisodeReference, EpisodeReference)] {
        switch self {
        case .sequence(_, let episodes), .together(_, let episodes):
            return zip(episodes, episodes.dropFirst()).map { ($0, $1) }
        case .before(let first, let second):
            return [(first, second)]
        }
    }

    /// Every episode the rule names.
    var references: [EpisodeReference] {
        switch self {
        case .sequence(_, let episodes), .together(_, let episodes): return episodes
        case .before(let first, let second): return [first, second]
        }
    }

    /// The rule's name: a sequence's or group's, or `first → second`.
    public var name: String {
        switch self {
        case .sequence(let name, _), .together(let name, _): return name
        case .before(let first, let second): return "\(first) → \(second)"
        }
    }

    private enum CodingKeys: String, CodingKey { case sequence, before, together }
    private enum NamedKeys: String, CodingKey { case name, episodes }
    private enum PairKeys: String, CodingKey {
        case first = "_0", second = "_1"
    }

    /// Decodes `{"sequence": …}`, `{"together": …}` or `{"before": …}` (exactly one key).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a rule is an object with one key: \"sequence\", \"together\" or \"before\""))
        }
        switch key {
        case .sequence, .together:
            let named = try container.nestedContainer(keyedBy: NamedKeys.self, forKey: key)
            let name = try named.decode(String.self, forKey: .name)
            let episodes = try named.decode([EpisodeReference].self, forKey: .episodes)
            self = key == .sequence ? .sequence(name: name, episodes: episodes) : .together(name: name, episodes: episodes)
        case .before:
            if var pair = try? container.nestedUnkeyedContainer(forKey: .before) {
                guard pair.count == 2 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .before, in: container, debugDescription: "\"before\" names two episodes: [earlier, later]")
                }
                self = .before(try pair.decode(EpisodeReference.self), try pair.decode(EpisodeReference.self))
            } else {
                let pair = try container.nestedContainer(keyedBy: PairKeys.self, forKey: .before)
                self = .before(try pair.decode(EpisodeReference.self, forKey: .first), try pair.decode(EpisodeReference.self, forKey: .second))
            }
        }
    }

    /// Encodes the forms above (`before` as a two-element array).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .sequence(let name, let episodes), .together(let name, let episodes):
            var named = container.nestedContainer(keyedBy: NamedKeys.self, forKey: self.isTogether ? .together : .sequence)
            try named.encode(name, forKey: .name)
            try named.encode(episodes, forKey: .episodes)
        case .before(let first, let second):
            var pair = container.nestedUnkeyedContainer(forKey: .before)
            try pair.encode(first)
            try pair.encode(second)
        }
    }

    private var isTogether: Bool {
        if case .together = self { return true }
        return false
    }
}
