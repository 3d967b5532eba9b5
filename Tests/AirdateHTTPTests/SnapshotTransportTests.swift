import AirdateTestSupport
import AirdateHTTP
import AirdateTestServer
import Foundation
import HTTPTypes
import Testing

/// The offline transport over the package's recorded TVMaze snapshot (`Fixtures/tvmaze/`).
@Suite struct SnapshotTransportTests {
    private let folder = TestPaths.fixtures("tvmaze")

    private func get(_ transport: SnapshotTransport, _ path: String) async throws -> HTTPTransportResponse {
        try await transport.send(HTTPRequest(method: .get, scheme: "https", authority: "api.tvmaze.com", path: path),
                                 timeout: .seconds(1))
    }

    @Test func servesRecordedFilesWhateverTheQueryOrder() async throws {
        let transport = try SnapshotTransport(folder: folder)
        let recorded = try Data(contentsOf: folder.appendingPathComponent("show_1_episodebynumber_1_3.json"))
        let inOrder = try await get(transport, "/shows/1/episodebynumber?season=1&number=3")
        let swapped = try await get(transport, "/shows/1/episodebynumber?number=3&season=1")
        #expect(inOrder.head.status == .ok && inOrder.body == recorded)
        #expect(swapped.head.status == .ok && swapped.body == recorded)
    }

    @Test func followsRecordedRedirects() async throws {
        let transport = try SnapshotTransport(folder: folder)
        let direct = try await get(transport, "/shows/82")
        let viaLookup = try await get(transport, "/lookup/shows?imdb=tt0944947")
        #expect(viaLookup.head.status == .ok)
        #expect(viaLookup.body == direct.body && !direct.body.isEmpty)
    }

    @Test func unrecordedRequestsGetTheConfiguredAnswerAndAPrefixIsStripped() async throws {
        let plain = try SnapshotTransport(folder: folder)
        #expect(try await get(plain, "/shows/999999").head.status == .notFound)

        let teapot = try SnapshotTransport(folder: folder, pathPrefix: "/v4") { pathAndQuery in
            HTTPTransportResponse(head: HTTPResponse(status: .init(code: 418)), body: Data(pathAndQuery.utf8))
        }
        let missing = try await get(teapot, "/v4/nothing?b=2&a=1")
        #expect(missing.head.status.code == 418)
        #expect(String(decoding: missing.body, as: UTF8.self) == "/nothing?a=1&b=2")
        #expect(try await get(teapot, "/v4/shows/82").head.status == .ok)
    }

    @Test func aFolderWithoutRoutesIsAnError() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-snapshot")
        #expect(throws: SnapshotError(folder: missing.path, reason: "it has no readable routes.json")) {
            _ = try SnapshotTransport(folder: missing)
        }
    }

    @Test("a broken routes.json is one line naming the entry and key, never a decoder's type names")
    func brokenRoutes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broken-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (text, reason) in [
            (#"{"broken": "#, "routes.json is not JSON"),
            (#"{"request": "/a"}"#, "routes.json is not a list of routes"),
            (#"[{"request": "/a", "file": "a.json"}, {"file": "b.json"}]"#, #"routes.json entry 2 has no "request""#),
            (#"[{"request": 7}]"#, #"routes.json has a value of the wrong kind at entry 1 "request""#),
        ] {
            try Data(text.utf8).write(to: folder.appendingPathComponent("routes.json"))
            do {
                _ = try SnapshotTransport(folder: folder)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.reason == reason, "\(text)")
                let message = error.errorDescription ?? ""
                #expect(!message.contains("DecodingError") && !message.contains("CodingKeys") && !message.contains("\n"), "\(message)")
            }
        }
    }

    @Test func aRecordedFileThatIsGoneIsASnapshotError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thin-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"request": "/shows/1", "file": "gone.json"}]"#.utf8).write(to: folder.appendingPathComponent("routes.json"))
        let transport = try SnapshotTransport(folder: folder)
        await #expect(throws: SnapshotError(folder: folder.path, reason: "gone.json, recorded for /shows/1, cannot be read")) {
            _ = try await get(transport, "/shows/1")
        }
    }
}
