import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("Merging shows into one watch order")
struct MergeTests {
    private func episode(_ show: String, _ season: Int, _ number: Int?, _ title: String, _ day: String?, at instant: Date? = nil) -> Episode {
        Episode(showID: Show.slug(show), season: season, number: number, title: title,
                airDay: day.flatMap(CalendarDay.init), broadcast: instant)
    }

    private func ids(_ list: WatchList) -> [String] { list.episodes.map(\.id.rawValue) }

    @Test("Air days first, whatever the priority")
    func airDays() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "a1", "2020-01-02"), episode("A", 1, 2, "a2", "2020-01-04")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "b1", "2020-01-01"), episode("B", 1, 2, "b2", "2020-01-03")])
        let list = try WatchList.merge([a, b], showPriority: ["A", "B"])
        #expect(ids(list) == ["b/s1e1", "a/s1e1", "b/s1e2", "a/s1e2"])
    }

    @Test("Level 1: an explicit rule beats instant, part number and priority")
    func ruleLevel() throws {
        let morning = Date(timeIntervalSince1970: 1_600_000_000)
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "X, Part 1", "2020-01-01", at: morning)])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "X, Part 2", "2020-01-01", at: morning + 3600)])
        let rule = OrderingRule.before(EpisodeReference(show: "B", season: 1, episode: 1), EpisodeReference(show: "A", season: 1, episode: 1))
        #expect(ids(try WatchList.merge([a, b], showPriority: ["A", "B"])) == ["a/s1e1", "b/s1e1"])
        #expect(ids(try WatchList.merge([a, b], rules: [rule], showPriority: ["A", "B"])) == ["b/s1e1", "a/s1e1"])
    }

    @Test("Level 2: the broadcast instant, when both are known, beats part number and priority")
    func instantLevel() throws {
        let evening = Date(timeIntervalSince1970: 1_600_000_000)
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "X, Part 1", "2020-01-01", at: evening + 3600)])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "X, Part 2", "2020-01-01", at: evening)])
        #expect(ids(try WatchList.merge([a, b], showPriority: ["A", "B"])) == ["b/s1e1", "a/s1e1"])
    }

    @Test("Level 3: \"Part N\" across shows beats priority")
    func partLevel() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "Event: Part Two", "2020-01-01")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "Event: Part One", "2020-01-01")])
        #expect(ids(try WatchList.merge([a, b], showPriority: ["A", "B"])) == ["b/s1e1", "a/s1e1"])
    }

    @Test("Level 4: the caller's show priority")
    func priorityLevel() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "a", "2020-01-01")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "b", "2020-01-01")])
        #expect(ids(try WatchList.merge([a, b], showPriority: ["B", "A"])) == ["b/s1e1", "a/s1e1"])
        #expect(ids(try WatchList.merge([a, b], showPriority: ["A", "B"])) == ["a/s1e1", "b/s1e1"])
        // Without a priority, by show id.
        #expect(ids(try WatchList.merge([b, a])) == ["a/s1e1", "b/s1e1"])
    }

    @Test("Level 5: season and number within a show on one day; unaired last")
    func numberLevel() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [
            episode("A", 2, nil, "TBA", nil), episode("A", 1, 2, "second", "2020-01-01"), episode("A", 1, 1, "first", "2020-01-01"),
        ])
        #expect(ids(try WatchList.merge([a])) == ["a/s1e1", "a/s1e2", "a/s2x-tba"])
    }

    @Test("The Arrowverse: every crossover in part order, whatever order lists and episodes arrive in")
    func arrowverse() throws {
        let lists = try TestSupport.arrowverseLists()
        let ruleSet = try TestSupport.arrowverseRules()
        let merged = try WatchList.merge(lists, rules: ruleSet.rules, showPriority: ruleSet.shows)
        #expect(merged.episodes.count == 828)
        #expect(merged.unmatchedReferences.isEmpty)
        func adjacent(_ expected: [String]) {
            guard let start = merged.position(of: EpisodeID(rawValue: expected[0])) else {
                Issue.record("missing \(expected[0])")
                return
            }
            #expect(merged.episodes[start..<min(start + expected.count, merged.episodes.count)].map(\.id.rawValue) == expected)
        }
        adjacent(["the-flash/s1e8", "arrow/s3e8"])
        adjacent(["the-flash/s2e8", "arrow/s4e8"])
        adjacent(["supergirl/s3e8", "arrow/s6e8", "the-flash/s4e8", "legends-of-tomorrow/s3e8"])
        // Elseworlds: Legends 4x08 aired the night of part 2 (not a part), so only the order is fixed.
        adjacent(["the-flash/s5e9", "arrow/s7e9", "legends-of-tomorrow/s4e8", "supergirl/s4e9"])
        adjacent(["arrow/s8e8", "legends-of-tomorrow/s5o68"])
        // Invasion!: lead-in, then three nights.
        let invasion = ["supergirl/s2e8", "the-flash/s3e8", "arrow/s5e8", "legends-of-tomorrow/s2e7"]
            .compactMap { merged.position(of: EpisodeID(rawValue: $0)) }
        #expect(invasion == invasion.sorted() && invasion.count == 4)
        // Crisis on Infinite Earths parts 1-5 in part order, around the Black Lightning tie-in.
        let crisis = ["supergirl/s5e9", "batwoman/s1e9", "the-flash/s6e9", "arrow/s8e8", "legends-of-tomorrow/s5o68"]
            .compactMap { merged.position(of: EpisodeID(rawValue: $0)) }
        #expect(crisis == crisis.sorted() && crisis.count == 5)
        // Every one of the eleven series is in the merged order.
        #expect(Set(merged.episodes.map(\.showID)).count == 11)
        // Air days never go backwards in this snapshot.
        let days = merged.episodes.compactMap(\.airDay)
        #expect(days == days.sorted())

        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5 {
            let shuffled = lists.shuffled(using: &generator).map { list in
                EpisodeList(show: list.show, episodes: list.episodes.shuffled(using: &generator))
            }
            let again = try WatchList.merge(shuffled, rules: ruleSet.rules.shuffled(using: &generator), showPriority: ruleSet.shows)
            #expect(again.episodes == merged.episodes)
        }
    }

    @Test("Contradictory rules are an error naming the cycle")
    func cycle() throws {
        let a = EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, 1, "a1", "2020-01-01"), episode("A", 1, 2, "a2", "2020-01-08")])
        let b = EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, 1, "b1", "2020-01-02")])
        let rules: [OrderingRule] = [
            .before(EpisodeReference(show: "A", season: 1, episode: 2), EpisodeReference(show: "B", season: 1, episode: 1)),
            .before(EpisodeReference(show: "B", season: 1, episode: 1), EpisodeReference(show: "A", season: 1, episode: 1)),
        ]
        #expect(throws: WatchOrderError.self) { try WatchList.merge([a, b], rules: rules) }
        do {
            _ = try WatchList.merge([a, b], rules: rules)
        } catch {
            #expect(error.code == .contradictoryRules)
            #expect(Set(error.cycle) == ["A 1x01", "A 1x02", "B 1x01"])
            #expect(error.errorDescription?.contains("contradict") == true)
        }
    }

    @Test("Rules are Codable data")
    func rulesRoundTrip() throws {
        let rules: [OrderingRule] = [
            .sequence(name: "X", episodes: [EpisodeReference(show: "A", season: 1, episode: 1), EpisodeReference(show: "B", season: 2, episode: nil, overall: 9)]),
            .before(EpisodeReference(show: "A", season: 1, episode: 2), EpisodeReference(show: "B", season: 1, episode: 1)),
        ]
        let data = try JSONEncoder().encode(rules)
        #expect(try JSONDecoder().decode([OrderingRule].self, from: data) == rules)
    }
}

