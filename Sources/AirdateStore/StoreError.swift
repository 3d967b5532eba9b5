public import Foundation

/// Why opening, reading or writing a store's database failed: the one error shape of the three
/// Airdate stores (`WatchOrderStore`, `CountdownStore`, `PlannerStore` wrap it as their `.store` case).
///
/// Each case names the database file and says what to do, in one line. The cases keep apart what
/// SQLite reports as different causes: another process holding the lock (``busy(path:waited:)``), a
/// file that may not be written (``readOnly(path:)``), bytes that are not a database or are damaged
/// (``corrupt(path:reason:)``), a database from a newer version of the package
/// (``newerSchema(path:unknownMigrations:)``), another program's database (``otherStore(path:migrations:)``),
/// a full disk (``diskFull(path:)``), a file that cannot be
/// opened at all (``cannotOpen(path:reason:)``), and anything else (``failed(path:reason:)``).
/// A failed write changes nothing: every write is one transaction.
public enum StoreError: Error, LocalizedError, Sendable, Hashable {
    /// Another process (or connection) held the database locked (SQLite `SQLITE_BUSY`/`SQLITE_LOCKED`),
    /// for the busy timeout or in a way SQLite does not wait out; `waited` is how long the operation
    /// ran before it gave up. Nothing was changed; trying again later may succeed.
    case busy(path: String, waited: Duration)
    /// The database may not be written: the file or its folder is read-only, or it was opened
    /// read-only (`SQLITE_READONLY`, or a read-only file met when opening).
    case readOnly(path: String)
    /// The file is not an SQLite database, or its pages are damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
    case corrupt(path: String, reason: String)
    /// The database was written by a newer version of the package: it has schema changes
    /// (migrations) this version does not know. It is left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The database belongs to another kind of store (another program's file): none of its schema
    /// changes are this store's. It is left untouched.
    case otherStore(path: String, migrations: [String])
    /// The disk (or the database's size limit) is full (`SQLITE_FULL`). Nothing was changed.
    case diskFull(path: String)
    /// The file could not be opened: its folder is missing, access is denied, or it is missing when
    /// opened read-only (`SQLITE_CANTOPEN`, `SQLITE_PERM`).
    case cannotOpen(path: String, reason: String)
    /// Any other failure, with SQLite's (or the system's) own words.
    case failed(path: String, reason: String)

    /// The database file the error is about.
    public var path: String {
        switch self {
        case .busy(let path, _), .readOnly(let path), .corrupt(let path, _), .newerSchema(let path, _), .otherStore(let path, _),
             .diskFull(let path), .cannotOpen(let path, _), .failed(let path, _):
            return path
        }
    }

    /// One line: the real cause, the file, and what to do.
    public var errorDescription: String? {
        switch self {
        case .busy(let path, let waited):
            return "The database \(path) was locked by another process; gave up after \(Self.seconds(waited)) and changed nothing. Try again when the other program has finished writing."
        case .readOnly(let path):
            return "The database \(path) is read-only (the file or its folder may not be written, or it was opened read-only); nothing was changed. Make both writable, or open it for writing."
        case .corrupt(let path, let reason):
            return "\(path) is not a usable database (\(reason)). Move it aside to start afresh, or restore it from a backup or an export."
        case .newerSchema(let path, let unknown):
            return "The database \(path) was written by a newer version of Airdate (unknown schema changes: \(unknown.joined(separator: ", "))); update the app to open it. The file was left untouched."
        case .otherStore(let path, let migrations):
            return "The database \(path) belongs to another kind of store (its schema: \(migrations.joined(separator: ", "))); nothing was changed. Choose the file made for this program, or a new path."
        case .diskFull(let path):
            return "The disk holding \(path) is full; nothing was changed. Free some space and try again."
        case .cannotOpen(let path, let reason):
            return "Cannot open the database \(path): \(reason)."
        case .failed(let path, let reason):
            return "The database \(path) failed: \(reason)."
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int64((duration / .milliseconds(1)).rounded())
        if milliseconds % 1000 == 0 {
            let seconds = milliseconds / 1000
            return seconds == 1 ? "1 second" : "\(seconds) seconds"
        }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) seconds"
    }
}

/// An error type of a store that carries a ``StoreError`` as one of its cases, so that
/// ``StoreDatabase`` can throw the store's own error type.
///
/// An enum adopts it with a case `store(StoreError)`; its other cases stay domain-specific
/// (duplicate ids, unknown ids, invalid imports), and the body of a read or write may throw them.
public protocol StoreErrorWrapping: Error {
    /// The store's error for a foundation error.
    static func store(_ error: StoreError) -> Self
}

extension StoreError: StoreErrorWrapping {
    /// `error` itself: a `StoreError` wraps itself.
    public static func store(_ error: StoreError) -> StoreError { error }
}
