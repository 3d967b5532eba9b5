import Foundation
import GRDB

extension StoreError {
    /// The store error for a failure of GRDB or SQLite on the database at `path`.
    ///
    /// SQLite result codes decide the case; for a file that cannot be opened, the file system is
    /// asked why (missing folder, no permission, read-only file or folder), because SQLite reports
    /// all of those as `SQLITE_CANTOPEN`.
    /// `waited` is how long the failed operation ran: a lock conflict reports it, because SQLite can
    /// give up at once (a stale snapshot) as well as after the whole busy timeout.
    static func mapping(_ error: any Error, path: String, waited: Duration) -> StoreError {
        if let error = error as? StoreError { return error }
        var mapped = sqliteMapping(error, path: path, waited: waited)
        mapped.underlying = error
        return mapped
    }

    /// The store error for `error`, without its underlying error.
    private static func sqliteMapping(_ error: any Error, path: String, waited: Duration) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .failed(path: path, reason: describe(error))
        }
        let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path, waited: waited)
        case .SQLITE_READONLY:
            return .readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .corrupt(path: path, reason: message)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM:
            return openFailure(path: path, sqliteMessage: message)
        case .SQLITE_IOERR where diskIsNearlyFull(at: path):
            return .diskFull(path: path)
        default:
            return .failed(path: path, reason: message)
        }
    }

    /// Why the file at `path` cannot be opened, as far as the file system tells.
    static func openFailure(path: String, sqliteMessage: String) -> StoreError {
        let files = FileManager.default
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if !files.fileExists(atPath: folder, isDirectory: &isFolder) {
            return .cannotOpen(path: path, reason: "its folder \(folder) does not exist; create it or choose another path")
        }
        if !isFolder.boolValue {
            return .cannotOpen(path: path, reason: "\(folder) is not a folder; choose another path")
        }
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                return .cannotOpen(path: path, reason: "it is a folder, not a file; choose another path")
            }
            if !files.isReadableFile(atPath: path) {
                return .cannotOpen(path: path, reason: "permission to read it is denied; give your user read and write access")
            }
            if !files.isWritableFile(atPath: path) || !files.isWritableFile(atPath: folder) {
                // SQLite needs to create the `-wal` and `-shm` files beside a WAL database.
                return .readOnly(path: path)
            }
        } else if !files.isWritableFile(atPath: folder) {
            return .cannotOpen(path: path, reason: "the folder \(folder) may not be written, so the database cannot be created there")
        }
        return .cannotOpen(path: path, reason: sqliteMessage)
    }

    /// Whether the volume holding `path` has (almost) no space left: an I/O error there is then a full disk.
    private static func diskIsNearlyFull(at path: String) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder),
              let free = attributes[.systemFreeSize] as? NSNumber else { return false }
        return free.int64Value < 64 * 1024
    }

    /// The most useful words of a non-SQLite error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                 .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        }
        return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
    }
}
