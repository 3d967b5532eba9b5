public import Foundation

/// A rewatch: watching some shows (or the whole watch order) again from the start, with progress of
/// its own. While a session is active, marking an episode of a show it covers records a watch in the
/// session, and up next follows the session's marks for those shows; the first watches are kept.
///
/// ```swift
/// let session = try await store.startRewatch(named: "Second run", shows: ["arrow"], startedAt: .now)
/// try await store.watch([EpisodeID(rawValue: "arrow/s1e1")], watchedAt: .now)   // a watch in the session
/// let progress = state.checklist.progress(of: session, in: list, at: clock)
/// ```
public struct RewatchSession: Sendable, Hashable, Codable, Identifiable {
    /// The store's identity of a session.
    public typealias ID = Int64

    /// The session's identity.
    public var id: ID
    /// The name the viewer gave it ("Second run").
    public var name: String
    /// The show ids it covers; empty for every show.
    public var shows: Set<String>
    /// When it started.
    public var startedAt: Date
    /// When it ended; `nil` while it is active.
    public var endedAt: Date?
    /// The episodes watched in the session (filled in for the sessions a ``Checklist`` carries).
    public var watched: Set<EpisodeID>

    /// Creates a session.
    public init(
        id: ID, name: String, shows: Set<String> = [], startedAt: Date, endedAt: Date? = nil, watched: Set<EpisodeID> = []
    ) {
        self.id = id
        self.name = name
        self.shows = shows
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.watched = watched
    }

    /// Whether the session has not ended.
    public var isActive: Bool { endedAt == nil }

    /// Whether the session covers the show `showID` (every show when ``shows`` is empty).
    public func covers(showID: String) -> Bool { shows.isEmpty || shows.contains(showID) }
}
