/// One show's place in up next: its next episode and how far behind the viewer is. Made by
/// ``Checklist/upNextPerShow(in:at:)``.
public struct ShowUpNext: Sendable, Hashable {
    /// The show.
    public var show: Show
    /// Its first aired episode not done (not watched — in the rewatch covering the show, if one is
    /// active — and not skipped), in watch order.
    public var next: Episode
    /// Aired episodes of the show still to watch, ``next`` included (specials left out when hidden).
    public var behind: Int
    /// The active rewatch session the show follows, if any.
    public var rewatch: RewatchSession.ID?

    /// Creates an entry.
    public init(show: Show, next: Episode, behind: Int, rewatch: RewatchSession.ID? = nil) {
        self.show = show
        self.next = next
        self.behind = behind
        self.rewatch = rewatch
    }
}
