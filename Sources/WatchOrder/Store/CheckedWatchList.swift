/// The watch order with the viewer's checklist: what ``WatchOrderStore/observeWatchList()`` emits.
public struct CheckedWatchList: Sendable, Hashable {
    /// The merged watch order.
    public var list: WatchList
    /// Watched marks and view settings.
    public var checklist: Checklist

    /// Creates a checked watch list.
    public init(list: WatchList, checklist: Checklist) {
        self.list = list
        self.checklist = checklist
    }
}
