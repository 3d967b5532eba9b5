import AirdateCore
public import AirdateStore
public import Foundation
import GRDB

/// The watch history: plays, skips, hidden and dropped shows, rewatch sessions, the history itself
/// and undo. Every method that changes something is one write transaction and one logged change.
extension WatchOrderStore {
    // MARK: Plays

    /// Records another watch of each episode, watched before or not (a rewatch of single episodes
    /// outside a session, or a second play), at `date` (else the store's clock's time); in the
    /// active rewatch covering its show, the watch belongs to that session.
    ///
    /// - Returns: the ids given that name a stored episode, and those that name none (recorded anyway).
    @discardableResult
    public func rewatch(_ ids: [EpisodeID], watchedAt date: Date? = nil) async throws(WatchOrderStoreError) -> WatchSummary {
        let time = (date ?? clock.now).timeIntervalSince1970
        return try await database.write { db in
            try ChangeLog.record(.rewatchPlay, at: Date(timeIntervalSince1970: time), in: db) { db in
                let sessions = try Self.activeSessions(db)
                var summary = WatchSummary()
                for id in ids {
                    let session = sessions.last { $0.covers(showID: id.showID) }?.id
                    try Self.insertWatch(id, time: time, session: session, source: nil, in: db)
                    let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM episode WHERE id = ?", arguments: [id.rawValue]) ?? false
                    if known { summary.episodes.append(id); summary.newlyWatched.append(id) } else { summary.unknown.append(id) }
                }
                return (summary, "Recorded another watch of \(Self.count(ids.count, "episode"))")
            }
        }
    }

    /// Removes the most recent watch of each episode (the inverse of ``rewatch(_:watchedAt:)``: a play
    /// recorded by mistake); an episode with one watch loses it, as ``unwatch(_:)`` would.
    ///
    /// - Returns: the ids that lost a watch.
    @discardableResult
    public func unwatchLast(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let now = clock.now
        return try await database.write { db in
            try ChangeLog.record(.unwatch, at: now, in: db) { db in
                var removed: [EpisodeID] = []
                for id in ids {
                    guard let last = try Int64.fetchOne(db, sql: """
                        SELECT id FROM watch WHERE episodeID = ? ORDER BY watchedAt IS NULL, watchedAt DESC, id DESC LIMIT 1
                        """, arguments: [id.rawValue])
                    else { continue }
                    try db.execute(sql: "DELETE FROM watch WHERE id = ?", arguments: [last])
                    removed.append(id)
                }
                return (removed, "Removed the last watch of \(Self.count(removed.count, "episode"))")
            }
        }
    }

