import AirdateTestSupport
import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient

/// Locates the data tests read: the package's `Fixtures/jikan/` and the read-only `../shared/`.
enum TestData {
    /// `Fixtures/jikan/` in the package.
    static let jikanFixtures = TestPaths.fixtures("jikan")

    /// A folder under `../shared/`, or `nil` (after printing why) when it is absent.
    static func sharedFolder(_ relativePath: String) -> URL? { TestPaths.sharedFolder(relativePath) }

    /// Limits loose enough that tests not about pacing are not slowed by it.
    static let fastLimits = [RateLimit(limit: 50, per: .milliseconds(100))]
}

/// Runs `body` with a loopback server for `Fixtures/jikan/` (or no fixtures) and a client of it.
@discardableResult
func withJikan<T>(
    fixtures: URL? = TestData.jikanFixtures,
    rateLimits: [RateLimit] = TestData.fastLimits,
    retry: RetryPolicy = .none,
    clock: any Clock<Duration> = ContinuousClock(),
    configure: (inout APIClientConfiguration) -> Void = { _ in },
    _ body: (Jikan, FixtureServer) async throws -> T
) async throws -> T {
    let server = try FixtureServer(fixtures: fixtures)
    try await server.start()
    var configuration = Jikan.configuration(baseURL: await server.baseURL, rateLimits: rateLimits)
    configuration.retry = retry
    configuration.useLoopbackTestTimeouts()
    configure(&configuration)
    let client = Jikan(configuration: configuration, clock: clock)
    do {
        let result = try await body(client, server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}


/// Collects every element of an async sequence.
func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var items: [S.Element] = []
    for try await item in sequence { items.append(item) }
    return items
}
