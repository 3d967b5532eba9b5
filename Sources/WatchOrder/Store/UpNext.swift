/// What to watch next: overall, per show, what is coming, and how far the viewer is.
public struct UpNext: Sendable, Hashable {
    /// The next aired, unwatched, visible episode in watch order.
    public var next: Episode?
    /// Per show id, its first aired unwatched episode.
    public var byShow: [String: Episode]
    /// The episodes of ``byShow``, the one that aired longest ago first (the show the viewer is
    /// furthest behind on leads); episodes of one day in watch order. See
    /// ``Checklist/upNextByAirDate(in:at:)``.
    public var byShowInAirDateOrder: [Episode]
    /// Unaired episodes, in watch order.
    public var comingSoon: [Episode]
    /// Overall progress.
    public var progress: WatchProgress

    /// Creates an up-next summary. Without `byShowInAirDateOrder`, the episodes of `byShow` are
    /// ordered by air day and broadcast instant, ties by episode id.
    public init(
        next: Episode?, byShow: [String: Episode], byShowInAirDateOrder: [Episode]? = nil, comingSoon: [Episode],
        progress: WatchProgress
    ) {
        self.next = next
        self.byShow = byShow
        self.byShowInAirDateOrder = byShowInAirDateOrder ?? Checklist.inAirDateOrder(Array(byShow.values), in: nil)
        self.comingSoon = comingSoon
        self.progress = progress
    }
}
