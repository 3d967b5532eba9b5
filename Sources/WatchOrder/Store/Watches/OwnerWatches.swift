import Foundation
import GRDB
import AirdateCore
import AirdateStore

/// One owner's watches, as stored: every watch (`watch`), the rewatch sessions (`rewatchSession`),
/// skipped episodes (`skipped`) and shows' statuses (`showStatus`) — the records and the reads and
/// writes the store's operations are made of.
struct OwnerWatches {
    /// A `watch` row: one viewing of an episode.
    struct WatchRecord: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "watch"
        var id: Int64?
        var owner: String
        var episodeID: String
        /// Seconds since 1970 (REAL, so undo gives the time back to the last bit); `nil` when not known.
        var watchedAt: Double?
        var session: Int64?
        var source: String?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    /// A `rewatchSession` row.
    struct RewatchSessionRecord: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "rewatchSession"
        var id: Int64?
        var owner: String
        var name: String
        /// The show ids, one a line; empty for every show.
        var shows: String
        var startedAt: Double
        var endedAt: Double?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

        var session: RewatchSession {
            RewatchSession(
                id: id ?? 0, name: name, shows: Set(shows.split(separator: "\n").map(String.init)),
                startedAt: Date(timeIntervalSince1970: startedAt), endedAt: endedAt.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// A `skipped` row.
    struct SkipRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "skipped"
        var owner: String
        var episodeID: String
        var skippedAt: Double?
    }

    /// A `showStatus` row: a show hidden or dropped (a show followed as usual has none).
    struct ShowStatusRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "showStatus"
        var owner: String
        var showID: String
        var status: String
        var changedAt: Double?
    }

    /// Whose watches.
    var owner: String

    var watches: QueryInterfaceRequest<WatchRecord> { WatchRecord.filter(Column("owner") == owner) }
    var sessions: QueryInterfaceRequest<RewatchSessionRecord> { RewatchSessionRecord.filter(Column("owner") == owner) }
    var skips: QueryInterfaceRequest<SkipRecord> { SkipRecord.filter(Column("owner") == owner) }
    var statuses: QueryInterfaceRequest<ShowStatusRecord> { ShowStatusRecord.filter(Column("owner") == owner) }

    // MARK: Watches

    /// Records watches of episodes not yet watched (in the active rewatch covering their show, when
    /// there is one) and says what changed; an episode already watched keeps its watches and time.
    func insertFirstWatches(_ ids: [EpisodeID], time: Double?, source: String? = nil, in db: Database) throws -> WatchSummary {
        let active = try activeSessions(db)
        var summary = WatchSummary()
        var seen = Set<EpisodeID>()
        for id in ids where seen.insert(id).inserted {
            let known = try CatalogueTables.isListed(id, in: db)
            let session = active.last { $0.covers(showID: id.showID) }?.id
            var existing = watches.filter(Column("episodeID") == id.rawValue)
            if let session { existing = existing.filter(Column("session") == session) }
            let already = try !existing.isEmpty(db)
            if !already { try insertWatch(id, time: time, session: session, source: source, in: db) }
            if !known {
                summary.unknown.append(id)
                continue
            }
            summary.episodes.append(id)
            if already { summary.alreadyWatched.append(id) } else { summary.newlyWatched.append(id) }
        }
        return summary
    }

    /// Records one watch.
    func insertWatch(_ id: EpisodeID, time: Double?, session: Int64?, source: String?, in db: Database) throws {
        var record = WatchRecord(owner: owner, episodeID: id.rawValue, watchedAt: time, session: session, source: source)
        try record.insert(db)
    }

    /// Records another watch of each episode (in the active rewatch covering its show).
    func insertPlays(_ ids: [EpisodeID], time: Double, in db: Database) throws -> WatchSummary {
        let active = try activeSessions(db)
        var summary = WatchSummary()
        for id in ids {
            try insertWatch(id, time: time, session: active.last { $0.covers(showID: id.showID) }?.id, source: nil, in: db)
            if try CatalogueTables.isListed(id, in: db) {
                summary.episodes.append(id)
                summary.newlyWatched.append(id)
            } else {
                summary.unknown.append(id)
            }
        }
        return summary
    }

    /// Removes watches: those in the active rewatch covering each episode's show, else every watch
    /// of it. Returns the ids that lost a watch, in the order given.
    func deleteWatches(_ ids: [EpisodeID], in db: Database) throws -> [EpisodeID] {
        let active = try activeSessions(db)
        var removed: [EpisodeID] = []
        var seen = Set<EpisodeID>()
        for id in ids where seen.insert(id).inserted {
            var request = watches.filter(Column("episodeID") == id.rawValue)
            if let session = active.last(where: { $0.covers(showID: id.showID) })?.id {
                request = request.filter(Column("session") == session)
            }
            if try request.deleteAll(db) > 0 { removed.append(id) }
        }
        return removed
    }

    /// Removes the most recent watch of each episode. Returns the ids that lost one.
    func deleteLastWatches(_ ids: [EpisodeID], in db: Database) throws -> [EpisodeID] {
        var removed: [EpisodeID] = []
        for id in ids {
            // DESC puts watches without a time last: the latest timed watch, the latest recorded among equals.
            let last = watches.filter(Column("episodeID") == id.rawValue).order(Column("watchedAt").desc, Column("id").desc)
            guard let watch = try last.fetchOne(db), let key = watch.id else { continue }
            try WatchRecord.deleteOne(db, key: key)
            removed.append(id)
        }
        return removed
    }

    /// The episodes with at least one watch.
    func watched(_ db: Database) throws -> Set<EpisodeID> {
        Set(try watches.select(Column("episodeID"), as: String.self).distinct().fetchAll(db).map(EpisodeID.init(rawValue:)))
    }

