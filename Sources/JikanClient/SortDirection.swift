/// The direction of an ordering (`sort=`).
public enum SortDirection: String, Sendable, Hashable, CaseIterable {
    /// Smallest first.
    case ascending = "asc"
    /// Largest first.
    case descending = "desc"
}
