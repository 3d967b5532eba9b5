import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

@Suite struct CountdownSortTests {
    // Keys chosen so that every key has ties: the tie-break (created, then id, always ascending) decides them.
    static let items: [Countdown] = [
        Fixture.countdown(1, "beta", .instant(Fixture.instant("2024-05-01T10:00:00Z"), .gmt),
                          tags: Fixture.tags("a"), created: 1, modified: 30),
        Fixture.countdown(2, "Alpha", .allDay(Fixture.day("2024-04-01")), created: 2, modified: 10),
        Fixture.countdown(3, "alpha", .instant(Fixture.instant("2024-05-01T10:00:00Z"), Fixture.zone("Asia/Tokyo")),
                          tags: Fixture.tags("a", "b"), created: 1, modified: 10),
        Fixture.countdown(4, "Gamma", .allDay(Fixture.day("2024-06-01")), tags: Fixture.tags("b"), created: 0, modified: 20),
        Fixture.countdown(5, "beta", .instant(Fixture.instant("2024-07-01T00:00:00Z"), .gmt), created: 3, modified: 40),
    ]

    static let cases: [(String, [Int])] = [
        ("date:asc", [2, 1, 3, 4, 5]),
        ("date:desc", [5, 4, 1, 3, 2]),
        ("created:asc", [4, 1, 3, 2, 5]),
        ("created:desc", [5, 2, 1, 3, 4]),
        ("modified:asc", [3, 2, 4, 1, 5]),
        ("modified:desc", [5, 1, 4, 3, 2]),
        ("tags:asc", [2, 5, 4, 1, 3]),
        ("tags:desc", [3, 4, 1, 2, 5]),
        ("title:asc", [2, 3, 1, 5, 4]),
        ("title:desc", [4, 1, 5, 3, 2]),
    ]

    @Test(arguments: cases)
    func everyKeyAndDirection(_ order: String, _ expected: [Int]) throws {
        let sort = try #require(CountdownSort(order))
        let sorted = sort.sorted(Self.items, in: .gmt)
        #expect(sorted.map(\.id) == expected.map(Fixture.id))
        // Any input order gives the same result.
        #expect(sort.sorted(Self.items.reversed(), in: .gmt).map(\.id) == expected.map(Fixture.id))
        #expect(sort.sorted([Self.items[3], Self.items[0], Self.items[4], Self.items[2], Self.items[1]], in: .gmt).map(\.id)
                == expected.map(Fixture.id))
    }

    @Test(arguments: CountdownSort.Key.allCases, CountdownSort.Direction.allCases)
    func comparatorIsAStrictOrder(_ key: CountdownSort.Key, _ direction: CountdownSort.Direction) {
        let sort = CountdownSort(key, direction)
        for a in Self.items {
            #expect(!sort.areInIncreasingOrder(a, a, in: .gmt))  // irreflexive, even for a descending order
            for b in Self.items where a.id != b.id {
                // Exactly one of a<b, b<a: distinct countdowns are never equivalent.
                #expect(sort.areInIncreasingOrder(a, b, in: .gmt) != sort.areInIncreasingOrder(b, a, in: .gmt))
                for c in Self.items where sort.areInIncreasingOrder(a, b, in: .gmt) && sort.areInIncreasingOrder(b, c, in: .gmt) {
                    #expect(sort.areInIncreasingOrder(a, c, in: .gmt))  // transitive
                }
            }
        }
    }

    @Test func equalKeysKeepTheTieBreakInBothDirections() {
        let same = Fixture.instant("2024-01-01T00:00:00Z")
        let twins = [
            Fixture.countdown(9, "Same", .instant(same, .gmt), created: 5, modified: 0),
            Fixture.countdown(8, "Same", .instant(same, .gmt), created: 5, modified: 0),
            Fixture.countdown(7, "Same", .instant(same, .gmt), created: 6, modified: 0),
        ]
        for key in CountdownSort.Key.allCases where key != .created {
            #expect(CountdownSort(key, .ascending).sorted(twins, in: .gmt).map(\.id) == [8, 9, 7].map(Fixture.id))
            #expect(CountdownSort(key, .descending).sorted(twins, in: .gmt).map(\.id) == [8, 9, 7].map(Fixture.id))
        }
    }

    @Test func allDayTargetsSortAtTheStartOfTheirDayInTheViewersZone() {
        let items = [
            Fixture.countdown(1, "evening", .instant(Fixture.instant("2024-04-01T03:00:00Z"), .gmt)),
            Fixture.countdown(2, "all day", .allDay(Fixture.day("2024-04-01"))),
        ]
        // In UTC the day starts before 03:00Z; in New York it starts at 04:00Z, after it.
        #expect(CountdownSort(.date).sorted(items, in: .gmt).map(\.title) == ["all day", "evening"])
        #expect(CountdownSort(.date).sorted(items, in: Fixture.zone("America/New_York")).map(\.title) == ["evening", "all day"])
    }

    @Test func parsesAndPrints() {
        #expect(CountdownSort("date") == CountdownSort(.date, .ascending))
        #expect(CountdownSort("TITLE:DESC") == CountdownSort(.title, .descending))
        #expect(CountdownSort("size") == nil)
        #expect(CountdownSort("date:down") == nil)
        #expect(CountdownSort(.tags, .descending).description == "tags:desc")
    }
}

@Suite struct TitleOrderTests {
    @Test func titlesIgnoreCaseThenCompareAsStringsDo() {
        let titles = ["Émile", "emile", "Zoë", "zoe", "Ábc", "E\u{301}mile", "apple", "Apple"]
        let items = titles.enumerated().map { index, title in
            Fixture.countdown(index + 1, title, .allDay(Fixture.day("2024-01-01")), created: 100 - index)
        }
        let sorted = CountdownSort(.title).sorted(items, in: .gmt).map(\.title)
        // Case-folded first ("apple" ties are broken by the exact text, uppercase first); accented
        // letters after unaccented ones, as String's own order puts them; the decomposed and
        // precomposed "Émile" are the same title, so the later-created one is second.
        #expect(sorted == ["Apple", "apple", "emile", "zoe", "Zoë", "Ábc", "E\u{301}mile", "Émile"])
        #expect(CountdownSort(.title, .descending).sorted(items, in: .gmt).map(\.title)
                == ["E\u{301}mile", "Émile", "Ábc", "Zoë", "zoe", "emile", "apple", "Apple"])
    }
}
