public import AirdateCore
import Foundation

/// Everything a store holds, read at one moment: episode lists, rules, show priority and the
/// viewer's checklist.
public struct WatchState: Sendable, Hashable {
    /// One list per show, in priority order.
    public var lists: [EpisodeList]
    /// The ordering rules.
    public var rules: [OrderingRule]
    /// Show ids, highest priority first.
    public var showPriority: [String]
    /// Watched marks and view settings.
    public var checklist: Checklist

    /// Creates a state.
    public init(lists: [EpisodeList], rules: [OrderingRule], showPriority: [String], checklist: Checklist) {
        self.lists = lists
        self.rules = rules
        self.showPriority = showPriority
        self.checklist = checklist
    }

    /// The merged watch order.
    public func watchList() throws(WatchOrderError) -> WatchList {
        try WatchList.merge(lists, rules: rules, showPriority: showPriority)
    }

    /// Up next, coming soon and progress at `now` for a viewer in `timeZone`.
    public func upNext(at clock: ViewerClock, comingSoonLimit: Int = 5) throws(WatchOrderError) -> UpNext {
        checklist.upNext(in: try watchList(), at: clock, comingSoonLimit: comingSoonLimit)
    }
}