    // MARK: Rewatch sessions

    /// The active rewatch sessions, oldest first (without their watches).
    func activeSessions(_ db: Database) throws -> [RewatchSession] {
        try sessions.filter(Column("endedAt") == nil).order(Column("id")).fetchAll(db).map(\.session)
    }

    /// `sessions` with the episodes watched in each.
    func withWatched(_ sessions: [RewatchSession], in db: Database) throws -> [RewatchSession] {
        var result = sessions
        for index in result.indices {
            result[index].watched = Set(try watches.filter(Column("session") == result[index].id).select(Column("episodeID"), as: String.self)
                .fetchAll(db).map(EpisodeID.init(rawValue:)))
        }
        return result
    }

    /// Starts a session.
    func startSession(named name: String, shows: Set<String>, at time: Date, in db: Database) throws -> RewatchSession {
        var record = RewatchSessionRecord(
            owner: owner, name: name, shows: shows.sorted().joined(separator: "\n"), startedAt: time.timeIntervalSince1970)
        try record.insert(db)
        return record.session
    }

    // MARK: Skips and statuses

    /// Skips episodes; returns those newly skipped.
    func skip(_ ids: [EpisodeID], at time: Date, in db: Database) throws -> [EpisodeID] {
        var skipped: [EpisodeID] = []
        for id in ids {
            let before = db.totalChangesCount
            try SkipRecord(owner: owner, episodeID: id.rawValue, skippedAt: time.timeIntervalSince1970).insert(db, onConflict: .ignore)
            if db.totalChangesCount > before { skipped.append(id) }
        }
        return skipped
    }

    /// Takes skips back; returns the ids that were skipped.
    func unskip(_ ids: [EpisodeID], in db: Database) throws -> [EpisodeID] {
        try ids.filter { try skips.filter(Column("episodeID") == $0.rawValue).deleteAll(db) > 0 }
    }

    /// The skipped episodes.
    func skipped(_ db: Database) throws -> Set<EpisodeID> {
        Set(try skips.select(Column("episodeID"), as: String.self).fetchAll(db).map(EpisodeID.init(rawValue:)))
    }

    /// A show's status (``ShowStatus/watching`` when none is stored).
    func status(ofShow showID: String, in db: Database) throws -> ShowStatus {
        try statuses.filter(Column("showID") == showID).fetchOne(db).flatMap { ShowStatus(rawValue: $0.status) } ?? .watching
    }

    /// Sets a show's status (``ShowStatus/watching`` removes the row).
    func setStatus(_ status: ShowStatus, ofShow showID: String, at time: Date, in db: Database) throws {
        if status == .watching {
            try statuses.filter(Column("showID") == showID).deleteAll(db)
        } else {
            try ShowStatusRecord(owner: owner, showID: showID, status: status.rawValue, changedAt: time.timeIntervalSince1970).upsert(db)
        }
    }

    /// Every show's status other than watching.
    func statusByShow(_ db: Database) throws -> [String: ShowStatus] {
        var result: [String: ShowStatus] = [:]
        for record in try statuses.fetchAll(db) {
            if let status = ShowStatus(rawValue: record.status) { result[record.showID] = status }
        }
        return result
    }

    // MARK: History

    /// The watches `query` asks for, with every session (each with its watched episodes).
    func history(_ query: HistoryQuery, in db: Database) throws -> WatchHistory {
        var request = watches
        if let show = query.show {
            // The ids of the show's episodes: "show/…", a range of the binary collation ('0' follows '/').
            request = request.filter(Column("episodeID") > "\(show)/" && Column("episodeID") < "\(show)0")
        }
        if let from = query.from { request = request.filter(Column("watchedAt") >= from.timeIntervalSince1970) }
        if let until = query.until { request = request.filter(Column("watchedAt") < until.timeIntervalSince1970) }
        if let rewatch = query.rewatch { request = request.filter(Column("session") == rewatch) }
        // ASC puts watches without a time first, as the history lists them.
        var list = try request.order(Column("watchedAt"), Column("id")).fetchAll(db).map { record in
            EpisodeWatch(
                id: record.id ?? 0, episodeID: EpisodeID(rawValue: record.episodeID),
                watchedAt: record.watchedAt.map(Date.init(timeIntervalSince1970:)), rewatch: record.session, source: record.source)
        }
        if let limit = query.limit, list.count > max(0, limit) { list = Array(list.suffix(max(0, limit))) }
        let all = try withWatched(try sessions.order(Column("id")).fetchAll(db).map(\.session), in: db)
        return WatchHistory(watches: list, sessions: all)
    }

    /// Records the imported watches the owner lacks and says what changed.
    func recordImported(_ imported: [WatchToImport], source: String, in db: Database) throws -> WatchImportReport {
        var report = WatchImportReport()
        // The existing watches of the episodes concerned, each matched at most once.
        var existing: [EpisodeID: [Double?]] = [:]
        for id in Set(imported.map(\.episodeID)) {
            existing[id] = try watches.filter(Column("episodeID") == id.rawValue).select(Column("watchedAt"), as: Double?.self).fetchAll(db)
        }
        let hadWatch = Set(existing.filter { !$0.value.isEmpty }.keys)
        // Timed watches first, so a watch without a time does not take the place of a timed one.
        let indexed = imported.enumerated().filter { $0.element.watchedAt != nil } + imported.enumerated().filter { $0.element.watchedAt == nil }
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
            if !hadWatch.contains(id) { report.newlyWatched.append(id) }
            if !(try CatalogueTables.isListed(id, in: db)) { report.unknown.append(id) }
        }
        report.added = added.sorted { $0.0 < $1.0 }.map(\.1)
        report.alreadyThere = already.sorted { $0.0 < $1.0 }.map(\.1)
        return report
    }
}
