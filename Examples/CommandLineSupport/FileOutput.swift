public import Foundation

/// Writing a file the user named, with a one-line account of what went wrong.
public enum FileOutput {
    /// Writes `data` to `path` atomically.
    ///
    /// - Throws: ``FileOutputError/missingFolder(path:folder:)`` when the file's folder does not
    ///   exist; Foundation's file error (which `ErrorLine` words with the path) for other failures.
    public static func write(_ data: Data, toPath path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileOutputError.missingFolder(path: path, folder: folder.path)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw FileOutputError.isFolder(path: path)
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            // Permission, a full disk and a read-only volume are worded by `ErrorLine`; anything
            // else is said plainly rather than as Foundation's "operation could not be completed".
            let nsError = error as NSError
            let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).map(\.code)
                ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil)
            let known: Set<Int> = [CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileWriteOutOfSpace.rawValue,
                                   CocoaError.fileWriteVolumeReadOnly.rawValue]
            if known.contains(nsError.code) || [EACCES, EPERM, ENOSPC, EROFS].map(Int.init).contains(posix ?? -1) { throw error }
            throw FileOutputError.failed(path: path)
        }
    }
}

/// Why ``FileOutput`` could not write a file, or ``FileInput`` read one.
public enum FileOutputError: Error, LocalizedError, Sendable, Equatable {
    /// The folder the file would go in does not exist.
    case missingFolder(path: String, folder: String)
    /// A folder has the file's name.
    case isFolder(path: String)
    /// The file could not be written for another reason.
    case failed(path: String)
    /// The file to read does not exist.
    case missingFile(path: String)
    /// The file could not be read for another reason.
    case unreadable(path: String)

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        switch self {
        case .missingFolder(let path, let folder):
            "Cannot write '\(path)': the folder '\(folder)' does not exist. Create it or choose another path."
        case .isFolder(let path):
            "'\(path)' is a folder. Name a file instead."
        case .failed(let path):
            "Cannot write '\(path)'. Check that its folder is writable and the disk has room, then try again."
        case .missingFile(let path):
            "'\(path)' does not exist. Check the path."
        case .unreadable(let path):
            "Cannot read '\(path)'. Check that it is a file you may read."
        }
    }
}

/// Reading a file the user named, with a one-line account of what went wrong.
public enum FileInput {
    /// The contents of the file at `path`.
    ///
    /// - Throws: ``FileOutputError/missingFile(path:)`` or ``FileOutputError/isFolder(path:)``; for
    ///   other failures Foundation's permission error (worded by `ErrorLine`) or
    ///   ``FileOutputError/unreadable(path:)``.
    public static func read(_ path: String) throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FileOutputError.missingFile(path: path)
        }
        if isFolder.boolValue { throw FileOutputError.isFolder(path: path) }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let nsError = error as NSError
            let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).map(\.code)
                ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil)
            if nsError.code == CocoaError.fileReadNoPermission.rawValue || [EACCES, EPERM].map(Int.init).contains(posix ?? -1) {
                throw error
            }
            throw FileOutputError.unreadable(path: path)
        }
    }
}
