public import AirdateCore
public import Foundation

extension WatchList {
    /// The episodes of `episodes` that have aired by the clock's `now`, newest first (by air day,
    /// then broadcast instant, then the later in watch order), at most `limit` of them: what a feed
    /// of recent episodes lists.
    public func recentlyAired(_ episodes: [Episode], limit: Int = 15, at clock: ViewerClock) -> [Episode] {
        let now = clock.now, timeZone = clock.timeZone
        let aired = episodes.filter { $0.airDay != nil && $0.hasAired(at: now, in: timeZone) }
        let newest = aired.sorted { left, right in
            let a = left.airDay?.daysSince1970 ?? Int.max, b = right.airDay?.daysSince1970 ?? Int.max
            if a != b { return a < b }
            if let x = left.broadcast, let y = right.broadcast, x != y { return x < y }
            let p = position(of: left.id) ?? Int.max, q = position(of: right.id) ?? Int.max
            if p != q { return p < q }
            return left.id < right.id
        }.reversed()
        return Array(newest.prefix(max(0, limit)))
    }

    /// The title an episode carries in a calendar or a feed: its code and title,
    /// `Arrow 3x08 “The Brave and the Bold”`.
    public func headline(of episode: Episode) -> String {
        "\(code(of: episode, .withShow)) \u{201C}\(episode.title)\u{201D}"
    }

    /// A line about the episode: its show, season and number, and the crossover it is a part of —
    /// `The Flash, season 1, episode 8. Part 1 of 2 of Flash vs. Arrow.`
    public func summary(of episode: Episode) -> String {
        let show = show(episode.showID)?.name ?? episode.showID
        var text = "\(show), season \(episode.season), " + (episode.number.map { "episode \($0)." } ?? "special.")
        if let crossover = crossover(of: episode.id) {
            text += " Part \(crossover.part) of \(crossover.parts) of \(crossover.name)."
        }
        return text
    }

    /// An RFC 5545 calendar with one event per episode of `episodes` that has an air day: at its
    /// broadcast instant (lasting its runtime, or `defaultRuntime`) when known, else all day on its
    /// air day. Episodes without an air day are left out.
    ///
    /// Each event's `UID` is the episode's id at `uidDomain` (`arrow/s3e8@airdate.example`), stable
    /// across exports, so a calendar app that subscribes updates events rather than doubling them;
    /// its `URL` is the episode's own page (``Episode/pageURL``); its category is the show's name.
    ///
    /// - Parameters:
    ///   - episodes: the episodes, in any order (events are written in that order).
    ///   - name: the calendar's display name.
    ///   - productIdentifier: the calendar's `PRODID`.
    ///   - uidDomain: the domain part of every `UID` (the app's host name, say).
    ///   - timestamp: the time of the export (`DTSTAMP`).
    ///   - defaultRuntime: the length of a timed event whose episode has no runtime (none: it lasts no time).
    public func iCalendar(
        of episodes: [Episode], name: String? = nil, productIdentifier: String = "-//Airdate//WatchOrder//EN",
        uidDomain: String = "watchorder.airdate", timestamp: Date, defaultRuntime: Duration? = nil
    ) -> ICalendar {
        var events: [ICalendarEvent] = []
        for episode in episodes {
            guard let day = episode.airDay else { continue }
            let timing: ICalendarEvent.Timing
            if let broadcast = episode.broadcast {
                let length = episode.runtime ?? defaultRuntime
                let end = length.map { broadcast.addingTimeInterval(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) }
                timing = .timed(start: broadcast, end: end, timeZone: nil)
            } else {
                timing = .allDay(first: day, last: day)
            }
            var categories = [show(episode.showID)?.name ?? episode.showID]
            if let crossover = crossover(of: episode.id) { categories.append(crossover.name) }
            events.append(ICalendarEvent(
                uid: "\(episode.id.rawValue)@\(uidDomain)", timestamp: timestamp, summary: headline(of: episode), timing: timing,
                description: summary(of: episode), categories: categories, url: episode.pageURL))
        }
        return ICalendar(productIdentifier: productIdentifier, name: name, events: events)
    }

    /// An Atom 1.0 feed with one entry per episode of `episodes` that has an air day (in that order;
    /// pass ``recentlyAired(_:limit:at:)`` for "the latest episodes").
    ///
    /// An entry's id is `entryIDPrefix` followed by the episode's id (`tag:example.org,2024:arrow/s3e8`):
    /// pass a prefix that makes it a permanent IRI of your own. Its `updated` and `published` are the
    /// broadcast instant when known, else the start of the air day in `timeZone`; its `alternate` link
    /// is the episode's own page (``Episode/pageURL``); its category is the show's name. The feed's
    /// `updated` is its newest entry's, or `updated` when it has none.
    ///
    /// - Parameters:
    ///   - episodes: the episodes, in the order the entries are written (newest first, usually).
    ///   - id: the feed's permanent IRI.
    ///   - title: the feed's title.
    ///   - links: the feed's links: its own address as `self`, the page it mirrors as `alternate`.
    ///   - authors: the feed's authors (when empty, the writer adds one named `AtomFeed.defaultAuthorName`).
    ///   - entryIDPrefix: what comes before each episode's id in its entry's id.
    ///   - timeZone: the zone whose midnight starts an air day, for episodes without a broadcast instant.
    ///   - updated: the feed's `updated` when it has no entry.
    public func atomFeed(
        of episodes: [Episode], id: String, title: String, links: [AtomLink] = [], authors: [AtomPerson] = [],
        entryIDPrefix: String, timeZone: TimeZone, updated: Date
    ) -> AtomFeed {
        var entries: [AtomEntry] = []
        for episode in episodes {
            guard let day = episode.airDay else { continue }
            let instant = episode.broadcast ?? day.start(in: timeZone)
            var categories = [show(episode.showID)?.name ?? episode.showID]
            if let crossover = crossover(of: episode.id) { categories.append(crossover.name) }
            entries.append(AtomEntry(
                id: entryIDPrefix + episode.id.rawValue, title: headline(of: episode), updated: instant, published: instant,
                summary: summary(of: episode) + " Aired \(day.description).",
                links: episode.pageURL.map { [AtomLink(href: $0, relation: "alternate", mediaType: "text/html")] } ?? [],
                categories: categories))
        }
        return AtomFeed(
            id: id, title: title, updated: entries.map(\.updated).max() ?? updated, authors: authors, links: links,
            generator: "Airdate WatchOrder", entries: entries)
    }
}
