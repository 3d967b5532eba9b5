public import Foundation

/// Why a watch order could not be made.
///
/// A struct with a ``code`` (match with `catch WatchOrderError.Code.contradictoryRules { }`), so
/// that a code added later never breaks a caller's `switch`; the episodes concerned are properties.
public struct WatchOrderError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `WatchOrderError.Code.contradictoryRules`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The ordering rules contradict each other (or the shows' own order): the episodes of
        /// ``WatchOrderError/cycle`` form a cycle, each to be watched before the next and the last
        /// before the first.
        public static let contradictoryRules = Code("contradictoryRules")
        /// ``WatchOrderError/episode`` is in two groups of episodes to be watched back to back
        /// (``OrderingRule/together(name:episodes:)``), ``WatchOrderError/groups``, which cannot both hold.
        public static let overlappingGroups = Code("overlappingGroups")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? WatchOrderError)?.code == code }

        /// Matches a `WatchOrderError` against a code (a `catch` after `throws(WatchOrderError)`).
        public static func ~= (code: Code, error: WatchOrderError) -> Bool { error.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// For ``Code/contradictoryRules``: the episodes of the cycle ("Arrow 3x08"), in order.
    public var cycle: [String]
    /// For ``Code/overlappingGroups``: the episode in two groups.
    public var episode: String?
    /// For ``Code/overlappingGroups``: the names of the groups.
    public var groups: [String]

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, cycle: [String] = [], episode: String? = nil, groups: [String] = []) {
        self.code = code
        self.cycle = cycle
        self.episode = episode
        self.groups = groups
    }

    /// The rules contradict each other along `cycle`.
    public static func contradictoryRules(cycle: [String]) -> WatchOrderError { WatchOrderError(.contradictoryRules, cycle: cycle) }
    /// `episode` is in two groups to be watched back to back.
    public static func overlappingGroups(episode: String, groups: [String]) -> WatchOrderError {
        WatchOrderError(.overlappingGroups, episode: episode, groups: groups)
    }

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        switch code {
        case .contradictoryRules:
            return "The ordering rules contradict each other: \((cycle + cycle.prefix(1)).joined(separator: " → ")). "
                + "Remove or correct one of these rules."
        case .overlappingGroups:
            return "\(episode ?? "An episode") is in two groups to be watched back to back (\(groups.joined(separator: ", "))). "
                + "Keep it in one of them."
        default:
            return "The watch order cannot be made (\(code))."
        }
    }

    /// The code and the description.
    public var description: String { "WatchOrderError.\(code): \(errorDescription ?? "")" }
}
