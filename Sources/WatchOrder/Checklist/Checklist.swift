public import AirdateCore
import Foundation

/// A viewer's watched marks and view settings over a ``WatchList``: what is watched, skipped, which
/// shows are hidden or dropped, and the rewatch sessions under way.
///
/// "Aired" is decided by ``Episode/hasAired(at:)`` from the `now` and time zone passed in, so the
/// checklist never reads the clock itself.
///
/// An episode is *done* for up next (``isDone(_:)``) when it is watched — in the active rewatch that
/// covers its show, if there is one — or skipped.
///
/// Two statuses take a show out, each its own way: a **hidden** show (``ShowStatus/hidden``) is not
/// shown anywhere — lists, up next, coming soon, progress, feeds, calendars, reminders
/// (``isVisible(_:)`` is false for its episodes) — until it is shown again; a **dropped** show
/// (``ShowStatus/dropped``, the viewer stopped following it) is left out of up next, coming soon and
/// the "episodes behind" counts only, and stays listed with its progress.
public struct Checklist: Sendable, Hashable, Codable {
    /// The episodes watched at least once (in any session).
    public var watched: Set<EpisodeID>
    /// Whether specials (episodes with no number in season) are left out of lists, up next and progress.
    public var hidesSpecials: Bool
    /// The shows shown; `nil` for all.
    public var selectedShows: Set<String>?
    /// The episodes skipped: done for up next, not watched.
    public var skipped: Set<EpisodeID>
    /// The status of each show that is not ``ShowStatus/watching`` (hidden or dropped).
    public var showStatus: [String: ShowStatus]
    /// The active rewatch sessions, each with the episodes watched in it.
    public var rewatches: [RewatchSession]

    /// Creates a checklist.
    public init(
        watched: Set<EpisodeID> = [], hidesSpecials: Bool = false, selectedShows: Set<String>? = nil,
        skipped: Set<EpisodeID> = [], showStatus: [String: ShowStatus] = [:], rewatches: [RewatchSession] = []
    ) {
        self.watched = watched
        self.hidesSpecials = hidesSpecials
        self.selectedShows = selectedShows
        self.skipped = skipped
        self.showStatus = showStatus.filter { $0.value != .watching }
        self.rewatches = rewatches
    }

    private enum CodingKeys: String, CodingKey {
        case watched, hidesSpecials, selectedShows, skipped, showStatus, rewatches
    }

