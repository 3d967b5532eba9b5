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
