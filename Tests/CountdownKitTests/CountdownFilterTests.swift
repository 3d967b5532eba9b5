import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

@Suite struct CountdownFilterTests {
    static let reference = ViewerClock.fixed(at: Fixture.instant("2024-03-10T12:00:00Z"), timeZone: .gmt)
    static let items: [Countdown] = [
        Fixture.countdown(1, "Pokémon Day", .allDay(Fixture.day("2024-02-27")), tags: Fixture.tags("Anime")),
        Fixture.countdown(2, "Comic-Con", .allDay(Fixture.day("2024-07-18")), tags: Fixture.tags("Cons", "Travel"), note: "Hall H"),
        Fixture.countdown(3, "Finale", .instant(Fixture.instant("2024-03-10T20:00:00Z"), .gmt)),
        Fixture.countdown(4, "Old Con", .allDay(Fixture.day("2023-07-20")), tags: Fixture.tags("cons"),
                          archived: Fixture.instant("2023-07-21T00:00:00Z")),
        Fixture.countdown(5, "Season 2", .instant(Fixture.instant("2024-03-15T01:00:00Z"), Fixture.zone("Asia/Tokyo")),
                          tags: Fixture.tags("anime", "CONS")),
    ]

    private func ids(_ filter: CountdownFilter, at reference: ViewerClock = reference) -> [Int] {
        filter.filter(Self.items, at: reference).map { item in (1...9).first { Fixture.id($0) == item.id } ?? 0 }
    }

    private func tag(_ name: String) -> CountdownTag { CountdownTag(name) ?? CountdownTag("?")! }

    @Test func scopes() {
        #expect(ids(.scope(.active)) == [1, 2, 3, 5])
        #expect(ids(.scope(.archived)) == [4])
        #expect(ids(.scope(.all)) == [1, 2, 3, 4, 5])
        #expect(ids(.everything) == [1, 2, 3, 4, 5])
    }

    @Test func tags() {
        #expect(ids(.untagged) == [3])
        #expect(ids(.tagged) == [1, 2, 4, 5])
        #expect(ids(.hasTag(tag(" CONS "))) == [2, 4, 5])
        #expect(ids(.hasTag(tag("nothing"))) == [])
        #expect(ids(.allOfTags([tag("anime"), tag("cons")])) == [5])
        #expect(ids(.allOfTags([])) == [1, 2, 3, 4, 5])
        #expect(ids(.anyOfTags([tag("travel"), tag("ANIME")])) == [1, 2, 5])
        #expect(ids(.anyOfTags([])) == [])
    }

    @Test func dates() {
        #expect(ids(.before(Fixture.day("2024-03-10"))) == [1, 4])
        #expect(ids(.after(Fixture.day("2024-03-10"))) == [2, 5])
        #expect(ids(.between(Fixture.day("2024-03-01"), Fixture.day("2024-03-31"))) == [3, 5])
        // Flipped bounds mean the same range.
        #expect(ids(.between(Fixture.day("2024-03-31"), Fixture.day("2024-03-01"))) == [3, 5])
        #expect(ids(.between(Fixture.day("2024-03-10"), Fixture.day("2024-03-10"))) == [3])
        #expect(ids(.withinNextDays(7)) == [3, 5])
        #expect(ids(.withinNextDays(0)) == [3])
        #expect(ids(.withinNextDays(200)) == [2, 3, 5])
        // Season 2 is at 01:00Z on the 15th: still the 14th in New York.
        let newYork = ViewerClock.fixed(at: Self.reference.now, timeZone: Fixture.zone("America/New_York"))
        #expect(ids(.between(Fixture.day("2024-03-14"), Fixture.day("2024-03-14")), at: newYork) == [5])
        #expect(ids(.between(Fixture.day("2024-03-14"), Fixture.day("2024-03-14"))) == [])
    }

    @Test func text() {
        #expect(ids(.text("pokemon")) == [1])
        #expect(ids(.text("POKÉMON")) == [1])
        #expect(ids(.text("hall h")) == [2])
        #expect(ids(.text("con")) == [2, 4])
        #expect(ids(.text("  ")) == [1, 2, 3, 4, 5])
        #expect(ids(.text("zzz")) == [])
    }

