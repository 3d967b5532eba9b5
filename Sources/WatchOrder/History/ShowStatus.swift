/// Whether a show takes part in up next. A hidden or dropped show keeps its episodes, marks and
/// history; it only leaves up next, coming soon and the "episodes behind" counts.
public enum ShowStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Followed as usual (the default).
    case watching
    /// Put aside for now ("on hold"), to come back to.
    case hidden
    /// Given up.
    case dropped
}
