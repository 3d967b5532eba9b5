/// What to watch next: overall, per show, what is coming, and how far the viewer is.
public struct UpNext: Sendable, Hashable {
    /// The next aired, unwatched, visible episode in watch order.
    public var next: Episode?
    /// Per show id, its first aired unwatched episode.
    public var byShow: [String: Episode]
    /// Unaired episodes, in watch order.
    public var comingSoon: [Episode]
    /// Overall progress.
    public var progress: WatchProgress

    /// Creates an up-next summary.
    public init(next: Episode?, byShow: [String: Episode], comingSoon: [Episode], progress: WatchProgress) {
        self.next = next
        self.byShow = byShow
        self.comingSoon = comingSoon
        self.progress = progress
    }
}
