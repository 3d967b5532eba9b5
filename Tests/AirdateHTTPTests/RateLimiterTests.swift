@testable import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing

/// The most instants of `instants` (sorted) that fall in any half-open span `[t, t + window)`.
func busiestWindow<I: InstantProtocol>(_ instants: [I], window: I.Duration) -> Int {
    var best = 0
    var start = 0
    for end in instants.indices {
        while instants[start].advanced(by: window) <= instants[end] { start += 1 }
        best = max(best, end - start + 1)
    }
    return best
}

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("TVMaze's 20 per 10 s: 50 calls never exceed 20 in any 10 s, and take no longer than needed")
    func tvmazeWindow() async throws {
        let clock = ImmediateClock()
        let limiter = RateLimiter(limits: [RateLimit(limit: 20, per: .seconds(10))], clock: clock)
        var grants: [ImmediateClock<Duration>.Instant] = []
        for _ in 0..<50 {
            try await limiter.acquire()
            grants.append(clock.now)
            await limiter.release()
        }
        #expect(busiestWindow(grants, window: .seconds(10)) == 20)
        // The first 20 go at once; the 21st waits for the first window to pass.
        #expect(grants[0].duration(to: grants[19]) == .zero)
        #expect(grants[0].duration(to: grants[20]) == .seconds(10))
        #expect(grants[0].duration(to: grants[49]) == .seconds(20))
    }

    @Test("Jikan's two windows at once: 3 per second and 60 per minute")
    func severalWindows() async throws {
        let clock = ImmediateClock()
        let limiter = RateLimiter(
            limits: [RateLimit(limit: 3, per: .seconds(1)), RateLimit(limit: 60, per: .seconds(60))],
            clock: clock
        )
        var grants: [ImmediateClock<Duration>.Instant] = []
        for _ in 0..<130 {
            try await limiter.acquire()
            grants.append(clock.now)
            await limiter.release()
        }
        #expect(busiestWindow(grants, window: .seconds(1)) == 3)
        #expect(busiestWindow(grants, window: .seconds(60)) == 60)
        // 60 calls take 20 s at 3/s; the 61st must wait for the minute to pass.
        #expect(grants[0].duration(to: grants[59]) == .seconds(19))
        #expect(grants[0].duration(to: grants[60]) == .seconds(60))
    }

    @Test("concurrent callers share one limiter")
    func concurrentCallers() async throws {
        let clock = ImmediateClock()
        let limiter = RateLimiter(limits: [RateLimit(limit: 5, per: .seconds(10))], clock: clock)
        let grants = try await withThrowingTaskGroup(of: ImmediateClock<Duration>.Instant.self) { group in
            for _ in 0..<23 {
                group.addTask {
                    try await limiter.acquire()
                    let now = clock.now
                    await limiter.release()
                    return now
                }
            }
            var all: [ImmediateClock<Duration>.Instant] = []
            for try await grant in group { all.append(grant) }
            return all.sorted()
        }
        #expect(grants.count == 23)
        #expect(busiestWindow(grants, window: .seconds(10)) <= 5)
    }

    @Test("a pause (Retry-After) holds every caller back")
    func pause() async throws {
        let clock = ImmediateClock()
        let limiter = RateLimiter(limits: [RateLimit(limit: 20, per: .seconds(10))], clock: clock)
        let start = clock.now
        await limiter.pause(for: .seconds(30))
        try await limiter.acquire()
        #expect(start.duration(to: clock.now) == .seconds(30))
    }

    @Test("over HTTP, the server never counts more than the limit in any window (scaled: 5 per 400 ms)")
    func serverSideCount() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "x"}"#, for: "/ping")
            await server.setCacheControl(nil)
            let client = await makeClient(server, rateLimits: [RateLimit(limit: 5, per: .milliseconds(400))])
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { let _: Item = try await client.get(APIRequest(path: "/ping")) }
                }
                try await group.waitForAll()
            }
            let arrivals = await server.requests.map(\.arrival).sorted()
            #expect(arrivals.count == 16)
            #expect(busiestWindow(arrivals, window: .milliseconds(400)) <= 5)
            // 16 calls at 5 per 400 ms need at least three full windows.
            #expect(ContinuousClock.now - started >= .milliseconds(1200))
        }
    }
}
