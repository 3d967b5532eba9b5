import Foundation

/// Why a ``WatchOrderStore`` operation failed.
public enum WatchOrderStoreError: Error, Sendable, Hashable, LocalizedError {
    /// The database file could not be opened or migrated.
    case cannotOpen(path: String, reason: String)
    /// Reading failed.
    case readFailed(String)
    /// Writing failed.
    case writeFailed(String)
    /// An imported progress document could not be read.
    case invalidImport(String)
    /// The stored rules contradict each other (see ``WatchOrderError``).
    case order(WatchOrderError)
    /// ``WatchOrderStore/refresh(_:)-swift.method`` was given a list with no episodes for a show that has
    /// stored episodes (a page without a recognisable episode table, say); nothing was written and the
    /// show's stored episodes are kept. `reason` is the list's first diagnostic, if any.
    case emptyEpisodeList(show: String, reason: String?)

    /// What failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the watch-order database at \(path): \(reason). Check the path and its permissions."
        case .readFailed(let reason):
            return "Reading the watch-order database failed: \(reason)."
        case .writeFailed(let reason):
            return "Writing the watch-order database failed: \(reason). Try again; another process may hold a lock."
        case .invalidImport(let reason):
            return "The progress file cannot be imported: \(reason). Use a file written by export."
        case .order(let error):
            return error.errorDescription
        case .emptyEpisodeList(let show, let reason):
            return "No episodes were read for \(show)\(reason.map { " (\($0))" } ?? ""); its stored episodes were kept. "
                + "Check the page, or leave \(show) out of this refresh."

        }
    }
}
