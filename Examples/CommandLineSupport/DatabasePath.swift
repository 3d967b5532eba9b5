import ArgumentParser
public import Foundation

/// Where a program keeps its database: the file `--db` names, whose folder must exist (a typo never
/// creates an empty world), or a file of the program's own under the user's data directory (created
/// when missing).
///
/// ```swift
/// let path = try DatabasePath.resolve(db, defaultName: "countdowns.sqlite")
/// ```
public enum DatabasePath {
    /// The folder every program keeps its default database in: `Airdate/` in the user's data
    /// directory (`~/.local/share` on Linux, Application Support on Apple platforms).
    public static func defaultFolder() -> URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate", isDirectory: true)
    }

    /// The database file to open.
    ///
    /// - Parameters:
    ///   - given: the value of `--db`, or `nil` when it was not given.
    ///   - option: the option's spelling, for messages.
    ///   - defaultName: the file name under ``defaultFolder()`` when `given` is `nil`.
    /// - Throws: a `ValidationError` (usage) for an empty path; ``DatabasePathError`` (run time) when
    ///   the folder of `given` does not exist or `given` is a folder, or when the default folder cannot
    ///   be made.
    public static func resolve(_ given: String?, option: String = "--db", defaultName: String) throws -> String {
        if let given {
            guard !given.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("\(option) needs a path to a database file, such as \(option) ~/\(defaultName).")
            }
            let url = URL(fileURLWithPath: given)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                throw DatabasePathError.isFolder(path: given, option: option)
            }
            let folder = url.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw DatabasePathError.missingFolder(path: given, folder: folder, option: option)
            }
            return given
        }
        let folder = defaultFolder()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DatabasePathError.cannotCreateFolder(folder: folder.path)
        }
        return folder.appendingPathComponent(defaultName).path
    }
}

/// Why ``DatabasePath`` refused a database path.
public enum DatabasePathError: Error, LocalizedError, Sendable, Equatable {
    /// The folder the file would be in does not exist.
    case missingFolder(path: String, folder: String, option: String)
    /// The path names a folder.
    case isFolder(path: String, option: String)
    /// The default folder could not be made.
    case cannotCreateFolder(folder: String)

    /// What is wrong and what to do, in one line.
    public var errorDescription: String? {
        switch self {
        case .missingFolder(let path, let folder, let option):
            "The folder '\(folder)' of \(option) '\(path)' does not exist; nothing was created. Check the path, or create the folder first."
        case .isFolder(let path, let option):
            "\(option) '\(path)' is a folder; name a database file in it, such as '\(path.hasSuffix("/") ? path : path + "/")data.sqlite'."
        case .cannotCreateFolder(let folder):
            "Cannot create the data folder '\(folder)'. Check its permissions, or name a database file with --db."
        }
    }
}
