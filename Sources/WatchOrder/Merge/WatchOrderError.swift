public import Foundation

/// Why a watch order could not be made.
public enum WatchOrderError: Error, Sendable, Hashable, LocalizedError {
    /// The ordering rules contradict each other (or the shows' own order): the episodes named form a
    /// cycle, each to be watched before the next and the last before the first.
    case contradictoryRules(cycle: [String])
    /// An episode is in two groups of episodes to be watched back to back
    /// (``OrderingRule/together(name:episodes:)``), which cannot both hold.
    case overlappingGroups(episode: String, groups: [String])

    /// What failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .contradictoryRules(let cycle):
            return "The ordering rules contradict each other: \((cycle + cycle.prefix(1)).joined(separator: " → ")). "
                + "Remove or correct one of these rules."
        case .overlappingGroups(let episode, let groups):
            return "\(episode) is in two groups to be watched back to back (\(groups.joined(separator: ", "))). "
                + "Keep it in one of them."
        }
    }
}
