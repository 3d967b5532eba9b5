import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing
import TVMazeClient

@Suite("TVMaze endpoints under faults")
struct FaultTests {
    @Test("a 429 with Retry-After on a schedule day is waited out and retried")
    func scheduleRateLimited() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await withTVMaze(retry: RetryPolicy(maxAttempts: 3, jitter: 1...1), clock: clock) { tvmaze, server in
            await server.inject([.status(429, retryAfter: "4")], forPath: "/schedule")
            let day = try #require(CalendarDay("2019-07-15"))
            let episodes = try await tvmaze.schedule(country: "US", date: day)
            #expect(episodes.count == 50)
            #expect(await server.count(path: "/schedule") == 2)
            #expect(start.duration(to: clock.now) == .seconds(4))
        }
    }

    @Test("502 then 503 on a show are retried to success")
    func showServerErrors() async throws {
        try await withTVMaze(retry: RetryPolicy(maxAttempts: 3, jitter: 1...1), clock: ImmediateClock()) { tvmaze, server in
            await server.inject([.status(502), .status(503)], forPath: "/shows/82")
            let show = try await tvmaze.show(id: 82)
            #expect(show.name == "Game of Thrones")
        }
    }

    @Test("a truncated show body is a decoding error at the root")
    func truncatedShow() async throws {
        try await withTVMaze { tvmaze, server in
            await server.inject([.body(#"{"id": 82, "name": "Game of Thr"#)], forPath: "/shows/82")
            let error = await #expect(throws: APIClientError.self) { try await tvmaze.show(id: 82) }
            #expect(error?.code == .decoding)
            #expect(error?.fieldPath == "")
        }
    }

    @Test("a null body for a show is a decoding error, and for a lookup too")
    func nullBodies() async throws {
        try await withTVMaze { tvmaze, server in
            await server.inject([.body("null")], forPath: "/shows/1")
            let error = await clientError { _ = try await tvmaze.show(id: 1) }
            guard error?.code == .decoding, let path = error?.fieldPath else {
                Issue.record("expected decoding, got \(String(describing: error))")
                return
            }
            #expect(path == "")
        }
    }

    @Test("a schedule whose show id is text names the failing entry (strict decoding)")
    func wrongTypeInSchedule() async throws {
        try await withTVMaze(configure: { $0.decodingPolicy = .strict }) { tvmaze, server in
            await server.inject([.body(#"[{"id": 1, "name": "Pilot", "season": 1, "number": 1, "show": {"id": "one", "name": "Under the Dome"}}]"#)], forPath: "/schedule")
            let day = try #require(CalendarDay("2019-07-15"))
            let error = await clientError { _ = try await tvmaze.schedule(country: "US", date: day) }
            guard error?.code == .decoding, let path = error?.fieldPath else {
                Issue.record("expected decoding, got \(String(describing: error))")
                return
            }
            #expect(path == "[0].show.id")
        }
    }

    @Test("a connection closed mid-body on the episode list is a transport error")
    func closedMidBody() async throws {
        try await withTVMaze { tvmaze, server in
            await server.inject([.closeMidBody(fraction: 0.3)], forPath: "/shows/1/episodes")
            let error = await clientError { _ = try await tvmaze.episodes(ofShow: 1) }
            guard error?.code == .transport else {
                Issue.record("expected transport, got \(String(describing: error))")
                return
            }
        }
    }
}

