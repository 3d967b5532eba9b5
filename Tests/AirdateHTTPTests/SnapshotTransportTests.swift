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
        #expect(throws: (any Error).self) {
            _ = try SnapshotTransport(folder: FileManager.default.temporaryDirectory.appendingPathComponent("no-such-snapshot"))
        }
    }
}