    @Test func combinations() {
        #expect(ids(.and([.scope(.active), .hasTag(tag("cons"))])) == [2, 5])
        #expect(ids(.or([.untagged, .hasTag(tag("anime"))])) == [1, 3, 5])
        #expect(ids(.not(.scope(.active))) == [4])
        #expect(ids(.and([])) == [1, 2, 3, 4, 5])
        #expect(ids(.or([])) == [])
        #expect(ids(.and([.scope(.active), .or([.text("con"), .withinNextDays(1)]), .not(.untagged)])) == [2])
        #expect(ids(.and([.after(Fixture.day("2024-01-01")), .before(Fixture.day("2024-12-31")), .tagged])) == [1, 2, 5])
        #expect(CountdownFilter.hasTag(tag("cons")).matches(Self.items[1], at: Self.reference))
    }

    @Test func codableRoundTrip() throws {
        let filter: CountdownFilter = .and([
            .scope(.active), .or([.hasTag(tag("Anime")), .untagged, .anyOfTags([tag("a"), tag("b")]), .allOfTags([tag("c")])]),
            .not(.between(Fixture.day("2024-01-01"), Fixture.day("2024-02-01"))), .before(Fixture.day("2025-01-01")),
            .after(Fixture.day("2020-01-01")), .withinNextDays(30), .text("Pokémon"), .tagged, .everything,
            .scope(.archived), .scope(.all),
        ])
        let data = try JSONEncoder().encode(filter)
        let decoded = try JSONDecoder().decode(CountdownFilter.self, from: data)
        #expect(decoded == filter)
        #expect(ids(decoded) == ids(filter))
    }
}

@Suite struct CountdownSectionTests {
    @Test func groupsByRelativeBucketInOrder() {
        // Wednesday 2024-03-13, 12:00 UTC; weeks start on Monday.
        let reference = ViewerClock.fixed(at: Fixture.instant("2024-03-13T12:00:00Z"), timeZone: .gmt)
        let items = [
            Fixture.countdown(1, "later", .allDay(Fixture.day("2024-05-01"))),
            Fixture.countdown(2, "past", .instant(Fixture.instant("2024-03-13T11:00:00Z"), .gmt)),
            Fixture.countdown(3, "today", .instant(Fixture.instant("2024-03-13T18:00:00Z"), .gmt)),
            Fixture.countdown(4, "tomorrow", .allDay(Fixture.day("2024-03-14"))),
            Fixture.countdown(5, "this week", .allDay(Fixture.day("2024-03-17"))),
            Fixture.countdown(6, "this month", .allDay(Fixture.day("2024-03-18"))),
            Fixture.countdown(7, "all day today", .allDay(Fixture.day("2024-03-13"))),
            Fixture.countdown(8, "past day", .allDay(Fixture.day("2024-03-12"))),
        ]
        let sections = CountdownSection.sections(of: items, by: .when, at: reference)
        #expect(sections.map(\.title) == ["Today", "Tomorrow", "This week", "This month", "Later", "Past"])
        #expect(sections.map { $0.countdowns.map(\.title) } == [
            ["today", "all day today"], ["tomorrow"], ["this week"], ["this month"], ["later"], ["past", "past day"],
        ])
    }

    @Test func groupsByTagWithUntaggedLast() {
        let items = [
            Fixture.countdown(1, "one", .allDay(Fixture.day("2024-05-01")), tags: Fixture.tags("Travel", "anime")),
            Fixture.countdown(2, "two", .allDay(Fixture.day("2024-05-02"))),
            Fixture.countdown(3, "three", .allDay(Fixture.day("2024-05-03")), tags: Fixture.tags("Anime")),
        ]
        let sections = CountdownSection.sections(of: items, by: .tag, at: ViewerClock.fixed(at: Fixture.base, timeZone: .gmt))
        #expect(sections.map(\.title) == ["anime", "Travel", "Untagged"])
        #expect(sections.map { $0.countdowns.map(\.title) } == [["one", "three"], ["one"], ["two"]])
    }
}

@Suite struct TagTests {
    @Test func normalisation() {
        #expect(CountdownTag("  Science   Fiction ")?.name == "Science Fiction")
        #expect(CountdownTag("Anime") == CountdownTag("ANIME"))
        #expect(CountdownTag("   ") == nil)
        #expect(CountdownTag.normalized(["Anime", "anime", " ", "Cons", "ANIME"]).map(\.name) == ["Anime", "Cons"])
        var countdown = Fixture.countdown(1, "x", .allDay(Fixture.day("2024-01-01")))
        countdown.tags = Fixture.tags("a") + Fixture.tags("A", "b")
        #expect(countdown.tags.map(\.name) == ["a", "b"])
    }
}
