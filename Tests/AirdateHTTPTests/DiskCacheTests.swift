@testable import AirdateHTTP
import AirdateTestSupport
import AirdateTestServer
import Foundation
import Testing

/// A fresh folder path (not created) under the test process's scratch folder.
func temporaryFolder() -> URL {
    URL(fileURLWithPath: TemporaryFiles.path("airdate-cache", "cache"))
}

/// A client of `server` with an on-disk cache in `folder`.
func diskCachedClient(_ server: FixtureServer, folder: URL, staleIfOffline: Bool = false) async throws -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: await server.baseURL,
        userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
        retry: .none,
        cacheCapacity: 0  // the disk only: each call shows what the disk did
    )
    configuration.useLoopbackTestTimeouts()
    configuration.diskCache = try HTTPDiskCache(directory: folder)
    configuration.servesStaleIfOffline = staleIfOffline
    return APIClient(configuration: configuration)
}

@Suite("The on-disk cache: across launches, revalidation, stale when offline, bounded, atomic")
struct DiskCacheTests {
    @Test("a fresh answer is served by a later client (a new launch) without a request")
    func survivesLaunches() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "Under the Dome"}"#, for: "/shows/1")
            let first: Item = try await diskCachedClient(server, folder: folder).get(APIRequest(path: "/shows/1"))
            let second: Item = try await diskCachedClient(server, folder: folder).get(APIRequest(path: "/shows/1"))
            #expect(first == second)
            #expect(await server.count(path: "/shows/1") == 1)
        }
    }

    @Test("a stale answer with an ETag is revalidated: If-None-Match, a 304, the stored body")
    func revalidatesWithETag() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { server in
            await server.setCacheControl("public, max-age=0")
            await server.setETag("\"v1\"")
            await server.serve(#"{"id": 2, "name": "Mushishi"}"#, for: "/anime/457")
            let client = try await diskCachedClient(server, folder: folder)
            let first: Item = try await client.get(APIRequest(path: "/anime/457"))
            let second: Item = try await client.get(APIRequest(path: "/anime/457"))
            #expect(first == second)
            #expect(await server.count(path: "/anime/457") == 2)
            #expect(await server.notModifiedCount == 1)
            // A changed resource (new ETag) is fetched in full.
            await server.setETag("\"v2\"")
            await server.serve(#"{"id": 2, "name": "Mushi-Shi"}"#, for: "/anime/457")
            let third: Item = try await client.get(APIRequest(path: "/anime/457"))
            #expect(third.name == "Mushi-Shi")
            #expect(await server.notModifiedCount == 1)
        }
    }

    @Test("offline, a stale answer is served only when the caller allows it")
    func staleIfOffline() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        await server.setCacheControl("public, max-age=0")
        await server.setETag("\"w1\"")
        await server.serve(#"{"id": 3, "name": "Offline"}"#, for: "/shows/3")
        let allowing = try await diskCachedClient(server, folder: folder, staleIfOffline: true)
        let strict = try await diskCachedClient(server, folder: folder, staleIfOffline: false)
        let stored: Item = try await allowing.get(APIRequest(path: "/shows/3"))
        await server.stop()
        let offline: Item = try await allowing.get(APIRequest(path: "/shows/3"))
        #expect(offline == stored)
        let error = await clientError { let _: Item = try await strict.get(APIRequest(path: "/shows/3")) }
        guard error?.code == .transport else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
    }

    @Test("no-store answers are never written")
    func noStore() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { server in
            await server.setCacheControl("no-store")
            await server.setETag("\"x\"")
            await server.serve(#"{"id": 4, "name": "Secret"}"#, for: "/shows/4")
            let client = try await diskCachedClient(server, folder: folder)
            let _: Item = try await client.get(APIRequest(path: "/shows/4"))
            #expect(try HTTPDiskCache(directory: folder).totalBytes == 0)
        }
    }

    @Test("the folder stays under its size bound; the least recently used go first")
    func sizeBound() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SteppingDate()
        let cache = try HTTPDiskCache(directory: folder, maxBytes: 12_000, now: { clock.next() })
        let body = Data(repeating: UInt8(ascii: "a"), count: 1_000)
        for index in 0..<30 {
            cache.store(HTTPDiskCache.Entry(body: body, storedAt: clock.next(), freshUntil: clock.next(), etag: "\"\(index)\""),
                        for: "https://api.example/\(index)")
            _ = cache.entry(for: "https://api.example/0")  // keep the first one in use
        }
        #expect(cache.totalBytes <= 12_000)
        #expect(cache.entry(for: "https://api.example/0") != nil)
        #expect(cache.entry(for: "https://api.example/29") != nil)
        #expect(cache.entry(for: "https://api.example/1") == nil)
    }

    @Test("writers and readers in parallel (separate cache instances) never see half an answer")
    func atomicWrites() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodies = (0..<8).map { Data(repeating: UInt8(ascii: "a") + UInt8($0), count: 200_000) }
        let key = "https://api.example/shared"
        try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<4 {
                let cache = try HTTPDiskCache(directory: folder)
                group.addTask {
                    for round in 0..<25 {
                        let body = bodies[(writer + round) % bodies.count]
                        cache.store(HTTPDiskCache.Entry(body: body, storedAt: Date(), freshUntil: Date(), etag: nil, lastModified: nil), for: key)
                    }
                    return 0
                }
            }
            for _ in 0..<4 {
                let cache = try HTTPDiskCache(directory: folder)
                group.addTask {
                    var torn = 0
                    for _ in 0..<100 {
                        if let entry = cache.entry(for: key), !bodies.contains(entry.body) { torn += 1 }
                    }
                    return torn
                }
            }
            var torn = 0
            for try await count in group { torn += count }
            #expect(torn == 0)
        }
    }
}

/// Wall-clock stand-in that moves one second per reading, for least-recently-used order.
final class SteppingDate: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_700_000_000)

    func next() -> Date {
        lock.lock()
        defer { lock.unlock() }
        current += 1
        return current
    }
}
