import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import JikanClient
import Testing

@Suite("Caching as Jikan's headers allow")
struct CacheTests {
    @Test("Cache-Control max-age of 24 h: a repeat is served from the cache until it expires")
    func maxAge() async throws {
        let clock = TestClock()
        try await withJikan(clock: clock) { jikan, server in
            await server.setCacheControl("public, max-age=86400")
            _ = try await jikan.anime(id: 457)
            _ = try await jikan.anime(id: 457)
            #expect(await server.count(path: "/anime/457") == 1)
            await clock.advance(by: .seconds(86_401))
            _ = try await jikan.anime(id: 457)
            #expect(await server.count(path: "/anime/457") == 2)
        }
    }

    @Test("Expires without max-age: cached for Expires less Date")
    func expires() async throws {
        let clock = TestClock()
        try await withJikan(clock: clock) { jikan, server in
            await server.setCacheControl(nil)
            await server.setExtraHeaders([
                "Date": "Mon, 14 Nov 2022 00:00:00 GMT",
                "Expires": "Tue, 15 Nov 2022 00:00:00 GMT",
            ])
            _ = try await jikan.anime(id: 5114)
            _ = try await jikan.anime(id: 5114)
            #expect(await server.count(path: "/anime/5114") == 1)
            await clock.advance(by: .seconds(86_400))
            _ = try await jikan.anime(id: 5114)
            #expect(await server.count(path: "/anime/5114") == 2)
        }
    }

    @Test("no-store, or an Expires in the past, is not cached")
    func notCached() async throws {
        try await withJikan { jikan, server in
            await server.setCacheControl("no-store")
            _ = try await jikan.anime(id: 457)
            _ = try await jikan.anime(id: 457)
            #expect(await server.count(path: "/anime/457") == 2)

            await server.setCacheControl(nil)
            await server.setExtraHeaders(["Expires": "Thu, 01 Jan 1970 00:00:00 GMT"])
            _ = try await jikan.anime(id: 5114)
            _ = try await jikan.anime(id: 5114)
            #expect(await server.count(path: "/anime/5114") == 2)
        }
    }
}
