import AirdateCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WatchOrder

/// Issue 37's "one up next": `arrowverse next --json`, `/api/next` and the `/next` page give each
/// show's next episode in one order, by air date (ties by broadcast instant), from one library call.
@Suite("Up next agrees: arrowverse next, /api/next and /next", .serialized)
struct UpNextAgreementTests {
    @Test("After Arrow 3x08: Constantine 1x07, The Flash 1x09, Arrow 3x09 lead, in all three")
    func oneOrder() async throws {
        let arrowverse = try #require(WebPrograms.path("arrowverse"), "the arrowverse example is built with the tests")
        let (web, _, path) = try await WebTest.app()
        let snapshotArguments = ["--db", path, "--snapshot", WebTest.snapshot.path, "--time-zone", "UTC"]
        #expect(try await WebPrograms.run(arrowverse, ["watch", "--through", "Arrow 3x08"] + snapshotArguments) == 0)
        let (status, printed) = try await WebPrograms.output(arrowverse, ["next", "--json"] + snapshotArguments)
        #expect(status == 0)
        let command = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
        let fromCommand = Self.codes(command)
        let behind = (command["byShow"] as? [[String: Any]] ?? []).compactMap { $0["behind"] as? Int }
        let ids = (command["byShow"] as? [[String: Any]] ?? []).compactMap { ($0["episode"] as? [String: Any])?["id"] as? String }
        #expect(Array(fromCommand.prefix(3)) == ["Constantine 1x07", "The Flash 1x09", "Arrow 3x09"], "\(fromCommand)")
        try await WebTest.withRouter(web) { client in
            let api = try WebTest.json(try await client.execute(uri: "/api/next", method: .get))
            #expect(Self.codes(api) == fromCommand)
            let apiBehind = (api["byShow"] as? [[String: Any]] ?? []).compactMap { $0["behind"] as? Int }
            #expect(apiBehind == behind)
            let page = WebTest.text(try await client.execute(uri: "/next", method: .get))
            let values = page.components(separatedBy: "name=\"episode\" value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            // The page's summary box names the next overall first; then one row per show.
            #expect(Array(values.dropFirst()) == ids, "the page's rows: \(values)")
        }
    }

    /// The codes of a next document's `byShow` episodes, in order.
    private static func codes(_ document: [String: Any]) -> [String] {
        (document["byShow"] as? [[String: Any]] ?? []).compactMap { ($0["episode"] as? [String: Any])?["code"] as? String }
    }
}
