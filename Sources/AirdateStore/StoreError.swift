public import Foundation

/// Why opening, reading or writing a store's database failed: the one error shape of the three
/// Airdate stores (`WatchOrderStore`, `CountdownStore`, `PlannerStore` keep it as their
/// ``StoreErrorWrapping/storeError``).
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch` — the match also finds a store error that a
/// store's own error wraps:
///
/// ```swift
/// do {
///     try await store.insert(countdown)
/// } catch StoreError.Code.busy {
///     // another process holds the database: try again in a moment
/// } catch {
///     print(error.localizedDescription)   // says what failed and what to do
/// }
/// ```
///
/// The codes keep apart what SQLite reports as different causes: another process holding the lock
/// (``Code/busy``), a file that may not be written (``Code/readOnly``), bytes that are not a database
/// or are damaged (``Code/corrupt``), a database from a newer version of the package
/// (``Code/newerSchema``), another program's database (``Code/otherStore``), a full disk
/// (``Code/diskFull``), a file that cannot be opened at all (``Code/cannotOpen``), and anything else
/// (``Code/failed``). Every error names the database file (``path``) and says what to do, in one
/// line. A failed write changes nothing: every write is one transaction.
public struct StoreError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `StoreError.Code.busy`.
        public let description: String

        private init(_ name: String) { description = name }

        /// Another process (or connection) held the database locked (SQLite `SQLITE_BUSY`/`SQLITE_LOCKED`),
        /// for the busy timeout or in a way SQLite does not wait out; ``StoreError/waited`` is how long
        /// the operation ran before it gave up. Nothing was changed; trying again later may succeed.
        public static let busy = Code("busy")
        /// The database may not be written: the file or its folder is read-only, or it was opened
        /// read-only (`SQLITE_READONLY`, or a read-only file met when opening).
        public static let readOnly = Code("readOnly")
        /// The file is not an SQLite database, or its pages are damaged (`SQLITE_NOTADB`,
        /// `SQLITE_CORRUPT`); ``StoreError/reason`` has SQLite's words.
        public static let corrupt = Code("corrupt")
        /// The database was written by a newer version of the package: it has schema changes
        /// (``StoreError/unknownMigrations``) this version does not know. It is left untouched.
        public static let newerSchema = Code("newerSchema")
        /// The database belongs to another kind of store (another program's file): none of its schema
        /// changes (``StoreError/unknownMigrations``) are this store's. It is left untouched.
        public static let otherStore = Code("otherStore")
        /// The disk (or the database's size limit) is full (`SQLITE_FULL`). Nothing was changed.
        public static let diskFull = Code("diskFull")
        /// The file could not be opened: its folder is missing, access is denied, or it is missing when
        /// opened read-only (`SQLITE_CANTOPEN`, `SQLITE_PERM`); ``StoreError/reason`` says which.
        public static let cannotOpen = Code("cannotOpen")
        /// Any other failure, with SQLite's (or the system's) own words in ``StoreError/reason``.
        public static let failed = Code("failed")

        /// Matches an error against a code in a `catch` clause or a `switch`: a `StoreError` of this
        /// code, or a store's own error (``StoreErrorWrapping``) that wraps one.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? any StoreErrorWrapping)?.storeError?.code == code
        }

        /// Matches a `StoreError` against a code: the same as the `any Error` form, chosen after
        /// calls that declare `throws(StoreError)`.
        public static func ~= (code: Code, error: StoreError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The database file the error is about.
    public var path: String
    /// For ``Code/busy``: how long the operation ran before it gave up (SQLite may give up at once,
    /// on a stale snapshot, as well as after the whole busy timeout).
    public var waited: Duration?
    /// SQLite's or the file system's words: why the file is ``Code/corrupt``, cannot be opened
    /// (``Code/cannotOpen``) or ``Code/failed``.
    public var reason: String?
    /// For ``Code/newerSchema``: the schema changes (migrations) of the file that this version does
    /// not know; for ``Code/otherStore``: all of the file's, none of which are this store's.
    public var unknownMigrations: [String]
    /// The error that caused this one (SQLite's, the file system's), kept for logs and debugging;
    /// not compared by `==`.
    public var underlying: (any Error)?

    /// An error of `code` about the database at `path`; the other properties say what is known.
    public init(
        _ code: Code, path: String, waited: Duration? = nil, reason: String? = nil, unknownMigrations: [String] = [],
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.path = path
        self.waited = waited
        self.reason = reason
        self.unknownMigrations = unknownMigrations
        self.underlying = underlying
    }

    // MARK: Making errors

    /// The database at `path` was locked by another process; the operation gave up after `waited`.
    public static func busy(path: String, waited: Duration) -> StoreError { StoreError(.busy, path: path, waited: waited) }
    /// The database at `path` may not be written.
    public static func readOnly(path: String) -> StoreError { StoreError(.readOnly, path: path) }
    /// The file at `path` is not a usable database, as `reason` says.
    public static func corrupt(path: String, reason: String) -> StoreError { StoreError(.corrupt, path: path, reason: reason) }
    /// The database at `path` has the schema changes `unknownMigrations` of a newer version.
    public static func newerSchema(path: String, unknownMigrations: [String]) -> StoreError {
        StoreError(.newerSchema, path: path, unknownMigrations: unknownMigrations)
    }
    /// The database at `path` is another kind of store's, with the schema changes `migrations`.
    public static func otherStore(path: String, migrations: [String]) -> StoreError {
        StoreError(.otherStore, path: path, unknownMigrations: migrations)
    }
    /// The disk holding `path` is full.
    public static func diskFull(path: String) -> StoreError { StoreError(.diskFull, path: path) }
    /// The database at `path` cannot be opened, as `reason` says.
    public static func cannotOpen(path: String, reason: String) -> StoreError { StoreError(.cannotOpen, path: path, reason: reason) }
    /// The database at `path` failed, as `reason` says.
    public static func failed(path: String, reason: String) -> StoreError { StoreError(.failed, path: path, reason: reason) }

    // MARK: Describing

    /// One line: the real cause, the file, and what to do.
    public var errorDescription: String? {
        switch code {
        case .busy:
            let after = waited.map { "gave up after \(Self.seconds($0))" } ?? "gave up"
            return "The database \(path) was locked by another process; \(after) and changed nothing. Try again when the other program has finished writing."
        case .readOnly:
            return "The database \(path) is read-only (the file or its folder may not be written, or it was opened read-only); nothing was changed. Make both writable, or open it for writing."
        case .corrupt:
            return "\(path) is not a usable database (\(reason ?? "damaged")). Move it aside to start afresh, or restore it from a backup or an export."
        case .newerSchema:
            return "The database \(path) was written by a newer version of Airdate (unknown schema changes: \(unknownMigrations.joined(separator: ", "))); update the app to open it. The file was left untouched."
        case .otherStore:
            return "The database \(path) belongs to another kind of store (its schema: \(unknownMigrations.joined(separator: ", "))); nothing was changed. Choose the file made for this program, or a new path."
        case .diskFull:
            return "The disk holding \(path) is full; nothing was changed. Free some space and try again."
        case .cannotOpen:
            return "Cannot open the database \(path): \(reason ?? "unknown reason")."
        case .failed:
            return "The database \(path) failed: \(reason ?? "unknown reason")."
        default:
            return "The database \(path) failed (\(code))\(reason.map { ": \($0)" } ?? "")."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }

    /// Equal when everything but ``underlying`` is equal (errors are rarely `Equatable`).
    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.code == rhs.code && lhs.path == rhs.path && lhs.waited == rhs.waited && lhs.reason == rhs.reason
            && lhs.unknownMigrations == rhs.unknownMigrations
    }

    /// Hashes everything `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
        hasher.combine(waited)
        hasher.combine(reason)
        hasher.combine(unknownMigrations)
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

/// An error type of a store that carries a ``StoreError`` when the database failed, so that
/// ``StoreDatabase`` can throw the store's own error type and `catch StoreError.Code.busy` finds the
/// foundation's error inside it.
///
/// The store's error makes one of its own from a foundation error (``store(_:)``), gives it back
/// (``storeError``), and keeps its other failures domain-specific (duplicate ids, unknown ids,
/// invalid imports); the body of a read or write may throw those.
public protocol StoreErrorWrapping: Error {
    /// The store's error for a foundation error.
    static func store(_ error: StoreError) -> Self
    /// The foundation error this error carries, when the database failed; `nil` for the store's
    /// domain errors.
    var storeError: StoreError? { get }
}

extension StoreErrorWrapping {
    /// The ``StoreError`` the value holds — an enum's payload or a stored property — found by
    /// reflection, for types that do not say themselves; `nil` when it holds none. Conforming types
    /// should implement it directly.
    public var storeError: StoreError? {
        for child in Mirror(reflecting: self).children {
            if let error = child.value as? StoreError { return error }
            for grandchild in Mirror(reflecting: child.value).children {
                if let error = grandchild.value as? StoreError { return error }
            }
        }
        return nil
    }
}

extension StoreError: StoreErrorWrapping {
    /// `error` itself: a `StoreError` wraps itself.
    public static func store(_ error: StoreError) -> StoreError { error }

    /// The error itself.
    public var storeError: StoreError? { self }
}
