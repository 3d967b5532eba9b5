import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing

@Suite("Cancellation really cancels")
struct CancellationTests {
    @Test("cancelling during a slow response ends the call at once with cancelled")
    func cancelDuringRequest() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "slow"}"#, for: "/shows/1")
            await server.inject([.delay(.seconds(30))], forPath: "/shows/1")
            let client = await makeClient(server, timeout: .seconds(30))
            let started = ContinuousClock.now
            let task = Task { await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/1")) } }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let error = await task.value
            #expect(error == .cancelled)
            // Uncancelled, the call would last the server's 30 s delay; half of it leaves room for load.
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    @Test("cancelling during a back-off wait ends the call at once")
    func cancelDuringBackOff() async throws {
        try await withServer { server in
            await server.inject([.status(429, retryAfter: "30")], forPath: "/shows/2")
            let client = await makeClient(server, retry: exactRetry(attempts: 3))
            let started = ContinuousClock.now
            let task = Task { await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/2")) } }
            // Cancel once the first attempt got its 429 (the client is then in its back-off wait).
            let deadline = ContinuousClock.now + .seconds(10)
            while await server.count(path: "/shows/2") < 1, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let error = await task.value
            #expect(error == .cancelled)
            // Uncancelled, the call would wait out `Retry-After: 30`.
            #expect(ContinuousClock.now - started < .seconds(15))
            #expect(await server.count(path: "/shows/2") == 1)
        }
    }

    @Test("cancelling a wait for a rate-limit slot ends it without a request")
    func cancelWhileWaitingForSlot() async throws {
        let limiter = RateLimiter(limits: [RateLimit(limit: 1, per: .seconds(3600))])
        try await limiter.acquire()
        await limiter.release()
        let started = ContinuousClock.now
        let waiting = Task { await clientError { try await limiter.acquire() } }
        try await Task.sleep(for: .milliseconds(200))
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
        // Uncancelled, the wait would last the hour-long window; the bound only catches that hang
        // (a loaded full run can stall the pool for most of a minute).
        #expect(ContinuousClock.now - started < .seconds(600))
    }

    @Test("cancelling a wait for an in-flight slot to be released ends it")
    func cancelWhileWaitingForRelease() async throws {
        let limiter = RateLimiter(limits: [RateLimit(limit: 1, per: .seconds(1))])
        try await limiter.acquire()  // held, never released
        let waiting = Task { await clientError { try await limiter.acquire() } }
        try await Task.sleep(for: .milliseconds(200))
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
    }
}
