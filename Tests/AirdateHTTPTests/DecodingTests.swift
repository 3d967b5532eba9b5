import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing

@Suite("JSON decoding errors name the failing key path")
struct DecodingTests {
    struct Network: Decodable { var id: Int; var name: String }
    struct Show: Decodable { var id: Int; var name: String; var network: Network? }
    struct Entry: Decodable { var id: Int; var show: Show }

    private func decodingError(_ body: String, status: Int = 200) async throws -> APIClientError? {
        try await withServer { server in
            await server.serve(body, status: status, for: "/schedule")
            let client = await makeClient(server)
            return await clientError { let _: [Entry] = try await client.get(APIRequest(path: "/schedule")) }
        }
    }

    @Test("malformed JSON fails at the root, as invalid JSON")
    func malformed() async throws {
        let error = try await decodingError(#"[{"id": 1, "show": {id: 2}}]"#)
        guard error?.code == .decoding, let path = error?.fieldPath, let reason = error?.detail else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "")
        #expect(reason.hasPrefix("not valid JSON"))
    }

    @Test("truncated JSON fails at the root")
    func truncated() async throws {
        let error = try await decodingError(#"[{"id": 1, "show": {"id": 2, "name": "Bos"#)
        guard error?.code == .decoding, let path = error?.fieldPath else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "")
    }

    @Test("a null body where an array is expected is a decoding error, not a crash")
    func nullBody() async throws {
        let error = try await decodingError("null")
        guard error?.code == .decoding, let path = error?.fieldPath, let reason = error?.detail else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "")
        #expect(reason.contains("null"))
    }

    @Test("a wrong type deep in an array reports its index and keys")
    func typeMismatchPath() async throws {
        let body = #"""
        [{"id": 1, "show": {"id": 2, "name": "A", "network": null}},
         {"id": 3, "show": {"id": 4, "name": "B", "network": {"id": "CBS", "name": "CBS"}}}]
        """#
        let error = try await decodingError(body)
        guard error?.code == .decoding, let path = error?.fieldPath, let reason = error?.detail else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "[1].show.network.id")
        #expect(reason.contains("Int"))
    }

    @Test("a missing key reports the key's full path")
    func missingKey() async throws {
        let error = try await decodingError(#"[{"id": 1, "show": {"id": 2}}]"#)
        #expect(error == .decoding(path: "[0].show.name", reason: "the key is missing"))
    }

    @Test("error messages say what failed and what to do")
    func messages() {
        #expect(APIClientError.server(status: 503).errorDescription?.contains("503") == true)
        #expect(APIClientError.rateLimited(retryAfter: .seconds(7)).errorDescription?.contains("7 s") == true)
        #expect(APIClientError.decoding(path: "[0].show.name", reason: "the key is missing")
            .errorDescription?.contains("field [0].show.name") == true)
        #expect(APIClientError.notFound(url: "https://api.tvmaze.com/shows/0").errorDescription?
            .contains("https://api.tvmaze.com/shows/0") == true)
        #expect(APIClientError.timedOut.localizedDescription.contains("did not finish answering in time"))
    }

    @Test("an error's code matches in a catch clause; equality ignores the underlying error")
    func codesMatchInCatch() {
        struct Cause: Error {}
        func fail() throws { throw APIClientError.transport(reason: "connection reset", underlying: Cause()) }
        var caught = ""
        do {
            try fail()
        } catch APIClientError.Code.notFound {
            caught = "notFound"
        } catch APIClientError.Code.transport {
            caught = "transport"
        } catch {
            caught = "other"
        }
        #expect(caught == "transport")
        #expect(APIClientError.transport(reason: "connection reset", underlying: Cause())
            == APIClientError.transport(reason: "connection reset"))
        #expect(APIClientError.transport(reason: "a") != APIClientError.transport(reason: "b"))
        #expect(APIClientError.Code.stalled.description == "stalled")
        #expect(APIClientError.rateLimited(retryAfter: .seconds(120)).errorDescription?.contains("120 s") == true)
    }
}
