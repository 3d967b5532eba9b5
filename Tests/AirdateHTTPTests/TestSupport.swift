import AirdateHTTP
import AirdateTestServer
import Foundation

/// A started loopback server with no fixture files, stopped by `withServer`.
func withServer<T>(_ body: (FixtureServer) async throws -> T) async throws -> T {
    let server = try FixtureServer(fixtures: nil)
    try await server.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A client of `server` with the given policy, no rate limits unless given, timed by `clock`.
func makeClient(
    _ server: FixtureServer,
    retry: RetryPolicy = .none,
    rateLimits: [RateLimit] = [],
    timeout: Duration = .seconds(120),
    clock: any Clock<Duration> = ContinuousClock()
) async -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: await server.baseURL,
        userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
        rateLimits: rateLimits,
        retry: retry
    )
    configuration.useLoopbackTestTimeouts()
    configuration.requestTimeout = timeout
    return APIClient(configuration: configuration, clock: clock)
}

/// A retry policy without jitter, so waits are exact.
func exactRetry(attempts: Int, base: Duration = .seconds(1), deadline: Duration = .seconds(60)) -> RetryPolicy {
    RetryPolicy(maxAttempts: attempts, baseDelay: base, maxDelay: .seconds(16), jitter: 1...1, totalDeadline: deadline)
}

/// A small decodable shape used by the tests.
struct Item: Decodable, Equatable {
    var id: Int
    var name: String
}

