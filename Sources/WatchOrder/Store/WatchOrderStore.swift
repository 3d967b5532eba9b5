public import AirdateCore
public import AirdateStore
public import Foundation
import GRDB

/// Shows, episodes, ordering rules and watched marks in a SQLite file (GRDB, WAL mode), with the
/// watch list and up next observable as `AsyncSequence`s.
///
/// Refreshing a show's episodes upserts them by ``EpisodeID``; watched marks are stored apart from
/// episodes, so no refresh loses one. Several processes may use one file at once.
///
/// ```swift
/// let store = try WatchOrderStore(path: "watch.sqlite")
/// try await store.refresh(list)
/// for try await upNext in store.observeUpNext(at: .system()) { … }
/// ```
public actor WatchOrderStore {
    nonisolated let database: StoreDatabase<WatchOrderStoreError>
    /// The database file.
    public nonisolated let path: String
    /// The clock that dates changes made without a time of their own (undo, settings, skips).
    public nonisolated let clock: ViewerClock

    /// Opens (creating and migrating if needed) the database at `path`.
    ///
    /// The file may be shared by several processes at once (see `StoreDatabase` in AirdateStore:
    /// WAL, a busy timeout, observation that sees other processes' writes).
    ///
    /// - Parameters:
    ///   - readOnly: open without write access (the schema must already exist).
    ///   - path: the SQLite file; its folder is created when missing.
    ///   - polling: how often the observations look for other processes' writes.
    ///   - busyTimeout: how long an operation waits for another process's lock before failing with
    ///     `StoreError.busy` (20 seconds unless told; a server answering requests may prefer a
    ///     second or two, and tell its client to come back).
    ///   - clock: dates the changes made without a time of their own, in the change log (the
    ///     system's clock unless told).
    /// - Throws: ``WatchOrderStoreError/Code/store`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public init(
        path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling(), busyTimeout: Duration = .seconds(20),
        clock: ViewerClock = .system()
    ) throws(WatchOrderStoreError) {
        try self.init(path: path, readOnly: readOnly, polling: polling, busyTimeout: busyTimeout, clock: clock, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:readOnly:polling:busyTimeout:clock:)`` does, telling `probe`
    /// what it does (the package's tests).
    package init(
        path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling(), busyTimeout: Duration = .seconds(20),
        clock: ViewerClock = .system(), probe: StoreProbe
    ) throws(WatchOrderStoreError) {
        self.path = path
        self.clock = clock
        database = try StoreDatabase(
            path: path, migrator: Self.migrator, readOnly: readOnly, busyTimeout: busyTimeout, polling: polling, probe: probe)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE show (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, priority INTEGER NOT NULL);
                CREATE TABLE episode (
                    id TEXT PRIMARY KEY NOT NULL, showID TEXT NOT NULL REFERENCES show(id) ON DELETE CASCADE,
                    season INTEGER NOT NULL, number INTEGER, overall INTEGER, title TEXT NOT NULL,
                    alternateTitles TEXT NOT NULL, airDay TEXT, broadcast DOUBLE, runtime DOUBLE, sourceURL TEXT,
                    listPosition INTEGER NOT NULL);
                CREATE INDEX episode_show ON episode(showID, listPosition);
                CREATE TABLE watched (episodeID TEXT PRIMARY KEY NOT NULL, markedAt DOUBLE);
                CREATE TABLE rule (position INTEGER PRIMARY KEY NOT NULL, json TEXT NOT NULL);
                CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                """)
        }
        // Each episode's own page (`Episode.pageURL`); older files get the column empty.
        migrator.registerMigration("episodePageURL") { db in
            try db.execute(sql: "ALTER TABLE episode ADD COLUMN pageURL TEXT")
        }
        // Shows' and episodes' ids on other services (JSON of `ExternalIDs`; NULL when none).
        migrator.registerMigration("externalIDs") { db in
            try db.execute(sql: """
                ALTER TABLE show ADD COLUMN externalIDs TEXT;
                ALTER TABLE episode ADD COLUMN externalIDs TEXT;
                """)
        }
        // Named orders (the app's built-in ones and the viewer's) and the viewer's choice.
        migrator.registerMigration("namedOrders") { db in
            try db.execute(sql: """
                CREATE TABLE watchOrder (
                    id TEXT PRIMARY KEY NOT NULL, origin TEXT NOT NULL CHECK (origin IN ('builtIn', 'user')),
                    position INTEGER NOT NULL, json TEXT NOT NULL);
                CREATE TABLE chosenOrder (
                    singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1), orderID TEXT NOT NULL);
                """)
        }
        // The watch history: every watch with its time (the yes/no marks become first watches, keeping
        // their times), rewatch sessions, skips, hidden and dropped shows, and the change log undo reads.
        migrator.registerMigration("watchHistory") { db in
            try db.execute(sql: """
                CREATE TABLE rewatchSession (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, shows TEXT NOT NULL, startedAt DOUBLE NOT NULL,
                    endedAt DOUBLE);
                CREATE TABLE watch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, episodeID TEXT NOT NULL, watchedAt DOUBLE,
                    session INTEGER REFERENCES rewatchSession(id) ON DELETE CASCADE, source TEXT);
                CREATE INDEX watch_episode ON watch(episodeID, session);
                CREATE INDEX watch_time ON watch(watchedAt);
                INSERT INTO watch (episodeID, watchedAt) SELECT episodeID, markedAt FROM watched ORDER BY markedAt, episodeID;
                DROP TABLE watched;
                CREATE TABLE skipped (episodeID TEXT PRIMARY KEY NOT NULL, skippedAt DOUBLE);
                CREATE TABLE showStatus (showID TEXT PRIMARY KEY NOT NULL, status TEXT NOT NULL, changedAt DOUBLE);
                """)
            try db.execute(sql: ChangeLog.schemaSQL)
        }
        return migrator
    }

    // MARK: Shows and episodes

    /// Stores a show's episodes: inserts new ones, updates changed ones (by identity) and removes
    /// those no longer listed. Watched marks are kept, even for removed episodes (they come back
    /// if the episode does). A new show goes after the existing ones in priority.
    public func refresh(_ list: EpisodeList) async throws(WatchOrderStoreError) {
        try await refresh([list])
    }

    /// Refreshes several shows in one transaction (see ``refresh(_:)-swift.method``).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/emptyEpisodeList`` when a list has no episodes
    ///   (``EpisodeList/isUnreadable``: a page without a recognisable episode table, say) for a show
    ///   that has stored episodes: nothing is written, so no show's episodes are replaced with nothing.
    ///   An empty list for a show with none stored (an announced show) is stored as before.
    public func refresh(_ lists: [EpisodeList]) async throws(WatchOrderStoreError) {
        let emptyLists = lists.filter(\.isUnreadable).map {
            (id: $0.show.id, name: $0.show.name, reason: $0.diagnostics.first?.description)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func ids(_ ids: ExternalIDs) -> String? {
            ids.isEmpty ? nil : (try? encoder.encode(ids)).flatMap { String(data: $0, encoding: .utf8) }
        }
        var rows: [(show: Show, showIDs: String?, episodes: [(Episode, String, String?)])] = []
        for list in lists {
            var episodes: [(Episode, String, String?)] = []
            for episode in list.episodes {
                let alternates = episode.alternateTitles.isEmpty
                    ? "[]" : (try? encoder.encode(episode.alternateTitles)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
                episodes.append((episode, alternates, ids(episode.externalIDs)))
            }
            rows.append((list.show, ids(list.show.externalIDs), episodes))
        }
        let prepared = rows
        try await database.write { db in
            for empty in emptyLists {
                let stored = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM episode WHERE showID = ?", arguments: [empty.id]) ?? 0
                if stored > 0 { throw WatchOrderStoreError.emptyEpisodeList(show: empty.name, reason: empty.reason) }
            }
            for (show, showIDs, episodes) in prepared {
                let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(priority) + 1, 0) FROM show") ?? 0
                // A list without ids (a wiki page) keeps the ids stored for the show and its episodes.
                try db.execute(
                    sql: """
                        INSERT INTO show (id, name, priority, externalIDs) VALUES (?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET name = excluded.name,
                            externalIDs = COALESCE(excluded.externalIDs, show.externalIDs)
                        """,
                    arguments: [show.id, show.name, next, showIDs])
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO episode (id, showID, season, number, overall, title, alternateTitles, airDay, broadcast,
                        runtime, sourceURL, listPosition, pageURL, externalIDs)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET showID = excluded.showID, season = excluded.season,
                        number = excluded.number, overall = excluded.overall, title = excluded.title,
                        alternateTitles = excluded.alternateTitles, airDay = excluded.airDay,
                        broadcast = excluded.broadcast, runtime = excluded.runtime, sourceURL = excluded.sourceURL,
                        listPosition = excluded.listPosition, pageURL = excluded.pageURL,
                        externalIDs = COALESCE(excluded.externalIDs, episode.externalIDs)
                    """)
                var kept: [String] = []
                for (position, (episode, alternates, episodeIDs)) in episodes.enumerated() {
                    let runtime = episode.runtime.map { Double($0.components.seconds) }
                    try statement.execute(arguments: [
                        episode.id.rawValue, show.id, episode.season, episode.number, episode.overall, episode.title,
                        alternates, episode.airDay?.description, episode.broadcast?.timeIntervalSince1970, runtime,
                        episode.sourceURL?.absoluteString, position, episode.pageURL?.absoluteString, episodeIDs,
                    ])
                    kept.append(episode.id.rawValue)
                }
                try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS kept (id TEXT PRIMARY KEY)")
                try db.execute(sql: "DELETE FROM kept")
                let insertKept = try db.cachedStatement(sql: "INSERT OR IGNORE INTO kept (id) VALUES (?)")
                for id in kept { try insertKept.execute(arguments: [id]) }
                try db.execute(
                    sql: "DELETE FROM episode WHERE showID = ? AND id NOT IN (SELECT id FROM kept)", arguments: [show.id])
                try db.execute(sql: "DELETE FROM kept")
            }
        }
    }

    /// Sets the show priority (ids, highest first); shows not named keep their order after them.
    public func setShowPriority(_ ids: [String]) async throws(WatchOrderStoreError) {
        try await database.write { db in
            let existing = try String.fetchAll(db, sql: "SELECT id FROM show ORDER BY priority, id")
            let ordered = ids.filter(existing.contains) + existing.filter { !ids.contains($0) }
            for (index, id) in ordered.enumerated() {
                try db.execute(sql: "UPDATE show SET priority = ? WHERE id = ?", arguments: [index, id])
            }
        }
    }

    /// Replaces the ordering rules.
    public func setRules(_ rules: [OrderingRule]) async throws(WatchOrderStoreError) {
        var encoded: [String] = []
        for rule in rules {
            guard let data = try? JSONEncoder().encode(rule), let text = String(data: data, encoding: .utf8) else {
                throw .store(.failed(path: path, reason: "the ordering rule \(rule) could not be encoded"))
            }
            encoded.append(text)
        }
        let rows = encoded
        try await database.write { db in
            try db.execute(sql: "DELETE FROM rule")
            for (position, json) in rows.enumerated() {
                try db.execute(sql: "INSERT INTO rule (position, json) VALUES (?, ?)", arguments: [position, json])
            }
        }
    }

    // MARK: Named orders

    /// Replaces the app's built-in orders (their rules, titles and positions); the viewer's own
    /// orders and choice are kept. Nothing is written when the stored built-in orders are already
    /// these, so an app may call this at every launch.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/orderIDTaken`` when a viewer's order has the id of one of
    ///   `orders` (nothing is written), or a store error.
    public func setBuiltInOrders(_ orders: [NamedOrder]) async throws(WatchOrderStoreError) {
        let rows = try Self.encoded(orders.map { order in
            var order = order
            order.origin = .builtIn
            return order
        })
        try await database.writeIfNeeded { db in
            let stored = try Row.fetchAll(db, sql: "SELECT id, json FROM watchOrder WHERE origin = 'builtIn' ORDER BY position")
                .map { ($0["id"] as String, $0["json"] as String) }
            guard stored.map(\.0) != rows.map(\.id) || stored.map(\.1) != rows.map(\.json) else { return }
            let user = Set(try String.fetchAll(db, sql: "SELECT id FROM watchOrder WHERE origin = 'user'"))
            if let taken = rows.first(where: { user.contains($0.id) }) { throw WatchOrderStoreError.orderIDTaken(taken.id) }
            try db.execute(sql: "DELETE FROM watchOrder WHERE origin = 'builtIn'")
            for (position, row) in rows.enumerated() {
                try db.execute(
                    sql: "INSERT INTO watchOrder (id, origin, position, json) VALUES (?, 'builtIn', ?, ?)",
                    arguments: [row.id, position, row.json])
            }
        }
    }

    /// Adds a viewer's order, or replaces the viewer's order with the same id (keeping its place).
    ///
    /// - Returns: `true` when an order of the viewer's was replaced.
    /// - Throws: ``WatchOrderStoreError/Code/orderIsBuiltIn`` when a built-in order has the id.
    @discardableResult
    public func saveOrder(_ order: NamedOrder) async throws(WatchOrderStoreError) -> Bool {
        var order = order
        order.origin = .user
        guard let row = try Self.encoded([order]).first else { return false }
        return try await database.write { db in
            let origin = try String.fetchOne(db, sql: "SELECT origin FROM watchOrder WHERE id = ?", arguments: [row.id])
            if origin == "builtIn" { throw WatchOrderStoreError.orderIsBuiltIn(row.id) }
            if origin == "user" {
                try db.execute(sql: "UPDATE watchOrder SET json = ? WHERE id = ?", arguments: [row.json, row.id])
                return true
            }
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM watchOrder WHERE origin = 'user'") ?? 0
            try db.execute(
                sql: "INSERT INTO watchOrder (id, origin, position, json) VALUES (?, 'user', ?, ?)",
                arguments: [row.id, position, row.json])
            return false
        }
    }

    /// Removes a viewer's order. When it was the chosen one, the choice goes back to the default.
    ///
    /// - Returns: `true` when the removed order was the chosen one.
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` or
    ///   ``WatchOrderStoreError/Code/orderIsBuiltIn`` (built-in orders belong to the app).
    @discardableResult
    public func removeOrder(id: String) async throws(WatchOrderStoreError) -> Bool {
        try await database.write { db in
            let origin = try String.fetchOne(db, sql: "SELECT origin FROM watchOrder WHERE id = ?", arguments: [id])
            guard let origin else { throw WatchOrderStoreError.unknownOrder(id, known: try Self.orderIDs(db)) }
            guard origin == "user" else { throw WatchOrderStoreError.orderIsBuiltIn(id) }
            try db.execute(sql: "DELETE FROM watchOrder WHERE id = ?", arguments: [id])
            let chosen = try String.fetchOne(db, sql: "SELECT orderID FROM chosenOrder") == id
            if chosen { try db.execute(sql: "DELETE FROM chosenOrder") }
            return chosen
        }
    }

    /// Chooses the order the watch list, up next and ``watch(through:at:)`` follow; `nil` goes back to
    /// the default (``WatchState/defaultOrder``).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` naming the orders that exist.
    public func chooseOrder(_ id: String?) async throws(WatchOrderStoreError) {
        try await database.write { db in
            guard let id else {
                try db.execute(sql: "DELETE FROM chosenOrder")
                return
            }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM watchOrder WHERE id = ?", arguments: [id]) ?? false else {
                throw WatchOrderStoreError.unknownOrder(id, known: try Self.orderIDs(db))
            }
            try db.execute(sql: "INSERT OR REPLACE INTO chosenOrder (singleton, orderID) VALUES (1, ?)", arguments: [id])
        }
    }

    /// The named orders, built-in first.
    public func orders() async throws(WatchOrderStoreError) -> [NamedOrder] {
        try await database.read { db in try Self.fetchOrders(db) }
    }

    /// The watch order in the named order `id` (whatever the viewer chose).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder``, or `.order` when its rules contradict
    ///   each other.
    public func watchList(order id: String) async throws(WatchOrderStoreError) -> WatchList {
        let state = try await state()
        guard let order = state.order(id: id) else { throw .unknownOrder(id, known: state.orders.map(\.id)) }
        do { return try state.watchList(in: order) } catch { throw .order(error) }
    }

    static func orderIDs(_ db: Database) throws -> [String] {
        try fetchOrders(db).map(\.id)
    }

    static func encoded(_ orders: [NamedOrder]) throws(WatchOrderStoreError) -> [(id: String, json: String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var rows: [(id: String, json: String)] = []
        for order in orders {
            guard let data = try? encoder.encode(order), let json = String(data: data, encoding: .utf8) else {
                throw .invalidOrder("the order \(order.id) could not be encoded")
            }
            guard !rows.contains(where: { $0.id == order.id }) else { throw .invalidOrder("the id \(order.id) is given twice") }
            rows.append((order.id, json))
        }
        return rows
    }

    // MARK: Marks and settings

    /// Marks episodes watched; `date`, when given, is recorded as the time of the watch (else the
    /// store's clock's time). An episode already watched changes nothing and keeps its time — in the
    /// active rewatch session covering its show, when there is one, "already watched" means watched
    /// in that session, and a new mark is a watch of the session.
    ///
    /// One logged change (see ``undo(undoneAt:)``).
    ///
    /// - Returns: what changed: the ids newly marked, those already watched, and those that name no
    ///   stored episode (marked anyway, so the mark counts once the episode is listed).
    @discardableResult
    public func watch(_ ids: [EpisodeID], watchedAt date: Date? = nil) async throws(WatchOrderStoreError) -> WatchSummary {
        let time = (date ?? clock.now).timeIntervalSince1970
        return try await database.write { db in
            try ChangeLog.record(.watch, at: Date(timeIntervalSince1970: time), in: db) { db in
                let summary = try Self.insertMarks(ids, time: time, in: db)
                return (summary, Self.describe(summary, verb: "Marked"))
            }
        }
    }

    /// Removes episodes' watched marks: in the active rewatch session covering an episode's show,
    /// its watches in that session; otherwise every watch of it. One logged change.
    ///
    /// - Returns: the ids that had a mark (and no longer do), in the order given; an id that was not
    ///   marked changes nothing and is left out.
    @discardableResult
    public func unwatch(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        let now = clock.now
        return try await database.write { db in
            try ChangeLog.record(.unwatch, at: now, in: db) { db in
                let removed = try Self.deleteMarks(ids, in: db)
                return (removed, "Unmarked \(Self.count(removed.count, "episode"))")
            }
        }
    }

    /// Marks every aired visible episode up to and including `id` in the watch order.
    ///
    /// The watch order is read, merged and marked in one write transaction: another process's
    /// change (a refresh, new rules, other marks) lands wholly before or wholly after it.
    ///
    /// - Returns: what changed; its ``WatchSummary/episodes`` are the episodes concerned, in watch order.
    @discardableResult
    public func watch(through id: EpisodeID, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        try await watch(through: id, order: nil, at: clock)
    }

    /// Marks every aired visible episode up to and including `id` in the named order `orderID`
    /// (the order the viewer chose when `nil`), in one write transaction as ``watch(through:at:)``.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` when no order has that id.
    @discardableResult
    public func watch(through id: EpisodeID, order orderID: String?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        let clock = clock.frozen()
        return try await database.write { db in
            try ChangeLog.record(.watch, at: clock.now, in: db) { db in
                let state = try Self.fetchState(db)
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
                let summary = try Self.insertMarks(ids, time: clock.now.timeIntervalSince1970, in: db)
                return (summary, Self.describe(summary, verb: "Marked") + " through \(id)")
            }
        }
    }

    /// Marks a show, or one season of it, skipping unaired episodes (in one write transaction, as
    /// ``watch(through:at:)``).
    ///
    /// - Returns: what changed; its ``WatchSummary/episodes`` are the episodes concerned, in watch order.
    @discardableResult
    public func watch(show showID: String, season: Int? = nil, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        let clock = clock.frozen()
        return try await database.write { db in
            try ChangeLog.record(.watch, at: clock.now, in: db) { db in
                let state = try Self.fetchState(db)
                let ids = state.checklist.airedEpisodes(ofShow: showID, season: season, in: try Self.watchList(of: state), at: clock)
                let summary = try Self.insertMarks(ids, time: clock.now.timeIntervalSince1970, in: db)
                return (summary, Self.describe(summary, verb: "Marked") + " of \(showID)\(season.map { " season \($0)" } ?? "")")
            }
        }
    }

    /// Marks the next episode to watch — overall (``UpNext/next``), or of the show `showID` (its
    /// first aired episode not done, whether or not the show is selected) — in one write
    /// transaction: two viewers (or processes) that each mark "the next one" mark two episodes,
    /// never the same one twice.
    ///
    /// - Returns: what changed (one newly watched episode), or an empty summary when nothing aired
    ///   is left to watch.
    @discardableResult
    public func watchNext(ofShow showID: String? = nil, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        let clock = clock.frozen()
        return try await database.write { db in
            try ChangeLog.record(.watch, at: clock.now, in: db) { db in
                var state = try Self.fetchState(db)
                let list = try Self.watchList(of: state)
                let next: Episode?
                if let showID {
                    state.checklist.selectedShows = [showID]
                    state.checklist.showStatus[showID] = nil  // named, so looked at even when hidden
                    next = state.checklist.upNextByShow(in: list, at: clock)[showID]
                } else {
                    next = state.checklist.next(in: list, at: clock)
                }
                guard let next else { return (WatchSummary(), "") }
                let summary = try Self.insertMarks([next.id], time: clock.now.timeIntervalSince1970, in: db)
                return (summary, "Marked \(next.id) watched (the next one)")
            }
        }
    }

    /// Hides or shows specials. One logged change; nothing is written (or logged) when specials
    /// already are as asked.
    public func setHidesSpecials(_ hides: Bool) async throws(WatchOrderStoreError) {
        try await setSetting("hidesSpecials", Self.settingValue(hidesSpecials: hides),
                             summary: hides ? "Specials hidden" : "Specials shown") { $0.hidesSpecials == hides }
    }

    /// Shows only these show ids; `nil` for all. One logged change; nothing is written (or logged)
    /// when the selection already is this one.
    public func setSelectedShows(_ ids: Set<String>?) async throws(WatchOrderStoreError) {
        try await setSetting("selectedShows", Self.settingValue(selectedShows: ids),
                             summary: ids.map { "Following \($0.sorted().joined(separator: ", "))" } ?? "Following every show") {
            $0.selectedShows == ids
        }
    }

    private func setSetting(
        _ key: String, _ value: String?, summary: String, unchanged: @escaping @Sendable (Checklist) -> Bool
    ) async throws(WatchOrderStoreError) {
        let now = clock.now
        try await database.write { db in
            // Read in the write: a setting already as asked is no change, and nothing to undo.
            guard !unchanged(try Self.fetchChecklist(db)) else { return }
            try ChangeLog.record(.settings, at: now, in: db) { db in
                try Self.writeSetting(key, value, in: db)
                return ((), summary)
            }
        }
    }

    // MARK: Reading and observing

    /// Everything stored, read in one transaction.
    public func state() async throws(WatchOrderStoreError) -> WatchState {
        try await database.read { db in try Self.fetchState(db) }
    }

    /// The current watch order.
    public func watchList() async throws(WatchOrderStoreError) -> WatchList {
        try await database.read { db in try Self.fetchOrder(db).merged() }
    }

    /// The stored state now and after every change to episodes, shows, rules, marks or settings:
    /// changes made through this store at once, and those of other processes within the polling
    /// interval (a quarter of a second unless told).
    ///
    /// The episode lists and rules are read again only when shows, episodes or rules change; a
    /// change of marks or settings reads only those.
    public nonisolated func observeState() -> StoreObservation<WatchState> {
        database.observe(Self.fetchOrder, Self.fetchChecklist) { order, checklist in order.state(checklist) }
    }

    /// The stored state now, then after every change with what changed (``WatchStateChange``):
    /// what a live list needs to patch itself rather than start again. See ``WatchStateUpdates``.
    public nonisolated func observeChanges() -> WatchStateUpdates {
        WatchStateUpdates(states: observeState())
    }

    /// The watch order and the checklist, now and after every change of either.
    ///
    /// The order is read and merged again only when shows, episodes or rules change: a mark or a
    /// setting reads the checklist alone.
    ///
    /// - Throws (from the sequence): ``WatchOrderStoreError/Code/order`` when the stored rules
    ///   contradict each other, or ``WatchOrderStoreError/Code/store``.
    public nonisolated func observeWatchList() -> StoreObservation<CheckedWatchList> {
        database.observe({ db in try Self.fetchOrder(db).merged() }, Self.fetchChecklist) { list, checklist in
            CheckedWatchList(list: list, checklist: checklist)
        }
    }

    /// Up next, now and after every change of the watch order or the checklist; `now` is read at
    /// each emission.
    ///
    /// The order is read and merged again only when shows, episodes or rules change: marking an
    /// episode reads the checklist alone and works up next out from the merged order it has.
    ///
    /// - Throws (from the sequence): ``WatchOrderStoreError/Code/order`` when the stored rules
    ///   contradict each other, or ``WatchOrderStoreError/Code/store``.
    public nonisolated func observeUpNext(at clock: ViewerClock) -> StoreObservation<UpNext> {
        database.observe({ db in try Self.fetchOrder(db).merged() }, Self.fetchChecklist) { list, checklist in
            checklist.upNext(in: list, at: clock)
        }
    }

    // MARK: Export and import

    /// What is wrong with an import file, in words (not a `DecodingError` dump).
    static func reason(decoding error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "the value at \(path(context)) is not valid"
        case .keyNotFound(let key, let context):
            let place = path(context)
            return "the field \(key.stringValue) is missing" + (place.isEmpty ? "" : " at \(place)")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
             .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return "it is not a JSON object with the fields of a progress file"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the value at \(path(context)) has the wrong type"
        @unknown default:
            return "it does not have the shape of a progress file"
        }
    }

    /// The watched marks and settings as JSON.
    public func exportProgress(exportedAt now: Date) async throws(WatchOrderStoreError) -> Data {
        let checklist = try await database.read { db in try Self.fetchChecklist(db) }
        do {
            return try ProgressDocument(exported: now, checklist: checklist).jsonData()
        } catch {
            throw .store(.failed(path: path, reason: "the progress could not be encoded (\(Self.reason(error)))"))
        }
    }

    /// Adds the marks of an exported document (existing marks are kept) and applies its settings,
    /// as ``importProgress(_:dryRun:)`` does.
    ///
    /// - Returns: what the marks changed: newly watched, already watched, and ids that name no stored
    ///   episode (kept, as ``watch(_:watchedAt:)`` keeps them). Importing one file twice reports its marks as
    ///   newly watched the first time and as already watched the second.
    @discardableResult
    public func importProgress(_ data: Data) async throws(WatchOrderStoreError) -> WatchSummary {
        try await importProgress(data, dryRun: false).watches
    }

    /// Adds the marks of an exported document (existing marks are kept) and applies its settings,
    /// in one write transaction and one logged change (``undo(undoneAt:)`` takes it back whole), and says
    /// everything it changed.
    ///
    /// The selection of shows is validated: ids no stored show has are left out and reported, and a
    /// file whose every selected id is unknown leaves the selection as it was — an import never
    /// leaves the viewer with nothing selected.
    ///
    /// - Parameters:
    ///   - data: the exported document, as ``exportProgress(exportedAt:)`` writes it.
    ///   - dryRun: work everything out in the transaction, then write nothing.
    /// - Throws: ``WatchOrderStoreError/Code/invalidImport`` for a file that is not a progress file
    ///   (nothing is written).
    @discardableResult
    public func importProgress(_ data: Data, dryRun: Bool) async throws(WatchOrderStoreError) -> ProgressImportReport {
        let document: ProgressDocument
        do {
            document = try ProgressDocument(jsonData: data)
        } catch let error as DecodingError {
            throw .invalidImport(Self.reason(decoding: error))
        } catch {
            throw .invalidImport(Self.reason(error))
        }
        guard document.version == 1 else { throw .invalidImport("unknown version \(document.version)") }
        let time = document.exported.timeIntervalSince1970
        let now = clock.now
        // One transaction: the marks and the settings land together, or nothing does.
        return try await database.write { db in
            var report = ProgressImportReport(dryRun: dryRun)
            try db.inSavepoint {
                report = try ChangeLog.record(.importFile, at: now, in: db) { db in
                    var report = ProgressImportReport(dryRun: dryRun)
                    let before = try Self.fetchChecklist(db)
                    report.watches = try Self.insertMarks(document.watched, time: time, source: "progress", in: db)
                    if before.hidesSpecials != document.hidesSpecials {
                        report.hidesSpecials = .init(from: before.hidesSpecials, to: document.hidesSpecials)
                        try Self.writeSetting("hidesSpecials", Self.settingValue(hidesSpecials: document.hidesSpecials), in: db)
                    }
                    var selection = document.selectedShows.map(Set.init)
                    if let wanted = selection {
                        let stored = Set(try String.fetchAll(db, sql: "SELECT id FROM show"))
                        report.unknownShows = wanted.subtracting(stored).sorted()
                        let known = wanted.intersection(stored)
                        selection = known.isEmpty && !wanted.isEmpty ? before.selectedShows : known
                    }
                    if selection != before.selectedShows {
                        report.selectedShows = .init(from: before.selectedShows, to: selection)
                        try Self.writeSetting("selectedShows", Self.settingValue(selectedShows: selection), in: db)
                    }
                    var summary = Self.describe(report.watches, verb: "Imported")
                    if report.hidesSpecials != nil || report.selectedShows != nil { summary += "; settings changed" }
                    return (report, summary)
                }
                return dryRun ? .rollback : .commit
            }
            return report
        }
    }

    // MARK: Internals

    /// Records watches of episodes not yet watched (in the active rewatch covering their show, when
    /// there is one) and says what changed; an episode already watched keeps its watches and time.
    static func insertMarks(_ ids: [EpisodeID], time: Double?, source: String? = nil, in db: Database) throws -> WatchSummary {
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM episode WHERE id = ?")
        let watchedOutside = try db.cachedStatement(sql: "SELECT 1 FROM watch WHERE episodeID = ? LIMIT 1")
        let watchedIn = try db.cachedStatement(sql: "SELECT 1 FROM watch WHERE episodeID = ? AND session = ? LIMIT 1")
        let sessions = try activeSessions(db)
        var summary = WatchSummary()
        var seen = Set<EpisodeID>()
        for id in ids where seen.insert(id).inserted {
            let known = try Bool.fetchOne(exists, arguments: [id.rawValue]) ?? false
            let session = sessions.last { $0.covers(showID: id.showID) }?.id
            let already = try session.map { try Bool.fetchOne(watchedIn, arguments: [id.rawValue, $0]) ?? false }
                ?? (Bool.fetchOne(watchedOutside, arguments: [id.rawValue]) ?? false)
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
    static func insertWatch(_ id: EpisodeID, time: Double?, session: Int64?, source: String?, in db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO watch (episodeID, watchedAt, session, source) VALUES (?, ?, ?, ?)")
        try insert.execute(arguments: [id.rawValue, time, session, source])
    }

    /// Removes marks: the watches in the active rewatch covering each episode's show, else every
    /// watch of it. Returns the ids that lost a watch, in the order given.
    static func deleteMarks(_ ids: [EpisodeID], in db: Database) throws -> [EpisodeID] {
        let sessions = try activeSessions(db)
        var removed: [EpisodeID] = []
        var seen = Set<EpisodeID>()
        for id in ids where seen.insert(id).inserted {
            let before = db.totalChangesCount
            if let session = sessions.last(where: { $0.covers(showID: id.showID) })?.id {
                try db.execute(sql: "DELETE FROM watch WHERE episodeID = ? AND session = ?", arguments: [id.rawValue, session])
            } else {
                try db.execute(sql: "DELETE FROM watch WHERE episodeID = ?", arguments: [id.rawValue])
            }
            if db.totalChangesCount > before { removed.append(id) }
        }
        return removed
    }

    /// The active rewatch sessions, oldest first (without their marks).
    static func activeSessions(_ db: Database) throws -> [RewatchSession] {
        try Row.fetchAll(db, sql: "SELECT * FROM rewatchSession WHERE endedAt IS NULL ORDER BY id").map(session(of:))
    }

    static func session(of row: Row) -> RewatchSession {
        let shows: String = row["shows"]
        return RewatchSession(
            id: row["id"], name: row["name"], shows: Set(shows.split(separator: "\n").map(String.init)),
            startedAt: Date(timeIntervalSince1970: row["startedAt"]),
            endedAt: (row["endedAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// "Marked 3 episodes watched (2 already watched, 1 unknown)".
    static func describe(_ summary: WatchSummary, verb: String) -> String {
        var text = "\(verb) \(count(summary.newlyWatched.count, "episode")) watched"
        var extra: [String] = []
        if !summary.alreadyWatched.isEmpty { extra.append("\(summary.alreadyWatched.count) already watched") }
        if !summary.unknown.isEmpty { extra.append("\(summary.unknown.count) unknown") }
        if !extra.isEmpty { text += " (\(extra.joined(separator: ", ")))" }
        return text
    }

    /// "1 episode", "3 episodes", "2 watches".
    static func count(_ number: Int, _ noun: String) -> String {
        let plural = ["ch", "sh", "s", "x"].contains { noun.hasSuffix($0) } ? "es" : "s"
        return "\(number) \(noun)\(number == 1 ? "" : plural)"
    }

    /// Stores a view setting (updated in place, so the change log keeps the value before); `nil`
    /// removes it.
    static func writeSetting(_ key: String, _ value: String?, in db: Database) throws {
        if let value {
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value",
                arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }

    static func settingValue(hidesSpecials: Bool) -> String { hidesSpecials ? "1" : "0" }

    static func settingValue(selectedShows: Set<String>?) -> String? {
        selectedShows.map { $0.sorted().joined(separator: "\n") }
    }

    /// The merged watch order of `state`; contradicting rules are the store's `.order` error.
    static func watchList(of state: WatchState) throws(WatchOrderStoreError) -> WatchList {
        do { return try state.watchList() } catch { throw .order(error) }
    }

    /// What the watch order is merged from, as stored.
    struct StoredOrder: Sendable {
        var lists: [EpisodeList]
        var rules: [OrderingRule]
        var showPriority: [String]
        var orders: [NamedOrder]
        var chosenOrderID: String?

        func state(_ checklist: Checklist) -> WatchState {
            WatchState(
                lists: lists, rules: rules, showPriority: showPriority, checklist: checklist, orders: orders,
                chosenOrderID: chosenOrderID)
        }

        /// The merged watch order in the order in use; contradicting rules are the store's `.order` error.
        func merged() throws(WatchOrderStoreError) -> WatchList {
            do { return try state(Checklist()).watchList() } catch { throw .order(error) }
        }
    }

    static func fetchState(_ db: Database) throws -> WatchState {
        try fetchOrder(db).state(try fetchChecklist(db))
    }

    /// The shows, their episodes, the rules and the named orders with the viewer's choice: what the
    /// watch order is merged from.
    static func fetchOrder(_ db: Database) throws -> StoredOrder {
        let decoder = JSONDecoder()
        func ids(_ text: String?) -> ExternalIDs {
            text.flatMap { try? decoder.decode(ExternalIDs.self, from: Data($0.utf8)) } ?? .none
        }
        let shows = try Row.fetchAll(db, sql: "SELECT id, name, externalIDs FROM show ORDER BY priority, id").map { row in
            Show(name: row["name"], id: row["id"] as String, externalIDs: ids(row["externalIDs"]))
        }
        var episodesByShow: [String: [Episode]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM episode ORDER BY showID, listPosition")
        while let row = try rows.next() {
            let showID: String = row["showID"]
            let alternatesJSON: String = row["alternateTitles"] ?? "[]"
            let alternates = alternatesJSON == "[]" ? [] : (try? decoder.decode([String].self, from: Data(alternatesJSON.utf8))) ?? []
            var episode = Episode(
                showID: showID, season: row["season"], number: row["number"], overall: row["overall"], title: row["title"],
                alternateTitles: alternates, airDay: (row["airDay"] as String?).flatMap(CalendarDay.init),
                broadcast: (row["broadcast"] as Double?).map(Date.init(timeIntervalSince1970:)),
                runtime: (row["runtime"] as Double?).map { Duration.seconds($0) },
                sourceURL: (row["sourceURL"] as String?).flatMap(URL.init(string:)),
                pageURL: (row["pageURL"] as String?).flatMap(URL.init(string:)), externalIDs: ids(row["externalIDs"]))
            episode.id = EpisodeID(rawValue: row["id"])
            episodesByShow[showID, default: []].append(episode)
        }
        let lists = shows.map { EpisodeList(show: $0, episodes: episodesByShow[$0.id] ?? []) }
        let rules = try String.fetchAll(db, sql: "SELECT json FROM rule ORDER BY position").compactMap {
            try? decoder.decode(OrderingRule.self, from: Data($0.utf8))
        }
        let orders = try fetchOrders(db)
        let chosen = try String.fetchOne(db, sql: "SELECT orderID FROM chosenOrder")
        return StoredOrder(lists: lists, rules: rules, showPriority: shows.map(\.id), orders: orders, chosenOrderID: chosen)
    }

    /// The named orders: built-in ones first, then the viewer's, each by position. A row that no
    /// longer decodes (written by a later release, say) is left out.
    static func fetchOrders(_ db: Database) throws -> [NamedOrder] {
        let decoder = JSONDecoder()
        return try Row.fetchAll(db, sql: """
            SELECT json, origin FROM watchOrder ORDER BY CASE origin WHEN 'builtIn' THEN 0 ELSE 1 END, position
            """).compactMap { row in
            guard var order = try? decoder.decode(NamedOrder.self, from: Data((row["json"] as String).utf8)) else { return nil }
            order.origin = (row["origin"] as String) == "user" ? .user : .builtIn
            return order
        }
    }

    /// The marks, skips, show statuses, active rewatches and the view settings.
    static func fetchChecklist(_ db: Database) throws -> Checklist {
        let watched = Set(try String.fetchAll(db, sql: "SELECT DISTINCT episodeID FROM watch").map(EpisodeID.init(rawValue:)))
        let settings = Dictionary(
            try Row.fetchAll(db, sql: "SELECT key, value FROM setting").map { ($0["key"] as String, $0["value"] as String) },
            uniquingKeysWith: { first, _ in first })
        let selected = settings["selectedShows"].map { Set($0.split(separator: "\n").map(String.init)) }
        let skipped = Set(try String.fetchAll(db, sql: "SELECT episodeID FROM skipped").map(EpisodeID.init(rawValue:)))
        var status: [String: ShowStatus] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT showID, status FROM showStatus") {
            if let value = ShowStatus(rawValue: row["status"]) { status[row["showID"]] = value }
        }
        var rewatches = try activeSessions(db)
        for index in rewatches.indices {
            rewatches[index].watched = Set(try String.fetchAll(
                db, sql: "SELECT episodeID FROM watch WHERE session = ?", arguments: [rewatches[index].id]).map(EpisodeID.init(rawValue:)))
        }
        return Checklist(
            watched: watched, hidesSpecials: settings["hidesSpecials"] == "1", selectedShows: selected, skipped: skipped,
            showStatus: status, rewatches: rewatches)
    }

    private static func reason(_ error: any Error) -> String {
        return (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}
