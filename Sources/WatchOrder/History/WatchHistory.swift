import AirdateCore
public import Foundation

/// Every watch a store holds, with the rewatch sessions: what a history view, play counts and time
/// watched are made from. Read with ``WatchOrderStore/history(_:)``.
///
/// ```swift
/// let history = try await store.history(HistoryQuery(show: "arrow"))
/// for watch in history.watches.reversed() { print(watch.episodeID, watch.watchedAt ?? "time unknown") }
/// let hours = history.watchTime(in: list, timeZone: .current).total.duration
/// ```
public struct WatchHistory: Sendable, Hashable {
    /// The watches, oldest first: watches with no known time first (by ``EpisodeWatch/id``), then by
    /// time, ties by id.
    public var watches: [EpisodeWatch]
    /// The rewatch sessions, oldest first, each with the episodes watched in it.
    public var sessions: [RewatchSession]

    /// Creates a history; `watches` are put in order.
    public init(watches: [EpisodeWatch], sessions: [RewatchSession] = []) {
        self.watches = watches.sorted(by: WatchHistory.inOrder)
        self.sessions = sessions
    }

    /// The order of ``watches``.
    static func inOrder(_ a: EpisodeWatch, _ b: EpisodeWatch) -> Bool {
        switch (a.watchedAt, b.watchedAt) {
        case (nil, nil): return a.id < b.id
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x == y ? a.id < b.id : x < y
        }
    }

    /// The watches of one episode, oldest first.
    public func watches(of id: EpisodeID) -> [EpisodeWatch] { watches.filter { $0.episodeID == id } }

    /// How many times the episode was watched (its watches, in every session).
    public func playCount(of id: EpisodeID) -> Int { watches.reduce(0) { $0 + ($1.episodeID == id ? 1 : 0) } }

    /// Every watched episode's play count.
    public var playCounts: [EpisodeID: Int] {
        watches.reduce(into: [:]) { $0[$1.episodeID, default: 0] += 1 }
    }

    /// The time spent watching, per show and calendar month (of `timeZone`), from the episodes'
    /// runtimes in `list`: each watch counts its episode's runtime once.
    ///
    /// An episode without a runtime is counted with the median runtime of its show's episodes that
    /// have one (``WatchTime/estimated``), else with `fallbackRuntime`, else not at all
    /// (``WatchTime/withoutRuntime``): the report never passes a guess off as a fact.
    public func watchTime(in list: WatchList, timeZone: TimeZone, fallbackRuntime: Duration? = nil) -> WatchTimeReport {
        var runtimes: [EpisodeID: Duration] = [:]
        var known: [String: [Duration]] = [:]
        for episode in list.episodes {
            guard let runtime = episode.runtime else { continue }
            runtimes[episode.id] = runtime
            known[episode.showID, default: []].append(runtime)
        }
        let medians = known.mapValues { values -> Duration in
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
        var rows: [WatchTimeReport.Key: WatchTime] = [:]
        for watch in watches {
            let showID = list.episode(watch.episodeID)?.showID ?? watch.episodeID.showID
            let month = watch.watchedAt.map { CalendarDay(containing: $0, in: timeZone).firstDayOfMonth }
            var time = rows[WatchTimeReport.Key(showID: showID, month: month)] ?? WatchTime()
            time.watches += 1
            if let runtime = runtimes[watch.episodeID] {
                time.duration += runtime
            } else if let estimate = medians[showID] ?? fallbackRuntime {
                time.duration += estimate
                time.estimated += 1
            } else {
                time.withoutRuntime += 1
            }
            rows[WatchTimeReport.Key(showID: showID, month: month)] = time
        }
        return WatchTimeReport(rows: rows.map { WatchTimeReport.Row(showID: $0.key.showID, month: $0.key.month, time: $0.value) })
    }
}

/// Which watches ``WatchOrderStore/history(_:)`` reads.
public struct HistoryQuery: Sendable, Hashable {
    /// Only watches of this show id; `nil` for every show.
    public var show: String?
    /// Only watches at or after this instant (watches with no known time are left out when set).
    public var from: Date?
    /// Only watches before this instant (watches with no known time are left out when set).
    public var until: Date?
    /// Only watches of this rewatch session (``RewatchSession/ID``); `nil` for every watch.
    public var rewatch: RewatchSession.ID?
    /// At most this many watches, the most recent kept; `nil` for all.
    public var limit: Int?

    /// A query; the defaults read every watch.
    public init(show: String? = nil, from: Date? = nil, until: Date? = nil, rewatch: RewatchSession.ID? = nil, limit: Int? = nil) {
        self.show = show
        self.from = from
        self.until = until
        self.rewatch = rewatch
        self.limit = limit
    }
}
