public import AirdateStore
public import Foundation

/// Why a ``CountdownStore`` operation failed. Failed writes change nothing.
public enum CountdownStoreError: Error, LocalizedError, Sendable, Hashable, StoreErrorWrapping {
    /// The database failed: it is locked by another process, read-only, corrupt, from a newer
    /// version, on a full disk, cannot be opened, or another failure (see `StoreError`).
    case store(StoreError)
    /// No countdown has this id.
    case notFound(UUID)
    /// A countdown with this id already exists.
    case duplicate(UUID)
    /// A stored row could not be turned back into a countdown.
    case corruptRow(id: String, reason: String)
    /// Imported data is not a countdown document; nothing was imported.
    case invalidImport(String)
    /// A countdown to write is not valid (for example longer than ``Countdown/Limits`` allows); nothing
    /// was written.
    case invalid(CountdownError)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .store(let error):
            return error.errorDescription
        case .notFound(let id):
            return "No countdown has the id \(id.uuidString); list them to see the ids."
        case .duplicate(let id):
            return "A countdown with the id \(id.uuidString) already exists; edit it instead of adding it again."
        case .corruptRow(let id, let reason):
            return "The stored countdown \(id) is damaged (\(reason)); delete it or restore the database from an export."
        case .invalid(let error):
            return error.errorDescription
        case .invalidImport(let reason):
            return "The file is not a countdown export (\(reason)); nothing was imported. Export one with `countdowns export FILE.json`."
        }
    }
}
