import AirdateTestSupport
import AirdateCore
import AirdateStore
import Foundation
import GRDB
import Testing
@testable import CountdownKit

/// A database written by release 0.2.0 (schema v1, `Fixtures/countdowns/countdowns-0.2.0.sqlite`) opens
/// with the current code and keeps every countdown, compared with that release's own export of it.
@Suite struct MigrationTests {
    static let fixtures = TestPaths.fixtures("countdowns")

    @Test("the 0.2.0 database opens, migrates once, and keeps every countdown as 0.2.0 exported it")
    func releaseDatabaseKeepsEverything() async throws {
        let path = Fixture.temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("countdowns-0.2.0.sqlite").path, toPath: path)
        let exported = try Data(contentsOf: Self.fixtures.appendingPathComponent("countdowns-0.2.0.json"))
        // The export as 0.2.0 wrote it, read without CountdownKit: the facts to keep.
        let document = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        let expected = try #require(document["countdowns"] as? [[String: Any]])
        #expect(expected.count == 8)

        let store = try CountdownStore(path: path)
        let stored = try await store.all()
        #expect(stored.count == expected.count)
        for entry in expected {
            let id = try #require(UUID(uuidString: entry["id"] as? String ?? ""))
            let countdown = try #require(stored.first { $0.id == id }, "\(entry["title"] ?? "")")
            #expect(countdown.title == entry["title"] as? String)
            #expect(countdown.note == entry["note"] as? String)
            #expect(countdown.tags.map(\.name) == entry["tags"] as? [String])
            #expect(countdown.created == Fixture.instant(entry["created"] as? String ?? ""))
            #expect(countdown.modified == Fixture.instant(entry["modified"] as? String ?? ""))
            #expect(countdown.archived == (entry["archived"] as? String).map(Fixture.instant))
            let recurrence = entry["recurrence"] as? [String: String]
            #expect(countdown.recurrence?.frequency.description == recurrence?["frequency"])
            #expect(countdown.recurrence?.anchor.description == recurrence?["anchor"])
            let target = try #require(entry["target"] as? [String: String])
            if let day = target["day"] {
                #expect(countdown.target == .allDay(Fixture.day(day)))
            } else {
                let time = try #require(countdown.target.time)
                #expect(time.date == Fixture.instant(target["instant"] ?? ""), "\(countdown.title)")
                #expect(time.timeZone.identifier == target["timeZone"])
                // The wall-clock time of a row from before v2 is its instant's.
                #expect(time.local == LocalDateTime(containing: time.date, in: time.timeZone))
            }
            #expect(countdown.following == nil && countdown.moves.isEmpty)
        }
        // The fall-back countdown was stored as an instant in the first pass of 01:30.
        let fallBack = try #require(stored.first { $0.title == "Fall-back hour" }?.target.time)
        #expect(fallBack.local.time.description == "01:30" && fallBack.repeatedTimeChoice == .first)

        // Migrated once: the new migrations are recorded, every row belongs to the local owner (in its
        // order), and opening again changes nothing.
        let queue = try DatabaseQueue(path: path)
        let migrations = try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        let owners = try await queue.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT owner FROM countdown") }
        let key = try await queue.read { db in try db.primaryKey("countdown").columns }
        try queue.close()
        #expect(migrations == ["v1: countdown", "v2: wall-clock times, followed shows, moves", "v3: owners"])
        #expect(owners == [""] && key == ["owner", "id"])
        let reopened = try await CountdownStore(path: path).all()
        #expect(reopened == stored)
        #expect(reopened.map(\.title) == expected.compactMap { $0["title"] as? String }, "in the order 0.2.0 stored them")
        // Another owner of the migrated file sees none of them, and may use their ids.
        let guest = try CountdownStore(path: path, owner: StoreOwner(id: "guest"))
        #expect(try await guest.all().isEmpty)
        try await guest.insert(try #require(stored.first))
        #expect(try await guest.all().count == 1)
        #expect(try await CountdownStore(path: path).all() == stored)

        // Written again by the current code, a countdown keeps its new fields.
        var edited = try #require(stored.first { $0.title == "Spring-forward weekly" })
        edited.target = .wallClock(LocalDateTime(day: Fixture.day("2027-03-14"), time: try TimeOfDay(parsing: "02:30")),
                                   in: Fixture.zone("America/New_York"))
        try await store.update(edited)
        #expect(try await CountdownStore(path: path).countdown(id: edited.id) == edited)
    }
}
