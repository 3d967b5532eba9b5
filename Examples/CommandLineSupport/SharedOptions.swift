public import ArgumentParser
public import Foundation

/// The viewer's time zone, under the one name every example gives it: `--time-zone`.
///
/// ```swift
/// @Option(name: .customLong(TimeZoneOption.name), help: TimeZoneOption.help) var timeZone: String?
/// let zone = try TimeZoneOption.zone(timeZone)      // the system's when nil
/// ```
public enum TimeZoneOption {
    /// The option's name, without dashes.
    public static let name = "time-zone"
    /// The option's help line.
    public static let help = ArgumentHelp("The viewer's time zone, such as Asia/Tokyo or UTC (default: the system's).",
                                          valueName: "zone")
    /// The names the option had before, with the one to use now (`arrowverse --tz`, `countdowns --zone`).
    public static let formerNames = ["--tz", "--zone", "--timezone"]

    /// The zone named `text` (an IANA identifier such as Europe/Paris, or UTC), the system's when
    /// `text` is nil, or a usage error naming `--time-zone` and an example.
    public static func zone(_ text: String?) throws -> TimeZone {
        guard let text else { return .current }
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64, let zone = TimeZone(identifier: name) else {
            throw ValidationError(
                "--time-zone \"\(TerminalText.echoed(text, limit: 40))\" is not a time zone; "
                    + "give an IANA name such as Asia/Tokyo, Europe/Paris or UTC.")
        }
        return zone
    }
}

/// The database file a user names with `--db`: refused when it is empty or its folder does not exist,
/// so that a typo never creates an empty world. The default path's folder is created on first use.
public enum DatabasePath {
    /// The longest path accepted (Linux's `PATH_MAX`).
    public static let maximumLength = 4_096

    /// `given` checked, or `defaultPath` (its folder created when missing).
    ///
    /// - Throws: a usage error for an empty or overlong path; ``DatabasePathError`` for a folder
    ///   that does not exist or a path that names a folder.
    public static func resolve(_ given: String?, defaultPath: @autoclosure () -> String) throws -> String {
        guard let given else {
            let path = defaultPath()
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return path
        }
        guard !given.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--db needs a path, such as --db ~/plans.sqlite.")
        }
        guard given.utf8.count <= maximumLength else {
            throw ValidationError("--db is \(given.utf8.count) bytes long; give a path of at most \(maximumLength).")
        }
        let url = URL(fileURLWithPath: given)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DatabasePathError.isFolder(path: given)
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw DatabasePathError.missingFolder(path: given, folder: folder)
        }
        return given
    }
}

/// Why a `--db` path is refused.
public enum DatabasePathError: Error, LocalizedError, Equatable, Sendable {
    /// The folder the database would go in does not exist (it is not created: it may be a typo).
    case missingFolder(path: String, folder: String)
    /// The path names a folder.
    case isFolder(path: String)

    /// What is wrong and what to do, in one line.
    public var errorDescription: String? {
        switch self {
        case .missingFolder(let path, let folder):
            "The folder of --db '\(TerminalText.echoed(path))' does not exist ('\(TerminalText.echoed(folder))'); "
                + "create it first or check the path."
        case .isFolder(let path):
            "--db '\(TerminalText.echoed(path))' is a folder; name a database file inside it, such as \(TerminalText.echoed(path))/plans.sqlite."
        }
    }
}
