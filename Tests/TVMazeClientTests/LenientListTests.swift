import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import TVMazeClient

@Suite("Lenient lists: one malformed element does not lose a day")
struct LenientListTests {
    /// The recorded 2019-07-15 schedule with element 4's `id` — the one field an episode cannot
    /// do without — turned into the text "four".
    func scheduleWithBadID() throws -> String {
        let url = TestData.tvmazeFixtures.appendingPathComponent("schedule_US_2019-07-15.json")
        var episodes = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        episodes[4]["id"] = "four"
        return String(decoding: try JSONSerialization.data(withJSONObject: episodes), as: UTF8.self)
    }

    @Test("the bad episode is skipped and reported with its index, path and reason; the other 49 arrive")
    func skippedAndReported() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try scheduleWithBadID()
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/schedule?country=US&date=2019-07-15")
            let day = try #require(CalendarDay("2019-07-15"))
            let episodes = try await tvmaze.schedule(country: "US", date: day)
            #expect(episodes.count == 49)
            let issues = diagnostics.issues
            #expect(issues.count == 1)
            #expect(issues.first?.kind == .skippedElement)
            #expect(issues.first?.path == "[4]")
            #expect(issues.first?.failurePath == "[4].id")
            #expect(issues.first?.url.hasSuffix("/schedule?country=US&date=2019-07-15") == true)
            #expect(issues.first?.reason.isEmpty == false)
        }
    }

    @Test("strict decoding fails the whole day, naming the field")
    func strictFails() async throws {
        let body = try scheduleWithBadID()
        try await withTVMaze(configure: { $0.decodingPolicy = .strict }) { tvmaze, server in
            await server.serve(body, for: "/schedule?country=US&date=2019-07-15")
            let day = try #require(CalendarDay("2019-07-15"))
            let error = await clientError { _ = try await tvmaze.schedule(country: "US", date: day) }
            guard error?.code == .decoding, let path = error?.fieldPath else {
                Issue.record("expected decoding, got \(String(describing: error))")
                return
            }
            #expect(path == "[4].id")
        }
    }
}
