public import AirdateCore

/// Which episodes of a watch order to show: shows left out, a range of air days, and whether the
/// newest come first — the choices a list page offers (arrowverse.info's `hide_show`, `from_date`,
/// `to_date` and `newest_first`).
///
/// ```swift
/// let filter = EpisodeFilter(hiddenShows: ["constantine"], firstDay: CalendarDay("2016-01-01"), newestFirst: true)
/// for episode in filter.episodes(in: list) { print(list.code(of: episode, .withShow)) }
/// ```
///
/// A filter only chooses and orders; it reads no clock and no checklist, so the same filter gives the
/// same episodes for every viewer. Combine it with ``Checklist/isVisible(_:)`` where the viewer's own
/// settings should apply too.
public struct EpisodeFilter: Sendable, Hashable, Codable {
    /// The ids (``Show/id``) of the shows left out.
    public var hiddenShows: Set<String>
    /// The first air day shown, included; `nil` for no lower bound.
    public var firstDay: CalendarDay?
    /// The last air day shown, included; `nil` for no upper bound.
    public var lastDay: CalendarDay?
    /// Whether the list runs backwards: the end of the watch order (the newest episodes) first.
    public var newestFirst: Bool

    /// A filter; the defaults show every episode in watch order.
    public init(hiddenShows: Set<String> = [], firstDay: CalendarDay? = nil, lastDay: CalendarDay? = nil, newestFirst: Bool = false) {
        self.hiddenShows = hiddenShows
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.newestFirst = newestFirst
    }

    /// Whether the filter keeps every episode in watch order (nothing hidden, no range, oldest first).
    public var isEmpty: Bool { hiddenShows.isEmpty && firstDay == nil && lastDay == nil && !newestFirst }

    /// Whether the range is empty: ``firstDay`` is after ``lastDay``, so no episode can be shown.
    public var isEmptyRange: Bool {
        if let firstDay, let lastDay { return firstDay > lastDay }
        return false
    }

    /// Whether `episode` is shown: its show is not hidden and, when a range is set, its air day is
    /// known and within it (an episode whose day is not announced is outside every range).
    public func includes(_ episode: Episode) -> Bool {
        if hiddenShows.contains(episode.showID) { return false }
        if firstDay == nil && lastDay == nil { return true }
        guard let day = episode.airDay else { return false }
        if let firstDay, day < firstDay { return false }
        if let lastDay, day > lastDay { return false }
        return true
    }

    /// The episodes of `list` the filter shows, in watch order or, with ``newestFirst``, in reverse.
    public func episodes(in list: WatchList) -> [Episode] {
        let kept = list.episodes.filter(includes)
        return newestFirst ? kept.reversed() : kept
    }

    /// The shows of `list` that are not hidden, in the list's order.
    public func shows(in list: WatchList) -> [Show] {
        list.shows.filter { !hiddenShows.contains($0.id) }
    }
}
