import Foundation

/// Why a store operation failed. Failed writes change nothing.
public enum CountdownStoreError: Error, LocalizedError, Sendable, Equatable {
    /// The database file could not be opened or prepared.
    case cannotOpen(path: String, reason: String)
    /// No countdown has this id.
    case notFound(UUID)
    /// A countdown with this id already exists.
    case duplicate(UUID)
    /// A write was refused (for example a read-only or closed database); nothing was changed.
    case writeFailed(String)
    /// A read failed.
    case readFailed(String)
    /// A stored row could not be turned back into a countdown.
    case corruptRow(id: String, reason: String)
    /// Imported data is not a countdown document; nothing was imported.
    case invalidImport(String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Could not open the countdown database at \(path): \(reason). Check the path and its permissions."
        case .notFound(let id):
            return "No countdown has the id \(id.uuidString); list them to see the ids."
        case .duplicate(let id):
            return "A countdown with the id \(id.uuidString) already exists; edit it instead of adding it again."
        case .writeFailed(let reason):
            return "The countdown database refused the change (\(reason)); nothing was changed. Check that the file is writable."
        case .readFailed(let reason):
            return "Could not read the countdown database (\(reason))."
        case .corruptRow(let id, let reason):
            return "The stored countdown \(id) is damaged (\(reason)); delete it or restore the database from an export."
        case .invalidImport(let reason):
            return "The file is not a countdown export (\(reason)); nothing was imported. Export one with `countdowns export FILE.json`."
        }
    }
}
