import AirdateTestSupport
import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import WatchOrder
import WatchOrderWiki

/// A started loopback server with no fixture files, stopped afterwards.
private func withServer<T>(_ body: (FixtureServer) async throws -> T) async throws -> T {
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

/// A reader of `server` (as a Wikipedia- or Fandom-shaped site) without pacing or retries.
private func reader(retry: RetryPolicy = .none) -> WikiEpisodePages {
    WikiEpisodePages(rateLimits: [], retry: retry, requestTimeout: .seconds(120), idleTimeout: .seconds(120))
}

private func site(_ server: FixtureServer, shape: WikiSite.Shape = .wikipedia) async -> WikiSite {
    WikiSite(baseURL: await server.baseURL, apiPath: shape == .wikipedia ? "/w/api.php" : "/api.php", shape: shape)
}

/// The parse API request the reader sends for `title`.
private func parseRequest(_ title: String, apiPath: String = "/w/api.php") -> String {
    "\(apiPath)?action=parse&page=\(title)&prop=text&format=json&formatversion=2&redirects=1&disableeditsection=1"
}

/// A fixture page, whole, and its article content (what the parse API returns as `text`).
private func page(_ relativePath: String) throws -> (html: String, content: String) {
    let url = TestPaths.fixtures("arrowverse").appendingPathComponent(relativePath)
    let html = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(html.range(of: "<div class=\"mw-content-ltr mw-parser-output\"")
        ?? html.range(of: "<div class=\"mw-parser-output\""))
    let end = html.range(of: "</body>")?.lowerBound ?? html.endIndex
    return (html, String(html[start.lowerBound..<end]))
}

/// `{"parse": {"title": …, "pageid": 1, "text": …}}`, as `formatversion=2` answers.
private func parseAnswer(title: String, text: String) throws -> String {
    let object: [String: Any] = ["parse": ["title": title, "pageid": 1, "text": text]]
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

@Suite("Wiki pages → WatchOrder over AirdateHTTP", .serialized)
struct WatchOrderWikiTests {
    @Test("the parse API is preferred: the episodes come from its HTML, the article is never fetched")
    func parseAPI() async throws {
        try await withServer { server in
            let batwoman = try page("wikipedia/List_of_Batwoman_episodes.html")
            await server.serve(try parseAnswer(title: "List of Batwoman episodes", text: batwoman.content),
                               for: parseRequest("List of Batwoman episodes"))
            let wiki = WikiPage(site: await site(server), title: "List of Batwoman episodes", show: Show(name: "Batwoman"))
            let list = try await reader().episodeList(wiki)
            #expect(list.episodes.count == 51)
            #expect(list.episodes.first?.title == "Pilot")
            #expect(list.episodes.first?.sourceURL == wiki.articleURL)
            #expect(await server.count(path: "/wiki/List_of_Batwoman_episodes") == 0)
            let requests = await server.requests
            #expect(requests.first?.userAgent == WikiEpisodePages.defaultUserAgent)
            #expect(WikiEpisodePages.defaultUserAgent.contains("https://github.com/airdate/airdate"))
        }
    }

    @Test("when the API fails, the article page is fetched as HTML and read")
    func fallbackToArticle() async throws {
        try await withServer { server in
            let batwoman = try page("wikipedia/List_of_Batwoman_episodes.html")
            // No API route: the server answers 404 there.
            await server.serve(batwoman.html, contentType: "text/html; charset=UTF-8", for: "/wiki/List_of_Batwoman_episodes")
            let wiki = WikiPage(site: await site(server), title: "List of Batwoman episodes", show: Show(name: "Batwoman"))
            let list = try await reader().episodeList(wiki)
            #expect(list.episodes.count == 51)
            #expect(await server.count(path: "/w/api.php") == 1)
            #expect(await server.count(path: "/wiki/List_of_Batwoman_episodes") == 1)
        }
    }

    @Test("a 503 on the article is retried through the shared stack, then read")
    func retried() async throws {
        try await withServer { server in
            let batwoman = try page("wikipedia/List_of_Batwoman_episodes.html")
            await server.serve(batwoman.html, contentType: "text/html", for: "/wiki/List_of_Batwoman_episodes")
            await server.inject([.status(503)], forPath: "/wiki/List_of_Batwoman_episodes")
            let retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20), jitter: 1...1,
                                    totalDeadline: .seconds(60))
            let wiki = WikiPage(site: await site(server), title: "List of Batwoman episodes", show: Show(name: "Batwoman"))
            let list = try await reader(retry: retry).episodeList(wiki)
            #expect(list.episodes.count == 51)
            #expect(await server.count(path: "/wiki/List_of_Batwoman_episodes") == 2)
        }
    }

    @Test("a Fandom season page through its API takes its season from the page title")
    func fandomSeasonPage() async throws {
        try await withServer { server in
            let season = try page("fandom/Season_3_(Arrow).html")
            await server.serve(try parseAnswer(title: "Season 3 (Arrow)", text: season.content),
                               for: parseRequest("Season 3 (Arrow)", apiPath: "/api.php"))
            let wiki = WikiPage(site: await site(server, shape: .fandom), title: "Season_3_(Arrow)", show: Show(name: "Arrow"))
            let list = try await reader().episodeList(wiki)
            #expect(list.episodes.count == 23)
            #expect(Set(list.episodes.map(\.season)) == [3])
        }
    }

    @Test("a missing page is pageNotFound at once, the article not tried")
    func missingTitle() async throws {
        try await withServer { server in
            await server.serve(#"{"error":{"code":"missingtitle","info":"The page you specified doesn't exist."}}"#,
                               for: parseRequest("List of Nothing episodes"))
            let wiki = WikiPage(site: await site(server), title: "List of Nothing episodes", show: Show(name: "Nothing"))
            await #expect(throws: WikiPageError.pageNotFound(title: "List of Nothing episodes", site: "127.0.0.1")) {
                try await reader().episodeList(wiki)
            }
            #expect(await server.count(path: "/wiki/List_of_Nothing_episodes") == 0)
        }
    }

    @Test("a page without an episode table is an error, never an empty list")
    func noEpisodeTable() async throws {
        try await withServer { server in
            let html = "<!doctype html><title>Arrow</title><div class=mw-parser-output><p>Arrow is a television series.</p></div>"
            await server.serve(try parseAnswer(title: "Arrow (TV series)", text: html), for: parseRequest("Arrow (TV series)"))
            await server.serve(html, contentType: "text/html", for: "/wiki/Arrow_(TV_series)")
            let wiki = WikiPage(site: await site(server), title: "Arrow (TV series)", show: Show(name: "Arrow"))
            do {
                let list = try await reader().episodeList(wiki)
                Issue.record("expected noEpisodes, got \(list.episodes.count) episodes")
            } catch let error as WikiPageError {
                guard error.code == .noEpisodes else {
                    Issue.record("expected noEpisodes, got \(error)")
                    return
                }
                #expect(error.title == "Arrow (TV series)")
                #expect(error.errorDescription?.contains("no episode table") == true)
            } catch {
                Issue.record("expected a WikiPageError, got \(error)")
            }
        }
    }

    @Test("many pages: each outcome reported as it comes, a failed page kept apart from the others")
    func manyPages() async throws {
        try await withServer { server in
            let batwoman = try page("wikipedia/List_of_Batwoman_episodes.html")
            await server.serve(try parseAnswer(title: "List of Batwoman episodes", text: batwoman.content),
                               for: parseRequest("List of Batwoman episodes"))
            await server.inject([.status(500), .status(500)], forPath: "/wiki/List_of_Arrow_episodes")
            let site = await site(server)
            let pages = [
                WikiPage(site: site, title: "List of Arrow episodes", show: Show(name: "Arrow")),
                WikiPage(site: site, title: "List of Batwoman episodes", show: Show(name: "Batwoman")),
            ]
            let heard = Heard()
            let outcomes = await reader().episodeLists(pages) { outcome, index, count in
                heard.append("\(index + 1)/\(count) \(outcome.page.show.name)")
            }
            #expect(heard.lines == ["1/2 Arrow", "2/2 Batwoman"])
            #expect(outcomes.count == 2)
            guard case .failure(let failure) = outcomes[0].result, failure.code == .fetchFailed,
                  let error = failure.fetchError, error.code == .server, error.status == 500 else {
                Issue.record("expected Arrow to fail with HTTP 500, got \(outcomes[0].result)")
                return
            }
            #expect(failure.title == "List of Arrow episodes")
            #expect((try? outcomes[1].result.get())?.episodes.count == 51)
        }
    }
}

/// Lines heard from a `@Sendable` callback.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
