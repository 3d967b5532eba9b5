public import AirdateStore
public import Foundation

/// Why a ``PlannerStore`` operation failed. Failed writes change nothing.
public enum PlannerStoreError: Error, LocalizedError, Sendable, Hashable, StoreErrorWrapping {
    /// The database failed: it is locked by another process, read-only, corrupt, from a newer
    /// version, on a full disk, cannot be opened, or another failure (see `StoreError`).
    case store(StoreError)
    /// No tracked show has this id.
    case notFound(Int)
    /// A show with this id is already tracked.
    case duplicate(Int)
    /// A stored row could not be turned back into a tracked show.
    case corruptRow(id: Int, reason: String)
    /// A change passed to ``PlannerStore/update(id:_:)`` gave the show another id (refreshed it with
    /// another anime, say); nothing was written.
    case changedID(from: Int, to: Int)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .store(let error):
            return error.errorDescription
        case .notFound(let id):
            return "No tracked show has the id \(id); add it first."
        case .duplicate(let id):
            return "The show \(id) is already tracked; change its plan instead of adding it again."
        case .corruptRow(let id, let reason):
            return "The stored show \(id) is damaged (\(reason)); delete it and add it again."
        case .changedID(let id, let other):
            return "A change turned the tracked show \(id) into the show \(other); nothing was written. Track \(other) on its own instead."
        }
    }
}
