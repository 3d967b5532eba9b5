import Foundation

/// Locates the data tests read: the package's `Fixtures/` and the read-only `../shared/` folder that
/// sits beside the package's checkout on the project's machines (absent elsewhere).
enum TestData {
    /// The package's root folder, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HTMLScrapeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `Fixtures/` in the package.
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// `../shared/` beside the package, or `nil` when it is not there.
    static let shared: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// A folder under `../shared/`, or `nil` when it is absent. Tests that need it are disabled with
    /// ``hasShared(_:)`` so that the run lists them as skipped, with the reason.
    static func sharedFolder(_ relativePath: String) -> URL? {
        guard let url = shared?.appendingPathComponent(relativePath),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// Whether `../shared/<relativePath>` is present (the condition of `.enabled(if:)`).
    static func hasShared(_ relativePath: String) -> Bool { sharedFolder(relativePath) != nil }
}
