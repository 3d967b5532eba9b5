import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

@Suite struct CountdownSortTests {
    // Keys chosen so that every key has ties: the tie-break (created, then the order given, always
    // ascending) decides them. Titles are collated for English.
    static let english = Locale(identifier: "en_US")
    static let items: [Countdown] = [
        Fixture.countdown(1, "beta", .instant(Fixture.instant("2024-05-01T10:00:00Z"), .gmt),
                          tags: Fixture.tags("a"), created: 1, modified: 30),
        Fixture.countdown(2, "Alpha", .allDay(Fixture.day("2024-04-01")), created: 2, modified: 10),
        Fixture.countdown(3, "alpha", .instant(Fixture.instant("2024-05-01T10:00:01Z"), Fixture.zone("Asia/Tokyo")),
                          tags: Fixture.tags("a", "b"), created: 1, modified: 10),
        Fixture.countdown(4, "Gamma", .allDay(Fixture.day("2024-06-01")), tags: Fixture.tags("b"), created: 0, modified: 20),
        Fixture.countdown(5, "beta", .instant(Fixture.instant("2024-07-01T00:00:00Z"), .gmt), created: 3, modified: 40),
    ]

    static let cases: [(String, [Int])] = [
        ("date:asc", [2, 1, 3, 4, 5]),
        ("date:desc", [5, 4, 3, 1, 2]),
        ("created:asc", [4, 1, 3, 2, 5]),
        ("created:desc", [5, 2, 1, 3, 4]),
        ("modified:asc", [3, 2, 4, 1, 5]),
        ("modified:desc", [5, 1, 4, 3, 2]),
        ("tags:asc", [2, 5, 1, 3, 4]),
        ("tags:desc", [4, 3, 1, 2, 5]),
        ("title:asc", [3, 2, 1, 5, 4]),
        ("title:desc", [4, 1, 5, 2, 3]),
    ]

    @Test(arguments: cases)
    func everyKeyAndDirection(_ order: String, _ expected: [Int]) throws {
        let sort = try #require(CountdownSort(order))
        let sorted = sort.sorted(Self.items, in: .gmt, locale: Self.english)
        #expect(sorted.map(\.id) == expected.map(Fixture.id))
        // Any input order gives the same result, except for items 1 and 3, created at the same
        // instant, which keep the order given when their keys are equal too (sorting by creation).
        guard sort.key != .created else { return }
        #expect(sort.sorted(Self.items.reversed(), in: .gmt, locale: Self.english).map(\.id) == expected.map(Fixture.id))
        #expect(sort.sorted([Self.items[3], Self.items[0], Self.items[4], Self.items[2], Self.items[1]], in: .gmt,
                            locale: Self.english).map(\.id) == expected.map(Fixture.id))
    }

    @Test(arguments: CountdownSort.Key.allCases, CountdownSort.Direction.allCases)
    func comparatorIsAStrictOrder(_ key: CountdownSort.Key, _ direction: CountdownSort.Direction) {
        let sort = CountdownSort(key, direction)
        for a in Self.items {
            #expect(!sort.areInIncreasingOrder(a, a, in: .gmt))  // irreflexive, even for a descending order
            for b in Self.items where a.id != b.id {
                #expect(!(sort.areInIncreasingOrder(a, b, in: .gmt) && sort.areInIncreasingOrder(b, a, in: .gmt)))
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
        // Equal keys and creation times keep the order given (the store gives insertion order).
        for key in CountdownSort.Key.allCases where key != .created {
            #expect(CountdownSort(key, .ascending).sorted(twins, in: .gmt).map(\.id) == [9, 8, 7].map(Fixture.id))
            #expect(CountdownSort(key, .descending).sorted(twins, in: .gmt).map(\.id) == [9, 8, 7].map(Fixture.id))
            #expect(CountdownSort(key, .descending).sorted([twins[1], twins[0], twins[2]], in: .gmt).map(\.id) == [8, 9, 7].map(Fixture.id))
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
    static func items(_ titles: [String]) -> [Countdown] {
        titles.enumerated().map { index, title in
            Fixture.countdown(index + 1, title, .allDay(Fixture.day("2024-01-01")), created: 100 - index)
        }
    }

    @Test func titlesFollowTheLocalesCollation() {
        let titles = ["Émile", "emile", "Zoë", "zoe", "Ábc", "E\u{301}mile", "apple", "Apple", "zebra", "Ångström", "Angstrom",
                      "Season 10", "Season 2", "Élan", "Elan"]
        let english = Locale(identifier: "en_US")
        let sorted = CountdownSort(.title).sorted(Self.items(titles), in: .gmt, locale: english).map(\.title)
        // Accents and case only break ties between the same letters: "Élan" next to "Elan", "Ångström"
        // next to "Angstrom", not after "zebra"; numbers by value. The decomposed and precomposed "Émile"
        // are the same title, so the earlier-created (decomposed) one is first.
        #expect(sorted == ["Ábc", "Angstrom", "Ångström", "apple", "Apple", "Elan", "Élan", "emile", "E\u{301}mile", "Émile",
                           "Season 2", "Season 10", "zebra", "zoe", "Zoë"])
        #expect(CountdownSort(.title, .descending).sorted(Self.items(titles), in: .gmt, locale: english).map(\.title)
                == ["Zoë", "zoe", "zebra", "Season 10", "Season 2", "E\u{301}mile", "Émile", "emile", "Élan", "Elan",
                    "Apple", "apple", "Ångström", "Angstrom", "Ábc"])
        // In Swedish, Å is a letter of its own after Z.
        let swedish = CountdownSort(.title).sorted(Self.items(["Ångström", "zebra", "Angstrom"]), in: .gmt,
                                                   locale: Locale(identifier: "sv_SE")).map(\.title)
        #expect(swedish == ["Angstrom", "zebra", "Ångström"])
    }

    @Test func tagsSortByTheirNames() {
        let items = [
            Fixture.countdown(1, "a", .allDay(Fixture.day("2024-01-01")), tags: Fixture.tags("Zines"), created: 1),
            Fixture.countdown(2, "b", .allDay(Fixture.day("2024-01-01")), tags: Fixture.tags("anime", "Cons", "x", "y"), created: 2),
            Fixture.countdown(3, "c", .allDay(Fixture.day("2024-01-01")), created: 3),
            Fixture.countdown(4, "d", .allDay(Fixture.day("2024-01-01")), tags: Fixture.tags("Émissions"), created: 4),
            Fixture.countdown(5, "e", .allDay(Fixture.day("2024-01-01")), tags: Fixture.tags("Cons"), created: 5),
        ]
        let english = Locale(identifier: "en_US")
        #expect(CountdownSort(.tags).sorted(items, in: .gmt, locale: english).map(\.title) == ["c", "b", "e", "d", "a"])
        #expect(CountdownSort(.tags, .descending).sorted(items, in: .gmt, locale: english).map(\.title) == ["a", "d", "e", "b", "c"])
    }
}

