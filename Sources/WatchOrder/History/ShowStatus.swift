/// How a viewer follows a show. Both statuses other than ``watching`` keep the show's episodes, marks
/// and history; they differ in where the show still appears (see ``Checklist``).
public enum ShowStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Followed as usual (the default).
    case watching
    /// Hidden: shown nowhere — not in lists, up next, coming soon, progress, feeds or calendars —
    /// until it is shown again (``watching``).
    case hidden
    /// Dropped (the viewer stopped following it): out of up next and coming soon, still listed with
    /// its progress.
    case dropped
}
