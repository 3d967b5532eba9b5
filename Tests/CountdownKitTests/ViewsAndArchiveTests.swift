import AirdateCore
import Foundation
import GRDB
import Testing
@testable import CountdownKit

/// Issue 28, class 1 "A view never writes": listing, sorting, grouping, reminders and exports read the
/// store and write nothing; the automatic archive is computed by the user's own day in their own zone.
@Suite struct ViewsAndArchiveTests {
    static let zone = Fixture.zone("UTC")
    static let tokyo = Fixture.zone("Asia/Tokyo")

    static func sample() throws -> [Countdown] {
        [
            Fixture.countdown(1, "All day today (UTC)", .allDay(Fixture.day("2026-11-26"))),
            Fixture.countdown(2, "Passed this morning", .instant(Fixture.instant("2026-11-26T06:00:00Z"), zone)),
            Fixture.countdown(3, "Weekly", .allDay(Fixture.day("2026-11-19")),
                              recurrence: try Recurrence(.weekly, anchor: Fixture.day("2026-11-19"))),
            Fixture.countdown(4, "Next year", .allDay(Fixture.day("2027-07-22")), tags: Fixture.tags("Cons", "SDCC")),
            Fixture.countdown(5, "Archived by hand", .allDay(Fixture.day("2027-01-01")), archived: Fixture.instant("2026-11-01T00:00:00Z")),
        ]
    }

    /// Every row as stored, read through SQLite directly.
    static func rows(_ path: String) throws -> [Row] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM countdown ORDER BY rowid") }
    }

    @Test("every read of the store leaves every row as it was, whatever the zone and the time")
    func readsWriteNothing() async throws {
        let path = Fixture.temporaryDatabasePath()
        let store = try CountdownStore(path: path)
        try await store.insert(contentsOf: try Self.sample())
        let before = try Self.rows(path)
        // 20:00 UTC: already the 27th in Tokyo, where the all-day countdown for the 26th is over.
        let now = Fixture.instant("2026-11-26T20:00:00Z")
        for viewZone in [Self.zone, Self.tokyo, Fixture.zone("Pacific/Kiritimati"), Fixture.zone("Pacific/Pago_Pago")] {
            let clock = ViewerClock.fixed(at: now, timeZone: viewZone)
            for scope in CountdownFilter.Scope.allCases {
                for key in CountdownSort.Key.allCases {
                    _ = try await store.countdowns(matching: .scope(scope), sortedBy: CountdownSort(key, .descending), at: clock,
                                                   archivingIn: Self.zone)
                }
            }
            _ = try await store.countdowns(at: clock)
            _ = try await store.countdowns(at: clock, automaticArchive: false)
            let all = try await store.all()
            _ = CountdownSection.sections(of: all, by: .when, at: clock)
            _ = try CountdownReminder.upcoming(for: all, at: .fixed(at: now, timeZone: viewZone), through: clock.today.adding(days: 400), leadTimes: [.seconds(3600)])
            _ = ICalendar(countdowns: all, timestamp: now)
            _ = try await store.exportJSON(timestamp: now)
        }
        #expect(try Self.rows(path) == before, "no row changed")
    }

    @Test("the automatic archive follows the user's own day: a view in Tokyo does not archive today's all-day countdown")
    func archiveFollowsTheUsersOwnDay() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        try await store.insert(contentsOf: try Self.sample())
        let now = Fixture.instant("2026-11-26T20:00:00Z")
        let inTokyo = ViewerClock.fixed(at: now, timeZone: Self.tokyo)
        let active = try await store.countdowns(at: inTokyo, archivingIn: Self.zone).map(\.title)
        #expect(active.contains("All day today (UTC)"), "still today for the user in UTC: \(active)")
        #expect(!active.contains("Passed this morning"))
        // Seen with the user's own zone being Tokyo, the day is over.
        let tokyoUser = try await store.countdowns(at: inTokyo).map(\.title)
        #expect(!tokyoUser.contains("All day today (UTC)"))
        let archive = try await store.countdowns(matching: .scope(.archived), at: inTokyo, archivingIn: Self.zone)
        #expect(archive.map(\.title) == ["Passed this morning", "Archived by hand"])
        // Archived as of the instant it passed; the explicit archive keeps its own instant.
        #expect(archive.first?.archived == Fixture.instant("2026-11-26T06:00:00Z"))
        #expect(archive.last?.archived == Fixture.instant("2026-11-01T00:00:00Z"))
        // A repeating countdown shows its next occurrence; a countdown's modification time is untouched.
        let weekly = try #require(try await store.countdowns(at: inTokyo, archivingIn: Self.zone).first { $0.title == "Weekly" })
        // It is still the 26th, a Thursday, for the user in UTC: today's occurrence is the next one.
        #expect(weekly.target == .allDay(Fixture.day("2026-11-26")))
        #expect(weekly.modified == Fixture.base)
        // For a user whose own day is Tokyo's, today's occurrence is over: the next is a week later.
        let weeklyInTokyo = try #require(try await store.countdowns(at: inTokyo).first { $0.title == "Weekly" })
        #expect(weeklyInTokyo.target == .allDay(Fixture.day("2026-12-03")))
        // Stored, the archive says the same (archived at the instant it passed), and modified is the write's.
        let outcome = try await store.autoArchive(at: .fixed(at: now, timeZone: Self.zone))
        #expect(outcome.archived.map(\.title) == ["Passed this morning"])
        #expect(outcome.archived.first?.archived == Fixture.instant("2026-11-26T06:00:00Z"))
        #expect(outcome.rolled.map(\.title) == ["Weekly"])
        #expect(try await store.countdowns(at: inTokyo, archivingIn: Self.zone).map(\.title) == active)
    }

    @Test("current(at:) is the stored archive computed: applying it to its own result changes nothing")
    func currentIsIdempotent() throws {
        let now = Fixture.instant("2026-11-26T20:00:00Z")
        for zone in [Self.zone, Self.tokyo] {
            let clock = ViewerClock.fixed(at: now, timeZone: zone)
            let once = AutoArchive.current(try Self.sample(), at: clock)
            #expect(AutoArchive.current(once, at: clock) == once)
            #expect(AutoArchive.apply(to: once, at: clock).changed.isEmpty)
            let stored = AutoArchive.applied(to: try Self.sample(), at: clock)
            #expect(zip(stored, once).allSatisfy { $0.archived == $1.archived && $0.target == $1.target })
        }
    }
}

