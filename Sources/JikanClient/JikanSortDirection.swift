/// The direction of an ordering (`sort=`).
public enum JikanSortDirection: String, Sendable, Hashable, CaseIterable {
    /// Smallest first.
    case ascending = "asc"
    /// Largest first.
    case descending = "desc"
}
