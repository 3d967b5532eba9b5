import AirdateCore
import AirdateTestSupport
import AirdateStore
import AnimePlanner
import CountdownKit
import Foundation
import GRDB
import Testing

/// The stores' errors are structs with a `Code`: a code matches in a `catch`, the details are
/// properties, and a store's own error keeps the foundation's `StoreError`, which
/// `catch StoreError.Code.busy` finds inside it.
@Suite struct ErrorCodeTests {
    /// Another connection (as another process would) holds the write lock of `path` while `body` runs.
    private func whileLocked(_ path: String, _ body: () async throws -> Void) async throws {
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: unsafe)
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? holder.inDatabase { db in try db.execute(sql: "ROLLBACK") } }
        try await body()
    }

    @Test func aLockedDatabaseIsCaughtAsBusyThroughEveryStoresError() async throws {
        let countdownPath = try TestPaths.temporaryDatabase()
        let countdowns = try CountdownStore(path: countdownPath)
        let countdown = try Countdown(title: "Locked out", target: .allDay(try CalendarDay(parsing: "2030-01-01")), created: Date())
        try await whileLocked(countdownPath) {
            do {
                try await countdowns.insert(countdown)
                Issue.record("a write went through a held lock")
            } catch StoreError.Code.busy {
                // A CountdownStoreError of code `.store`, wrapping the StoreError of code `.busy`.
            } catch {
                Issue.record("expected busy, got \(error)")
            }
        }
        let plannerPath = try TestPaths.temporaryDatabase()
        let plans = try PlannerStore(path: plannerPath)
        let planner = ViewingPlanner(clock: .fixed(at: Date(timeIntervalSince1970: 1_800_000_000), timeZone: .gmt))
        let show = try TrackedShow(show: AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60)), goal: .episodesPerDay(1),
                                   options: PlanOptions(start: planner.today), planner: planner)
        try await whileLocked(plannerPath) {
            let thrown = await #expect(throws: PlannerStoreError.self) { try await plans.insert(show) }
            let error = try #require(thrown)
            #expect(error.code == .store)
            let failure = try #require(error.storeError)
            #expect(failure.code == .busy && failure.path == plannerPath)
            #expect(failure.waited != nil)
            #expect(failure.underlying is DatabaseError, "SQLite's own error is kept")
            #expect(error.underlying as? StoreError == failure)
            #expect(StoreError.Code.busy ~= error, "the code matches the wrapper")
            #expect(!(StoreError.Code.readOnly ~= error))
        }
    }

    @Test func domainCodesMatchAndCarryTheirDetails() async throws {
        let store = try CountdownStore(path: try TestPaths.temporaryDatabase())
        let id = UUID()
        do {
            try await store.delete(id: id)
            Issue.record("deleted a countdown that does not exist")
        } catch CountdownStoreError.Code.notFound {
        } catch {
            Issue.record("expected notFound, got \(error)")
        }
        do {
            _ = try await store.importJSON(Data("{\"countdowns\": 3}".utf8))
            Issue.record("imported a document that is not one")
        } catch {
            #expect(error.code == .invalidImport && error.reason?.isEmpty == false && error.storeError == nil)
            #expect(error.errorDescription?.contains("nothing was imported") == true)
        }
        let long = String(repeating: "x", count: Countdown.Limits.titleLength + 1)
        let day = try CalendarDay(parsing: "2030-01-01")
        do {
            _ = try Countdown(title: long, target: .allDay(day), created: Date())
            Issue.record("a title past the limit was taken")
        } catch {
            #expect(CountdownError.Code.tooLong ~= error)
            #expect(error.subject == "title" && error.value == long.count && error.limit == Countdown.Limits.titleLength)
        }
        let planner = PlannerStoreError.changedID(from: 457, to: 5114)
        #expect(planner.code == .changedID && planner.id == 457 && planner.otherID == 5114 && planner.storeError == nil)
        #expect(PlannerStoreError.Code.changedID ~= planner && !(PlannerStoreError.Code.notFound ~= planner))
        // Codes print their names; errors print their sentence.
        #expect(StoreError.Code.newerSchema.description == "newerSchema")
        #expect(CountdownStoreError.Code.conflict.description == "conflict")
        #expect("\(StoreError.diskFull(path: "/data/x.sqlite"))".contains("/data/x.sqlite is full"))
    }

    @Test func equalErrorsIgnoreTheUnderlyingErrorOnly() {
        var a = StoreError.busy(path: "/x", waited: .seconds(1))
        let b = StoreError.busy(path: "/x", waited: .seconds(1))
        a.underlying = CancellationError()
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != StoreError.busy(path: "/x", waited: .seconds(2)))
        #expect(StoreError.newerSchema(path: "/x", unknownMigrations: ["v9"]) != StoreError.otherStore(path: "/x", migrations: ["v9"]))
        #expect(CountdownStoreError.store(a) == CountdownStoreError.store(b))
        #expect(CountdownStoreError.store(a) != CountdownStoreError.store(.readOnly(path: "/x")))
    }

    @Test func theSupportErrorsAreStructsWithCodesToo() throws {
        do {
            _ = try CalendarDay(parsing: "2023-02-29")
            Issue.record("a day that does not exist was made")
        } catch {
            #expect(error.code == .nonexistentDay && error.year == 2023 && error.month == 2 && error.day == 29)
        }
        do {
            _ = try TimeZone.named("Nowhere/Special")
            Issue.record("an unknown zone was found")
        } catch {
            #expect(error.code == .unknownTimeZone && error.text == "Nowhere/Special")
        }
        let plan = PlanError.tooFewDays(episodes: 12, days: 3, maximumPerDay: 3, earliestFinish: try CalendarDay(parsing: "2025-03-06"))
        #expect(PlanError.Code.tooFewDays ~= plan)
        #expect(plan.suggestedGoal == .finish(by: try CalendarDay(parsing: "2025-03-06")))
        let progress = ProgressError.alreadyWatched(episode: 3, watchedThrough: 5)
        #expect(progress.code == .alreadyWatched && progress.episode == 3 && progress.watchedThrough == 5)
    }
}
