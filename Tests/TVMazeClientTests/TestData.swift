import AirdateTestSupport
import AirdateHTTP
import AirdateTestServer
import Foundation
import TVMazeClient

/// Locates the data tests read: the package's `Fixtures/` and the read-only `../shared/` folder.
enum TestData {
    /// `Fixtures/tvmaze/` in the package.
    static let tvmazeFixtures = TestPaths.fixtures("tvmaze")

    /// A folder under `../shared/`, or `nil` (after printing why) when it is absent.
    static func sharedFolder(_ relativePath: String) -> URL? { TestPaths.sharedFolder(relativePath) }
}

/// Runs `body` with a loopback server for `Fixtures/tvmaze/` and a client of it.
@discardableResult
func withTVMaze<T>(
    retry: RetryPolicy = .none,
    clock: any Clock<Duration> = ContinuousClock(),
    configure: (inout APIClientConfiguration) -> Void = { _ in },
    _ body: (TVMaze, FixtureServer) async throws -> T
) async throws -> T {
    let server = try FixtureServer(fixtures: TestData.tvmazeFixtures)
    try await server.start()
    var configuration = TVMaze.configuration(baseURL: await server.baseURL)
    configuration.retry = retry
    configuration.useLoopbackTestTimeouts()
    configure(&configuration)
    let client = TVMaze(configuration: configuration, clock: clock)
    do {
        let result = try await body(client, server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
