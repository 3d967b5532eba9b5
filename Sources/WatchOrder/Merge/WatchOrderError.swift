public import Foundation

/// Why a watch order could not be made.
public enum WatchOrderError: Error, Sendable, Hashable, LocalizedError {
    /// The ordering rules contradict each other (or the shows' own order): the episodes named form a
    /// cycle, each to be watched before the next and the last before the first.
    case contradictoryRules(cycle: [String])

    /// What failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .contradictoryRules(let cycle):
            return "The ordering rules contradict each other: \((cycle + cycle.prefix(1)).joined(separator: " → ")). "
                + "Remove or correct one of these rules."
        }
    }
}