/// Seeded random countdowns: every key × direction × locale is a strict weak order, and sorting agrees with it.
@Suite struct SortOrderPropertyTests {
    @Test func everyKeyAndDirectionIsAStrictWeakOrder() throws {
        var random = SeededGenerator(seed: 0x50_47)
        let titles = ["Élan", "Elan", "elan", "ELAN", "E\u{301}lan", "Ångström", "Angstrom", "zebra", "Zebra", "Ørsted", "Season 2",
                      "Season 10", "season 2", "", "  ", "ß", "ss", "Straße", "Strasse", "日本", "にほん", "🙂", "a\u{0}b"]
        let tagNames = ["Anime", "anime", "Cons", "Émissions", "zines", "Zines", "日本"]
        var countdowns: [Countdown] = []
        for index in 0..<24 {
            let title = titles.randomElement(using: &random) ?? "x"
            let tags = (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in tagNames.randomElement(using: &random) }
            let target: CountdownTarget = Bool.random(using: &random)
                ? .allDay(Fixture.day("2024-01-01").adding(days: Int.random(in: 0...3, using: &random)))
                : .instant(Fixture.base.addingTimeInterval(Double(Int.random(in: 0...3, using: &random)) * 3600), .gmt)
            let created = Fixture.base.addingTimeInterval(Double(Int.random(in: 0...4, using: &random)) / 1000)
            // A blank title is refused; those draws become "x".
            let made = (try? Countdown(id: Fixture.id(index), title: title, target: target, tags: CountdownTag.normalized(tags),
                                       created: created, modified: created.addingTimeInterval(Double(Int.random(in: 0...2, using: &random)))))
                ?? Fixture.countdown(index, "x", target)
            countdowns.append(made)
        }
        var comparisons = 0
        for locale in ["en_US", "sv_SE", "de_DE", "ja_JP"].map(Locale.init(identifier:)) {
            for key in CountdownSort.Key.allCases {
                for direction in CountdownSort.Direction.allCases {
                    let sort = CountdownSort(key, direction)
                    func less(_ a: Countdown, _ b: Countdown) -> Bool {
                        comparisons += 1
                        return sort.areInIncreasingOrder(a, b, in: .gmt, locale: locale)
                    }
                    for a in countdowns {
                        #expect(!less(a, a), "irreflexive: \(sort)")
                        for b in countdowns {
                            let ab = less(a, b), ba = less(b, a)
                            #expect(!(ab && ba), "asymmetric: \(sort) \(a.title) \(b.title)")
                            for c in countdowns {
                                if ab && less(b, c) { #expect(less(a, c), "transitive: \(sort)") }
                                // Incomparability is transitive too.
                                if !ab && !ba && !less(b, c) && !less(c, b) {
                                    #expect(!less(a, c) && !less(c, a), "equivalence: \(sort)")
                                }
                            }
                        }
                    }
                    let sorted = sort.sorted(countdowns, in: .gmt, locale: locale)
                    #expect(zip(sorted, sorted.dropFirst()).allSatisfy { !less($1, $0) })
                    #expect(Set(sorted.map(\.id)) == Set(countdowns.map(\.id)))
                }
            }
        }
        print("SortOrderPropertyTests: \(countdowns.count) countdowns, 4 locales × 5 keys × 2 directions, \(comparisons) comparisons")
    }
}
