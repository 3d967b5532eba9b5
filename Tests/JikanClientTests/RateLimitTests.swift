import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import JikanClient
import Testing

/// The most arrivals in any span of `window` starting at an arrival.
func busiestWindow(_ arrivals: [ContinuousClock.Instant], _ window: Duration) -> Int {
    let sorted = arrivals.sorted()
    var best = 0
    for (index, start) in sorted.enumerated() {
        let count = sorted[index...].prefix { start.duration(to: $0) < window }.count
        best = max(best, count)
    }
    return best
}

/// Counts finished calls; waits (in real time, briefly) for a count.
actor Counter {
    private(set) var value = 0

    func increment() { value += 1 }

    /// Waits until the count reaches `target` or `timeout` passes (a bound that only catches a hang);
    /// returns the count. With a test
    /// clock, every 50 ms it wakes sleepers that registered after the clock last moved (a call that
    /// went back to waiting after a release, late on a busy machine) without moving it.
    func wait(for target: Int, nudging clock: TestClock<Duration>? = nil, timeout: Duration = .seconds(120)) async -> Int {
        let deadline = ContinuousClock.now + timeout
        var lastNudge = ContinuousClock.now
        while value < target, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            if let clock, lastNudge.duration(to: .now) > .milliseconds(50) {
                await clock.advance(by: .zero)
                lastNudge = .now
            }
        }
        return value
    }
}

@Suite("Rate limiting measured on the server")
struct RateLimitTests {
    @Test("the production limits are 3 per second and 60 per minute")
    func productionLimits() {
        #expect(Jikan.rateLimits == [RateLimit(limit: 3, per: .seconds(1)), RateLimit(limit: 60, per: .seconds(60))])
        #expect(Jikan.configuration().rateLimits == Jikan.rateLimits)
    }

    @Test("with the real limits on a test clock: 3 per second, then the 61st waits for the minute")
    func realLimitsOnTestClock() async throws {
        let clock = TestClock()
        try await withJikan(fixtures: nil, rateLimits: Jikan.rateLimits, clock: clock) { jikan, server in
            for id in 1...61 {
                await server.serve(#"{"data": {"mal_id": \#(id), "title": "JikanAnime \#(id)"}}"#, for: "/anime/\(id)")
            }
            let finished = Counter()
            let calls = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for id in 1...61 {
                        let client = jikan  // copies share the limiter
                        group.addTask {
                            let malID = try await client.anime(id: id).malID
                            await finished.increment()
                            return malID
                        }
                    }
                    var ids: [Int] = []
                    for try await id in group { ids.append(id) }
                    return ids
                }
            }
            // A slot counts from the moment its request completes, so the clock only moves on once
            // the requests let through so far have completed (and the others went back to waiting).
            #expect(await finished.wait(for: 3) == 3)
            try await Task.sleep(for: .milliseconds(50))
            #expect(await server.requests.count == 3)

            for second in 1...19 {
                await clock.advance(by: .seconds(1))
                #expect(await finished.wait(for: 3 * (second + 1), nudging: clock) == 3 * (second + 1))
            }
            #expect(await server.requests.count == 60)
            await clock.advance(by: .seconds(40))  // 59 s after the first three completed
            try await Task.sleep(for: .milliseconds(50))
            #expect(await server.requests.count == 60)
            await clock.advance(by: .seconds(1))  // 60 s: the first three leave the minute window
            #expect(await finished.wait(for: 61, nudging: clock) == 61)
            let ids = try await calls.value
            #expect(ids.sorted() == Array(1...61))
            let arrivals = await server.requests.map(\.arrival)
            #expect(arrivals.count == 61)
        }
    }

    @Test("scaled limits (3 per 200 ms and 6 per second): concurrent calls never exceed either window")
    func scaledLimitsConcurrent() async throws {
        let limits = [RateLimit(limit: 3, per: .milliseconds(200)), RateLimit(limit: 6, per: .seconds(1))]
        try await withJikan(fixtures: nil, rateLimits: limits) { jikan, server in
            for id in 1...10 {
                await server.serve(#"{"data": {"mal_id": \#(id), "title": "JikanAnime \#(id)"}}"#, for: "/anime/\(id)")
            }
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 1...10 {
                    group.addTask { _ = try await jikan.anime(id: id) }
                }
                try await group.waitForAll()
            }
            let arrivals = await server.requests.map(\.arrival)
            #expect(arrivals.count == 10)
            #expect(busiestWindow(arrivals, .milliseconds(200)) <= 3)
            #expect(busiestWindow(arrivals, .seconds(1)) <= 6)
            // 10 requests at 6 per second need more than one window.
            #expect(started.duration(to: .now) >= .seconds(1))
        }
    }

    @Test("pages of a list are paced by the same limiter")
    func pagesPaced() async throws {
        try await withJikan(fixtures: nil, rateLimits: [RateLimit(limit: 1, per: .milliseconds(150))]) { jikan, server in
            for page in 1...3 {
                await server.serve(animePage([page * 2, page * 2 + 1], hasNext: page < 3, lastVisible: 3, perPage: 2),
                                   for: "/top/anime?page=\(page)")
            }
            let items = try await collect(jikan.allTopAnime())
            #expect(items.count == 6)
            let arrivals = await server.requests.map(\.arrival)
            #expect(arrivals.count == 3)  // page 3 is marked as the last: no page 4
            #expect(busiestWindow(arrivals, .milliseconds(150)) == 1)
        }
    }
}
