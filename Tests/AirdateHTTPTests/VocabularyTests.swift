import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing

/// A model read through the one lenient reader, as the clients' models are.
private struct Sample: Decodable {
    var id: Int
    var name: String?
    var count: Int?
    var ratio: Double?
    var isOn: Bool?
    var link: URL?
    var at: Date?
    var updated: Date?
    var kind: SampleKind?
    var tags: [String]
    var child: Child?
    var grid: [Int]

    struct Child: Decodable {
        var id: Int
        init(from decoder: any Decoder) throws {
            id = try decoder.lenientContainer(keyedBy: CodingKeys.self).requiredInteger(.id)
        }
        enum CodingKeys: String, CodingKey { case id }
    }

    enum CodingKeys: String, CodingKey { case id, name, count, ratio, isOn, link, at, updated, kind, tags, child, grid }

    init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        name = c.string(.name)
        count = c.integer(.count)
        ratio = c.number(.ratio)
        isOn = c.flag(.isOn)
        link = c.url(.link)
        at = c.instant(.at)
        updated = c.unixTime(.updated)
        kind = c.open(SampleKind.self, .kind)
        tags = c.list(String.self, .tags)
        child = c.value(Child.self, .child)
        grid = c.parsedList(.grid, expecting: "a digit") { Int($0) }
    }
}

private struct SampleKind: OpenEnumeration {
    var rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
    static let known: SampleKind = "known"
}

@Suite("One client vocabulary: requests, lenient reading, open values, typed errors")
struct VocabularyTests {
    // MARK: Requests

