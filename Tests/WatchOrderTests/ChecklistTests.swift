import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("Checklist, up next and progress")
struct ChecklistTests {
    private let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    private let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    private func list() throws -> WatchList {
        func episode(_ show: String, _ season: Int, _ number: Int?, _ day: String?, overall: Int? = nil) -> Episode {
            Episode(showID: show, season: season, number: number, overall: overall, title: "\(show) \(season)x\(number ?? 0)",
                    airDay: day.flatMap(CalendarDay.init))
        }
        return try WatchList.merge([
            EpisodeList(show: Show(name: "A", id: "a"), episodes: [
                episode("a", 1, 1, "2024-01-01"), episode("a", 1, 2, "2024-01-08"), episode("a", 2, 1, "2024-02-01"),
                episode("a", 2, 2, "2024-02-08"),
            ]),
            EpisodeList(show: Show(name: "B", id: "b"), episodes: [
                episode("b", 1, 1, "2024-01-02"), episode("b", 1, nil, "2024-01-03", overall: 50), episode("b", 1, 2, nil),
            ]),
        ], showPriority: ["a", "b"])
    }

    /// 2024-02-01 12:00 UTC: 07:00 that day in New York, 21:00 in Tokyo.
    private let now = Date(timeIntervalSince1970: 1_706_788_800)

    @Test("Up next per show and overall never offers an unaired episode")
    func upNext() throws {
        let list = try list()
        var checklist = Checklist()
        checklist.watch(EpisodeID(rawValue: "a/s1e1"))
        #expect(checklist.next(in: list, at: .fixed(at: now, timeZone: newYork))?.id.rawValue == "b/s1e1")
        let perShow = checklist.upNextByShow(in: list, at: .fixed(at: now, timeZone: newYork))
        #expect(perShow["a"]?.id.rawValue == "a/s1e2")
        #expect(perShow["b"]?.id.rawValue == "b/s1e1")
        checklist.watch(show: "b", in: list, at: .fixed(at: now, timeZone: newYork))
        // b's TBA episode is not marked and not offered.
        #expect(!checklist.isWatched(EpisodeID(rawValue: "b/s1e2")))
        #expect(checklist.upNextByShow(in: list, at: .fixed(at: now, timeZone: newYork))["b"] == nil)
        #expect(checklist.comingSoon(in: list, at: .fixed(at: now, timeZone: newYork)).map(\.id.rawValue) == ["a/s2e2", "b/s1e2"])
    }

    @Test("Aired is decided in the viewer's time zone")
    func timeZones() throws {
        let list = try list()
        let day = Date(timeIntervalSince1970: 1_706_745_600 - 3600)  // 2024-01-31 23:00 UTC
        let checklist = Checklist(watched: [EpisodeID(rawValue: "a/s1e1"), EpisodeID(rawValue: "a/s1e2")])
        // In Tokyo it is already February 1; in New York still January 31.
        #expect(checklist.upNextByShow(in: list, at: .fixed(at: day, timeZone: tokyo))["a"]?.id.rawValue == "a/s2e1")
        #expect(checklist.upNextByShow(in: list, at: .fixed(at: day, timeZone: newYork))["a"] == nil)
    }

    @Test("Mark through an episode in the merged order; mark a season; hide specials; progress")
    func markingAndProgress() throws {
        let list = try list()
        var checklist = Checklist()
        checklist.watch(through: EpisodeID(rawValue: "a/s1e2"), in: list, at: .fixed(at: now, timeZone: newYork))
        #expect(checklist.watched == Set(["a/s1e1", "b/s1e1", "b/s1o50", "a/s1e2"].map(EpisodeID.init(rawValue:))))
        #expect(checklist.progress(in: list, at: .fixed(at: now, timeZone: newYork)) == WatchProgress(watched: 4, aired: 5, total: 7))
        #expect(checklist.progress(in: list, show: "a", season: 1, at: .fixed(at: now, timeZone: newYork)) == WatchProgress(watched: 2, aired: 2, total: 2))
        checklist.unwatch(EpisodeID(rawValue: "b/s1o50"))
        checklist.hidesSpecials = true
        #expect(checklist.progress(in: list, show: "b", at: .fixed(at: now, timeZone: newYork)) == WatchProgress(watched: 1, aired: 1, total: 2))
        checklist.watch(show: "a", season: 2, in: list, at: .fixed(at: now, timeZone: newYork))
        #expect(checklist.isWatched(EpisodeID(rawValue: "a/s2e1")))
        #expect(!checklist.isWatched(EpisodeID(rawValue: "a/s2e2")))
        checklist.selectedShows = ["b"]
        #expect(checklist.episodes(in: list).map(\.id.rawValue) == ["b/s1e1", "b/s1e2"])
    }
}
