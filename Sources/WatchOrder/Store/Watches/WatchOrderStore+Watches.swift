public import AirdateCore
public import Foundation
import GRDB
import AirdateStore

/// The owner's watches: recording and removing them (one episode, everything up to one, a season,
/// a show, the next one), plays, skips, shows' statuses and rewatch sessions. Every method that
/// changes something is one write transaction and one logged change (see ``undo(undoneAt:)``).
extension WatchOrderStore {
    // MARK: Watching

    /// Records episodes as watched; `date`, when given, is the time of the watch (else the store's
    /// clock's time). An episode already watched changes nothing and keeps its time — in the active
    /// rewatch session covering its show, when there is one, "already watched" means watched in that
    /// session, and a new watch belongs to the session.
    ///
    /// - Returns: what changed: the ids newly watched, those already watched, and those that name no
    ///   stored episode (recorded anyway, so the watch counts once the episode is listed).
    @discardableResult
    public func watch(_ ids: [EpisodeID], watchedAt date: Date?) async throws(WatchOrderStoreError) -> WatchSummary {
        let time = (date ?? clock.now).timeIntervalSince1970
        let (log, watches) = (changeLog, watches)
        return try await database.write { db in
            try log.record(.watch, at: Date(timeIntervalSince1970: time), in: db) { db in
                let summary = try watches.insertFirstWatches(ids, time: time, in: db)
                return (summary, ChangeDetail(.watch, summary))
            }
        }
    }