/// Issue 28, class 11: inputs have bounded lengths, everywhere a countdown is made or written.
@Suite struct LimitsTests {
    /// The store error a write of `countdowns` throws, or `nil`.
    private func saveError(_ store: CountdownStore, _ countdowns: [Countdown]) async -> CountdownStoreError? {
        do {
            try await store.save(contentsOf: countdowns)
            return nil
        } catch {
            return error
        }
    }

    private func insertError(_ store: CountdownStore, _ countdowns: [Countdown]) async -> CountdownStoreError? {
        do {
            try await store.insert(contentsOf: countdowns)
            return nil
        } catch {
            return error
        }
    }

    private func updateError(_ store: CountdownStore, _ countdown: Countdown) async -> CountdownStoreError? {
        do {
            try await store.update(contentsOf: [countdown])
            return nil
        } catch {
            return error
        }
    }

    @Test("every write path refuses a countdown past the limits, names what is too long, and writes nothing")
    func writesAreBounded() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let good = Fixture.countdown(1, "Good", .allDay(Fixture.day("2027-01-01")))
        try await store.insert(good)
        let before = try await store.all()
        var longNote = good
        longNote.note = String(repeating: "n", count: Countdown.Limits.noteLength + 1)
        var manyTags = Fixture.countdown(2, "Tags", .allDay(Fixture.day("2027-01-01")))
        manyTags.tags = (0...Countdown.Limits.tags).compactMap { CountdownTag("t\($0)") }
        var longTag = Fixture.countdown(3, "Tag", .allDay(Fixture.day("2027-01-01")))
        longTag.tags = [CountdownTag(String(repeating: "t", count: Countdown.Limits.tagLength + 1))].compactMap { $0 }
        let cases: [(Countdown, CountdownError)] = [
            (longNote, .tooLong(what: "note", length: Countdown.Limits.noteLength + 1, limit: Countdown.Limits.noteLength)),
            (manyTags, .tooMany(what: "tags", count: Countdown.Limits.tags + 1, limit: Countdown.Limits.tags)),
            (longTag, .tooLong(what: "tag", length: Countdown.Limits.tagLength + 1, limit: Countdown.Limits.tagLength)),
        ]
        let fresh = Fixture.countdown(9, "New", .allDay(Fixture.day("2027-01-01")))
        for (countdown, expected) in cases {
            #expect(throws: expected) { try countdown.validated() }
            #expect(await saveError(store, [countdown]) == .invalid(expected))
            if countdown.id != good.id {
                #expect(await insertError(store, [fresh, countdown]) == .invalid(expected), "all or none")
            }
        }
        #expect(await updateError(store, longNote) == .invalid(cases[0].1))
        #expect(throws: CountdownError.tooLong(what: "title", length: 201, limit: 200)) {
            try Countdown(title: String(repeating: "x", count: 201), target: .allDay(Fixture.day("2027-01-01")), created: Fixture.base)
        }
        #expect(try await store.all() == before, "nothing was written")

        // A document past the limits is refused by the decoder, naming the field.
        let document = try CountdownDocument(exported: Fixture.base, countdowns: [good]).jsonData()
        let note = "\"note\" : \"" + String(repeating: "n", count: 10_001) + "\""
        let text = String(decoding: document, as: UTF8.self).replacingOccurrences(of: "\"note\" : \"\"", with: note)
        var message = ""
        do {
            _ = try await store.importJSON(Data(text.utf8))
            Issue.record("a note of 10 001 characters was imported")
        } catch {
            message = error.errorDescription ?? ""
        }
        #expect(message.contains("countdowns[0].note") && message.contains("10001"), "\(message)")
        #expect(message.count < 400, "shortened: \(message)")
        #expect(try await store.all() == before)
    }
}
