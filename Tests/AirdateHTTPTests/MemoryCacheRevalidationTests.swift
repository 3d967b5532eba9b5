@testable import AirdateHTTP
import AirdateTestServer
import AirdateTestSupport
import Clocks
import Foundation
import Testing

/// A client of `server` with the in-memory cache only (no disk cache), timed by `clock`.
func memoryCachedClient(_ server: FixtureServer, clock: any Clock<Duration> = ContinuousClock()) async -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: await server.baseURL, userAgent: "AirdateTests/1.0 (+https://example.org/airdate)", retry: .none)
    configuration.useLoopbackTestTimeouts()
    configuration.rateSharing = .thisProcess
    return APIClient(configuration: configuration, clock: clock)
}

@Suite("The in-memory cache revalidates too: If-None-Match / If-Modified-Since, 304, without a disk cache")
struct MemoryCacheRevalidationTests {
    @Test("a stale answer with an ETag is asked about with If-None-Match; a 304 serves the kept body")
    func etag() async throws {
        try await withServer { server in
            await server.setCacheControl("public, max-age=0")
            await server.setETag("\"v1\"")
            await server.serve(#"{"id": 2, "name": "Mushishi"}"#, for: "/anime/457")
            let client = await memoryCachedClient(server)
            let first: Item = try await client.get(APIRequest(path: "/anime/457"))
            let second: Item = try await client.get(APIRequest(path: "/anime/457"))
            #expect(first == second)
            #expect(await server.count(path: "/anime/457") == 2)
            #expect(await server.conditionalRequestCount == 1)
            #expect(await server.notModifiedCount == 1)
            // A changed resource (a new ETag) comes in full, and is what is kept from then on.
            await server.setETag("\"v2\"")
            await server.serve(#"{"id": 2, "name": "Mushi-Shi"}"#, for: "/anime/457")
            let third: Item = try await client.get(APIRequest(path: "/anime/457"))
            #expect(third.name == "Mushi-Shi")
            let fourth: Item = try await client.get(APIRequest(path: "/anime/457"))
            #expect(fourth.name == "Mushi-Shi")
            #expect(await server.notModifiedCount == 2)
        }
    }

    @Test("a stale answer with only Last-Modified is asked about with If-Modified-Since")
    func lastModified() async throws {
        try await withServer { server in
            await server.setCacheControl("no-cache")
            await server.setLastModified("Wed, 21 Oct 2026 07:28:00 GMT")
            await server.serve(#"{"id": 3, "name": "Frieren"}"#, for: "/anime/52991")
            let client = await memoryCachedClient(server)
            let first: Item = try await client.get(APIRequest(path: "/anime/52991"))
            let second: Item = try await client.get(APIRequest(path: "/anime/52991"))
            #expect(first == second)
            #expect(await server.conditionalRequestCount == 1)
            #expect(await server.notModifiedCount == 1)
        }
    }

    @Test("fresh answers are served without a request; past max-age (on the client's clock) revalidated")
    func freshThenRevalidated() async throws {
        try await withServer { server in
            await server.setCacheControl("public, max-age=60")
            await server.setETag("\"w1\"")
            await server.serve(#"{"id": 4, "name": "Bocchi"}"#, for: "/anime/47917")
            let clock = TestClock()
            let client = await memoryCachedClient(server, clock: clock)
            let _: Item = try await client.get(APIRequest(path: "/anime/47917"))
            let _: Item = try await client.get(APIRequest(path: "/anime/47917"))
            #expect(await server.count(path: "/anime/47917") == 1)
            await clock.advance(by: .seconds(61))
            let _: Item = try await client.get(APIRequest(path: "/anime/47917"))
            #expect(await server.count(path: "/anime/47917") == 2)
            #expect(await server.notModifiedCount == 1)
            // The 304 refreshed its freshness: within the next minute, no request.
            let _: Item = try await client.get(APIRequest(path: "/anime/47917"))
            #expect(await server.count(path: "/anime/47917") == 2)
        }
    }

    @Test("an answer without a validator, or marked no-store, is never sent as a conditional request")
    func noValidatorNoStore() async throws {
        try await withServer { server in
            await server.setCacheControl("public, max-age=0")
            await server.serve(#"{"id": 5, "name": "Plain"}"#, for: "/plain")
            let client = await memoryCachedClient(server)
            for _ in 0..<2 { let _: Item = try await client.get(APIRequest(path: "/plain")) }
            #expect(await server.conditionalRequestCount == 0)
            await server.setCacheControl("no-store")
            await server.setETag("\"s1\"")
            for _ in 0..<2 { let _: Item = try await client.get(APIRequest(path: "/plain")) }
            #expect(await server.conditionalRequestCount == 0)
            #expect(await server.count(path: "/plain") == 4)
        }
    }
}