    /// Removes the marks of every visible episode up to and including `id` in the watch order (the
    /// inverse of ``watch(through:at:)``), in one transaction: watches in the active rewatch covering
    /// each show, else every watch.
    ///
    /// - Returns: the ids whose mark was removed, in watch order.
    @discardableResult
    public func unwatch(through id: EpisodeID) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let now = clock.now
        return try await database.write { db in
            try ChangeLog.record(.unwatch, at: now, in: db) { db in
                let state = try Self.fetchState(db)
                let list = try Self.watchList(of: state)
                guard let end = list.position(of: id) else { return ([], "") }
                let ids = list.episodes[...end].filter { state.checklist.isVisible($0) }.map(\.id)
                let removed = try Self.deleteMarks(ids, in: db)
                return (removed, "Unmarked \(Self.count(removed.count, "episode")) through \(id)")
            }
        }
    }

    /// Removes the marks of a show, or of one season of it: every listed episode of it, aired or
    /// not, in one transaction (the inverse of ``watch(show:season:at:)``).
    ///
    /// - Returns: the ids whose mark was removed, in list order; empty when none was marked.
    @discardableResult
    public func unwatch(show showID: String, season: Int? = nil) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let now = clock.now
        return try await database.write { db in
            try ChangeLog.record(.unwatch, at: now, in: db) { db in
                let ids = try String.fetchAll(db, sql: """
                    SELECT id FROM episode WHERE showID = ? AND (? IS NULL OR season = ?) ORDER BY listPosition
                    """, arguments: [showID, season, season]).map(EpisodeID.init(rawValue:))
                let removed = try Self.deleteMarks(ids, in: db)
                return (removed, "Unmarked \(Self.count(removed.count, "episode")) of \(showID)\(season.map { " season \($0)" } ?? "")")
            }
        }
    }

    // MARK: Skips and shows

    /// Skips episodes: done for up next and the "behind" counts, not watched. One logged change.
    ///
    /// - Returns: the ids newly skipped (one already skipped changes nothing).
    @discardableResult
    public func skip(_ ids: [EpisodeID], skippedAt date: Date? = nil) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let time = (date ?? clock.now)
        return try await database.write { db in
            try ChangeLog.record(.skip, at: time, in: db) { db in
                var skipped: [EpisodeID] = []
                for id in ids {
                    let before = db.totalChangesCount
                    try db.execute(sql: "INSERT OR IGNORE INTO skipped (episodeID, skippedAt) VALUES (?, ?)",
                                   arguments: [id.rawValue, time.timeIntervalSince1970])
                    if db.totalChangesCount > before { skipped.append(id) }
                }
                return (skipped, "Skipped \(Self.count(skipped.count, "episode"))")
            }
        }
    }

    /// Takes episodes' skips back (the inverse of ``skip(_:skippedAt:)``).
    ///
    /// - Returns: the ids that were skipped and no longer are.
    @discardableResult
    public func unskip(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let now = clock.now
        return try await database.write { db in
            try ChangeLog.record(.skip, at: now, in: db) { db in
                var removed: [EpisodeID] = []
                for id in ids {
                    let before = db.totalChangesCount
                    try db.execute(sql: "DELETE FROM skipped WHERE episodeID = ?", arguments: [id.rawValue])
                    if db.totalChangesCount > before { removed.append(id) }
                }
                return (removed, "Unskipped \(Self.count(removed.count, "episode"))")
            }
        }
    }

    /// Sets a show's status: hidden or dropped shows leave up next (their episodes, marks and history
    /// are kept); ``ShowStatus/watching`` brings a show back. One logged change.
    ///
    /// - Returns: the status the show had before.
    @discardableResult
    public func setStatus(_ status: ShowStatus, ofShow showID: String, changedAt date: Date? = nil) async throws(WatchOrderStoreError) -> ShowStatus {
        let time = date ?? clock.now
        return try await database.write { db in
            try ChangeLog.record(.showStatus, at: time, in: db) { db in
                let before = try String.fetchOne(db, sql: "SELECT status FROM showStatus WHERE showID = ?", arguments: [showID])
                    .flatMap(ShowStatus.init(rawValue:)) ?? .watching
                if status == .watching {
                    try db.execute(sql: "DELETE FROM showStatus WHERE showID = ?", arguments: [showID])
                } else if status != before {
                    try db.execute(sql: """
                        INSERT INTO showStatus (showID, status, changedAt) VALUES (?, ?, ?)
                        ON CONFLICT(showID) DO UPDATE SET status = excluded.status, changedAt = excluded.changedAt
                        """, arguments: [showID, status.rawValue, time.timeIntervalSince1970])
                }
                return (before, "\(showID): \(before.rawValue) → \(status.rawValue)")
            }
        }
    }

    // MARK: Rewatch sessions

    /// Starts a rewatch session over `shows` (show ids; empty for every show). While it is active,
    /// marks of those shows are watches of the session and up next follows them.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/rewatchOverlaps`` when a show is already
    ///   covered by an active session; ``WatchOrderStoreError/Code/invalidRewatch`` for an empty name.
    @discardableResult
    public func startRewatch(named name: String, shows: Set<String> = [], startedAt date: Date? = nil) async throws(WatchOrderStoreError) -> RewatchSession {
        let time = date ?? clock.now
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalidRewatch("a rewatch needs a name") }
        return try await database.write { db in
            let active = try Self.activeSessions(db)
            for session in active {
                if let show = shows.isEmpty ? (session.shows.sorted().first ?? "every show")
                    : (session.shows.isEmpty ? shows.sorted().first : shows.intersection(session.shows).sorted().first)
                {
                    throw WatchOrderStoreError.rewatchOverlaps(show: show, session: session.name)
                }
            }
            return try ChangeLog.record(.rewatch, at: time, in: db) { db in
                try db.execute(
                    sql: "INSERT INTO rewatchSession (name, shows, startedAt) VALUES (?, ?, ?)",
                    arguments: [name, shows.sorted().joined(separator: "\n"), time.timeIntervalSince1970])
                let session = RewatchSession(id: db.lastInsertedRowID, name: name, shows: shows, startedAt: time)
                return (session, "Started the rewatch \"\(name)\"")
            }
        }
    }

    /// Ends an active rewatch session (its watches are kept; up next follows the first watches again).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/invalidRewatch`` when no active session has this id.
    @discardableResult
    public func endRewatch(_ id: RewatchSession.ID, endedAt date: Date? = nil) async throws(WatchOrderStoreError) -> RewatchSession {
        let time = date ?? clock.now
        return try await database.write { db in
            guard var session = try Self.activeSessions(db).first(where: { $0.id == id }) else {
                throw WatchOrderStoreError.invalidRewatch("no rewatch under way has the id \(id)")
            }
            return try ChangeLog.record(.rewatch, at: time, in: db) { db in
                try db.execute(sql: "UPDATE rewatchSession SET endedAt = ? WHERE id = ?", arguments: [time.timeIntervalSince1970, id])
                session.endedAt = time
                return (session, "Ended the rewatch \"\(session.name)\"")
            }
        }
    }

    /// Removes a rewatch session and its watches (a session started by mistake). One logged change:
    /// ``undo(undoneAt:)`` brings both back.
    ///
    /// - Returns: how many watches went with it.
    @discardableResult
    public func removeRewatch(_ id: RewatchSession.ID) async throws(WatchOrderStoreError) -> Int {
        let now = clock.now
        return try await database.write { db in
            guard let name = try String.fetchOne(db, sql: "SELECT name FROM rewatchSession WHERE id = ?", arguments: [id]) else {
                throw WatchOrderStoreError.invalidRewatch("no rewatch has the id \(id)")
            }
            return try ChangeLog.record(.rewatch, at: now, in: db) { db in
                let watches = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM watch WHERE session = ?", arguments: [id]) ?? 0
                try db.execute(sql: "DELETE FROM watch WHERE session = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM rewatchSession WHERE id = ?", arguments: [id])
                return (watches, "Removed the rewatch \"\(name)\" and its \(Self.count(watches, "watch"))")
            }
        }
    }

    // MARK: Reading the history

    /// The watches `query` asks for, with every rewatch session (each with its watched episodes).
    public func history(_ query: HistoryQuery = HistoryQuery()) async throws(WatchOrderStoreError) -> WatchHistory {
        try await database.read { db in try Self.fetchHistory(query, in: db) }
    }

    /// The history, now and after every change of the watches or sessions.
    public nonisolated func observeHistory(_ query: HistoryQuery = HistoryQuery()) -> StoreObservation<WatchHistory> {
        database.observe { db in try Self.fetchHistory(query, in: db) }
    }

    static func fetchHistory(_ query: HistoryQuery, in db: Database) throws -> WatchHistory {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let show = query.show {
            conditions.append("(substr(episodeID, 1, length(?) + 1) = ? || '/')")
            arguments += [show, show]
        }
        if let from = query.from {
            conditions.append("watchedAt >= ?")
            arguments.append(from.timeIntervalSince1970)
        }
        if let until = query.until {
            conditions.append("watchedAt < ?")
            arguments.append(until.timeIntervalSince1970)
        }
        if let rewatch = query.rewatch {
            conditions.append("session = ?")
            arguments.append(rewatch)
        }
        var sql = "SELECT * FROM watch" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        sql += " ORDER BY watchedAt IS NOT NULL, watchedAt, id"
        var watches = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            EpisodeWatch(
                id: row["id"], episodeID: EpisodeID(rawValue: row["episodeID"]),
                watchedAt: (row["watchedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
                rewatch: row["session"], source: row["source"])
        }
        if let limit = query.limit, watches.count > max(0, limit) { watches = Array(watches.suffix(max(0, limit))) }
        var sessions = try Row.fetchAll(db, sql: "SELECT * FROM rewatchSession ORDER BY id").map(session(of:))
        for index in sessions.indices {
            sessions[index].watched = Set(try String.fetchAll(
                db, sql: "SELECT episodeID FROM watch WHERE session = ?", arguments: [sessions[index].id]).map(EpisodeID.init(rawValue:)))
        }
        return WatchHistory(watches: watches, sessions: sessions)
    }

    // MARK: Change log and undo

    /// The most recent changes (newest first), undone ones included (their ``ChangeRecord/undoneAt``
    /// says when): what an app's "recent activity" or undo menu shows.
    public func changes(limit: Int = 20) async throws(WatchOrderStoreError) -> [ChangeRecord] {
        try await database.read { db in try ChangeLog.changes(limit: max(0, limit), in: db) }
    }

    /// Undoes the most recent change that stands — a mark, an unmark, a skip, a show's status, a
    /// rewatch, a setting, a whole import — putting every row it touched back exactly as it was, in
    /// one transaction. Works across processes: the log is in the file. Calling it again undoes the
    /// change before.
    ///
    /// - Returns: the change undone, or `nil` when there is nothing to undo.
    /// - Throws: ``WatchOrderStoreError/Code/undoConflict`` when the rows it touched were changed
    ///   since by something the log does not know (nothing is written).
    @discardableResult
    public func undo(undoneAt date: Date? = nil) async throws(WatchOrderStoreError) -> ChangeRecord? {
        let time = date ?? clock.now
        return try await database.write { db in
            do {
                return try ChangeLog.undoLast(at: time, in: db)
            } catch ChangeLog.UndoFailure.changedSince(let change, _) {
                throw WatchOrderStoreError.undoConflict(change)
            }
        }
    }
}

