// Typed throws as a compile-time fact: every call below sits in `do { … } catch { let _: APIClientError = error }`
// (or the bridge's own error type). If any of these methods threw `any Error` — or another type — this
// file would not compile. At run time each call meets a server that has gone away, and the error it
// throws is checked.
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import AnimePlanner
import AnimePlannerJikan
import Foundation
import JikanClient
import TVMazeClient
import Testing
import WatchOrder
import WatchOrderTVMaze
import WatchOrderWiki

@Suite("Typed throws: every public client method throws only APIClientError")
struct TypedThrowsTests {
    /// The root of a loopback server that was started and stopped: nothing listens there any more.
    func goneServer() async throws -> URL {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        let url = await server.baseURL
        await server.stop()
        return url
    }

    /// Records what `call` threw; `call`'s type says it can throw only `APIClientError`.
    func failure<T>(_ call: () async throws(APIClientError) -> T) async -> APIClientError? {
        do {
            _ = try await call()
            return nil
        } catch {
            let typed: APIClientError = error  // no cast: the compiler knows the type
            return typed
        }
    }

    @Test("APIClient, TVMaze, WeekSchedule and TVMaze's index pages")
    func tvmazeSide() async throws {
        var configuration = TVMaze.configuration(baseURL: try await goneServer())
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()
        let tvmaze = TVMaze(configuration: configuration)
        let http = tvmaze.http
        let day = try CalendarDay(year: 2019, month: 7, day: 15)
        var errors: [APIClientError] = []

        do { let _: TVMazeShow = try await http.get(APIRequest(path: "/shows/1")) } catch { let e: APIClientError = error; errors.append(e) }
        do { let _: TVMazeShow? = try await http.getIfFound(APIRequest(path: "/shows/1")) } catch { let e: APIClientError = error; errors.append(e) }
        do { let _: [TVMazeEpisode] = try await http.list(APIRequest(path: "/schedule")) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await http.data(for: APIRequest(path: "/shows/1")) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await http.content(for: APIRequest(path: "/"), accepting: ["text/html"]) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.show(id: 1, embedding: [.cast]) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.searchShows("dome") } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.singleSearch("dome") } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.schedule(country: "US", date: day) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.episodes(ofShow: 1, airedOn: day) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.person(id: 1) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.showUpdates(since: .day) } catch { let e: APIClientError = error; errors.append(e) }
        do {
            for try await _ in tvmaze.showIndex() {}
        } catch {
            let e: APIClientError = error
            errors.append(e)
        }
        do {
            var pages = tvmaze.peopleIndex().makeAsyncIterator()
            _ = try await pages.next()
        } catch {
            let e: APIClientError = error
            errors.append(e)
        }
        let week = WeekSchedule(client: tvmaze, clock: .fixed(at: Date(timeIntervalSince1970: 1_563_000_000), timeZone: .gmt))
        do { _ = try await week.refresh() } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await week.details(forShow: 1) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await tvmaze.episodeList(ofShow: 13, as: Show(name: "The Flash")) } catch { let e: APIClientError = error; errors.append(e) }
        if let error = await failure({ () async throws(APIClientError) in try await tvmaze.season(id: 1) }) { errors.append(error) }

        #expect(errors.count == 18)
        #expect(errors.allSatisfy { $0.code == .transport }, "\(errors.map(\.code))")
        #expect(errors.allSatisfy { $0.underlying != nil || $0.detail != nil })
    }

    @Test("Jikan, its pages (for try await, next(), listing()) and the AnimePlanner bridge")
    func jikanSide() async throws {
        var configuration = Jikan.configuration(baseURL: try await goneServer())
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()
        let jikan = Jikan(configuration: configuration)
        var errors: [APIClientError] = []

        do { _ = try await jikan.anime(id: 457) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await jikan.searchAnime(JikanAnimeSearch(query: "mushishi")) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await jikan.characters(ofAnime: 457) } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await jikan.user("airdate example") } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await jikan.randomAnime() } catch { let e: APIClientError = error; errors.append(e) }
        do { _ = try await jikan.recentEpisodes() } catch { let e: APIClientError = error; errors.append(e) }
        do {
            for try await _ in jikan.allTopAnime() {}
        } catch {
            let e: APIClientError = error
            errors.append(e)
        }
        do {
            var iterator = jikan.news(ofAnime: 457).makeAsyncIterator()
            _ = try await iterator.next()
        } catch {
            let e: APIClientError = error
            errors.append(e)
        }
        let pages = JikanPages<JikanAnime>(maxPages: 2) { (page) async throws(APIClientError) -> JikanPage<JikanAnime> in
            try await jikan.searchAnime(JikanAnimeSearch(query: "mushishi"), page: page)
        }
        if case .failed(let page, let error) = await pages.listing().end {
            #expect(page == 1)
            errors.append(error)
        }
        do {
            _ = try await jikan.plannableShow(id: 457, at: .fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt))
        } catch {
            let e: APIClientError = error
            errors.append(e)
        }

        #expect(errors.count == 10)
        #expect(errors.allSatisfy { $0.code == .transport }, "\(errors.map(\.code))")
    }

    @Test("the wiki bridge throws its own error, which carries the APIClientError")
    func wikiSide() async throws {
        let base = try await goneServer()
        let pages = WikiEpisodePages(retry: .none)
        let site = WikiSite(baseURL: base, apiPath: "/w/api.php", shape: .wikipedia)
        do {
            _ = try await pages.episodeList(WikiPage(site: site, title: "List of Arrow episodes", show: Show(name: "Arrow")))
            Issue.record("expected a failure")
        } catch {
            let typed: WikiPageError = error
            guard typed.code == .fetchFailed, let cause = typed.fetchError else {
                Issue.record("expected fetchFailed, got \(typed)")
                return
            }
            #expect(cause.code == .transport)
        }
    }
}
