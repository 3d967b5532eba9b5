public import Foundation

/// One viewing of an episode: which episode, when, and whether it was part of a rewatch.
///
/// Every mark is a watch. Marking an episode watched records its first watch; a rewatch session
/// (``RewatchSession``) records watches of its own; ``WatchOrderStore/rewatch(_:watchedAt:)`` adds
/// another play. An episode's play count is the number of its watches.
public struct EpisodeWatch: Sendable, Hashable, Codable, Identifiable {
    /// The store's identity of this watch (increasing in the order watches were recorded).
    public var id: Int64
    /// The episode watched (it may name no listed episode: marks of unknown ids are kept).
    public var episodeID: EpisodeID
    /// When it was watched; `nil` when no time is known (a mark from before the history kept
    /// none, or an imported watch whose file gave none).
    public var watchedAt: Date?
    /// The rewatch session it belongs to; `nil` for a watch outside any session.
    public var rewatch: RewatchSession.ID?
    /// Where it came from when it was imported (`trakt`, `tvtime`, `progress`); `nil` for a mark made here.
    public var source: String?

    /// Creates a watch.
    public init(id: Int64, episodeID: EpisodeID, watchedAt: Date?, rewatch: RewatchSession.ID? = nil, source: String? = nil) {
        self.id = id
        self.episodeID = episodeID
        self.watchedAt = watchedAt
        self.rewatch = rewatch
        self.source = source
    }
}
