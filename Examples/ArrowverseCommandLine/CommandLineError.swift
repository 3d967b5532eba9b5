public import Foundation
import CommandLineSupport

/// A failure of an `arrowverse` command, said in one line: what failed, then what to do.
public enum CommandLineError: Error, LocalizedError {
    /// The snapshot folder given is not there.
    case snapshotNotFound(String, given: Bool)
    /// The program was installed without its resource bundle (the offline data).
    case offlineDataMissing
    /// The snapshot folder lacks a file it needs.
    case snapshotIncomplete(folder: String, missing: String)
    case unreadableFile(String, String)
    case unwritableFile(String, String)
    /// The file is not a progress file `export` wrote.
    case notAnExport(String, String)
    /// The folder of `--db` does not exist.
    case databaseFolderMissing(String)
    case nothingToWatch(show: String?)

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        switch self {
        case .snapshotNotFound(let path, let given):
            given
                ? "The snapshot folder \(path) does not exist. Pass --snapshot a folder holding franchise.json and pages.tsv (the package's Fixtures/arrowverse)."
                : "The offline snapshot is not at \(path). Pass --snapshot PATH."
        case .offlineDataMissing:
            "The offline data is not installed: copy Airdate_AirdateOfflineData.resources (or .bundle) beside the program, or pass --snapshot PATH (the package's Fixtures/arrowverse)."
        case .snapshotIncomplete(let folder, let missing):
            "The snapshot folder \(folder) has no \(missing). Pass --snapshot a folder holding franchise.json, the files it names and pages.tsv (the package's Fixtures/arrowverse)."
        case .unreadableFile(let path, let reason):
            "Could not read \(path): \(reason). Check the path."
        case .unwritableFile(let path, let reason):
            "Could not write \(path): \(reason). Choose a file in a folder you may write to."
        case .notAnExport(let path, let reason):
            "Could not import \(path): \(reason). Import a file written by 'arrowverse export'."
        case .databaseFolderMissing(let folder):
            "The database folder \(folder) does not exist. Create it, or pass --db a file in an existing folder."
        case .nothingToWatch(let show):
            "\(show.map { "\($0) has" } ?? "There is") nothing aired left to watch, so nothing was marked. See 'arrowverse progress' for what is coming."
        }
    }
}

/// Why a file could not be read or written, in a few words ("it does not exist"), from Foundation's
/// error — never its raw dump.
public enum FileProblem {
    /// Why `path` could not be read or written: "it does not exist", "permission denied"…
    public static func reason(_ error: any Error, path: String) -> String {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            ?? (nsError.domain == NSPOSIXErrorDomain ? Int32(nsError.code) : nil)
        let cocoa = nsError.domain == NSCocoaErrorDomain ? nsError.code : nil
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        let folder = url.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        switch (posix, cocoa) {
        case (ENOENT?, _), (_, CocoaError.fileNoSuchFile.rawValue?), (_, CocoaError.fileReadNoSuchFile.rawValue?):
            return "it does not exist"
        case (EACCES?, _), (EPERM?, _), (_, CocoaError.fileReadNoPermission.rawValue?), (_, CocoaError.fileWriteNoPermission.rawValue?):
            return "permission denied"
        case (EROFS?, _), (_, CocoaError.fileWriteVolumeReadOnly.rawValue?):
            return "it is on a read-only volume"
        case (ENOSPC?, _), (_, CocoaError.fileWriteOutOfSpace.rawValue?):
            return "the disk is full"
        default:
            return ErrorLine.normalized(nsError.localizedDescription).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
    }
}
