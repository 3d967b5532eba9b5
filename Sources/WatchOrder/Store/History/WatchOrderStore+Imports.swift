public import Foundation
import GRDB
import AirdateCore
import AirdateStore

/// Bringing watches in and taking them out: another service's watches (matched by
/// `WatchOrderImport`), and the owner's progress file.
extension WatchOrderStore {
    /// Records the watches of another service's file (matched to listed episodes by the caller —
    /// `WatchOrderImport` does it for Trakt and TV Time), and the statuses it asks for, in one write
    /// transaction and one logged change that ``undo(undoneAt:)`` takes back whole.
    ///
    /// The history becomes the union of both: a watch the store already has (the same episode at
    /// the same instant, within a second; for a watch without a time, any watch of the episode not
    /// already matched) is not recorded again, so importing one file twice adds nothing. Imported
    /// watches belong to no rewatch session and carry `source`. A status is only set on a show the
    /// owner follows as usual (``ShowStatus/watching``): an import never brings back a show the
    /// owner hid or dropped here, nor changes one status into another.
    ///
    /// - Parameters:
    ///   - watches: the file's watches, each matched to a listed episode.
    ///   - showStatus: the status the file gives each show, by show id (hidden, dropped).
    ///   - source: the service (`trakt`, `tvtime`), kept as each watch's ``EpisodeWatch/source``.
    ///   - dryRun: work everything out in the transaction, then write nothing.
    /// - Returns: what was (or would be) added, what was already there, and the status changes.
    @discardableResult
    public func importWatches(
        _ watches: [WatchToImport], showStatus: [String: ShowStatus], source: String, dryRun: Bool
    ) async throws(WatchOrderStoreError) -> WatchImportReport {
        let (now, log, owned) = (clock.now, changeLog, self.watches)
        return try await database.write { db in
            var report = WatchImportReport(dryRun: dryRun)
            try db.inSavepoint {
                report = try log.record(.importFile, at: now, in: db) { db in
                    var report = try owned.recordImported(watches, source: source, in: db)
                    report.dryRun = dryRun
                    for (showID, status) in showStatus.sorted(by: { $0.key < $1.key }) where status != .watching {
                        guard try owned.statuses.filter(Column("showID") == showID).isEmpty(db) else { continue }
                        try owned.setStatus(status, ofShow: showID, at: now, in: db)
                        report.statusChanges.append(ShowStatusChange(showID: showID, from: .watching, to: status))
                    }
                    let detail = ChangeDetail(
                        .importWatches, count: report.added.count, source: source, showsHidden: report.statusChanges.count)
                    return (report, detail)
                }
                return dryRun ? .rollback : .commit
            }
            return report
        }
    }

    /// The owner's watched episodes and settings as JSON (a progress file).
    public func exportProgress(exportedAt date: Date) async throws(WatchOrderStoreError) -> Data {
        let settings = settings
        let checklist = try await database.read { db in try settings.checklist(db) }
        do {
            return try ProgressDocument(exported: date, checklist: checklist).jsonData()
        } catch {
            throw .store(.failed(path: path, reason: "the progress could not be encoded (\(Self.reason(error)))"))
        }
    }

    /// Adds the watched episodes of a progress file (existing watches are kept) and applies its
    /// settings, in one write transaction and one logged change (``undo(undoneAt:)`` takes it back
    /// whole), and says everything it changed.
    ///
    /// The selection of shows is validated: ids no stored show has are left out and reported, and a
    /// file whose every selected id is unknown leaves the selection as it was — an import never
    /// leaves the owner with nothing selected. The file's hidden and dropped shows (when it carries
    /// them) replace the owner's.
    ///
    /// - Parameters:
    ///   - data: the exported document, as ``exportProgress(exportedAt:)`` writes it.
    ///   - dryRun: work everything out in the transaction, then write nothing.
    /// - Throws: ``WatchOrderStoreError/Code/invalidImport`` for a file that is not a progress file
    ///   (nothing is written).
    @discardableResult
    public func importProgress(_ data: Data, dryRun: Bool) async throws(WatchOrderStoreError) -> ProgressImportReport {
        let document: ProgressDocument
        do {
            document = try ProgressDocument(jsonData: data)
        } catch let error as DecodingError {
            throw .invalidImport(Self.reason(decoding: error), underlying: error)
        } catch {
            throw .invalidImport(Self.reason(error), underlying: error)
        }
        guard document.version == 1 else { throw .invalidImport("unknown version \(document.version)") }
        let time = document.exported.timeIntervalSince1970
        let (now, log, watches, settings) = (clock.now, changeLog, watches, settings)
        // One transaction: the watches and the settings land together, or nothing does.
        return try await database.write { db in
            var report = ProgressImportReport(dryRun: dryRun)
            try db.inSavepoint {
                report = try log.record(.importFile, at: now, in: db) { db in
                    var report = ProgressImportReport(dryRun: dryRun)
                    let before = try settings.checklist(db)
                    report.watches = try watches.insertFirstWatches(document.watched, time: time, source: "progress", in: db)
                    if before.hidesSpecials != document.hidesSpecials {
                        report.hidesSpecials = .init(from: before.hidesSpecials, to: document.hidesSpecials)
                        try settings.write(.hidesSpecials, OwnerSettings.value(hidesSpecials: document.hidesSpecials), in: db)
                    }
                    var selection = document.selectedShows.map(Set.init)
                    if let wanted = selection {
                        let stored = try CatalogueTables.showIDs(db)
                        report.unknownShows = wanted.subtracting(stored).sorted()
                        let known = wanted.intersection(stored)
                        selection = known.isEmpty && !wanted.isEmpty ? before.selectedShows : known
                    }
                    if selection != before.selectedShows {
                        report.selectedShows = .init(from: before.selectedShows, to: selection)
                        try settings.write(.selectedShows, OwnerSettings.value(selectedShows: selection), in: db)
                    }
                    if let wanted = document.showStatus {
                        // The file's hidden and dropped shows replace the owner's (shows it does not know are left out).
                        let stored = try CatalogueTables.showIDs(db)
                        let known = wanted.filter { stored.contains($0.key) && $0.value != .watching }
                        report.unknownShows = Array(Set(report.unknownShows).union(wanted.keys.filter { !stored.contains($0) })).sorted()
                        if known != before.showStatus {
                            report.showStatus = .init(from: before.showStatus, to: known)
                            for showID in Set(before.showStatus.keys).union(known.keys).sorted() where known[showID] != before.showStatus[showID] {
                                try watches.setStatus(known[showID] ?? .watching, ofShow: showID, at: now, in: db)
                            }
                        }
                    }
                    var detail = ChangeDetail(.importProgress, report.watches)
                    detail.settingsChanged = report.hidesSpecials != nil || report.selectedShows != nil || report.showStatus != nil
                    return (report, detail)
                }
                return dryRun ? .rollback : .commit
            }
            return report
        }
    }

    /// What is wrong with an import file, in words (not a `DecodingError` dump).
    static func reason(decoding error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "the value at \(path(context)) is not valid"
        case .keyNotFound(let key, let context):
            let place = path(context)
            return "the field \(key.stringValue) is missing" + (place.isEmpty ? "" : " at \(place)")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
             .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return "it is not a JSON object with the fields of a progress file"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the value at \(path(context)) has the wrong type"
        @unknown default:
            return "it does not have the shape of a progress file"
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}
