@testable import AirdateHTTP
import Foundation
import Testing

@Suite("Cache-Control, Retry-After and request URLs")
struct HeaderParsingTests {
    @Test("max-age, less Age; no-store and no-cache are not stored")
    func freshness() {
        #expect(ResponseHeaders.freshness(cacheControl: "public, max-age=3600", age: nil) == .seconds(3600))
        #expect(ResponseHeaders.freshness(cacheControl: "public, max-age=3600", age: "600") == .seconds(3000))
        #expect(ResponseHeaders.freshness(cacheControl: "no-store", age: nil) == nil)
        #expect(ResponseHeaders.freshness(cacheControl: "max-age=60, no-cache", age: nil) == nil)
        #expect(ResponseHeaders.freshness(cacheControl: "max-age=0", age: nil) == nil)
        #expect(ResponseHeaders.freshness(cacheControl: nil, age: nil) == nil)
    }

    @Test("Expires, less Date or now, when there is no max-age; max-age wins; stale or unreadable is not stored")
    func expires() throws {
        let date = "Mon, 14 Nov 2022 00:00:00 GMT"
        let tomorrow = "Tue, 15 Nov 2022 00:00:00 GMT"
        #expect(ResponseHeaders.freshness(cacheControl: nil, age: nil, expires: tomorrow, date: date) == .seconds(86_400))
        #expect(ResponseHeaders.freshness(cacheControl: "public", age: nil, expires: tomorrow, date: date) == .seconds(86_400))
        #expect(ResponseHeaders.freshness(cacheControl: "max-age=60", age: nil, expires: tomorrow, date: date) == .seconds(60))
        #expect(ResponseHeaders.freshness(cacheControl: "no-store", age: nil, expires: tomorrow, date: date) == nil)
        let now = try #require(ISO8601DateParsing.parse("2022-11-14T12:00:00Z"))
        #expect(ResponseHeaders.freshness(cacheControl: nil, age: nil, expires: tomorrow, now: now) == .seconds(43_200))
        #expect(ResponseHeaders.freshness(cacheControl: nil, age: nil, expires: date, date: tomorrow) == nil)
        #expect(ResponseHeaders.freshness(cacheControl: nil, age: nil, expires: "0", date: date) == nil)
    }

    @Test("Retry-After as seconds or as an HTTP date")
    func retryAfter() throws {
        #expect(ResponseHeaders.retryAfter("7") == .seconds(7))
        #expect(ResponseHeaders.retryAfter(" ") == nil)
        let now = try #require(ISO8601DateParsing.parse("2015-10-21T07:28:00Z"))
        #expect(ResponseHeaders.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == .seconds(30))
    }

    @Test("a request's URL keeps repeated names and encodes reserved characters")
    func requestURL() throws {
        let base = try #require(URL(string: "https://api.tvmaze.com"))
        let request = APIRequest(path: "/search/shows", query: [QueryParameter("q", "law & order+svu")])
        #expect(request.url(relativeTo: base)?.absoluteString == "https://api.tvmaze.com/search/shows?q=law%20%26%20order%2Bsvu")
        let embeds = APIRequest(path: "/shows/1", query: [QueryParameter("embed[]", "cast"), QueryParameter("embed[]", "crew")])
        #expect(embeds.url(relativeTo: base)?.absoluteString == "https://api.tvmaze.com/shows/1?embed%5B%5D=cast&embed%5B%5D=crew")
    }

    @Test("ISO 8601 instants with offsets and fractions")
    func instants() {
        #expect(ISO8601DateParsing.parse("2019-07-11T05:30:00+00:00")?.timeIntervalSince1970 == 1_562_823_000)
        #expect(ISO8601DateParsing.parse("2019-07-11T01:30:00-04:00")?.timeIntervalSince1970 == 1_562_823_000)
        #expect(ISO8601DateParsing.parse("2019-07-11T05:30:00.500Z")?.timeIntervalSince1970 == 1_562_823_000.5)
        #expect(ISO8601DateParsing.parse("2019-07-11") == nil)
    }
}
