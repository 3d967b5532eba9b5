import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

@Suite("Jikan pictures (Jikan.image)")
struct JikanImageTests {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])

    @Test("Jikan's pictures through its client: the size asked for, else the nearest")
    func jikanPicture() async throws {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        defer { Task { await server.stop() } }
        await server.serve(data: Self.jpeg, contentType: "image/jpeg", for: "/images/anime/1/2l.jpg")
        let base = await server.baseURL
        var configuration = Jikan.configuration(baseURL: base)
        configuration.useLoopbackTestTimeouts()
        let client = Jikan(configuration: configuration)
        let set = JikanImageSet(jpg: JikanImageURLs(regular: base.appendingPathComponent("images/anime/1/2.jpg"),
                                                    large: base.appendingPathComponent("images/anime/1/2l.jpg")))
        let image = try await client.image(set)
        #expect(image.format == .jpeg)
        #expect(image.url.path == "/images/anime/1/2l.jpg")
        let missing = await clientError { _ = try await client.image(JikanImageSet()) }
        #expect(missing?.code == .notFound)
    }
}

@Suite("Jikan covers (Jikan.cover, on the image host's own budget)")
struct JikanCoverTests {
    @Test("An anime's cover: its large JPEG, cached on disk (a second client does not ask again), bounded by maxBytes")
    func cover() async throws {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        defer { Task { await server.stop() } }
        await server.setCacheControl(nil)   // image hosts often say nothing of freshness: kept anyway
        await server.serve(data: JikanImageTests.jpeg, contentType: "image/jpeg", for: "/images/anime/1448/127956l.jpg")
        let base = await server.baseURL
        var anime = JikanAnime(malID: 47917, title: "Bocchi the Rock!")
        anime.images = JikanImageSet(jpg: JikanImageURLs(regular: base.appendingPathComponent("images/anime/1448/127956.jpg"),
                                                         large: base.appendingPathComponent("images/anime/1448/127956l.jpg")))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-covers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<2 {
            var configuration = Jikan.configuration(baseURL: base)
            configuration.diskCache = try HTTPDiskCache(directory: folder, maxBytes: 1 << 20)
            configuration.useLoopbackTestTimeouts()
            let cover = try await Jikan(configuration: configuration).cover(of: anime)
            #expect(cover.data == JikanImageTests.jpeg && cover.mediaType == "image/jpeg")
        }
        #expect(await server.count(path: "/images/anime/1448/127956l.jpg") == 1)
        var configuration = Jikan.configuration(baseURL: base)
        configuration.useLoopbackTestTimeouts()
        let small = await clientError { _ = try await Jikan(configuration: configuration).cover(of: anime, maxBytes: 4) }
        #expect(small?.code == .bodyTooLarge)
    }

    @Test("Pictures go through a client of MyAnimeList's image host with its own pace, the API's transport settings kept")
    func ownBudget() {
        var configuration = Jikan.configuration(rateLimits: [RateLimit(limit: 1, per: .seconds(60))])
        configuration.maxRedirects = 2
        let jikan = Jikan(configuration: configuration)
        #expect(jikan.http.configuration.rateLimits == [RateLimit(limit: 1, per: .seconds(60))])
        #expect(jikan.images.configuration.rateLimits == Jikan.imageRateLimits)
        #expect(jikan.images.configuration.baseURL.host == "cdn.myanimelist.net")
        #expect(jikan.images.configuration.maxRedirects == 2 && jikan.images.configuration.userAgent == jikan.http.configuration.userAgent)
    }
}