// MARK: Importing watches

extension WatchOrderStore {
    /// Records the watches of another service's file (matched to listed episodes by the caller —
    /// `WatchOrderImport` does it for Trakt and TV Time), and the statuses it asks for, in one write
    /// transaction and one logged change that ``undo(undoneAt:)`` takes back whole.
    ///
    /// The history becomes the union of both: a watch the store already has (the same episode at
    /// the same instant, within a second; for a watch without a time, any watch of the episode not
    /// already matched) is not recorded again, so importing one file twice adds nothing. Imported
    /// watches belong to no rewatch session and carry `source`. A status is only set on a show the
    /// viewer follows as usual (``ShowStatus/watching``): an import never brings back a show the
    /// viewer hid or dropped here, nor changes one status into another.
    ///
    /// - Parameters:
    ///   - watches: the file's watches, each matched to a listed episode.
    ///   - showStatus: the status the file gives each show, by show id (hidden, dropped).
    ///   - source: the service (`trakt`, `tvtime`), kept as each watch's ``EpisodeWatch/source``.
    ///   - dryRun: work everything out in the transaction, then write nothing.
    /// - Returns: what was (or would be) added, what was already there, and the status changes.
    @discardableResult
    public func importWatches(
        _ watches: [WatchToImport], showStatus: [String: ShowStatus] = [:], source: String, dryRun: Bool = false
    ) async throws(WatchOrderStoreError) -> WatchImportReport {
        let now = clock.now
        return try await database.write { db in
            var report = WatchImportReport(dryRun: dryRun)
            try db.inSavepoint {
                report = try ChangeLog.record(.importFile, at: now, in: db) { db in
                    var report = try Self.recordImported(watches, source: source, in: db)
                    report.dryRun = dryRun
                    for (showID, status) in showStatus.sorted(by: { $0.key < $1.key }) where status != .watching {
                        let before = try String.fetchOne(db, sql: "SELECT status FROM showStatus WHERE showID = ?", arguments: [showID])
                        guard before == nil else { continue }
                        try db.execute(
                            sql: "INSERT INTO showStatus (showID, status, changedAt) VALUES (?, ?, ?)",
                            arguments: [showID, status.rawValue, now.timeIntervalSince1970])
                        report.statusChanges.append(ShowStatusChange(showID: showID, from: .watching, to: status))
                    }
                    var summary = "Imported \(Self.count(report.added.count, "watch")) from \(source)"
                    if !report.statusChanges.isEmpty { summary += ", \(Self.count(report.statusChanges.count, "show")) hidden" }
                    return (report, summary)
                }
                return dryRun ? .rollback : .commit
            }
            return report
        }
    }

