/// One show on one day of an ``Agenda``: what was planned and what was watched.
public struct AgendaItem: Sendable, Hashable {
    /// The show's id.
    public var showID: Int
    /// The show's title.
    public var title: String
    /// The episodes planned that day, or `nil`.
    public var planned: ClosedRange<Int>?
    /// The episodes watched that day (one range per log entry, in recorded order).
    public var watched: [ClosedRange<Int>]

    /// Creates an item.
    public init(showID: Int, title: String, planned: ClosedRange<Int>?, watched: [ClosedRange<Int>]) {
        self.showID = showID
        self.title = title
        self.planned = planned
        self.watched = watched
    }
}
