import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

/// A Jikan list page of anime with these ids, with the given pagination claims (`items` only when
/// `perPage` is given; `total` only when given).
func animePage(_ ids: [Int], hasNext: Bool, lastVisible: Int?, perPage: Int? = nil, total: Int? = nil) -> String {
    let items = ids.map { #"{"mal_id": \#($0), "title": "JikanAnime \#($0)"}"# }.joined(separator: ", ")
    var pagination = #""has_next_page": \#(hasNext)"#
    if let lastVisible { pagination += #", "last_visible_page": \#(lastVisible)"# }
    if let perPage {
        let totalClaim = total.map { #", "total": \#($0)"# } ?? ""
        pagination += #", "items": {"count": \#(ids.count)\#(totalClaim), "per_page": \#(perPage)}"#
    }
    return #"{"pagination": {\#(pagination)}, "data": [\#(items)]}"#
}

/// An episodes page (no `items` in its pagination, as Jikan sends it) with these numbers.
func episodePage(_ numbers: ClosedRange<Int>, hasNext: Bool, lastVisible: Int) -> String {
    let items = numbers.map { #"{"mal_id": \#($0), "title": "Episode \#($0)", "aired": null, "score": null, "filler": false, "recap": false}"# }
        .joined(separator: ", ")
    return #"{"pagination": {"last_visible_page": \#(lastVisible), "has_next_page": \#(hasNext)}, "data": [\#(items)]}"#
}

@Suite("Pagination that survives Jikan's bugs")
struct PaginationTests {
    @Test("has_next_page true on the last page: the 404 past it ends it, complete")
    func lyingNextOnLastVisiblePage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(episodePage(1...100, hasNext: true, lastVisible: 2), for: "/anime/21/episodes?page=1")
            await server.serve(episodePage(101...200, hasNext: true, lastVisible: 2), for: "/anime/21/episodes?page=2")
            let listing = await jikan.allEpisodes(ofAnime: 21).listing()
            #expect(listing.items.map(\.number) == Array(1...200))
            #expect(listing.end == .complete(pages: 2))
            #expect(await server.count(path: "/anime/21/episodes") == 3)
        }
    }

    @Test("a short page that says has_next_page: true does not end it (20 + 25 + 10 = 55)")
    func shortPageGoesOn() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage(Array(1...20), hasNext: true, lastVisible: 3, perPage: 25), for: "/top/anime?page=1")
            await server.serve(animePage(Array(21...45), hasNext: true, lastVisible: 3, perPage: 25), for: "/top/anime?page=2")
            await server.serve(animePage(Array(46...55), hasNext: false, lastVisible: 3, perPage: 25), for: "/top/anime?page=3")
            await server.serve(animePage([], hasNext: false, lastVisible: 3, perPage: 25), for: "/top/anime?page=4")
            let listing = await jikan.allTopAnime().listing()
            #expect(listing.items.map(\.malID) == Array(1...55))
            #expect(listing.end == .complete(pages: 3))
            #expect(await server.count(path: "/top/anime") == 3)  // page 3 is marked as the last
        }
    }

    @Test("has_next_page false with a last_visible_page too low, while items.total says more, does not end it (25 + 25 + 5 = 55)")
    func lowLastVisiblePage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage(Array(1...25), hasNext: false, lastVisible: 1, perPage: 25, total: 55), for: "/seasons/now?page=1")
            await server.serve(animePage(Array(26...50), hasNext: false, lastVisible: 1, perPage: 25, total: 55), for: "/seasons/now?page=2")
            await server.serve(animePage(Array(51...55), hasNext: false, lastVisible: 1, perPage: 25, total: 55), for: "/seasons/now?page=3")
            let listing = await jikan.allCurrentSeason().listing()
            #expect(listing.items.count == 55)
            #expect(listing.end == .complete(pages: 3))
            // Page 3 reaches items.total: every claim agrees it is the last, so no page 4.
            #expect(await server.count(path: "/seasons/now") == 3)
        }
    }

    @Test("a total that says more than a lying last page holds: asks on until the 404")
    func totalContradictsLastPage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage(Array(1...25), hasNext: false, lastVisible: 1, perPage: 25, total: 999), for: "/seasons/now?page=1")
            await server.serve(animePage(Array(26...30), hasNext: false, lastVisible: 1, perPage: 25, total: 999), for: "/seasons/now?page=2")
            let listing = await jikan.allCurrentSeason().listing()
            #expect(listing.items.count == 30)
            #expect(listing.end == .complete(pages: 2))
            #expect(await server.count(path: "/seasons/now") == 3)  // page 3: 404
        }
    }

    @Test("has_next_page false but last_visible_page past the page: not the last, asks on")
    func lastVisiblePastThePage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage([1, 2], hasNext: false, lastVisible: 2), for: "/top/anime?page=1")
            await server.serve(animePage([3], hasNext: false, lastVisible: 2), for: "/top/anime?page=2")
            let listing = await jikan.allTopAnime().listing()
            #expect(listing.items.map(\.malID) == [1, 2, 3])
            #expect(listing.end == .complete(pages: 2))
            #expect(await server.count(path: "/top/anime") == 2)  // page 2 is marked as the last
        }
    }

    @Test("a repeated page while the server claims more is reported as repeatedPage, not complete")
    func repeatedPageReported() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage(Array(1...25), hasNext: true, lastVisible: 2, perPage: 25), for: "/producers?page=1")
            await server.serve(animePage(Array(1...25), hasNext: true, lastVisible: 2, perPage: 25), for: "/producers?page=2")
            let listing = await jikan.allProducers().listing()
            #expect(listing.items.count == 25)
            #expect(listing.end == .repeatedPage(page: 2))
            #expect(!listing.end.isComplete)
        }
    }

    @Test("the page bound stops it and says so; a failure says which page")
    func boundAndFailureReported() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            for page in 1...3 {
                await server.serve(animePage([page], hasNext: true, lastVisible: 9, perPage: 1), for: "/top/anime?page=\(page)")
            }
            let bounded = await jikan.allTopAnime().limited(toPages: 2).listing()
            #expect(bounded.items.map(\.malID) == [1, 2])
            #expect(bounded.end == .reachedPageBound(pages: 2))
            await server.serve("{}", status: 500, for: "/top/anime?page=4")
            let failed = await jikan.allTopAnime().listing()
            #expect(failed.items.map(\.malID) == [1, 2, 3])
            #expect(failed.end == .failed(page: 4, error: .server(status: 500)))
        }
    }

    @Test("the recorded shape: one short page that claims a next page")
    func recordedLyingShape() async throws {
        try await withJikan { jikan, server in
            await server.serve(episodePage(1...26, hasNext: true, lastVisible: 1), for: "/anime/457/episodes?page=1")
            let episodes = try await collect(jikan.allEpisodes(ofAnime: 457))
            #expect(episodes.count == 26)
            #expect(await server.count(path: "/anime/457/episodes") == 2)
        }
    }

    @Test("an empty page ends it")
    func emptyPageEnds() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage([1, 2, 3], hasNext: true, lastVisible: nil), for: "/top/anime?page=1")
            await server.serve(animePage([], hasNext: true, lastVisible: nil), for: "/top/anime?page=2")
            let top = try await collect(jikan.allTopAnime())
            #expect(top.map(\.malID) == [1, 2, 3])
            #expect(await server.count(path: "/top/anime") == 2)
        }
    }

    @Test("items repeated across search pages are yielded once, at their first place")
    func duplicatesDropped() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage([10, 11, 12], hasNext: true, lastVisible: 3, perPage: 3), for: "/anime?q=gintama&limit=3&page=1")
            await server.serve(animePage([12, 13, 11], hasNext: true, lastVisible: 3, perPage: 3), for: "/anime?q=gintama&limit=3&page=2")
            await server.serve(animePage([14, 13], hasNext: false, lastVisible: 3, perPage: 3), for: "/anime?q=gintama&limit=3&page=3")
            let results = try await collect(jikan.allSearchResults(JikanAnimeSearch(query: "gintama", limit: 3)))
            #expect(results.map(\.malID) == [10, 11, 12, 13, 14])
            #expect(await server.count(path: "/anime") == 3)  // page 3 is marked as the last
        }
    }

    @Test("a page of nothing but repeats ends it (the server is looping)")
    func repeatedPageEnds() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage([1, 2], hasNext: true, lastVisible: nil, perPage: 2), for: "/seasons/now?page=1")
            await server.serve(animePage([2, 1], hasNext: true, lastVisible: nil, perPage: 2), for: "/seasons/now?page=2")
            await server.serve(animePage([3, 4], hasNext: false, lastVisible: nil, perPage: 2), for: "/seasons/now?page=3")
            let items = try await collect(jikan.allCurrentSeason())
            #expect(items.map(\.malID) == [1, 2])
            #expect(await server.count(path: "/seasons/now") == 2)
        }
    }

    @Test("limited(toPages:) stops early; iteration is lazy")
    func honestEndAndLimit() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            for page in 1...3 {
                let ids = Array((page * 10)..<(page * 10 + 2))
                await server.serve(animePage(ids, hasNext: page < 3, lastVisible: 3, perPage: 2), for: "/producers?page=\(page)")
            }
            let all = try await collect(jikan.allProducers())
            #expect(all.count == 6)
            let two = try await collect(jikan.allProducers().limited(toPages: 2))
            #expect(two.map(\.malID) == [10, 11, 20, 21])

            await server.serve(animePage([7, 8], hasNext: true, lastVisible: 2, perPage: 2), for: "/seasons/upcoming?page=1")
            await server.serve(animePage([9], hasNext: false, lastVisible: 2, perPage: 2), for: "/seasons/upcoming?page=2")
            var iterator = jikan.allUpcomingSeasons().makeAsyncIterator()
            #expect(await server.count(path: "/seasons/upcoming") == 0)
            #expect(try await iterator.next()?.malID == 7)
            #expect(try await iterator.next()?.malID == 8)
            #expect(await server.count(path: "/seasons/upcoming") == 1)
            #expect(try await iterator.next()?.malID == 9)
            #expect(try await iterator.next() == nil)
            #expect(try await iterator.next() == nil)
            #expect(await server.count(path: "/seasons/upcoming") == 2)  // page 2 is marked as the last: no page 3
        }
    }

    @Test("a failing page mid-way throws from the sequence after the earlier items")
    func failureMidWay() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(animePage([1, 2], hasNext: true, lastVisible: 2, perPage: 2), for: "/top/anime?page=1")
            await server.serve(#"{"status": 500, "type": "ParserException", "message": "Unable to parse this request. Please follow report_url to generate an issue on GitHub", "error": "Failed to parse", "report_url": "https://github.com/jikan-me/jikan-rest/issues/new"}"#,
                               status: 500, for: "/top/anime?page=2")
            var seen: [Int] = []
            let error = await clientError {
                for try await anime in jikan.allTopAnime() { seen.append(anime.malID) }
            }
            #expect(seen == [1, 2])
            guard error?.code == .api, let message = error?.serverMessage else {
                Issue.record("expected api, got \(String(describing: error))")
                return
            }
            #expect(message.type == "ParserException")
            #expect(await server.count(path: "/top/anime") == 2)
        }
    }

    // MARK: No request past a page marked as the last

    @Test("episodes: the page Jikan marks as the last ends the listing; no request past it")
    func episodesStopAtTheMarkedLastPage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(episodePage(1...100, hasNext: true, lastVisible: 2), for: "/anime/21/episodes?page=1")
            await server.serve(episodePage(101...150, hasNext: false, lastVisible: 2), for: "/anime/21/episodes?page=2")
            let listing = await jikan.allEpisodes(ofAnime: 21).listing()
            #expect(listing.items.count == 150)
            #expect(listing.end == .complete(pages: 2))
            #expect(listing.pagesFetched == 2)
            #expect(await server.count(path: "/anime/21/episodes") == 2)
        }
    }

    @Test("a single page marked as the last costs one request, on every kind of listing")
    func singleMarkedPage() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(episodePage(1...26, hasNext: false, lastVisible: 1), for: "/anime/457/episodes?page=1")
            await server.serve(animePage([1, 2, 3], hasNext: false, lastVisible: 1, perPage: 25, total: 3), for: "/top/anime?page=1")
            await server.serve(#"{"pagination": {"has_next_page": false, "last_visible_page": 1}, "data": [{"mal_id": 7, "url": "https://myanimelist.net/news/7", "title": "News"}]}"#,
                               for: "/anime/457/news?page=1")
            await server.serve(animePage([4, 5], hasNext: false, lastVisible: 1), for: "/producers?q=bones&page=1")
            let episodes = try await collect(jikan.allEpisodes(ofAnime: 457))
            let top = try await collect(jikan.allTopAnime())
            let news = try await collect(jikan.news(ofAnime: 457))
            let producers = try await collect(jikan.allProducers(matching: "bones"))
            #expect(episodes.count == 26 && top.count == 3 && news.count == 1 && producers.count == 2)
            #expect(await server.count(path: "/anime/457/episodes") == 1)
            #expect(await server.count(path: "/top/anime") == 1)
            #expect(await server.count(path: "/anime/457/news") == 1)
            #expect(await server.count(path: "/producers") == 1)
        }
    }

    @Test("starting at a later page, the page marked as the last is still the end")
    func startingLater() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"pagination": {"has_next_page": true, "last_visible_page": 4}, "data": [{"mal_id": 30, "url": "https://myanimelist.net/news/30", "title": "Three"}]}"#,
                               for: "/anime/457/news?page=3")
            await server.serve(#"{"pagination": {"has_next_page": false, "last_visible_page": 4}, "data": [{"mal_id": 40, "url": "https://myanimelist.net/news/40", "title": "Four"}]}"#,
                               for: "/anime/457/news?page=4")
            let listing = await jikan.news(ofAnime: 457, startingAt: 3).listing()
            #expect(listing.items.map(\.malID) == [30, 40])
            #expect(listing.end == .complete(pages: 2))
            #expect(await server.requests.map(\.key.description) == ["/anime/457/news?page=3", "/anime/457/news?page=4"])
        }
    }

    @Test("the claims that mark a page as the last, and those that do not")
    func marksLast() {
        #expect(JikanPagination(lastVisiblePage: 2, hasNextPage: false).marksLast(page: 2, itemsOnPage: 5))
        #expect(JikanPagination(hasNextPage: false).marksLast(page: 1, itemsOnPage: 5))
        #expect(JikanPagination(lastVisiblePage: 3, hasNextPage: false, count: 25, total: 75, perPage: 25).marksLast(page: 3, itemsOnPage: 25))
        #expect(!JikanPagination(lastVisiblePage: 2, hasNextPage: true).marksLast(page: 2, itemsOnPage: 5))
        #expect(!JikanPagination(lastVisiblePage: 3, hasNextPage: false).marksLast(page: 2, itemsOnPage: 5))
        #expect(!JikanPagination(lastVisiblePage: 1, hasNextPage: false, count: 25, total: 26, perPage: 25).marksLast(page: 1, itemsOnPage: 25))
    }
}
