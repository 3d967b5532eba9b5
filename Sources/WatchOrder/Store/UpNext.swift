/// What to watch next: overall, per show, what is coming, and how far the viewer is — the one
/// answer to "what's next" that every view shows (``Checklist/upNext(in:at:comingSoonLimit:)``).
public struct UpNext: Sendable, Hashable {
    /// The next aired, unwatched, visible episode in watch order.
    public var next: Episode?
    /// Each show in up next with its next episode and how many aired episodes are left, by air
    /// date: the episode that aired first leads (the show the viewer is furthest behind on), ties
    /// by broadcast instant, then in watch order; episodes with no air day last. See
    /// ``Checklist/upNextPerShow(in:at:)``.
    public var shows: [ShowUpNext]
    /// Unaired episodes, in watch order.
    public var comingSoon: [Episode]
    /// Overall progress.
    public var progress: WatchProgress

    /// Creates an up-next summary. `shows` is kept in the order given (``Checklist`` gives them
    /// by air date).
    public init(next: Episode?, shows: [ShowUpNext], comingSoon: [Episode], progress: WatchProgress) {
        self.next = next
        self.shows = shows
        self.comingSoon = comingSoon
        self.progress = progress
    }

    /// Per show id, its next episode (the episodes of ``shows``).
    public var byShow: [String: Episode] {
        Dictionary(shows.map { ($0.show.id, $0.next) }, uniquingKeysWith: { first, _ in first })
    }
}
