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

    /// A folder under `../shared/`, or `nil` (after printing why) when it is absent, so that the
    /// calling test can skip cleanly.
    static func sharedFolder(_ relativePath: String) -> URL? {
        guard let shared else {
            print("skipping: ../shared/ is not present beside the package (needed: \(relativePath))")
            return nil
        }
        let url = shared.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("skipping: ../shared/\(relativePath) is not present")
            return nil
        }
        return url
    }
}
