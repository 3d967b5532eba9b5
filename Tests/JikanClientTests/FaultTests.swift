import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import JikanClient
import Testing
import AirdateCore

/// Jikan's own rate-limit body.
let jikanRateLimitBody = #"{"status": 429, "type": "RateLimitException", "message": "You are being rate limited by Jikan. Please slow down.", "error": null}"#
/// The upstream variant: MyAnimeList rate-limits Jikan; `status` is a string.
let upstreamRateLimitBody = #"{"status": "429", "type": "RateLimitException", "message": "Jikan API is being rate-limited by MyAnimeList. Please try again later.", "error": null}"#
/// MyAnimeList failed or timed out behind Jikan.
let upstreamBody = #"{"status": 503, "type": "UpstreamException", "message": "Jikan failed to connect to MyAnimeList. MyAnimeList may be down or unavailable.", "error": null}"#
/// A bug in Jikan: do not retry, report.
let reportBody = #"{"status": 500, "type": "Exception", "message": "Unhandled Exception. Please follow report_url to generate an issue on GitHub", "error": "Call to undefined method", "report_url": "https://github.com/jikan-me/jikan-rest/issues/new?title=bug"}"#

@Suite("Jikan faults: rate limits, upstream failures, bugs, bad bodies")
struct FaultTests {
    let retry = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), jitter: 1...1)

    @Test("a 429 with Jikan's body is retried after back-off, holding the client back")
    func rateLimitedRetried() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await withJikan(retry: retry, clock: clock) { jikan, server in
            await server.inject([.status(429, body: jikanRateLimitBody)], forPath: "/anime/457")
            let anime = try await jikan.anime(id: 457)
            #expect(anime.title == "Mushishi")
            #expect(await server.count(path: "/anime/457") == 2)
            #expect(start.duration(to: clock.now) == .seconds(1))
        }
    }

    @Test("a 429 with Retry-After: 120 past the deadline fails at once and its message names the 120 s")
    func retryAfterInMessage() async throws {
        let clock = ImmediateClock()
        try await withJikan(retry: retry, clock: clock) { jikan, server in
            await server.inject([.status(429, retryAfter: "120", body: jikanRateLimitBody)], forPath: "/anime/457")
            do {
                _ = try await jikan.anime(id: 457)
                Issue.record("expected a rate-limit error")
            } catch let error as APIClientError {
                #expect(error.code == .api)
                #expect(error.retryAfter == .seconds(120))
                #expect(error.errorDescription?.contains("asked to wait 120 s") == true, "\(error)")
                #expect(error.errorDescription?.contains("few seconds") == false)
            }
            #expect(await server.count(path: "/anime/457") == 1)
        }
    }

    @Test("the upstream variant (MyAnimeList rate-limiting, string status) is retried too, doubling the wait")
    func upstreamRateLimitRetried() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await withJikan(retry: retry, clock: clock) { jikan, server in
            await server.inject([.status(429, body: upstreamRateLimitBody), .status(429, body: upstreamRateLimitBody)],
                                forPath: "/seasons/now")
            let page = try await jikan.currentSeason()
            #expect(page.items.count == 6)
            #expect(await server.count(path: "/seasons/now") == 3)
            #expect(start.duration(to: clock.now) == .seconds(3))  // 1 s, then 2 s
        }
    }

    @Test("a rate-limit body under another status is still a rate limit")
    func rateLimitUnderOtherStatus() async throws {
        try await withJikan(retry: retry, clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(503, body: upstreamRateLimitBody)], forPath: "/anime/457")
            _ = try await jikan.anime(id: 457)
            #expect(await server.count(path: "/anime/457") == 2)
        }
    }

    @Test("Retry-After on a 429 is honoured")
    func retryAfterHonoured() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await withJikan(retry: retry, clock: clock) { jikan, server in
            await server.inject([.status(429, retryAfter: "5", body: jikanRateLimitBody)], forPath: "/anime/457")
            _ = try await jikan.anime(id: 457)
            #expect(start.duration(to: clock.now) == .seconds(5))
        }
    }

    @Test("rate-limited to the end: the error carries Jikan's message")
    func rateLimitedExhausted() async throws {
        try await withJikan(retry: RetryPolicy(maxAttempts: 2, jitter: 1...1), clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(429, body: upstreamRateLimitBody), .status(429, body: upstreamRateLimitBody)],
                                forPath: "/anime/457")
            let error = await clientError { _ = try await jikan.anime(id: 457) }
            guard error?.code == .api, let message = error?.serverMessage else {
                Issue.record("expected api, got \(String(describing: error))")
                return
            }
            #expect(message.status == 429)
            #expect(message.isRateLimit)
            #expect(message.message == "Jikan API is being rate-limited by MyAnimeList. Please try again later.")
            #expect(error?.errorDescription?.contains("Slow down") == true)
            #expect(error?.errorDescription?.contains("..") == false, "one full stop after the API's sentence")
            #expect(await server.count(path: "/anime/457") == 2)
        }
    }

    @Test("503 UpstreamException then 504 are retried to success")
    func upstreamRetried() async throws {
        try await withJikan(retry: retry, clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(503, body: upstreamBody), .status(504, body: "<html>Gateway Time-out</html>")],
                                forPath: "/anime/5114/full")
            let anime = try await jikan.animeFull(id: 5114)
            #expect(anime.malID == 5114)
            #expect(await server.count(path: "/anime/5114/full") == 3)
        }
    }

    @Test("a 500 carrying report_url is not retried and says where to report")
    func reportURLNotRetried() async throws {
        try await withJikan(retry: retry, clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(500, body: reportBody)], forPath: "/anime/457/full")
            let error = await clientError { _ = try await jikan.animeFull(id: 457) }
            guard error?.code == .api, let message = error?.serverMessage else {
                Issue.record("expected api, got \(String(describing: error))")
                return
            }
            #expect(message.status == 500)
            #expect(message.type == "Exception")
            #expect(message.reportURL?.host == "github.com")
            #expect(message.message == "Unhandled Exception. Please follow report_url to generate an issue on GitHub; Call to undefined method")
            #expect(error?.isRetriable == false)
            #expect(error?.errorDescription?.contains("Retrying will not help") == true)
            #expect(await server.count(path: "/anime/457/full") == 1)
        }
    }

    @Test("a 400 validation failure is not retried and lists the server's messages")
    func validationFailure() async throws {
        try await withJikan(retry: retry, clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(400, body: #"{"status": 400, "type": "ValidationException", "messages": {"order_by": ["The selected order by is invalid."], "limit": ["The limit must not be greater than 25."]}, "error": "Invalid or incomplete request. Make sure your request is correct. https://docs.api.jikan.moe/"}"#)],
                                forPath: "/anime")
            let error = await clientError { _ = try await jikan.searchAnime(JikanAnimeSearch(query: "x", orderBy: "nonsense")) }
            guard error?.code == .api, let message = error?.serverMessage else {
                Issue.record("expected api, got \(String(describing: error))")
                return
            }
            #expect(message.type == "ValidationException")
            #expect(message.message.hasPrefix("The limit must not be greater than 25.; The selected order by is invalid."))
            #expect(await server.count(path: "/anime") == 1)
        }
    }

    @Test("an HTML 502 without Jikan's body falls back to the status: retried, then .server")
    func htmlServerError() async throws {
        try await withJikan(retry: RetryPolicy(maxAttempts: 2, jitter: 1...1), clock: ImmediateClock()) { jikan, server in
            await server.inject([.status(502, body: "<html>Bad Gateway</html>"), .status(502, body: "<html>Bad Gateway</html>")],
                                forPath: "/anime/457")
            let error = await clientError { _ = try await jikan.anime(id: 457) }
            #expect(error == .server(status: 502))
            #expect(await server.count(path: "/anime/457") == 2)
        }
    }

    @Test("the recorded 404 body is notFound")
    func recorded404() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"status":404,"type":"HttpException","message":"Not Found","error":null}"#, status: 404, for: "/anime/-1")
            let error = await clientError { _ = try await jikan.anime(id: -1) }
            guard error?.code == .notFound else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("malformed JSON is a decoding error; a wrong type names the field")
    func malformedBodies() async throws {
        try await withJikan { jikan, server in
            await server.inject([.body(#"{"data": {"mal_id": 457, "title": "Mushi"#)], forPath: "/anime/457")
            let truncated = await clientError { _ = try await jikan.anime(id: 457) }
            guard truncated?.code == .decoding, let path = truncated?.fieldPath else {
                Issue.record("expected decoding, got \(String(describing: truncated))")
                return
            }
            #expect(path == "")

            // Lenient (the default): the bad element is skipped and reported with its path.
            let badPage = #"{"pagination": {"has_next_page": false}, "data": [{"mal_id": 1}, {"mal_id": "two"}, {"mal_id": 3}]}"#
            await server.inject([.body(badPage), .body(badPage)], forPath: "/seasons/now")
            var configuration = Jikan.configuration(baseURL: await server.baseURL, rateLimits: TestData.fastLimits)
            configuration.retry = .none
            configuration.cacheCapacity = 0
            let diagnostics = DecodingDiagnostics()
            configuration.diagnostics = diagnostics
            let lenient = try await Jikan(configuration: configuration).currentSeason()
            #expect(lenient.items.map(\.malID) == [1, 3])
            let issues = diagnostics.issues
            #expect(issues.map(\.kind) == [.skippedElement])
            #expect(issues.map(\.path) == ["data[1]"])
            #expect(issues.map(\.failurePath) == ["data[1].mal_id"])
            #expect(issues.first?.url.hasSuffix("/seasons/now?page=1") == true)
            // Strict: the page fails, naming the field.
            configuration.decodingPolicy = .strict
            let wrongType = await clientError { _ = try await Jikan(configuration: configuration).currentSeason() }
            guard wrongType?.code == .decoding, let field = wrongType?.fieldPath else {
                Issue.record("expected decoding, got \(String(describing: wrongType))")
                return
            }
            #expect(field == "data[1].mal_id")

            await server.inject([.body("null")], forPath: "/schedules")
            let null = await clientError { _ = try await jikan.schedule(on: JikanScheduleDay(.sunday)) }
            guard null?.code == .decoding else {
                Issue.record("expected decoding, got \(String(describing: null))")
                return
            }
        }
    }

    @Test("a connection closed mid-body is a transport error, retried to success")
    func closedMidBody() async throws {
        try await withJikan(retry: retry, clock: ImmediateClock()) { jikan, server in
            await server.inject([.closeMidBody(fraction: 0.3)], forPath: "/anime/457/episodes")
            let page = try await jikan.episodes(ofAnime: 457)
            #expect(page.items.count == 26)
        }
    }
}
