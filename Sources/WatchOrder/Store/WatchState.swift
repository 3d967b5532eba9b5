public import AirdateCore
import Foundation

/// Everything a store holds, read at one moment: episode lists, rules, show priority, the named
/// orders with the viewer's choice, and the viewer's checklist.
public struct WatchState: Sendable, Hashable {
    /// One list per show, in priority order.
    public var lists: [EpisodeList]
    /// The ordering rules set with ``WatchOrderStore/setRules(_:)``: the order used when the store
    /// holds no named order.
    public var rules: [OrderingRule]
    /// Show ids, highest priority first.
    public var showPriority: [String]
    /// Watched marks and view settings.
    public var checklist: Checklist
    /// The named orders: the app's built-in ones first, then the viewer's, each in the order stored.
    public var orders: [NamedOrder]
    /// The id of the order the viewer chose; `nil` for the default (``defaultOrder``).
    public var chosenOrderID: String?

    /// Creates a state.
    public init(
        lists: [EpisodeList], rules: [OrderingRule], showPriority: [String], checklist: Checklist,
        orders: [NamedOrder] = [], chosenOrderID: String? = nil
    ) {
        self.lists = lists
        self.rules = rules
        self.showPriority = showPriority
        self.checklist = checklist
        self.orders = orders
        self.chosenOrderID = chosenOrderID
    }

    /// The order used when the viewer chose none: the first built-in order, else the first order,
    /// else `nil` (the stored ``rules`` apply).
    public var defaultOrder: NamedOrder? {
        orders.first { $0.origin == .builtIn } ?? orders.first
    }

    /// The order in use: the chosen one when it still exists, else ``defaultOrder``.
    public var order: NamedOrder? {
        chosenOrderID.flatMap(order(id:)) ?? defaultOrder
    }

    /// The order with this id, or `nil`.
    public func order(id: String) -> NamedOrder? {
        orders.first { $0.id == id }
    }

    /// The merged watch order in the order in use (``order``).
    public func watchList() throws(WatchOrderError) -> WatchList {
        try watchList(in: order)
    }

    /// The merged watch order in `order` (its rules, and its show priority when it has one); with
    /// `nil`, the stored ``rules``.
    public func watchList(in order: NamedOrder?) throws(WatchOrderError) -> WatchList {
        guard let order else { return try WatchList.merge(lists, rules: rules, showPriority: showPriority) }
        return try WatchList.merge(lists, rules: order.rules, showPriority: order.showPriority ?? showPriority)
    }

    /// Up next, coming soon and progress at `now` for a viewer in `timeZone`, in the order in use.
    public func upNext(at clock: ViewerClock, comingSoonLimit: Int = 5) throws(WatchOrderError) -> UpNext {
        checklist.upNext(in: try watchList(), at: clock, comingSoonLimit: comingSoonLimit)
    }
}
