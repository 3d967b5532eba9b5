import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing

@Suite("APIClient over loopback")
struct APIClientTests {
    @Test("decodes a 200 body, sends the User-Agent and the closed query parameters")
    func success() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "Under the Dome"}"#, for: "/shows/1?embed[]=cast&embed[]=episodes")
            let client = await makeClient(server)
            let item: Item = try await client.get(APIRequest(
                path: "/shows/1",
                query: [QueryParameter("embed[]", "cast"), QueryParameter("embed[]", "episodes")]
            ))
            #expect(item == Item(id: 1, name: "Under the Dome"))
            let requests = await server.requests
            #expect(requests.count == 1)
            #expect(requests.first?.userAgent == "AirdateTests/1.0 (+https://example.org/airdate)")
            #expect(requests.first?.key.query == ["embed[]=cast", "embed[]=episodes"])
        }
    }

    @Test("query values with reserved characters arrive intact")
    func queryEncoding() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 2, "name": "x"}"#, for: "/search/shows?q=law %26 order")
            let client = await makeClient(server)
            let item: Item = try await client.get(APIRequest(path: "/search/shows", query: [QueryParameter("q", "law & order")]))
            #expect(item.id == 2)
        }
    }

    @Test("404 is notFound; getIfFound turns it into nil")
    func notFound() async throws {
        try await withServer { server in
            let client = await makeClient(server)
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/999999999")) }
            guard error?.code == .notFound, let url = error?.url else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
            #expect(url.hasSuffix("/shows/999999999"))
            let missing: Item? = try await client.getIfFound(APIRequest(path: "/shows/999999999"))
            #expect(missing == nil)
        }
    }

    @Test("429 with Retry-After waits exactly that long, then succeeds")
    func rateLimitedWithRetryAfter() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 3, "name": "ok"}"#, for: "/shows/3")
            await server.inject([.status(429, retryAfter: "7")], forPath: "/shows/3")
            let clock = ImmediateClock()
            let start = clock.now
            let client = await makeClient(server, retry: exactRetry(attempts: 3), clock: clock)
            let item: Item = try await client.get(APIRequest(path: "/shows/3"))
            #expect(item.id == 3)
            #expect(await server.count(path: "/shows/3") == 2)
            #expect(start.duration(to: clock.now) == .seconds(7))
        }
    }

    @Test("429 without Retry-After backs off exponentially (1 s, then 2 s)")
    func rateLimitedWithoutRetryAfter() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 4, "name": "ok"}"#, for: "/shows/4")
            await server.inject([.status(429), .status(429)], forPath: "/shows/4")
            let clock = ImmediateClock()
            let start = clock.now
            let client = await makeClient(server, retry: exactRetry(attempts: 4), clock: clock)
            let item: Item = try await client.get(APIRequest(path: "/shows/4"))
            #expect(item.id == 4)
            #expect(await server.count(path: "/shows/4") == 3)
            #expect(start.duration(to: clock.now) == .seconds(3))
        }
    }

    @Test("jittered back-off stays within the jitter range")
    func jitterBounds() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 5, "name": "ok"}"#, for: "/shows/5")
            await server.inject([.status(503)], forPath: "/shows/5")
            let clock = ImmediateClock()
            let start = clock.now
            let policy = RetryPolicy(maxAttempts: 2, baseDelay: .seconds(4), jitter: 0.5...1.5)
            let client = await makeClient(server, retry: policy, clock: clock)
            let _: Item = try await client.get(APIRequest(path: "/shows/5"))
            let waited = start.duration(to: clock.now)
            #expect(waited >= .seconds(2) && waited <= .seconds(6))
        }
    }

    @Test("5xx answers are retried until success", arguments: [500, 502, 503])
    func serverErrorsRetried(status: Int) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 6, "name": "ok"}"#, for: "/shows/6")
            await server.inject([.status(status), .status(status)], forPath: "/shows/6")
            let client = await makeClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let item: Item = try await client.get(APIRequest(path: "/shows/6"))
            #expect(item.id == 6)
            #expect(await server.count(path: "/shows/6") == 3)
        }
    }

    @Test("when retries run out, the last failure is thrown as a typed error")
    func retriesExhausted() async throws {
        try await withServer { server in
            await server.inject(Array(repeating: .status(503), count: 5), forPath: "/shows/7")
            await server.inject(Array(repeating: .status(429, retryAfter: "2"), count: 5), forPath: "/shows/8")
            let client = await makeClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let serverError = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/7")) }
            #expect(serverError == .server(status: 503))
            #expect(await server.count(path: "/shows/7") == 3)
            let limited = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/8")) }
            #expect(limited == .rateLimited(retryAfter: .seconds(2)))
        }
    }

    @Test("a Retry-After beyond the total deadline is not waited for")
    func deadlineBoundsRetries() async throws {
        try await withServer { server in
            await server.inject([.status(429, retryAfter: "120")], forPath: "/shows/9")
            let clock = ImmediateClock()
            let start = clock.now
            let client = await makeClient(server, retry: exactRetry(attempts: 5, deadline: .seconds(60)), clock: clock)
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/9")) }
            #expect(error == .rateLimited(retryAfter: .seconds(120)))
            #expect(await server.count(path: "/shows/9") == 1)
            #expect(start.duration(to: clock.now) == .zero)
        }
    }

    @Test("a 4xx other than 404/429 is not retried")
    func unexpectedStatus() async throws {
        try await withServer { server in
            await server.inject([.status(400), .status(400)], forPath: "/shows/10")
            let client = await makeClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/10")) }
            #expect(error == .unexpectedStatus(400))
            #expect(await server.count(path: "/shows/10") == 1)
        }
    }

    @Test("a response slower than the time-out is timedOut")
    func slowResponseTimesOut() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 11, "name": "late"}"#, for: "/shows/11")
            await server.inject([.delay(.seconds(600))], forPath: "/shows/11")
            let client = await makeClient(server, timeout: .milliseconds(500))
            let started = ContinuousClock.now
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/11")) }
            #expect(error == .timedOut(after: .milliseconds(500), progress: HTTPTransportProgress()))
            // Without the time-out the call would last the server's 600 s delay; the bound only
            // catches that, however busy the machine.
            #expect(ContinuousClock.now - started < .seconds(300))
        }
    }

    @Test("a time-out is retried when the policy retries time-outs, and the retry succeeds")
    func timeoutRetried() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 12, "name": "ok"}"#, for: "/shows/12")
            await server.inject([.delay(.seconds(600))], forPath: "/shows/12")
            // The first attempt waits out the 30 s time-out; 30 s also leaves the retry room on a machine
            // so busy that one core serves the whole suite (8 s did not: the retry's answer had arrived
            // and was not read in time).
            var retry = exactRetry(attempts: 2, base: .milliseconds(10))
            retry.retriesTimeouts = true
            let client = await makeClient(server, retry: retry, timeout: .seconds(30))
            let item: Item = try await client.get(APIRequest(path: "/shows/12"))
            #expect(item.id == 12)
        }
    }

    @Test("a connection closed mid-body is a transport error, and is retried")
    func closedMidBody() async throws {
        try await withServer { server in
            let body = "[" + (1...200).map { #"{"id": \#($0), "name": "Episode \#($0)"}"# }.joined(separator: ",") + "]"
            await server.serve(body, for: "/shows/13/episodes")
            await server.inject([.closeMidBody(fraction: 0.4)], forPath: "/shows/13/episodes")
            let once = await makeClient(server)
            let error = await clientError { let _: [Item] = try await once.get(APIRequest(path: "/shows/13/episodes")) }
            guard error?.code == .transport else {
                Issue.record("expected transport, got \(String(describing: error))")
                return
            }
            await server.inject([.closeMidBody(fraction: 0.4)], forPath: "/shows/13/episodes")
            let retrying = await makeClient(server, retry: exactRetry(attempts: 2), clock: ImmediateClock())
            let items: [Item] = try await retrying.get(APIRequest(path: "/shows/13/episodes"))
            #expect(items.count == 200)
            #expect(items.last == Item(id: 200, name: "Episode 200"))
        }
    }

    @Test("a 301 is followed to its Location")
    func redirectFollowed() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 82, "name": "Game of Thrones"}"#, for: "/shows/82")
            await server.inject([.redirect(to: "/shows/82")], forPath: "/lookup/shows")
            let client = await makeClient(server)
            let item: Item = try await client.get(APIRequest(path: "/lookup/shows", query: [QueryParameter("imdb", "tt0944947")]))
            #expect(item == Item(id: 82, name: "Game of Thrones"))
        }
    }

    @Test("Cache-Control max-age is honoured: a second call within the hour makes no request")
    func cacheHonoursMaxAge() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 14, "name": "cached"}"#, for: "/shows/14")
            let clock = TestClock()
            let client = await makeClient(server, clock: clock)
            let first: Item = try await client.get(APIRequest(path: "/shows/14"))
            await clock.advance(by: .seconds(3599))
            let second: Item = try await client.get(APIRequest(path: "/shows/14"))
            #expect(first == second)
            #expect(await server.count(path: "/shows/14") == 1)
            await clock.advance(by: .seconds(2))
            let _: Item = try await client.get(APIRequest(path: "/shows/14"))
            #expect(await server.count(path: "/shows/14") == 2)
        }
    }

    @Test("responses marked no-store or without max-age are not cached")
    func noStoreNotCached() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 15, "name": "fresh"}"#, for: "/shows/15")
            await server.setCacheControl("no-store")
            let client = await makeClient(server)
            let _: Item = try await client.get(APIRequest(path: "/shows/15"))
            let _: Item = try await client.get(APIRequest(path: "/shows/15"))
            #expect(await server.count(path: "/shows/15") == 2)
            await server.setCacheControl(nil)
            let _: Item = try await client.get(APIRequest(path: "/shows/15"))
            let _: Item = try await client.get(APIRequest(path: "/shows/15"))
            #expect(await server.count(path: "/shows/15") == 4)
        }
    }
}