    /// Decodes a checklist; the fields added with the watch history (skipped, show status,
    /// rewatches) may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        watched = try container.decode(Set<EpisodeID>.self, forKey: .watched)
        hidesSpecials = try container.decode(Bool.self, forKey: .hidesSpecials)
        selectedShows = try container.decodeIfPresent(Set<String>.self, forKey: .selectedShows)
        skipped = try container.decodeIfPresent(Set<EpisodeID>.self, forKey: .skipped) ?? []
        showStatus = try container.decodeIfPresent([String: ShowStatus].self, forKey: .showStatus) ?? [:]
        rewatches = try container.decodeIfPresent([RewatchSession].self, forKey: .rewatches) ?? []
    }

    // MARK: Status, rewatches, skips

    /// The show's status (``ShowStatus/watching`` unless hidden or dropped).
    public func status(ofShow showID: String) -> ShowStatus { showStatus[showID] ?? .watching }

    /// Whether the show takes part in up next and coming soon (it is neither hidden nor dropped).
    public func isInUpNext(showID: String) -> Bool { status(ofShow: showID) == .watching }

    /// The active rewatch session covering the show, if any (the most recent when several would).
    public func rewatch(coveringShow showID: String) -> RewatchSession? {
        rewatches.last { $0.isActive && $0.covers(showID: showID) }
    }

    /// Whether an episode is skipped.
    public func isSkipped(_ id: EpisodeID) -> Bool { skipped.contains(id) }

    /// Whether the episode is done for up next: skipped, or watched — in the active rewatch covering
    /// its show when there is one, else at all.
    public func isDone(_ episode: Episode) -> Bool {
        if skipped.contains(episode.id) { return true }
        if let session = rewatch(coveringShow: episode.showID) { return session.watched.contains(episode.id) }
        return watched.contains(episode.id)
    }

    /// Whether an episode is shown under the current settings: not a special when specials are
    /// hidden, of a selected show, and not of a hidden show (``ShowStatus/hidden``).
    public func isVisible(_ episode: Episode) -> Bool {
        if hidesSpecials && episode.isSpecial { return false }
        if let selectedShows, !selectedShows.contains(episode.showID) { return false }
        return showStatus[episode.showID] != .hidden
    }

    /// The shows hidden (``ShowStatus/hidden``): shown nowhere until shown again.
    public var hiddenShows: Set<String> { Set(showStatus.filter { $0.value == .hidden }.keys) }

    /// Whether an episode is marked watched.
    public func isWatched(_ id: EpisodeID) -> Bool { watched.contains(id) }

    /// The visible episodes, in watch order.
    public func episodes(in list: WatchList) -> [Episode] { list.episodes.filter(isVisible) }

    // MARK: Marking

    /// Marks one episode watched.
    public mutating func watch(_ id: EpisodeID) { watched.insert(id) }

    /// Removes one episode's mark.
    public mutating func unwatch(_ id: EpisodeID) { watched.remove(id) }

    /// The aired visible episodes up to and including `id` in the watch order ("everything before
    /// this"), plus `id` itself; empty when `id` is not in the list.
    public func episodes(through id: EpisodeID, in list: WatchList, at clock: ViewerClock) -> [EpisodeID] {
        let now = clock.now, timeZone = clock.timeZone
        guard let end = list.position(of: id) else { return [] }
        var result = list.episodes[...end].filter { isVisible($0) && $0.hasAired(at: now, in: timeZone) }.map(\.id)
        if result.last != id { result.append(id) }
        return result
    }

    /// Marks everything up to and including `id` in the watch order (aired, visible episodes).
    public mutating func watch(through id: EpisodeID, in list: WatchList, at clock: ViewerClock) {
        watched.formUnion(episodes(through: id, in: list, at: clock))
    }

    /// The aired episodes of a show (or of one of its seasons); unaired ones are skipped.
    public func airedEpisodes(
        ofShow showID: String, season: Int? = nil, in list: WatchList, at clock: ViewerClock
    ) -> [EpisodeID] {
        let now = clock.now, timeZone = clock.timeZone
        return list.episodes.filter {
            $0.showID == showID && (season == nil || $0.season == season) && $0.hasAired(at: now, in: timeZone)
                && !(hidesSpecials && $0.isSpecial)
        }.map(\.id)
    }

    /// The listed episodes of a show (or of one of its seasons) that are marked watched, in watch
    /// order — aired or not, visible or not: what unmarking the show or season removes.
    public func watchedEpisodes(ofShow showID: String, season: Int? = nil, in list: WatchList) -> [EpisodeID] {
        list.episodes.filter {
            $0.showID == showID && (season == nil || $0.season == season) && watched.contains($0.id)
        }.map(\.id)
    }

    /// Removes the marks of a whole show, or of one season of it (every listed episode of it).
    public mutating func unwatch(show showID: String, season: Int? = nil, in list: WatchList) {
        watched.subtract(watchedEpisodes(ofShow: showID, season: season, in: list))
    }

    /// Marks a whole show, or one season of it, skipping unaired episodes.
    public mutating func watch(
        show showID: String, season: Int? = nil, in list: WatchList, at clock: ViewerClock
    ) {
        watched.formUnion(airedEpisodes(ofShow: showID, season: season, in: list, at: clock))
    }

    // MARK: Up next

    /// Up next, coming soon (at most `comingSoonLimit`) and progress in `list`, all at one instant
    /// of `clock`: the one answer a command line, an API and a page show, so that they agree.
    /// Its ``UpNext/shows`` are ordered by air date (see ``upNextPerShow(in:at:)``).
    public func upNext(in list: WatchList, at clock: ViewerClock, comingSoonLimit: Int = 5) -> UpNext {
        let clock = clock.frozen()  // one instant for next, the shows, coming soon and progress
        return UpNext(
            next: next(in: list, at: clock),
            shows: upNextPerShow(in: list, at: clock),
            comingSoon: comingSoon(in: list, at: clock, limit: comingSoonLimit),
            progress: progress(in: list, at: clock))
    }

    /// Per show in up next (neither hidden nor dropped), the first visible aired episode not done
    /// (``isDone(_:)``), in watch order.
    public func upNextByShow(in list: WatchList, at clock: ViewerClock) -> [String: Episode] {
        let now = clock.now, timeZone = clock.timeZone
        var result: [String: Episode] = [:]
        for episode in list.episodes where result[episode.showID] == nil && isVisible(episode)
            && isInUpNext(showID: episode.showID) && !isDone(episode) && episode.hasAired(at: now, in: timeZone)
        {
            result[episode.showID] = episode
        }
        return result
    }

    /// Each visible show's next episode, in the order of ``upNextPerShow(in:at:)``: the one that
    /// aired longest ago first (the show the viewer is furthest behind on leads), ties by broadcast
    /// instant, then in watch order.
    public func upNextByAirDate(in list: WatchList, at clock: ViewerClock) -> [Episode] {
        upNextPerShow(in: list, at: clock).map(\.next)
    }

    /// Whether `a` comes before `b` in up next: the earlier air day first, then the earlier
    /// broadcast instant (on one day, episodes whose instant is unknown come after those whose
    /// instant is known), then the earlier place in the watch order (`aPosition`, `bPosition`);
    /// episodes with no air day last. The one ordering of up next (a strict weak order: every
    /// episode has one key, so sorting by it is stable from run to run).
    static func airsBefore(_ a: Episode, _ aPosition: Int, _ b: Episode, _ bPosition: Int) -> Bool {
        let x = a.airDay?.daysSince1970 ?? Int.max, y = b.airDay?.daysSince1970 ?? Int.max
        if x != y { return x < y }
        switch (a.broadcast, b.broadcast) {
        case (let p?, let q?) where p != q: return p < q
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if aPosition != bPosition { return aPosition < bPosition }
        return a.id < b.id
    }

    /// Each show in up next with its next episode and how many aired episodes are left to watch,
    /// by air date: the show whose next episode aired longest ago first, ties by broadcast instant
    /// (The Flash at 8 pm before Arrow at 9 pm the same night), then in watch order; episodes with
    /// no air day last. What ``upNext(in:at:comingSoonLimit:)`` gives as ``UpNext/shows``.
    public func upNextPerShow(in list: WatchList, at clock: ViewerClock) -> [ShowUpNext] {
        let clock = clock.frozen()
        let now = clock.now, timeZone = clock.timeZone
        var next: [String: (episode: Episode, position: Int)] = [:]
        var behind: [String: Int] = [:]
        for (position, episode) in list.episodes.enumerated() where isVisible(episode) && isInUpNext(showID: episode.showID)
            && !isDone(episode) && episode.hasAired(at: now, in: timeZone)
        {
            behind[episode.showID, default: 0] += 1
            if next[episode.showID] == nil { next[episode.showID] = (episode, position) }
        }
        let ordered = next.values.sorted { Self.airsBefore($0.episode, $0.position, $1.episode, $1.position) }
        return ordered.compactMap { entry in
            guard let show = list.show(entry.episode.showID) else { return nil }
            return ShowUpNext(show: show, next: entry.episode, behind: behind[show.id] ?? 0,
                              rewatch: rewatch(coveringShow: show.id)?.id)
        }
    }

    /// How many aired, visible episodes of the show are not done (``isDone(_:)``) — 0 for a hidden
    /// or dropped show.
    public func episodesBehind(show showID: String, in list: WatchList, at clock: ViewerClock) -> Int {
        guard isInUpNext(showID: showID) else { return 0 }
        let now = clock.now, timeZone = clock.timeZone
        return list.episodes.reduce(0) { count, episode in
            count + (episode.showID == showID && isVisible(episode) && !isDone(episode) && episode.hasAired(at: now, in: timeZone) ? 1 : 0)
        }
    }

    /// The first visible aired episode not done (``isDone(_:)``) of a show in up next, in watch
    /// order; never an unaired one.
    public func next(in list: WatchList, at clock: ViewerClock) -> Episode? {
        let now = clock.now, timeZone = clock.timeZone
        return list.episodes.first {
            isVisible($0) && isInUpNext(showID: $0.showID) && !isDone($0) && $0.hasAired(at: now, in: timeZone)
        }
    }

    /// Visible episodes that have not aired, in watch order (their ``Episode/airDay`` says when,
    /// `nil` when TBA), of every show in up next or of `showID` only.
    public func comingSoon(in list: WatchList, show showID: String? = nil, at clock: ViewerClock, limit: Int = .max) -> [Episode] {
        let now = clock.now, timeZone = clock.timeZone
        return Array(list.episodes.lazy.filter {
            self.isVisible($0) && (showID == nil ? self.isInUpNext(showID: $0.showID) : $0.showID == showID)
                && !$0.hasAired(at: now, in: timeZone)
        }.prefix(limit))
    }

    /// The shows shown under the current settings (selected, not hidden), in the list's order.
    public func visibleShows(in list: WatchList) -> [Show] {
        list.shows.filter { (selectedShows?.contains($0.id) ?? true) && showStatus[$0.id] != .hidden }
    }

    // MARK: WatchProgress

    /// Progress through each visible show of `list` (in the list's order) and through each of its
    /// seasons, in one pass over the list. Shows with no visible episode are left out.
    public func progressByShow(in list: WatchList, at clock: ViewerClock) -> [ShowProgress] {
        let now = clock.now, timeZone = clock.timeZone
        var shows: [String: (total: WatchProgress, seasons: [Int: WatchProgress])] = [:]
        for episode in list.episodes where isVisible(episode) {
            var entry = shows[episode.showID] ?? (WatchProgress(), [:])
            let aired = episode.hasAired(at: now, in: timeZone), seen = watched.contains(episode.id)
            entry.total.count(aired: aired, watched: seen)
            entry.seasons[episode.season, default: WatchProgress()].count(aired: aired, watched: seen)
            shows[episode.showID] = entry
        }
        return list.shows.compactMap { show in
            guard let entry = shows[show.id] else { return nil }
            return ShowProgress(
                show: show, progress: entry.total,
                seasons: entry.seasons.keys.sorted().map { ShowProgress.Season(season: $0, progress: entry.seasons[$0] ?? WatchProgress()) })
        }
    }

    /// Progress through a rewatch session: its watched episodes over the visible episodes of the
    /// shows it covers.
    public func progress(of session: RewatchSession, in list: WatchList, at clock: ViewerClock) -> WatchProgress {
        let now = clock.now, timeZone = clock.timeZone
        var progress = WatchProgress()
        for episode in list.episodes where isVisible(episode) && session.covers(showID: episode.showID) {
            progress.total += 1
            if episode.hasAired(at: now, in: timeZone) { progress.aired += 1 }
            if session.watched.contains(episode.id) { progress.watched += 1 }
        }
        return progress
    }

    /// Progress over the visible episodes of `list`, optionally one show, optionally one season.
    public func progress(
        in list: WatchList, show showID: String? = nil, season: Int? = nil, at clock: ViewerClock
    ) -> WatchProgress {
        let now = clock.now, timeZone = clock.timeZone
        var progress = WatchProgress()
        for episode in list.episodes where isVisible(episode)
            && (showID == nil || episode.showID == showID) && (season == nil || episode.season == season)
        {
            progress.total += 1
            if episode.hasAired(at: now, in: timeZone) { progress.aired += 1 }
            if watched.contains(episode.id) { progress.watched += 1 }
        }
        return progress
    }
}
