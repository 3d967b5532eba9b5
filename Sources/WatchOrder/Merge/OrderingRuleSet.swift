public import Foundation

/// A JSON file of crossover orderings, as `Fixtures/arrowverse/rules.json` holds them: shows in
/// priority order, crossovers (each an ordered list of parts), and same-night orderings.
///
/// ```json
/// {"shows": ["Arrow", "The Flash"],
///  "crossovers": [{"name": "Flash vs. Arrow", "order": [
///     {"show": "The Flash", "season": 1, "episode": 8}, {"show": "Arrow", "season": 3, "episode": 8}]}]}
/// ```
public struct OrderingRuleSet: Sendable, Hashable, Codable {
    /// A named ordered list of episodes.
    public struct Crossover: Sendable, Hashable, Codable {
        /// The crossover's name.
        public var name: String
        /// Its parts in story order.
        public var order: [EpisodeReference]

        /// Creates a crossover.
        public init(name: String, order: [EpisodeReference]) {
            self.name = name
            self.order = order
        }
    }

    /// Episodes aired on one night, in the order they should be watched.
    public struct SameNight: Sendable, Hashable, Codable {
        /// The night, `YYYY-MM-DD`.
        public var date: String
        /// The episodes, in order.
        public var order: [EpisodeReference]

        /// Creates a same-night ordering.
        public init(date: String, order: [EpisodeReference]) {
            self.date = date
            self.order = order
        }
    }

    /// The shows, highest priority first.
    public var shows: [String]
    /// The main crossovers.
    public var crossovers: [Crossover]
    /// Other crossovers.
    public var otherCrossovers: [Crossover]?
    /// Same-night orderings.
    public var sameNight: [SameNight]?

    /// Creates a rule set.
    public init(shows: [String], crossovers: [Crossover], otherCrossovers: [Crossover]? = nil, sameNight: [SameNight]? = nil) {
        self.shows = shows
        self.crossovers = crossovers
        self.otherCrossovers = otherCrossovers
        self.sameNight = sameNight
    }

    /// Reads a rule set from JSON.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(OrderingRuleSet.self, from: json)
    }

    /// The rules: one sequence per crossover (so ``WatchList/crossover(of:)`` knows its parts), and
    /// for each same night one `before` rule per pair of episodes that follow each other (a same
    /// night is an order, not a crossover).
    public var rules: [OrderingRule] {
        (crossovers + (otherCrossovers ?? [])).map { OrderingRule.sequence(name: $0.name, episodes: $0.order) }
            + (sameNight ?? []).flatMap { night in
                zip(night.order, night.order.dropFirst()).map { OrderingRule.before($0, $1) }
            }
    }
}
