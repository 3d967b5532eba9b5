public import AirdateStore
public import Foundation

/// Why a ``WatchOrderStore`` operation failed. Failed writes change nothing.
public enum WatchOrderStoreError: Error, Sendable, Hashable, LocalizedError, StoreErrorWrapping {
    /// The database failed: it is locked by another process, read-only, corrupt, from a newer
    /// version, on a full disk, cannot be opened, or another failure (see `StoreError`).
    case store(StoreError)
    /// An imported progress document could not be read.
    case invalidImport(String)
    /// The stored rules contradict each other (see ``WatchOrderError``).
    case order(WatchOrderError)
    /// `refresh(_:)` was given a list with no episodes for a show that has
    /// stored episodes (a page without a recognisable episode table, say); nothing was written and the
    /// show's stored episodes are kept. `reason` is the list's first diagnostic, if any.
    case emptyEpisodeList(show: String, reason: String?)
    /// A rewatch session would cover a show an active session already covers (`show` — or "every
    /// show" — in the session named `session`); nothing was written.
    case rewatchOverlaps(show: String, session: String)
    /// A rewatch session cannot be started, ended or removed as asked; the text says why.
    case invalidRewatch(String)
    /// The change ``WatchOrderStore/undo(undoneAt:)`` would undo (its summary) touched rows that have
    /// changed since in a way the change log does not know; nothing was written.
    case undoConflict(change: String)
    /// No named order has this id; `known` are the ids that exist.
    case unknownOrder(String, known: [String])
    /// A built-in order has this id: a viewer's order cannot take it, and a built-in order cannot be
    /// removed (the app supplies them).
    case orderIsBuiltIn(String)
    /// A viewer's order already has the id of a built-in order the app supplies.
    case orderIDTaken(String)
    /// An order could not be stored: the text says why.
    case invalidOrder(String)

    /// What failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .store(let error):
            return error.errorDescription
        case .invalidImport(let reason):
            return "The progress file cannot be imported: \(reason). Use a file written by export."
        case .order(let error):
            return error.errorDescription
        case .emptyEpisodeList(let show, let reason):
            return "No episodes were read for \(show)\(reason.map { " (\($0))" } ?? ""); its stored episodes were kept. "
                + "Check the page, or leave \(show) out of this refresh."
        case .rewatchOverlaps(let show, let session):
            return "\(show) is already being rewatched in \"\(session)\"; end that rewatch first."
        case .invalidRewatch(let reason):
            return "The rewatch cannot be changed: \(reason)."
        case .undoConflict(let change):
            return "The last change (\(change)) cannot be undone: what it changed has changed since. Nothing was undone."
        case .unknownOrder(let id, let known):
            return "There is no order \"\(id)\"" + (known.isEmpty ? "; no named order is stored." : "; the orders are \(known.joined(separator: ", ")).")
        case .orderIsBuiltIn(let id):
            return "\"\(id)\" is a built-in order; it cannot be removed or replaced. Give your order another id."
        case .orderIDTaken(let id):
            return "Your order \"\(id)\" has the name of a built-in order; remove or rename it to see the built-in one."
        case .invalidOrder(let reason):
            return "The order cannot be stored: \(reason)."

        }
    }
}
