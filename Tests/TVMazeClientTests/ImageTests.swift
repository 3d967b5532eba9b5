import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import TVMazeClient

/// Posters and other artwork through the clients: a typed image request, paced, bounded and cached.
@Suite("Images (TVMaze.image, APIClient.image)")
struct ImageTests {
    /// A 1×1 PNG (its signature, IHDR, IDAT and IEND chunks).
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
        0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
        0xAE, 0x42, 0x60, 0x82,
    ])
    /// The first bytes of a JPEG file (SOI and an APP0 marker).
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])

    static func links(_ server: FixtureServer, medium: String?, original: String?) async -> TVMazeImageLinks {
        let base = await server.baseURL
        return TVMazeImageLinks(
            medium: medium.map { base.appendingPathComponent($0) }, original: original.map { base.appendingPathComponent($0) })
    }

    @Test("a poster comes back with its bytes and the format its bytes say, whatever the server claims")
    func fetchesPoster() async throws {
        try await withTVMaze { client, server in
            await server.serve(data: Self.png, contentType: "image/png", for: "/uploads/medium/1.png")
            await server.serve(data: Self.jpeg, contentType: nil, for: "/uploads/original/1.jpg")
            let links = await Self.links(server, medium: "uploads/medium/1.png", original: "uploads/original/1.jpg")
            let medium = try await client.image(links)
            #expect(medium.data == Self.png)
            #expect(medium.format == .png)
            #expect(medium.mediaType == "image/png")
            #expect(medium.url.path == "/uploads/medium/1.png")
            let original = try await client.image(links, size: .original)
            #expect(original.format == .jpeg)
            #expect(original.data == Self.jpeg)
            // The other size when one is missing.
            let onlyOriginal = await Self.links(server, medium: nil, original: "uploads/original/1.jpg")
            #expect(try await client.image(onlyOriginal).format == .jpeg)
        }
    }

    @Test("a poster is cached on disk: a second client (another launch) does not ask again")
    func cachedOnDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withTVMaze { _, server in
            // Image hosts often send no freshness at all: the image is kept anyway (its URL names one file).
            await server.setCacheControl(nil)
            await server.serve(data: Self.png, contentType: "image/png", for: "/p.png")
            let url = await server.baseURL.appendingPathComponent("p.png")
            for _ in 0..<2 {
                var configuration = TVMaze.configuration(baseURL: await server.baseURL)
                configuration.diskCache = try HTTPDiskCache(directory: folder, maxBytes: 1024 * 1024)
                configuration.useLoopbackTestTimeouts()
                let client = TVMaze(configuration: configuration)
                let image = try await client.image(TVMazeImageLinks(medium: url, original: nil))
                #expect(image.data == Self.png)
            }
            #expect(await server.count(path: "/p.png") == 1)
        }
    }

    @Test("what is not an image, too large, or missing fails with a typed error and is not cached")
    func failures() async throws {
        try await withTVMaze { client, server in
            await server.serve("<html><body>Sign in</body></html>", contentType: "text/html; charset=utf-8", for: "/portal.png")
            await server.serve(data: Data("not a picture".utf8), contentType: "image/png", for: "/fake.png")
            await server.serve(data: Self.png, contentType: "image/png", for: "/big.png")
            let base = await server.baseURL
            func image(_ path: String, maxBytes: Int = 1 << 20) async -> APIClientError? {
                await clientError { _ = try await client.image(TVMazeImageLinks(medium: base.appendingPathComponent(path), original: nil), maxBytes: maxBytes) }
            }
            #expect(await image("portal.png")?.code == .unacceptableContentType)
            let fake = await image("fake.png")
            #expect(fake?.code == .malformedResponse)
            #expect(fake?.errorDescription?.contains("not a JPEG, PNG, GIF or WebP image") == true)
            _ = await image("fake.png")
            #expect(await server.count(path: "/fake.png") == 2)  // never served from a cache
            let big = await image("big.png", maxBytes: 16)
            #expect(big?.code == .bodyTooLarge)
            #expect(await image("gone.png")?.code == .notFound)
            let none = await clientError { _ = try await client.image(TVMazeImageLinks(medium: nil, original: nil)) }
            #expect(none?.code == .notFound)
            let file = await clientError { _ = try await client.http.image(at: URL(fileURLWithPath: "/etc/passwd")) }
            #expect(file?.code == .invalidRequest)
        }
    }

    @Test("a cast member's photo: the actor's, else the character's; neither is notFound naming both")
    func castPhoto() async throws {
        try await withTVMaze { client, server in
            await server.serve(data: Self.jpeg, contentType: "image/jpeg", for: "/people/1.jpg")
            await server.serve(data: Self.png, contentType: "image/png", for: "/characters/2.png")
            let base = await server.baseURL.absoluteString
            func member(person: String?, character: String?) throws -> TVMazeCastMember {
                func image(_ path: String?) -> String { path.map { #"{"medium": "\#(base)/\#($0)", "original": null}"# } ?? "null" }
                let json = #"""
                    {"person": {"id": 1, "name": "Mike Vogel", "image": \#(image(person))},
                     "character": {"id": 2, "name": "Dale \"Barbie\" Barbara", "image": \#(image(character))},
                     "self": false, "voice": false}
                    """#
                return try JSONDecoder().decode(TVMazeCastMember.self, from: Data(json.utf8))
            }
            let both = try member(person: "people/1.jpg", character: "characters/2.png")
            let characterOnly = try member(person: nil, character: "characters/2.png")
            let neither = try member(person: nil, character: nil)
            let actor = try await client.photo(of: both)
            #expect(actor.format == .jpeg)
            let character = try await client.photo(of: characterOnly)
            #expect(character.format == .png)
            let none = await clientError { _ = try await client.photo(of: neither) }
            #expect(none?.code == .notFound)
            #expect(none?.detail?.contains("Mike Vogel") == true, "\(none?.detail ?? "")")
        }
    }

    @Test("TVMaze's http image links are fetched over https; the format sniffer knows the four formats")
    func linksAndFormats() throws {
        let links = TVMazeImageLinks(
            medium: URL(string: "http://static.tvmaze.com/uploads/images/medium_portrait/2/5469.jpg"), original: nil)
        #expect(links.url(.medium)?.absoluteString == "https://static.tvmaze.com/uploads/images/medium_portrait/2/5469.jpg")
        #expect(links.url(.original)?.absoluteString == "https://static.tvmaze.com/uploads/images/medium_portrait/2/5469.jpg")
        #expect(HTTPImage.Format.sniff(Self.png) == .png)
        #expect(HTTPImage.Format.sniff(Self.jpeg) == .jpeg)
        #expect(HTTPImage.Format.sniff(Data("GIF89a....".utf8)) == .gif)
        #expect(HTTPImage.Format.sniff(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(HTTPImage.Format.sniff(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(HTTPImage.Format.sniff(Data()) == nil)
    }
}