    /// Records the imported watches the store lacks and says what changed.
    static func recordImported(_ watches: [WatchToImport], source: String, in db: Database) throws -> WatchImportReport {
        var report = WatchImportReport()
        // The existing watches of the episodes concerned, each matched at most once.
        var existing: [EpisodeID: [Double?]] = [:]
        let fetch = try db.cachedStatement(sql: "SELECT watchedAt FROM watch WHERE episodeID = ?")
        let known = try db.cachedStatement(sql: "SELECT 1 FROM episode WHERE id = ?")
        for id in Set(watches.map(\.episodeID)) {
            existing[id] = try Row.fetchAll(fetch, arguments: [id.rawValue]).map { $0[0] as Double? }
        }
        let hadWatch = Set(existing.filter { !$0.value.isEmpty }.keys)
        var newly: [EpisodeID] = []
        var unknown: [EpisodeID] = []
        // Timed watches first, so a watch without a time does not take the place of a timed one.
        let timed = watches.enumerated().filter { $0.element.watchedAt != nil }
        let untimed = watches.enumerated().filter { $0.element.watchedAt == nil }
        let indexed: [(offset: Int, element: WatchToImport)] = timed.map { ($0.offset, $0.element) } + untimed.map { ($0.offset, $0.element) }
        var added: [(Int, WatchToImport)] = []
        var already: [(Int, WatchToImport)] = []
        for (offset, watch) in indexed {
            var candidates = existing[watch.episodeID] ?? []
            let time = watch.watchedAt?.timeIntervalSince1970
            let match: Int?
            if let time {
                match = candidates.firstIndex { $0.map { abs($0 - time) < 1 } ?? false }
            } else {
                match = candidates.firstIndex { $0 == nil } ?? candidates.indices.first
            }
            if let match {
                candidates.remove(at: match)
                existing[watch.episodeID] = candidates
                already.append((offset, watch))
                continue
            }
            try insertWatch(watch.episodeID, time: time, session: nil, source: source, in: db)
            added.append((offset, watch))
        }
        var seen = Set<EpisodeID>()
        for (_, watch) in added.sorted(by: { $0.0 < $1.0 }) where seen.insert(watch.episodeID).inserted {
            let id = watch.episodeID
            if !hadWatch.contains(id) { newly.append(id) }
            if !(try Bool.fetchOne(known, arguments: [id.rawValue]) ?? false) { unknown.append(id) }
        }
        report.added = added.sorted { $0.0 < $1.0 }.map(\.1)
        report.alreadyThere = already.sorted { $0.0 < $1.0 }.map(\.1)
        report.newlyWatched = newly
        report.unknown = unknown
        return report
    }
}
