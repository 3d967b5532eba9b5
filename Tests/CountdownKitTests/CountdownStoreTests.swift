import AirdateCore
import Foundation
import Testing
@testable import CountdownKit
import AirdateStore

@Suite(.timeLimit(.minutes(10))) struct CountdownStoreTests {
    let reference = ViewerClock.fixed(at: Fixture.instant("2024-03-10T12:00:00Z"), timeZone: .gmt)

    static func sample() throws -> [Countdown] {
        [
            Fixture.countdown(1, "Comic-Con", .allDay(Fixture.day("2024-07-18")), tags: Fixture.tags("Cons"), note: "Hall H;\nrow 3"),
            Fixture.countdown(2, "Finale", .instant(Fixture.instant("2024-03-10T20:00:00-04:00"), Fixture.zone("America/New_York")),
                              created: 10),
            Fixture.countdown(3, "Rent", .allDay(Fixture.day("2024-01-31")), tags: Fixture.tags("Home"),
                              recurrence: try Recurrence(.monthlyOnLastDay, anchor: Fixture.day("2024-01-31"))),
            Fixture.countdown(4, "Old", .allDay(Fixture.day("2023-01-01")), archived: Fixture.instant("2023-01-02T00:00:00Z")),
        ]
    }

    private func sortedByID(_ list: [Countdown]) -> [Countdown] { list.sorted { $0.id.uuidString < $1.id.uuidString } }

    @Test func roundTripOnARealFile() async throws {
        let path = Fixture.temporaryDatabasePath()
        let items = try Self.sample()
        do {
            let store = try CountdownStore(path: path)
            try await store.insert(contentsOf: items)
            #expect(try await store.countdown(id: Fixture.id(2)) == items[1])
        }
        // A second store on the same file reads the same values.
        let reopened = try CountdownStore(path: path)
        #expect(sortedByID(try await reopened.all()) == items)
        #expect(try await reopened.countdown(id: Fixture.id(99)) == nil)

        var changed = items[0]
        try changed.rename("Comic-Con 2024")
        changed.tags = Fixture.tags("Cons", "Travel")
        try await reopened.update(changed)
        #expect(try await reopened.countdown(id: changed.id)?.title == "Comic-Con 2024")
        try await reopened.delete(id: Fixture.id(4))
        #expect(try await reopened.all().count == 3)
        await #expect(throws: CountdownStoreError.notFound(Fixture.id(4))) { try await reopened.delete(id: Fixture.id(4)) }
    }

    @Test func queriesAgreeWithTheInMemoryFilterAndSort() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let items = try Self.sample()
        try await store.insert(contentsOf: items)
        let filters: [CountdownFilter] = [.scope(.active), .scope(.archived), .hasTag(CountdownTag("cons")!), .untagged,
                                          .between(Fixture.day("2024-12-31"), Fixture.day("2024-01-01")), .text("FINALE")]
        for filter in filters {
            for key in CountdownSort.Key.allCases {
                let order = CountdownSort(key, .descending)
                // The store lists the automatic archive as a view: the same as computing it in memory.
                let fromStore = try await store.countdowns(matching: filter, sortedBy: order, at: reference)
                #expect(fromStore == order.sorted(filter.filter(AutoArchive.current(items, at: reference), at: reference), in: .gmt))
                let asStored = try await store.countdowns(matching: filter, sortedBy: order, at: reference, automaticArchive: false)
                #expect(asStored == order.sorted(filter.filter(items, at: reference), in: .gmt))
            }
        }
    }

    @Test func failedWritesLeaveTheStoredStateIntact() async throws {
        let path = Fixture.temporaryDatabasePath()
        let store = try CountdownStore(path: path)
        let items = try Self.sample()
        try await store.insert(contentsOf: Array(items[0..<2]))
        let before = sortedByID(try await store.all())

        // A batch whose second item repeats a stored id: the first item is not added either.
        await #expect(throws: CountdownStoreError.duplicate(Fixture.id(1))) {
            try await store.insert(contentsOf: [items[2], items[0]])
        }
        #expect(sortedByID(try await store.all()) == before)

        // Updating something that is not stored changes nothing, even the items before it.
        var renamed = items[0]
        try renamed.rename("Renamed")
        await #expect(throws: CountdownStoreError.notFound(Fixture.id(4))) {
            try await store.update(contentsOf: [renamed, items[3]])
        }
        #expect(sortedByID(try await store.all()) == before)

        // A read-only connection refuses to write, and the file keeps its rows.
        let readOnly = try CountdownStore(path: path, readOnly: true)
        await #expect(throws: CountdownStoreError.self) { try await readOnly.insert(items[3]) }
        #expect(sortedByID(try await readOnly.all()) == before)
        #expect(sortedByID(try await store.all()) == before)

        // A bad import (the second countdown has an empty title) imports nothing.
        let bad = Data("""
        {"version": 1, "exported": "2024-03-10T12:00:00Z", "countdowns": [
          {"id": "00000000-0000-0000-0000-000000000042", "title": "Fine", "target": {"day": "2024-05-01"}, "created": "2024-03-01T00:00:00Z"},
          {"id": "00000000-0000-0000-0000-000000000043", "title": "  ", "target": {"day": "2024-05-01"}, "created": "2024-03-01T00:00:00Z"}
        ]}
        """.utf8)
        await #expect(throws: CountdownStoreError.self) { try await store.importJSON(bad) }
        #expect(sortedByID(try await store.all()) == before)
        await #expect(throws: CountdownStoreError.self) { try await store.importJSON(Data("not json".utf8)) }
        #expect(sortedByID(try await store.all()) == before)
    }

    @Test func openingAMissingReadOnlyFileFails() {
        #expect(throws: CountdownStoreError.self) {
            _ = try CountdownStore(path: Fixture.temporaryDatabasePath(), readOnly: true)
        }
    }

    @Test func observationReEmitsOnChange() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let items = try Self.sample()
        var updates = store.observe().makeAsyncIterator()
        #expect(try await updates.next() == [])
        try await store.insert(items[0])
        #expect(try await updates.next() == [items[0]])
        try await store.insert(items[1])
        #expect(try await updates.next().map(sortedByID) == [items[0], items[1]])
        try await store.delete(id: items[0].id)
        #expect(try await updates.next() == [items[1]])
    }

    @Test func jsonExportAndImportRoundTrip() async throws {
        let source = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let items = try Self.sample()
        try await source.insert(contentsOf: items)
        let data = try await source.exportJSON(timestamp: reference.now)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""instant" : "2024-03-10T20:00:00-04:00""#))
        #expect(text.contains(#""day" : "2024-07-18""#))
        #expect(text.contains(#""frequency" : "monthly-last-day""#))

        let copy = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let first = try await copy.importJSON(data)
        #expect(first.added.count == 4 && first.updated.isEmpty && first.unchanged.isEmpty)
        #expect(sortedByID(try await copy.all()) == items)
        // Importing again replaces by id rather than duplicating, and says nothing changed.
        let second = try await copy.importJSON(data)
        #expect(second.added.isEmpty && second.updated.isEmpty && second.unchanged.count == 4)
        #expect(try await copy.all().count == 4)
        // A file with one countdown changed reports that one as updated.
        var changed = try CountdownDocument(jsonData: data)
        try changed.countdowns[0].rename("Renamed")
        let third = try await copy.importJSON(try changed.jsonData())
        #expect(third.updated == [changed.countdowns[0].id] && third.unchanged.count == 3 && third.total == 4)

        let decoded = try CountdownDocument(jsonData: data)
        #expect(decoded.countdowns.map(\.id) == [1, 3, 4, 2].map(Fixture.id))  // by created, then id
        #expect(throws: DecodingError.self) {
            try CountdownDocument(jsonData: Data(#"{"version": 2, "exported": "2024-03-10T12:00:00Z", "countdowns": []}"#.utf8))
        }
    }

    @Test func autoArchiveInTheStore() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        try await store.insert(contentsOf: try Self.sample())
        let outcome = try await store.autoArchive(at: ViewerClock.fixed(at: Fixture.instant("2024-03-11T12:00:00Z"), timeZone: .gmt))
        #expect(outcome.archived.map(\.title) == ["Finale"])
        #expect(outcome.rolled.map(\.title) == ["Rent"])
        #expect(try await store.countdown(id: Fixture.id(3))?.target == .allDay(Fixture.day("2024-03-31")))
        #expect(try await store.countdown(id: Fixture.id(2))?.isArchived == true)
    }

    @Test func iCalendarExport() throws {
        let items = try Self.sample()
        let calendar = ICalendar(countdowns: items, timestamp: Fixture.instant("2024-03-10T12:00:00Z"))
        let lines = calendar.text.components(separatedBy: "\r\n")
        #expect(lines.contains("UID:00000000-0000-0000-0000-000000000001@countdownkit.airdate"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20240718"))
        #expect(lines.contains("DTEND;VALUE=DATE:20240719"))
        #expect(lines.contains("DESCRIPTION:Hall H\\;\\nrow 3"))
        #expect(lines.contains("CATEGORIES:Cons"))
        #expect(lines.contains("DTSTART;TZID=America/New_York:20240310T200000"))
        #expect(lines.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1"))
        #expect(lines.contains("DTSTAMP:20240310T120000Z"))
        #expect(lines.contains("BEGIN:VTIMEZONE"))
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 4)
    }

    @Test func countdownCodableRoundTrip() throws {
        let items = try Self.sample()
        let data = try JSONEncoder().encode(items)
        #expect(try JSONDecoder().decode([Countdown].self, from: data) == items)
        // Times are kept to the millisecond, and round-trip.
        let precise = try Countdown(title: "x", target: .instant(Date(timeIntervalSince1970: 100.75), .gmt),
                                    created: Date(timeIntervalSince1970: 5.5))
        let back = try JSONDecoder().decode(Countdown.self, from: JSONEncoder().encode(precise))
        #expect(back == precise)
        #expect(back.created == Date(timeIntervalSince1970: 5.5))
        #expect(throws: CountdownError.emptyTitle) { try Countdown(title: " \n", target: .allDay(Fixture.day("2024-01-01")), created: Fixture.base) }
    }
}

@Suite struct CountdownValueTests {
    @Test func editedTargetsKeepMilliseconds() throws {
        var countdown = Fixture.countdown(1, "x", .allDay(Fixture.day("2024-01-01")))
        countdown.target = .instant(Date(timeIntervalSince1970: 10.9004), .gmt)
        #expect(countdown.target == .instant(Date(timeIntervalSince1970: 10.9), .gmt))
        countdown.created = Date(timeIntervalSince1970: 1_700_000_000.1236)
        #expect(countdown.created == Date(timeIntervalSince1970: 1_700_000_000.124))
        #expect(throws: CountdownError.emptyTitle) { try countdown.rename("   ") }
        #expect(countdown.title == "x")
    }
}
