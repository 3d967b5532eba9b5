public import AirdateStore
public import Foundation

/// Why a countdown store operation failed. Failed writes change nothing.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`:
///
/// ```swift
/// do {
///     try await store.delete(id: id, expecting: revision)
/// } catch CountdownStoreError.Code.conflict {
///     // changed elsewhere since the user saw it: show it again
/// } catch StoreError.Code.busy {
///     // another process holds the database: try again in a moment
/// }
/// ```
public struct CountdownStoreError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible, StoreErrorWrapping {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `CountdownStoreError.Code.notFound`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The database failed: it is locked by another process, read-only, corrupt, from a newer
        /// version, on a full disk, cannot be opened, or another failure
        /// (``CountdownStoreError/storeError`` says which).
        public static let store = Code("store")
        /// No countdown has the id ``CountdownStoreError/id`` (for this store's owner).
        public static let notFound = Code("notFound")
        /// A countdown with the id ``CountdownStoreError/id`` already exists.
        public static let duplicate = Code("duplicate")
        /// A stored row (``CountdownStoreError/storedID``) could not be turned back into a countdown;
        /// ``CountdownStoreError/reason`` says why.
        public static let corruptRow = Code("corruptRow")
        /// Imported data is not a countdown document (``CountdownStoreError/reason`` says why); nothing
        /// was imported.
        public static let invalidImport = Code("invalidImport")
        /// A countdown to write is not valid (for example longer than ``Countdown/Limits`` allows;
        /// ``CountdownStoreError/countdownError`` says how); nothing was written.
        public static let invalid = Code("invalid")
        /// The countdown changed since the revision the caller saw (``CountdownStoreError/expectedRevision``;
        /// it is at ``CountdownStoreError/currentRevision`` now): nothing was written, so that change
        /// is not lost.
        public static let conflict = Code("conflict")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CountdownStoreError)?.code == code
        }

        /// Matches a `CountdownStoreError` against a code, after calls that declare
        /// `throws(CountdownStoreError)`.
        public static func ~= (code: Code, error: CountdownStoreError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The countdown the error is about (``Code/notFound``, ``Code/duplicate``, ``Code/conflict``).
    public var id: UUID?
    /// The stored id of a damaged row, as stored (it may not be a UUID) (``Code/corruptRow``).
    public var storedID: String?
    /// Why a row is damaged or an import refused, as a clause.
    public var reason: String?
    /// The revision the caller made its change against (``Code/conflict``).
    public var expectedRevision: CountdownRevision?
    /// The countdown's revision as stored when the change was refused (``Code/conflict``).
    public var currentRevision: CountdownRevision?
    /// The database's failure (``Code/store``).
    public var storeError: StoreError?
    /// Why the countdown is not valid (``Code/invalid``).
    public var countdownError: CountdownError?

    /// An error of `code`; the other properties say what is known.
    public init(
        _ code: Code, id: UUID? = nil, storedID: String? = nil, reason: String? = nil,
        expectedRevision: CountdownRevision? = nil, currentRevision: CountdownRevision? = nil,
        storeError: StoreError? = nil, countdownError: CountdownError? = nil
    ) {
        self.code = code
        self.id = id
        self.storedID = storedID
        self.reason = reason
        self.expectedRevision = expectedRevision
        self.currentRevision = currentRevision
        self.storeError = storeError
        self.countdownError = countdownError
    }

    /// The error that caused this one: the database's (``storeError``) or the countdown's
    /// (``countdownError``).
    public var underlying: (any Error)? { storeError ?? countdownError }

    // MARK: Making errors

    /// The database failed with `error`.
    public static func store(_ error: StoreError) -> CountdownStoreError { CountdownStoreError(.store, storeError: error) }
    /// No countdown has `id`.
    public static func notFound(_ id: UUID) -> CountdownStoreError { CountdownStoreError(.notFound, id: id) }
    /// A countdown with `id` exists already.
    public static func duplicate(_ id: UUID) -> CountdownStoreError { CountdownStoreError(.duplicate, id: id) }
    /// The row stored as `id` is damaged, as `reason` says.
    public static func corruptRow(id: String, reason: String) -> CountdownStoreError {
        CountdownStoreError(.corruptRow, storedID: id, reason: reason)
    }
    /// Imported data was refused, as `reason` says.
    public static func invalidImport(_ reason: String) -> CountdownStoreError { CountdownStoreError(.invalidImport, reason: reason) }
    /// A countdown to write is not valid, as `error` says.
    public static func invalid(_ error: CountdownError) -> CountdownStoreError { CountdownStoreError(.invalid, countdownError: error) }
    /// The countdown `id` is at `current`, not at `expected`.
    public static func conflict(id: UUID, expected: CountdownRevision, current: CountdownRevision) -> CountdownStoreError {
        CountdownStoreError(.conflict, id: id, expectedRevision: expected, currentRevision: current)
    }

    // MARK: Describing

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        let idText = id?.uuidString ?? storedID ?? "?"
        switch code {
        case .store:
            return storeError?.errorDescription ?? "The countdowns' database failed."
        case .notFound:
            return "No countdown has the id \(idText); list them to see the ids."
        case .duplicate:
            return "A countdown with the id \(idText) already exists; edit it instead of adding it again."
        case .corruptRow:
            return "The stored countdown \(idText) is damaged (\(reason ?? "unreadable")); delete it or restore the database from an export."
        case .invalid:
            return countdownError?.errorDescription ?? "The countdown is not valid; nothing was written."
        case .invalidImport:
            return "The file is not a countdown export (\(reason ?? "unreadable")); nothing was imported. Export one with `countdowns export FILE.json`."
        case .conflict:
            return "The countdown \(idText) was changed elsewhere since it was read (revision \(expectedRevision?.description ?? "?"), now \(currentRevision?.description ?? "?")); nothing was written. Read it again and redo the change."
        default:
            return "The countdowns' store failed (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