    @Test("query parameters from typed values; unset ones are left out, in order")
    func typedParameters() throws {
        let unset: Int? = nil
        let request = APIRequest(path: "/anime", query: [
            .text("q", "fullmetal alchemist"), .text("letter", ""), .integer("limit", 5), .integer("min", unset),
            .number("score", 7.5), .number("bad", .nan), .flag("sfw", true), .flag("unapproved", false),
            .boolean("kids", false), .boolean("none", nil), .value("type", SampleKind.known), .value("other", SampleKind?.none),
            .list("genres", [1, 2, 3]), .list("empty", []), .described("day", 2019),
        ]).paged(0)
        #expect(request.query.map { "\($0.name)=\($0.value)" } == [
            "q=fullmetal alchemist", "limit=5", "score=7.5", "sfw=true", "kids=false", "type=known", "genres=1,2,3", "day=2019", "page=1",
        ])
        let jikan = try #require(URL(string: "https://api.jikan.moe/v4"))
        let url = try #require(request.url(relativeTo: jikan))
        #expect(url.absoluteString == "https://api.jikan.moe/v4/anime?q=fullmetal%20alchemist&limit=5&score=7.5&sfw=true&kids=false&type=known&genres=1%2C2%2C3&day=2019&page=1")
        #expect(APIRequest(path: "/shows").paged(-3, minimum: 0).query == [QueryParameter("page", "0")])
    }

    @Test("a path segment is encoded once, so a name cannot change the path; other paths keep their %XX")
    func pathSegments() throws {
        let name = "a/b c?#%é"
        let base = try #require(URL(string: "https://api.jikan.moe/v4"))
        let request = APIRequest(path: "/users/\(segment: name)/about")
        #expect(request.path == "/users/a%2Fb%20c%3F%23%25%C3%A9/about")
        let url = try #require(request.url(relativeTo: base))
        #expect(url.absoluteString == "https://api.jikan.moe/v4/users/a%2Fb%20c%3F%23%25%C3%A9/about")
        #expect(url.path(percentEncoded: false) == "/v4/users/a/b c?#%é/about")
        // A path written as text: what a URL path cannot hold is encoded; a lone % too.
        let wikipedia = try #require(URL(string: "https://en.wikipedia.org"))
        let wiki = try #require(APIRequest(path: "/wiki/100% Wolf (Café)").url(relativeTo: wikipedia))
        #expect(wiki.absoluteString == "https://en.wikipedia.org/wiki/100%25%20Wolf%20(Caf%C3%A9)")
    }

    // MARK: Lenient reading

    @Test("every reader: plain values pass silently; unreadable ones become nil and are reported with their paths")
    func readers() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withServer { server in
            let client = await makeClient(server, diagnostics: diagnostics)
            await server.serve(#"[{"id": 1, "name": "A", "count": 3, "ratio": 0.5, "isOn": true, "link": "https://example.org/1", "at": "2019-07-16T01:00:00+00:00", "updated": 1563810563, "kind": "new", "tags": ["x"], "child": {"id": 2}, "grid": ["1", "2"]}, {"id": 2, "name": "", "count": null}]"#,
                               for: "/clean")
            let clean: [Sample] = try await client.list(APIRequest(path: "/clean"))
            #expect(clean.count == 2)
            #expect(clean[0].kind?.rawValue == "new" && clean[0].child?.id == 2 && clean[0].grid == [1, 2])
            #expect(clean[1].name == nil && clean[1].count == nil)
            #expect(diagnostics.issues.isEmpty, "\(diagnostics.issues)")

            await server.serve(#"[{"id": "3", "name": 12, "count": 2.5, "ratio": "x", "isOn": 1, "link": "no link", "at": "Tuesday", "updated": "now", "kind": 4, "tags": ["x", 5, "y"], "child": {"id": "two"}, "grid": ["1", "z", {}]}]"#,
                               for: "/odd")
            let odd: [Sample] = try await client.list(APIRequest(path: "/odd"))
            let sample = try #require(odd.first)
            #expect(sample.id == 3 && sample.name == "12" && sample.count == nil && sample.ratio == nil)
            #expect(sample.isOn == true && sample.link == nil && sample.at == nil && sample.updated == nil)
            #expect(sample.kind?.rawValue == "4" && sample.tags == ["x", "y"] && sample.child == nil && sample.grid == [1])
            let issues = diagnostics.issues
            #expect(issues.map(\.path) == [
                "[0].id", "[0].name", "[0].count", "[0].ratio", "[0].isOn", "[0].link", "[0].at", "[0].updated",
                "[0].kind", "[0].tags[1]", "[0].child", "[0].grid[1]", "[0].grid[2]",
            ])
            #expect(issues.map(\.kind) == [
                .convertedValue, .convertedValue, .unreadableValue, .unreadableValue, .convertedValue, .unreadableValue,
                .unreadableValue, .unreadableValue, .convertedValue, .skippedElement, .unreadableValue, .unreadableValue,
                .unreadableValue,
            ])
            #expect(issues[10].failurePath == "[0].child.id")
            #expect(issues[6].reason == #"expected an ISO 8601 date and time with an offset, found "Tuesday"; replaced by nil"#)
            #expect(issues.allSatisfy { $0.url.hasSuffix("/odd") })
        }
    }

    @Test("an element skipped whole reports once: what its own fields reported is forgotten")
    func skippedElementRollsBack() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withServer { server in
            let client = await makeClient(server, diagnostics: diagnostics)
            await server.serve(#"[{"count": "many", "name": "no id"}, {"id": 2}]"#, for: "/items")
            let items: [Sample] = try await client.list(APIRequest(path: "/items"))
            #expect(items.map(\.id) == [2])
            #expect(diagnostics.issues.map(\.path) == ["[0]"])
            #expect(diagnostics.issues.first?.failurePath == "[0].id")
            #expect(diagnostics.issues.first?.description.hasPrefix("skipped element [0] at ") == true)
        }
    }

    @Test("strict: the first issue fails the response with its field path and the URL")
    func strict() async throws {
        try await withServer { server in
            var configuration = APIClientConfiguration(baseURL: await server.baseURL, userAgent: "AirdateTests/1.0", retry: .none)
            configuration.decodingPolicy = .strict
            configuration.useLoopbackTestTimeouts()
            let client = APIClient(configuration: configuration)
            await server.serve(#"{"id": 1, "count": "many"}"#, for: "/one")
            let error = await clientError { let _: Sample = try await client.get(APIRequest(path: "/one")) }
            #expect(error?.code == .decoding)
            #expect(error?.fieldPath == "count")
            #expect(error?.url?.hasSuffix("/one") == true)
        }
    }

    // MARK: Open values

    @Test("an open enumeration decodes unknown values, encodes as text and is written as a literal")
    func openEnumeration() throws {
        let decoded = try JSONDecoder().decode([SampleKind].self, from: Data(#"["known", "later"]"#.utf8))
        #expect(decoded == [.known, "later"])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["known","later"]"#)
        #expect(SampleKind.known.description == "known")
    }

    // MARK: Typed errors

    @Test("conversion at the typed boundary keeps the original error")
    func converting() {
        struct Cause: Error {}
        let transport = APIClientError(converting: Cause())
        #expect(transport.code == .transport)
        #expect(transport.underlying is Cause)
        #expect(APIClientError(converting: CancellationError()).code == .cancelled)
        #expect(APIClientError(converting: APIClientError.notFound(url: "u")) == .notFound(url: "u"))
        let decoding = APIClientError(converting: DecodingError.keyNotFound(
            Sample.CodingKeys.id, .init(codingPath: [], debugDescription: "")))
        #expect(decoding.code == .decoding && decoding.fieldPath == "id")
        switch APIClientError.notFound(url: "u") {
        case APIClientError.Code.notFound: break
        default: Issue.record("a code matches an APIClientError in a switch")
        }
    }
}

private func makeClient(_ server: FixtureServer, diagnostics: DecodingDiagnostics) async -> APIClient {
    var configuration = APIClientConfiguration(baseURL: await server.baseURL, userAgent: "AirdateTests/1.0", retry: .none)
    configuration.diagnostics = diagnostics
    configuration.useLoopbackTestTimeouts()
    return APIClient(configuration: configuration)
}
