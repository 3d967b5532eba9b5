import Foundation

/// Why a ``PlannerStore`` operation failed. Failed writes change nothing.
public enum PlannerStoreError: Error, LocalizedError, Sendable, Equatable {
    /// The database file could not be opened or prepared.
    case cannotOpen(path: String, reason: String)
    /// No tracked show has this id.
    case notFound(Int)
    /// A show with this id is already tracked.
    case duplicate(Int)
    /// A write was refused; nothing was changed.
    case writeFailed(String)
    /// A read failed.
    case readFailed(String)
    /// A stored row could not be turned back into a tracked show.
    case corruptRow(id: Int, reason: String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Could not open the plan database at \(path): \(reason). Check the path and its permissions."
        case .notFound(let id):
            return "No tracked show has the id \(id); add it first."
        case .duplicate(let id):
            return "The show \(id) is already tracked; change its plan instead of adding it again."
        case .writeFailed(let reason):
            return "The plan database refused the change (\(reason)); nothing was changed. Check that the file is writable."
        case .readFailed(let reason):
            return "Could not read the plan database (\(reason))."
        case .corruptRow(let id, let reason):
            return "The stored show \(id) is damaged (\(reason)); delete it and add it again."
        }
    }
}
