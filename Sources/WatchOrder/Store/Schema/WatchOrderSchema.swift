import GRDB

/// The SQLite schema of a ``WatchOrderStore``: its migrations, oldest first. A migration is never
/// changed once released; a change of schema is a new migration at the end.
///
/// Tables: the episode catalogue every owner shares (`show`, `episode`, `rule`, the app's built-in
/// orders in `watchOrder`), and each owner's data (`watch`, `rewatchSession`, `skipped`,
/// `showStatus`, `setting`, `savedOrder`, `chosenOrder`, the change log `changeLog`/`changeLogRow`),
/// keyed by an `owner` column (`''` for `StoreOwner.local`).
enum WatchOrderSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // Raw SQL throughout: a released migration is a fixed text, not the record types of today.
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
                CREATE TABLE changeLog (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, madeAt DOUBLE NOT NULL, kind TEXT NOT NULL, summary TEXT NOT NULL,
                    open INTEGER NOT NULL DEFAULT 0, undoneAt DOUBLE);
                CREATE INDEX changeLog_open ON changeLog(open) WHERE open = 1;
                CREATE TABLE changeLogRow (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, changeID INTEGER NOT NULL REFERENCES changeLog(id) ON DELETE CASCADE,
                    tableName TEXT NOT NULL, rowKey TEXT NOT NULL, before TEXT, after TEXT);
                CREATE INDEX changeLogRow_change ON changeLogRow(changeID);
                """)
            try db.execute(sql: ChangeLog.triggerSQL(ChangeLog.tablesBeforeOwners))
        }
        // Owners (`StoreOwner`): every table of a viewer's data gains an `owner` column ('' for the
        // local viewer, whose rows the file already holds) and keys by it; the viewer's own orders
        // move from `watchOrder` (now the app's built-in orders alone) to `savedOrder`; the change log
        // keeps what each change did as data (`detail`, JSON of `ChangeDetail`) instead of a sentence.
        // The rows the log kept gain `owner` too, so every change made before still undoes.
        migrator.registerMigration("owners") { db in
            try db.execute(sql: """
                ALTER TABLE watch ADD COLUMN owner TEXT NOT NULL DEFAULT '';
                DROP INDEX watch_episode;
                DROP INDEX watch_time;
                CREATE INDEX watch_owner_episode ON watch(owner, episodeID, session);
                CREATE INDEX watch_owner_time ON watch(owner, watchedAt);
                ALTER TABLE rewatchSession ADD COLUMN owner TEXT NOT NULL DEFAULT '';
                CREATE INDEX rewatchSession_owner ON rewatchSession(owner, endedAt);

                CREATE TABLE skipped_owned (
                    owner TEXT NOT NULL, episodeID TEXT NOT NULL, skippedAt DOUBLE, PRIMARY KEY (owner, episodeID));
                INSERT INTO skipped_owned (owner, episodeID, skippedAt) SELECT '', episodeID, skippedAt FROM skipped;
                DROP TABLE skipped;
                ALTER TABLE skipped_owned RENAME TO skipped;

                CREATE TABLE showStatus_owned (
                    owner TEXT NOT NULL, showID TEXT NOT NULL, status TEXT NOT NULL, changedAt DOUBLE, PRIMARY KEY (owner, showID));
                INSERT INTO showStatus_owned (owner, showID, status, changedAt) SELECT '', showID, status, changedAt FROM showStatus;
                DROP TABLE showStatus;
                ALTER TABLE showStatus_owned RENAME TO showStatus;

                CREATE TABLE setting_owned (owner TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, key));
                INSERT INTO setting_owned (owner, key, value) SELECT '', key, value FROM setting;
                DROP TABLE setting;
                ALTER TABLE setting_owned RENAME TO setting;

                CREATE TABLE savedOrder (
                    owner TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (owner, id));
                INSERT INTO savedOrder (owner, id, position, json) SELECT '', id, position, json FROM watchOrder WHERE origin = 'user';
                DELETE FROM watchOrder WHERE origin = 'user';

                CREATE TABLE chosenOrder_owned (owner TEXT PRIMARY KEY NOT NULL, orderID TEXT NOT NULL);
                INSERT INTO chosenOrder_owned (owner, orderID) SELECT '', orderID FROM chosenOrder;
                DROP TABLE chosenOrder;
                ALTER TABLE chosenOrder_owned RENAME TO chosenOrder;

                ALTER TABLE changeLog ADD COLUMN owner TEXT NOT NULL DEFAULT '';
                ALTER TABLE changeLog ADD COLUMN detail TEXT;
                CREATE INDEX changeLog_owner ON changeLog(owner, id);
                UPDATE changeLogRow SET before = json_set(before, '$.owner', '') WHERE before IS NOT NULL;
                UPDATE changeLogRow SET after = json_set(after, '$.owner', '') WHERE after IS NOT NULL;
                """)
            try db.execute(sql: ChangeLog.triggerSQL(ChangeLog.tables))
        }
        return migrator
    }
}
