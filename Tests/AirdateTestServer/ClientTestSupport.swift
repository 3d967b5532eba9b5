import AirdateHTTP
import Foundation

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

    /// A folder under `../shared/`, or `nil` (after printing why) when it is absent, so that the
    /// calling test can skip cleanly.
    public static func sharedFolder(_ relativePath: String) -> URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
            .appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("skipping: ../shared/\(relativePath) is not present beside the package")
            return nil
        }
        return url
    }
}

/// Runs `body` and returns the `HTTPClientError` it threw, or `nil` if it threw none (another error
/// comes back as `.transport`, so that an expectation on the case fails visibly).
public func clientError(_ body: () async throws -> Void) async -> HTTPClientError? {
    do {
        try await body()
        return nil
    } catch let error as HTTPClientError {
        return error
    } catch {
        return .transport(reason: "unexpected non-client error \(error)")
    }
}
