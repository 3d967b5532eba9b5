import AirdateCore
import AirdateStore
import Foundation
import GRDB
/// The owner's view settings: specials hidden or shown, the shows followed.
extension WatchOrderStore {
    /// Hides or shows specials. One logged change; nothing is written (or logged) when specials
    /// already are as asked.
    public func setHidesSpecials(_ hides: Bool) async throws(WatchOrderStoreError) {
        try await setSetting(.hidesSpecials, OwnerSettings.value(hidesSpecials: hides), detail: ChangeDetail(.hidesSpecials, hidesSpecials: hides)) {
            $0.hidesSpecials == hides
        }
    }

    /// Follows only these show ids; `nil` for all. One logged change; nothing is written (or logged)
    /// when the selection already is this one.
    public func setSelectedShows(_ ids: Set<String>?) async throws(WatchOrderStoreError) {
        let detail = ChangeDetail(.selectedShows, selectedShows: ids.map { $0.sorted() })
        try await setSetting(.selectedShows, OwnerSettings.value(selectedShows: ids), detail: detail) { $0.selectedShows == ids }
    }

    private func setSetting(
        _ key: OwnerSettings.Key, _ value: String?, detail: ChangeDetail, unchanged: @escaping @Sendable (Checklist) -> Bool
    ) async throws(WatchOrderStoreError) {
        let (now, log, settings) = (clock.now, changeLog, settings)
        try await database.write { db in
            // Read in the write: a setting already as asked is no change, and nothing to undo.
            guard !unchanged(try settings.checklist(db)) else { return }
            try log.record(.settings, at: now, in: db) { db in
                try settings.write(key, value, in: db)
                return ((), detail)
            }
        }
    }
}
