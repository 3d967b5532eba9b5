public import Foundation

/// Where tests find the package and what beside it they read: the one place that knows the package's
/// root (from this file's path: tests run from the source tree), its `Fixtures/`, the read-only
/// `../shared/` folder beside the checkout, and the programs built beside the test bundle.
public enum TestPaths {
    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AirdateTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// A folder (or file) under the package's `Fixtures/`.
    public static func fixtures(_ path: String) -> URL {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path)
    }

    /// A folder (or file) under the package's `Tests/` (a test target's own fixtures).
    public static func tests(_ path: String) -> URL {
        packageRoot.appendingPathComponent("Tests").appendingPathComponent(path)
    }

    /// `../shared/` beside the package, or `nil` when it is not there.
    public static let shared: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// A folder (or file) under `../shared/`, or `nil` when it is absent. Tests that need it are
    /// disabled with ``hasShared(_:)``, so that the run lists them as skipped, with the reason.
    public static func sharedFolder(_ relativePath: String) -> URL? {
        guard let url = shared?.appendingPathComponent(relativePath),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// Whether `../shared/<relativePath>` is present: the condition of `.enabled(if:)`. When it is
    /// not, the skip is counted in the run's closing summary (``ConformanceReport``).
    public static func hasShared(_ relativePath: String) -> Bool {
        guard sharedFolder(relativePath) != nil else {
            ConformanceReport.skipped("../shared/\(relativePath)", reason: "../shared/\(relativePath) is absent beside the package")
            return false
        }
        return true
    }

    /// The folder holding the test bundle and the programs built with it (`swift build
    /// --build-tests` builds the examples and the tests' own executables there).
    public static let productsFolder: URL = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        // The folder where the package's test executables are (built with every test run).
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("AirdateStoreProbe").path) }
            ?? candidates.first { FileManager.default.fileExists(atPath: $0.path) }
            ?? packageRoot.appendingPathComponent(".build/debug")
    }()

    /// The program `name` built beside the tests, or `nil` when it was not built.
    public static func builtProgram(_ name: String) -> URL? {
        let url = productsFolder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}