    /// Removes episodes' watches: in the active rewatch session covering an episode's show, its
    /// watches in that session; otherwise every watch of it.
    ///
    /// - Returns: the ids that were watched (and no longer are), in the order given; an id that was
    ///   not watched changes nothing and is left out.
    @discardableResult
    public func unwatch(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.unwatch, at: now, in: db) { db in
                let removed = try watches.deleteWatches(ids, in: db)
                return (removed, ChangeDetail(.unwatch, count: removed.count))
            }
        }
    }

    /// Records every aired visible episode up to and including `id` in the named order `orderID`
    /// (the order the owner chose when `nil`) as watched.
    ///
    /// The watch order is read, merged and written in one write transaction: another process's
    /// change (a refresh, new rules, other watches) lands wholly before or wholly after it.
    ///
    /// - Returns: what changed; its ``WatchSummary/episodes`` are the episodes concerned, in watch order.
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` when no order has that id.
    @discardableResult
    public func watch(through id: EpisodeID, order orderID: String?, at clock: ViewerClock) async throws(WatchOrderStoreError)
        -> WatchSummary
    {
        let clock = clock.frozen()
        let (log, watches) = (changeLog, watches)
        return try await database.write { [self] db in
            try log.record(.watch, at: clock.now, in: db) { db in
                let state = try fetchState(db)
                var order = state.order
                if let orderID {
                    guard let named = state.order(id: orderID) else {
                        throw WatchOrderStoreError.unknownOrder(orderID, known: state.orders.map(\.id))
                    }
                    order = named
                }
                let list: WatchList
                do throws(WatchOrderError) { list = try state.watchList(in: order) } catch { throw WatchOrderStoreError.order(error) }
                let ids = state.checklist.episodes(through: id, in: list, at: clock)
                let summary = try watches.insertFirstWatches(ids, time: clock.now.timeIntervalSince1970, in: db)
                return (summary, ChangeDetail(.watchThrough, summary, episode: id))
            }
        }
    }

    /// Records a show, or one season of it, as watched, skipping unaired episodes (in one write
    /// transaction, as ``watch(through:order:at:)``).
    ///
    /// - Returns: what changed; its ``WatchSummary/episodes`` are the episodes concerned, in watch order.
    @discardableResult
    public func watch(show showID: String, season: Int?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        let clock = clock.frozen()
        let (log, watches) = (changeLog, watches)
        return try await database.write { [self] db in
            try log.record(.watch, at: clock.now, in: db) { db in
                let state = try fetchState(db)
                let ids = state.checklist.airedEpisodes(ofShow: showID, season: season, in: try Self.watchList(of: state), at: clock)
                let summary = try watches.insertFirstWatches(ids, time: clock.now.timeIntervalSince1970, in: db)
                return (summary, ChangeDetail(.watchShow, summary, show: showID, season: season))
            }
        }
    }

    /// Records the next episode to watch — overall (``UpNext/next``), or of the show `showID` (its
    /// first aired episode not done, whether or not the show is selected) — in one write
    /// transaction: two viewers (or processes) that each watch "the next one" record two episodes,
    /// never the same one twice.
    ///
    /// - Returns: what changed (one newly watched episode), or an empty summary when nothing aired
    ///   is left to watch.
    @discardableResult
    public func watchNext(ofShow showID: String?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        let clock = clock.frozen()
        let (log, watches) = (changeLog, watches)
        return try await database.write { [self] db in
            try log.record(.watch, at: clock.now, in: db) { db in
                var state = try fetchState(db)
                let list = try Self.watchList(of: state)
                let next: Episode?
                if let showID {
                    state.checklist.selectedShows = [showID]
                    state.checklist.showStatus[showID] = nil  // named, so looked at even when hidden
                    next = state.checklist.upNextByShow(in: list, at: clock)[showID]
                } else {
                    next = state.checklist.next(in: list, at: clock)
                }
                guard let next else { return (WatchSummary(), ChangeDetail(.watchNext)) }
                let summary = try watches.insertFirstWatches([next.id], time: clock.now.timeIntervalSince1970, in: db)
                return (summary, ChangeDetail(.watchNext, summary, episode: next.id))
            }
        }
    }

    /// Records another watch of each episode, watched before or not (a rewatch of single episodes
    /// outside a session, or a second play), at `date` (else the store's clock's time); in the
    /// active rewatch covering its show, the watch belongs to that session.
    ///
    /// - Returns: the ids given that name a stored episode, and those that name none (recorded anyway).
    @discardableResult
    public func rewatch(_ ids: [EpisodeID], watchedAt date: Date?) async throws(WatchOrderStoreError) -> WatchSummary {
        let time = (date ?? clock.now).timeIntervalSince1970
        let (log, watches) = (changeLog, watches)
        return try await database.write { db in
            try log.record(.rewatchPlay, at: Date(timeIntervalSince1970: time), in: db) { db in
                let summary = try watches.insertPlays(ids, time: time, in: db)
                return (summary, ChangeDetail(.rewatch, count: ids.count))
            }
        }
    }

    /// Removes the most recent watch of each episode (the inverse of ``rewatch(_:watchedAt:)``: a play
    /// recorded by mistake); an episode with one watch loses it, as ``unwatch(_:)`` would.
    ///
    /// - Returns: the ids that lost a watch.
    @discardableResult
    public func unwatchLast(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.unwatch, at: now, in: db) { db in
                let removed = try watches.deleteLastWatches(ids, in: db)
                return (removed, ChangeDetail(.unwatchLast, count: removed.count))
            }
        }
    }

    /// Removes the watches of every visible episode up to and including `id` in the watch order (the
    /// inverse of ``watch(through:at:)``), in one transaction: watches in the active rewatch covering
    /// each show, else every watch.
    ///
    /// - Returns: the ids whose watches were removed, in watch order.
    @discardableResult
    public func unwatch(through id: EpisodeID) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { [self] db in
            try log.record(.unwatch, at: now, in: db) { db in
                let state = try fetchState(db)
                let list = try Self.watchList(of: state)
                guard let end = list.position(of: id) else { return ([], ChangeDetail(.unwatchThrough, episode: id)) }
                let ids = list.episodes[...end].filter { state.checklist.isVisible($0) }.map(\.id)
                let removed = try watches.deleteWatches(ids, in: db)
                return (removed, ChangeDetail(.unwatchThrough, count: removed.count, episode: id))
            }
        }
    }

    /// Removes the watches of a show, or of one season of it: every listed episode of it, aired or
    /// not, in one transaction (the inverse of ``watch(show:season:at:)``).
    ///
    /// - Returns: the ids whose watches were removed, in list order; empty when none was watched.
    @discardableResult
    public func unwatch(show showID: String, season: Int?) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.unwatch, at: now, in: db) { db in
                let ids = try CatalogueTables.episodeIDs(ofShow: showID, season: season, in: db)
                let removed = try watches.deleteWatches(ids, in: db)
                return (removed, ChangeDetail(.unwatchShow, count: removed.count, show: showID, season: season))
            }
        }
    }

    // MARK: Skips and shows

    /// Skips episodes: done for up next and the "behind" counts, not watched.
    ///
    /// - Returns: the ids newly skipped (one already skipped changes nothing).
    @discardableResult
    public func skip(_ ids: [EpisodeID], skippedAt date: Date?) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (time, log, watches) = (date ?? clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.skip, at: time, in: db) { db in
                let skipped = try watches.skip(ids, at: time, in: db)
                return (skipped, ChangeDetail(.skip, count: skipped.count))
            }
        }
    }

    /// Takes episodes' skips back (the inverse of ``skip(_:skippedAt:)``).
    ///
    /// - Returns: the ids that were skipped and no longer are.
    @discardableResult
    public func unskip(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.skip, at: now, in: db) { db in
                let removed = try watches.unskip(ids, in: db)
                return (removed, ChangeDetail(.unskip, count: removed.count))
            }
        }
    }

    /// Sets a show's status: a hidden show is shown nowhere, a dropped one leaves up next and coming
    /// soon (see ``Checklist``; their episodes, watches and history are kept either way);
    /// ``ShowStatus/watching`` brings a show back.
    ///
    /// - Returns: the status the show had before.
    @discardableResult
    public func setStatus(_ status: ShowStatus, ofShow showID: String, changedAt date: Date?) async throws(WatchOrderStoreError)
        -> ShowStatus
    {
        let (time, log, watches) = (date ?? clock.now, changeLog, watches)
        return try await database.write { db in
            try log.record(.showStatus, at: time, in: db) { db in
                let before = try watches.status(ofShow: showID, in: db)
                if status != before { try watches.setStatus(status, ofShow: showID, at: time, in: db) }
                return (before, ChangeDetail(.showStatus, show: showID, statusBefore: before, statusAfter: status))
            }
        }
    }

    /// Sets the one "hidden" setting: afterwards exactly `ids` are hidden (shown nowhere, see
    /// ``Checklist``). Other hidden shows are shown again, dropped shows not named stay dropped, and a
    /// selection of shows made with ``setSelectedShows(_:)`` is cleared — its unselected shows are
    /// what `ids` hides now. One logged change (one ``undo(undoneAt:)``); nothing is logged when the
    /// shows hidden already are these and nothing is selected.
    public func setHiddenShows(_ ids: Set<String>, changedAt date: Date?) async throws(WatchOrderStoreError) {
        let (time, log, watches, settings) = (date ?? clock.now, changeLog, watches, settings)
        try await database.write { db in
            try log.record(.showStatus, at: time, in: db) { db in
                let statuses = try watches.statusByShow(db)
                for (showID, status) in statuses.sorted(by: { $0.key < $1.key }) where status == .hidden && !ids.contains(showID) {
                    try watches.setStatus(.watching, ofShow: showID, at: time, in: db)
                }
                for showID in ids.sorted() where statuses[showID] != .hidden {
                    try watches.setStatus(.hidden, ofShow: showID, at: time, in: db)
                }
                try settings.write(.selectedShows, nil, in: db)
                return ((), ChangeDetail(.hiddenShows, hiddenShows: ids.sorted()))
            }
        }
    }

    // MARK: Rewatch sessions

    /// Starts a rewatch session over `shows` (show ids; empty for every show). While it is active,
    /// watches of those shows belong to the session and up next follows them.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/rewatchOverlaps`` when a show is already covered by an
    ///   active session; ``WatchOrderStoreError/Code/invalidRewatch`` for an empty name.
    @discardableResult
    public func startRewatch(named name: String, shows: Set<String>, startedAt date: Date?) async throws(WatchOrderStoreError)
        -> RewatchSession
    {
        let (time, log, watches) = (date ?? clock.now, changeLog, watches)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalidRewatch("a rewatch needs a name") }
        return try await database.write { db in
            for session in try watches.activeSessions(db) {
                if let show = shows.isEmpty ? (session.shows.sorted().first ?? "every show")
                    : (session.shows.isEmpty ? shows.sorted().first : shows.intersection(session.shows).sorted().first)
                {
                    throw WatchOrderStoreError.rewatchOverlaps(show: show, session: session.name)
                }
            }
            return try log.record(.rewatch, at: time, in: db) { db in
                let session = try watches.startSession(named: name, shows: shows, at: time, in: db)
                return (session, ChangeDetail(.startRewatch, rewatchName: name))
            }
        }
    }

    /// Ends an active rewatch session (its watches are kept; up next follows the first watches again).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/invalidRewatch`` when no active session has this id.
    @discardableResult
    public func endRewatch(_ id: RewatchSession.ID, endedAt date: Date?) async throws(WatchOrderStoreError) -> RewatchSession {
        let (time, log, watches) = (date ?? clock.now, changeLog, watches)
        return try await database.write { db in
            guard var session = try watches.activeSessions(db).first(where: { $0.id == id }) else {
                throw WatchOrderStoreError.invalidRewatch("no rewatch under way has the id \(id)")
            }
            return try log.record(.rewatch, at: time, in: db) { db in
                try watches.sessions.filter(key: id).updateAll(db, Column("endedAt").set(to: time.timeIntervalSince1970))
                session.endedAt = time
                return (session, ChangeDetail(.endRewatch, rewatchName: session.name))
            }
        }
    }

    /// Removes a rewatch session and its watches (a session started by mistake). One logged change:
    /// ``undo(undoneAt:)`` brings both back.
    ///
    /// - Returns: how many watches went with it.
    @discardableResult
    public func removeRewatch(_ id: RewatchSession.ID) async throws(WatchOrderStoreError) -> Int {
        let (now, log, watches) = (clock.now, changeLog, watches)
        return try await database.write { db in
            guard let session = try watches.sessions.filter(key: id).fetchOne(db) else {
                throw WatchOrderStoreError.invalidRewatch("no rewatch has the id \(id)")
            }
            return try log.record(.rewatch, at: now, in: db) { db in
                let removed = try watches.watches.filter(Column("session") == id).deleteAll(db)
                try watches.sessions.filter(key: id).deleteAll(db)
                return (removed, ChangeDetail(.removeRewatch, rewatchName: session.name, watches: removed))
            }
        }
    }
}
