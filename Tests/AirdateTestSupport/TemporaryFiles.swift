public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files and folders for tests, all under one folder per test process that is removed when
/// the process exits, so that test runs do not fill the system's temporary folder.
///
/// ```swift
/// let folder = try TemporaryFiles.folder("watchorder")        // created, empty
/// let db = TemporaryFiles.path("countdowns", "plan.sqlite")   // a path in a folder the code under test creates
/// ```
///
/// A process that is killed leaves its one folder behind (`airdate-tests-…`), not one per test.
public enum TemporaryFiles {
    /// The process's folder, created (and its removal at exit registered) on first use.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("airdate-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFiles.root) }
        return root
    }()

    /// A new empty folder named `prefix-UUID` under ``root``.
    public static func folder(_ prefix: String) throws -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Variables for a program under test (``ProgramRun``'s `environment`) that move `HOME` and the
    /// XDG folders (`XDG_DATA_HOME`, `XDG_CACHE_HOME`, `XDG_CONFIG_HOME`) into a new empty folder under
    /// ``root``: a program that falls back on its default database, cache or settings opens a file of
    /// its own there, never the user's (`~/.local/share/Airdate/…`, perhaps written by another build).
    public static func homeOfItsOwn() throws -> [String: String?] {
        let home = try folder("home")
        return [
            "HOME": home.path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
        ]
    }

    /// The path of `name` inside a new folder `prefix-UUID` under ``root`` that is *not* created, for
    /// code under test that creates its own folders.
    public static func path(_ prefix: String, _ name: String) -> String {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent(name).path
    }
}
