import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("WatchList feeds: recent episodes, Atom entries, iCalendar events, crossover parts")
struct FeedsTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private func day(_ text: String) -> CalendarDay? { CalendarDay(text) }

    private func list() throws -> WatchList {
        let a = Show(name: "Alpha"), b = Show(name: "Beta & Co")
        let broadcast = Date(timeIntervalSince1970: 1_577_930_400)  // 2020-01-02T02:00:00Z
        return try WatchList.merge([
            EpisodeList(show: a, episodes: [
                Episode(showID: a.id, season: 1, number: 1, title: "Pilot", airDay: day("2020-01-01"),
                        pageURL: URL(string: "https://example.org/wiki/Pilot")),
                Episode(showID: a.id, season: 1, number: 2, title: "Part Two", airDay: day("2020-01-02")),
                Episode(showID: a.id, season: 1, number: 3, title: "Later", airDay: day("2099-01-01")),
                Episode(showID: a.id, season: 1, number: 4, title: "TBA", airDay: nil),
            ]),
            EpisodeList(show: b, episodes: [
                Episode(showID: b.id, season: 1, number: 1, title: "Crossing, \"Over\"", airDay: day("2020-01-01"),
                        broadcast: broadcast, runtime: .seconds(2700)),
            ]),
        ], rules: [.sequence(name: "The Event", episodes: [
            EpisodeReference(show: "Beta & Co", season: 1, episode: 1), EpisodeReference(show: "Alpha", season: 1, episode: 2),
        ])], showPriority: ["Alpha", "Beta & Co"])
    }

    private var clock: ViewerClock { .fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: utc) }

    @Test("Crossover parts are known by the sequence rules that name them; other episodes are in none")
    func crossovers() throws {
        let list = try list()
        #expect(list.crossover(of: EpisodeID(rawValue: "beta-co/s1e1")) == CrossoverPart(name: "The Event", part: 1, parts: 2))
        #expect(list.crossover(of: EpisodeID(rawValue: "alpha/s1e2")) == CrossoverPart(name: "The Event", part: 2, parts: 2))
        #expect(list.crossover(of: EpisodeID(rawValue: "alpha/s1e1")) == nil)
        #expect(list.code(of: list.episodes[0], .withShow) == "Alpha 1x01")
    }

    @Test("Same-night orderings are orders, not crossovers; the Arrowverse's crossovers are")
    func arrowverseCrossovers() throws {
        let rules = try TestSupport.arrowverseRules()
        let list = try WatchList.merge(try TestSupport.arrowverseLists(), rules: rules.rules, showPriority: rules.shows)
        let parts = list.episodes.compactMap { list.crossover(of: $0.id) }
        #expect(Set(parts.map(\.name)) == Set((rules.crossovers + (rules.otherCrossovers ?? [])).map(\.name)))
        #expect(list.crossover(of: EpisodeID(rawValue: "the-flash/s1e8")) == CrossoverPart(name: "Flash vs. Arrow", part: 1, parts: 2))
        #expect(list.crossover(of: EpisodeID(rawValue: "arrow/s3e8")) == CrossoverPart(name: "Flash vs. Arrow", part: 2, parts: 2))
        let crisis = list.episodes.filter { list.crossover(of: $0.id)?.name == "Crisis on Infinite Earths" }
        #expect(crisis.count == 5)
        #expect(crisis.map { list.crossover(of: $0.id)?.part } == [1, 2, 3, 4, 5])
    }

    @Test("recentlyAired: aired episodes only, newest first, at most the limit")
    func recent() throws {
        let list = try list()
        let recent = list.recentlyAired(list.episodes, limit: 15, at: clock)
        #expect(recent.map(\.title) == ["Part Two", "Crossing, \"Over\"", "Pilot"])
        #expect(list.recentlyAired(list.episodes, limit: 1, at: clock).map(\.title) == ["Part Two"])
        #expect(list.recentlyAired(list.episodes, limit: 0, at: clock).isEmpty)
    }

    @Test("iCalendar: a timed event at the broadcast for its runtime, all day otherwise; undated episodes left out")
    func calendar() throws {
        let list = try list()
        let calendar = list.iCalendar(of: list.episodes, name: "Test", uidDomain: "example.org", timestamp: clock.now)
        #expect(calendar.events.count == 4)
        let beta = try #require(calendar.events.first { $0.uid == "beta-co/s1e1@example.org" })
        #expect(beta.timing == .timed(start: Date(timeIntervalSince1970: 1_577_930_400), end: Date(timeIntervalSince1970: 1_577_933_100), timeZone: nil))
        #expect(beta.summary == "Beta & Co 1x01 \u{201C}Crossing, \"Over\"\u{201D}")
        #expect(beta.categories == ["Beta & Co", "The Event"])
        let pilot = try #require(calendar.events.first { $0.uid == "alpha/s1e1@example.org" })
        #expect(pilot.timing == .allDay(first: try #require(day("2020-01-01")), last: try #require(day("2020-01-01"))))
        #expect(pilot.url?.absoluteString == "https://example.org/wiki/Pilot")
        let text = calendar.text
        #expect(text.contains("DTSTART:20200102T020000Z\r\nDTEND:20200102T024500Z\r\n"))
        #expect(text.contains("SUMMARY:Beta & Co 1x01 “Crossing\\, \"Over\"”\r\n"))
        #expect(!text.contains("TBA"))
    }

    @Test("Atom: one entry per dated episode, the broadcast or the air day's start as its time, its page as its link")
    func atom() throws {
        let list = try list()
        let recent = list.recentlyAired(list.episodes, at: clock)
        let feed = list.atomFeed(of: recent, id: "tag:example.org,2024:recent", title: "Recent", entryIDPrefix: "tag:example.org,2024:",
                                 timeZone: utc, updated: clock.now)
        #expect(feed.entries.map(\.id) == ["tag:example.org,2024:alpha/s1e2", "tag:example.org,2024:beta-co/s1e1", "tag:example.org,2024:alpha/s1e1"])
        #expect(feed.updated == Date(timeIntervalSince1970: 1_577_930_400))  // the newest entry time: the broadcast, 2020-01-02 02:00 UTC
        #expect(feed.entries[1].updated == Date(timeIntervalSince1970: 1_577_930_400))
        #expect(feed.entries[2].links == [AtomLink(href: URL(string: "https://example.org/wiki/Pilot")!, relation: "alternate", mediaType: "text/html")])
        #expect(feed.entries[0].links.isEmpty)
        #expect(feed.entries[0].summary == "Alpha, season 1, episode 2. Part 2 of 2 of The Event. Aired 2020-01-02.")
        let empty = list.atomFeed(of: [], id: "x:y", title: "None", entryIDPrefix: "x:", timeZone: utc, updated: clock.now)
        #expect(empty.updated == clock.now && empty.entries.isEmpty)
    }
}
