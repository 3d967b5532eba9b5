import AirdateTestSupport
import AirdateCore
@_spi(Internals) import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import TVMazeClient

@Suite("TVMaze schedules")
struct ScheduleEndpointTests {
    @Test("/schedule by country and date: each episode carries its show")
    func schedule() async throws {
        try await withTVMaze { tvmaze, _ in
            let day = try #require(CalendarDay("2019-07-16"))
            let episodes = try await tvmaze.schedule(country: "US", date: day)
            #expect(!episodes.isEmpty)
            #expect(episodes.allSatisfy { $0.show != nil })
            // Late Night airs at 00:37 on July 16 but TVMaze files it under July 15.
            let lateNight = try #require(episodes.first { $0.show?.name == "Late Night with Seth Meyers" })
            #expect(lateNight.airdate == CalendarDay("2019-07-15"))
            let newYork = try #require(TimeZone(identifier: "America/New_York"))
            #expect(lateNight.airstamp.map { CalendarDay(containing: $0, in: newYork) } == day)
            // Streaming shows appear with a web channel and no network.
            #expect(episodes.contains { $0.show?.network == nil && $0.show?.webChannel?.name == "WWE Network" })
        }
    }

    @Test("/schedule/web: streaming releases with an empty airtime and the show embedded")
    func webSchedule() async throws {
        try await withTVMaze { tvmaze, _ in
            let day = try #require(CalendarDay("2019-07-04"))
            let releases = try await tvmaze.webSchedule(date: day)
            #expect(releases.count == 8)
            #expect(releases.allSatisfy { $0.airtime == nil })
            #expect(releases.first?.show?.webChannel?.name == "Netflix")
            #expect(releases.first?.show?.webChannel?.country == nil)
            #expect(releases.first?.show?.schedule.time == nil)
            #expect(releases.last?.name == "Chapter Eight: The Battle of Starcourt")
        }
    }

    @Test("/schedule/full decodes with embedded shows")
    func fullSchedule() async throws {
        try await withTVMaze { tvmaze, _ in
            let all = try await tvmaze.fullSchedule()
            #expect(all.first?.show?.id == 82)
        }
    }

    @Test("the real 2019 US schedule days decode completely", .enabled(if: TestPaths.hasShared("fixtures/tvmaze"), "needs ../shared/fixtures/tvmaze, which is absent beside the package"))
    func realScheduleDays() async throws {
        let folder = try #require(TestData.sharedFolder("fixtures/tvmaze"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("schedule_US_") }.sorted()
        #expect(files.count == 7)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let episodes = try JSONBodyDecoder().decode([TVMazeEpisode].self, from: data)
            let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
            #expect(episodes.count == raw.count, "\(file)")
            #expect(episodes.allSatisfy { $0.show != nil && $0.airstamp != nil }, "\(file)")
        }
    }

    @Test("the real cast of Swamp Thing decodes completely", .enabled(if: TestPaths.hasShared("fixtures/tvmaze"), "needs ../shared/fixtures/tvmaze, which is absent beside the package"))
    func realCast() async throws {
        let folder = try #require(TestData.sharedFolder("fixtures/tvmaze"))
        let data = try Data(contentsOf: folder.appendingPathComponent("show_36568_cast.challengetv.json"))
        let cast = try JSONBodyDecoder().decode([TVMazeCastMember].self, from: data)
        #expect(cast.first?.person.name == "Jeryl Prescott Sales")
        #expect(cast.first?.character.name == "Madame Xanadu")
    }
}
