import AirdateTestSupport
@testable import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing

/// Each wait here would last ten minutes (or forever, on a test clock that never moves) unless
/// cancellation ends it, so the bounds below only catch a hang: they hold on any machine, however busy.
@Suite("Cancellation really cancels", .timeLimit(.minutes(10)))
struct CancellationTests {
    @Test("cancelling during a slow response ends the call at once with cancelled")
    func cancelDuringRequest() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "slow"}"#, for: "/shows/1")
            await server.inject([.delay(.seconds(600))], forPath: "/shows/1")
            let client = await makeClient(server, timeout: .seconds(600))
            let started = ContinuousClock.now
            let task = Task { await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/1")) } }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let error = await task.value
            #expect(error == .cancelled)
            // Uncancelled, the call would last the server's 600 s delay.
            #expect(ContinuousClock.now - started < .seconds(300))
        }
    }

    @Test("cancelling during a back-off wait ends the call at once")
    func cancelDuringBackOff() async throws {
        try await withServer { server in
            await server.inject([.status(429, retryAfter: "30")], forPath: "/shows/2")
            // On a test clock that never moves, the back-off wait ends only by cancellation.
            let client = await makeClient(server, retry: exactRetry(attempts: 3), clock: TestClock())
            let started = ContinuousClock.now
            let task = Task { await clientError { let _: Item = try await client.get(APIRequest(path: "/shows/2")) } }
            // Cancel once the first attempt got its 429 (the client is then in its back-off wait).
            try await waitUntil("the first attempt's 429") { await server.count(path: "/shows/2") >= 1 }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let error = try await withHangBound("the cancelled call to end") { await task.value }
            #expect(error == .cancelled)
            // Uncancelled, the call would wait out `Retry-After: 30` on a clock that never moves.
            #expect(ContinuousClock.now - started < .seconds(300))
            #expect(await server.count(path: "/shows/2") == 1)
        }
    }

    @Test("cancelling a wait for a rate-limit slot ends it without a request")
    func cancelWhileWaitingForSlot() async throws {
        // On a test clock that never moves, the window never frees a slot: only cancellation ends the wait.
        let limiter = RateLimiter(limits: [RateLimit(limit: 1, per: .seconds(60))], clock: TestClock())
        try await limiter.acquire()
        await limiter.release()
        let started = ContinuousClock.now
        let waiting = Task { await clientError { try await limiter.acquire() } }
        try await Task.sleep(for: .milliseconds(200))
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(300))
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
