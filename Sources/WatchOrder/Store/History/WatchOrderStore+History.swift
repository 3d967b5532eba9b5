public import AirdateStore
public import Foundation
import AirdateCore
import GRDB

/// The owner's history and undo: every watch with its time and session, the changes they made, and
/// taking the last one back.
extension WatchOrderStore {
    /// The watches `query` asks for, with every rewatch session (each with its watched episodes).
    public func history(_ query: HistoryQuery) async throws(WatchOrderStoreError) -> WatchHistory {
        let watches = watches
        return try await database.read { db in try watches.history(query, in: db) }
    }

    /// The history, now and after every change of the owner's watches or sessions.
    public func observeHistory(_ query: HistoryQuery) -> StoreObservation<WatchHistory> {
        let watches = watches
        return database.observe(scope: owner) { db in try watches.history(query, in: db) }
    }

    /// The owner's most recent changes (newest first), undone ones included (their
    /// ``ChangeRecord/undoneAt`` says when): what an app's "recent activity" or undo menu shows.
    public func changes(limit: Int) async throws(WatchOrderStoreError) -> [ChangeRecord] {
        let log = changeLog
        return try await database.read { db in try log.changes(limit: max(0, limit), in: db) }
    }

    /// Undoes the owner's most recent change that stands — a watch, an unwatch, a skip, a show's
    /// status, a rewatch, a setting, a whole import — putting every row it touched back exactly as it
    /// was, in one transaction. Works across processes: the log is in the file. Calling it again
    /// undoes the change before.
    ///
    /// - Returns: the change undone, or `nil` when there is nothing to undo.
    /// - Throws: ``WatchOrderStoreError/Code/undoConflict`` when the rows it touched were changed
    ///   since by something the log does not know (nothing is written).
    @discardableResult
    public func undo(undoneAt date: Date?) async throws(WatchOrderStoreError) -> ChangeRecord? {
        let (time, log) = (date ?? clock.now, changeLog)
        return try await database.write { db in
            do {
                return try log.undoLast(at: time, in: db)
            } catch ChangeLog.UndoFailure.changedSince(let change, _) {
                throw WatchOrderStoreError.undoConflict(change)
            }
        }
    }
}
