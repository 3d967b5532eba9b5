import AirdateCore
import Foundation
import Testing
import CountdownKit

/// `Countdown.setArchived(_:at:)`: the archive rules `countdowns archive` and airdate-web share.
@Suite struct SetArchivedTests {
    static let utc = Fixture.zone("UTC")
    static let now = Fixture.instant("2026-11-26T12:00:00Z")

    @Test("archive and bring back a future countdown; asking again changes nothing")
    func roundTrip() throws {
        var countdown = Fixture.countdown(1, "Next year", .allDay(Fixture.day("2027-07-22")))
        #expect(countdown.setArchived(true, at: .fixed(at: Self.now, timeZone: Self.utc)) == .changed)
        #expect(countdown.archived == Self.now && countdown.modified == Self.now)
        let archived = countdown
        #expect(countdown.setArchived(true, at: .fixed(at: Self.now.addingTimeInterval(60), timeZone: Self.utc)) == .unchanged)
        #expect(countdown == archived)
        #expect(countdown.setArchived(false, at: .fixed(at: Self.now.addingTimeInterval(120), timeZone: Self.utc)) == .changed)
        #expect(countdown.archived == nil && countdown.modified == Self.now.addingTimeInterval(120))
        #expect(countdown.setArchived(false, at: .fixed(at: Self.now, timeZone: Self.utc)) == .unchanged)
    }

    @Test("a passed one-off countdown is archived already and stays there; a passed repeating one can be archived")
    func passed() throws {
        var once = Fixture.countdown(2, "Passed", .allDay(Fixture.day("2026-11-01")))
        let stored = once
        #expect(once.setArchived(true, at: .fixed(at: Self.now, timeZone: Self.utc)) == .unchanged)
        #expect(once.setArchived(false, at: .fixed(at: Self.now, timeZone: Self.utc)) == .passedStaysArchived)
        #expect(once == stored)
        var weekly = Fixture.countdown(3, "Weekly", .allDay(Fixture.day("2026-11-02")),
                                       recurrence: try Recurrence(.weekly, anchor: Fixture.day("2026-11-02")))
        #expect(weekly.setArchived(true, at: .fixed(at: Self.now, timeZone: Self.utc)) == .changed)
        #expect(weekly.setArchived(false, at: .fixed(at: Self.now, timeZone: Self.utc)) == .changed)
    }

    @Test("an all-day countdown for today passes by the user's own day, not another zone's")
    func usersDay() throws {
        // 26 November in UTC; on Kiritimati (UTC+14) it is already the 27th at 12:00 UTC.
        var today = Fixture.countdown(4, "Today", .allDay(Fixture.day("2026-11-26")))
        #expect(today.setArchived(true, at: .fixed(at: Self.now, timeZone: Self.utc)) == .changed)
        var elsewhere = Fixture.countdown(4, "Today", .allDay(Fixture.day("2026-11-26")))
        #expect(elsewhere.setArchived(true, at: .fixed(at: Self.now, timeZone: Fixture.zone("Pacific/Kiritimati"))) == .unchanged)
    }
}

/// `CountdownStore.delete(id:checking:)`: checked and deleted in one transaction.
@Suite struct CheckedDeleteTests {
    struct Refused: Error {}

    @Test("a check that refuses deletes nothing; one that accepts deletes; an unknown id is notFound")
    func checkedDelete() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let kept = Fixture.countdown(1, "Kept", .allDay(Fixture.day("2027-01-01")))
        let gone = Fixture.countdown(2, "Gone", .allDay(Fixture.day("2027-01-02")))
        try await store.insert(contentsOf: [kept, gone])
        await #expect(throws: Refused.self) {
            try await store.delete(id: kept.id) { _ in throw Refused() }
        }
        #expect(try await store.countdown(id: kept.id) == kept)
        let seen = SeenTitles()
        try await store.delete(id: gone.id) { countdown in seen.add(countdown.title) }
        #expect(seen.titles == ["Gone"], "the check saw the stored countdown")
        #expect(try await store.countdown(id: gone.id) == nil)
        await #expect(throws: CountdownStoreError.notFound(gone.id)) {
            try await store.delete(id: gone.id) { _ in }
        }
    }

    /// The titles a check saw (it runs on the store's writer).
    final class SeenTitles: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []
        func add(_ title: String) { lock.withLock { seen.append(title) } }
        var titles: [String] { lock.withLock { seen } }
    }
}
