import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing

@Suite("APIClient.content(for:accepting:) over loopback")
struct ContentTests {
    static let page = "<!doctype html><title>List of Arrow episodes</title><p>Season 1</p>"

    @Test("an HTML page arrives as bytes with its media type; Accept and User-Agent are sent")
    func html() async throws {
        try await withServer { server in
            await server.serve(Self.page, contentType: "text/html; charset=UTF-8", for: "/wiki/List_of_Arrow_episodes")
            let client = await makeClient(server)
            let content = try await client.content(for: APIRequest(path: "/wiki/List_of_Arrow_episodes"), accepting: ["text/html"])
            #expect(String(decoding: content.body, as: UTF8.self) == Self.page)
            #expect(content.contentType == "text/html; charset=UTF-8")
            #expect(content.charset == "UTF-8")
            #expect(content.url.path == "/wiki/List_of_Arrow_episodes")
            let requests = await server.requests
            #expect(requests.first?.userAgent == "AirdateTests/1.0 (+https://example.org/airdate)")
        }
    }

    @Test("a media type outside the accepted list is a typed error naming it; families match with type/*")
    func unacceptable() async throws {
        try await withServer { server in
            await server.serve(#"{"a":1}"#, for: "/data")
            let client = await makeClient(server)
            let error = await clientError { _ = try await client.content(for: APIRequest(path: "/data"), accepting: ["text/html"]) }
            guard error?.code == .unacceptableContentType, let type = error?.contentType, let url = error?.url else {
                Issue.record("expected unacceptableContentType, got \(String(describing: error))")
                return
            }
            #expect(type.hasPrefix("application/json"))
            #expect(url.hasSuffix("/data"))
            #expect(error?.isRetriable == false)
            #expect(error?.errorDescription?.contains("application/json") == true)
            let json = try await client.content(for: APIRequest(path: "/data"), accepting: ["text/html", "application/*"])
            #expect(json.body == Data(#"{"a":1}"#.utf8))
        }
    }

    @Test("a 503 then the page: retried, then served from the cache without a second request")
    func retriedAndCached() async throws {
        try await withServer { server in
            await server.serve(Self.page, contentType: "text/html", for: "/wiki/Arrow")
            await server.inject([.status(503)], forPath: "/wiki/Arrow")
            let client = await makeClient(server, retry: exactRetry(attempts: 3, base: .milliseconds(10)))
            let first = try await client.content(for: APIRequest(path: "/wiki/Arrow"), accepting: ["text/html"])
            let second = try await client.content(for: APIRequest(path: "/wiki/Arrow"), accepting: ["text/html"])
            #expect(first == second)
            #expect(second.contentType == "text/html")
            #expect(await server.count(path: "/wiki/Arrow") == 2)  // the 503 and the page; the second call is cached
        }
    }

    @Test("404 is notFound, as for JSON")
    func notFound() async throws {
        try await withServer { server in
            let client = await makeClient(server)
            let error = await clientError { _ = try await client.content(for: APIRequest(path: "/wiki/Nope"), accepting: ["text/html"]) }
            guard error?.code == .notFound, let url = error?.url else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
            #expect(url.hasSuffix("/wiki/Nope"))
        }
    }
}
