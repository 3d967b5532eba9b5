import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("Groups watched back to back, and ties only priority decided")
struct MergeGroupTests {
    private func episode(_ show: String, _ season: Int, _ number: Int?, _ day: String?, title: String = "", at instant: Date? = nil) -> Episode {
        Episode(showID: Show.slug(show), season: season, number: number, title: title, airDay: day.flatMap(CalendarDay.init), broadcast: instant)
    }
    private func reference(_ show: String, _ season: Int, _ number: Int) -> EpisodeReference {
        EpisodeReference(show: show, season: season, episode: number)
    }
    private func ids(_ list: WatchList) -> [String] { list.episodes.map(\.id.rawValue) }
    private let eight = Date(timeIntervalSince1970: 1_544_490_000)

    @Test("A group's parts come back to back; an episode that aired between two parts waits")
    func together() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "2020-01-01"), episode("A", 1, 2, "2020-01-08")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "2020-01-02", at: eight), episode("B", 1, 2, "2020-01-09")])
        let c = EpisodeList(show: Show(name: "C"), episodes: [episode("C", 1, 1, "2020-01-02", at: eight + 3600)])
        let parts = [reference("A", 1, 1), reference("B", 1, 1), reference("A", 1, 2)]
        // As a sequence, C 1x01 (aired between the parts) keeps its place.
        #expect(ids(try WatchList.merge([a, b, c], rules: [.sequence(name: "X", episodes: parts)])) == ["a/s1e1", "b/s1e1", "c/s1e1", "a/s1e2", "b/s1e2"])
        // Together, it waits until the last part.
        let grouped = try WatchList.merge([a, b, c], rules: [.together(name: "X", episodes: parts)])
        #expect(ids(grouped) == ["a/s1e1", "b/s1e1", "a/s1e2", "c/s1e1", "b/s1e2"])
        #expect(grouped.interruptions.isEmpty)
    }

    @Test("An episode a later part waits for still comes between, and is reported")
    func interruption() throws {
        // B 1x02 is part 2, and B 1x01 (after part 1) must come before it.
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "2020-01-01")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "2020-01-02"), episode("B", 1, 2, "2020-01-03")])
        let list = try WatchList.merge([a, b], rules: [.together(name: "Y", episodes: [reference("A", 1, 1), reference("B", 1, 2)])])
        #expect(ids(list) == ["a/s1e1", "b/s1e1", "b/s1e2"])
        #expect(list.interruptions.map(\.description) == ["Y: B 1x01 comes between its parts (a later part waits for it)"])
    }

    @Test("An episode in two groups is refused; contradicting groups are a cycle")
    func refusals() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "2020-01-01"), episode("A", 1, 2, "2020-01-02")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "2020-01-01")])
        #expect(throws: WatchOrderError.overlappingGroups(episode: "A 1x01", groups: ["G1", "G2"])) {
            try WatchList.merge([a, b], rules: [
                .together(name: "G1", episodes: [reference("A", 1, 1), reference("B", 1, 1)]),
                .together(name: "G2", episodes: [reference("B", 1, 1), reference("A", 1, 1)].reversed()),
            ])
        }
        #expect(throws: WatchOrderError.self) {
            try WatchList.merge([a, b], rules: [.together(name: "G", episodes: [reference("A", 1, 2), reference("A", 1, 1)])])
        }
    }

    @Test("Same-day ties decided by show priority alone are listed; instants, parts and rules are not ties")
    func priorityTies() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [
            episode("A", 1, 1, "2020-01-01"), episode("A", 1, 2, "2020-01-02", at: eight), episode("A", 1, 3, "2020-01-03", title: "X, Part 1"),
            episode("A", 1, 4, "2020-01-04"),
        ])
        let b = EpisodeList(show: Show(name: "B"), episodes: [
            episode("B", 1, 1, "2020-01-01"), episode("B", 1, 2, "2020-01-02", at: eight + 3600), episode("B", 1, 3, "2020-01-03", title: "X, Part 2"),
            episode("B", 1, 4, "2020-01-04"),
        ])
        let rule = OrderingRule.before(reference("B", 1, 4), reference("A", 1, 4))
        let list = try WatchList.merge([a, b], rules: [rule], showPriority: ["A", "B"])
        #expect(ids(list) == ["a/s1e1", "b/s1e1", "a/s1e2", "b/s1e2", "a/s1e3", "b/s1e3", "b/s1e4", "a/s1e4"])
        #expect(list.priorityTies.map(\.description) == ["2020-01-01: A 1x01 before B 1x01 by show priority"])
    }

    @Test("Rules read and write their JSON forms, the older form of before too")
    func codable() throws {
        let rules: [OrderingRule] = [
            .sequence(name: "S", episodes: [reference("A", 1, 1), EpisodeReference(show: "B", season: 2, episode: nil, overall: 9)]),
            .together(name: "T", episodes: [reference("A", 1, 2), reference("B", 1, 1)]),
            .before(reference("A", 1, 2), reference("B", 1, 1)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(rules), as: UTF8.self)
        #expect(text.contains(#"{"before":[{"episode":2,"season":1,"show":"A"},{"episode":1,"season":1,"show":"B"}]}"#))
        #expect(text.contains(#"{"together":{"episodes":["#))
        #expect(try JSONDecoder().decode([OrderingRule].self, from: Data(text.utf8)) == rules)
        let older = #"{"before":{"_0":{"show":"A","season":1,"episode":2},"_1":{"show":"B","season":1,"episode":1}}}"#
        #expect(try JSONDecoder().decode(OrderingRule.self, from: Data(older.utf8)) == rules[2])
        for bad in [#"{}"#, #"{"before": [{"show":"A","season":1,"episode":1}]}"#, #"{"sequence":{"name":"x"}}"#, #"{"order":[]}"#,
                    #"{"before":[], "together":{"name":"x","episodes":[]}}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(OrderingRule.self, from: Data(bad.utf8)) }
        }
    }
}
