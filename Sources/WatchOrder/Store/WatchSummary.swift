/// What marking episodes watched changed: which ids were newly marked, which were already
/// watched, and which name no stored episode.
///
/// Returned by ``WatchOrderStore/watch(_:watchedAt:)``, ``WatchOrderStore/watch(through:at:)``,
/// ``WatchOrderStore/watch(show:season:at:)`` and ``WatchOrderStore/importProgress(_:)``, so an app can
/// say what actually happened ("Marked 3 watched, 57 already watched") rather than how many ids it
/// was given. Every id given, without repeats, is in exactly one of ``newlyWatched``,
/// ``alreadyWatched`` and ``unknown``.
public struct WatchSummary: Sendable, Hashable {
    /// Every stored episode the mark concerned (newly or already watched), in the order given —
    /// watch order for ``WatchOrderStore/watch(through:at:)``.
    public var episodes: [EpisodeID]
    /// Stored episodes that were not watched and now are, in the order given.
    public var newlyWatched: [EpisodeID]
    /// Stored episodes that were already watched (nothing changed for them), in the order given.
    public var alreadyWatched: [EpisodeID]
    /// Ids that name no stored episode (a mark from another list, or of an episode no longer
    /// listed), in the order given. Their marks are stored anyway, and count again once the episode
    /// is listed.
    public var unknown: [EpisodeID]

    /// Creates a summary; `episodes` defaults to the newly and already watched ids.
    public init(
        episodes: [EpisodeID]? = nil, newlyWatched: [EpisodeID] = [], alreadyWatched: [EpisodeID] = [], unknown: [EpisodeID] = []
    ) {
        self.episodes = episodes ?? newlyWatched + alreadyWatched
        self.newlyWatched = newlyWatched
        self.alreadyWatched = alreadyWatched
        self.unknown = unknown
    }
}
