public import AirdateHTTP
public import Foundation

/// Where the API clients' tests find their data: the package's `Fixtures/` and the read-only
/// `../shared/` folder beside the checkout (absent on other machines).
public enum TestPaths {
    /// The package's root folder, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AirdateTestServer
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// A folder under the package's `Fixtures/`.
    public static func fixtures(_ folder: String) -> URL {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(folder)
    }

    /// A folder under `../shared/`, or `nil` when it is absent. Tests that need it are disabled with
    /// ``hasShared(_:)`` so that the run lists them as skipped, with the reason.
    public static func sharedFolder(_ relativePath: String) -> URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
            .appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Whether `../shared/<relativePath>` is present (the condition of `.enabled(if:)`).
    public static func hasShared(_ relativePath: String) -> Bool { sharedFolder(relativePath) != nil }
}

/// Runs `body` and returns the `APIClientError` it threw, or `nil` if it threw none (another error
/// comes back as `.transport`, so that an expectation on the case fails visibly).
public func clientError(_ body: () async throws -> Void) async -> APIClientError? {
    do {
        try await body()
        return nil
    } catch let error as APIClientError {
        return error
    } catch {
        return .transport(reason: "unexpected non-client error \(error)")
    }
}
