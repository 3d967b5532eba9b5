import AirdateCore
import Foundation
import Testing
import WatchOrder
@testable import WatchOrderImport

/// Imports into a real store: the watches land with their instants and source, twice adds nothing,
/// a dry run writes nothing and reports the same, undo takes a whole import back, statuses are set
/// only on shows followed as usual.
@Suite("Importing into the store")
struct StoreImportTests {
    static func tvTimePlan() throws -> ExternalMatchPlan {
        ExternalHistoryMatcher(list: try Support.list()).match(try TVTimeExport.read(contentsOf: TVTimeExportTests.folder))
    }

    @Test("TV Time: watches with instants, rewatches as extra plays, archived shows dropped; twice adds nothing")
    func tvTime() async throws {
        let store = try await Support.store()
        let plan = try Self.tvTimePlan()
        let report = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime")
        #expect(report.added.count == 11 && report.alreadyThere.isEmpty)
        #expect(report.newlyWatched.count == 8 && report.unknown.isEmpty)
        #expect(report.statusChanges == [ShowStatusChange(showID: "the-flash", from: .watching, to: .dropped)])
        let history = try await store.history()
        #expect(history.watches.count == 11)
        #expect(history.watches.allSatisfy { $0.source == "tvtime" && $0.rewatch == nil })
        #expect(history.playCount(of: EpisodeID(rawValue: "supergirl/s1e1")) == 3)
        #expect(history.watches(of: EpisodeID(rawValue: "arrow/s1e1")).compactMap(\.watchedAt) == [Support.date("2019-05-01T20:00:00Z")])
        #expect(try await store.state().checklist.status(ofShow: "the-flash") == .dropped)
        let again = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime")
        #expect(again.added.isEmpty && again.alreadyThere.count == 11 && again.statusChanges.isEmpty)
        #expect(try await store.history().watches.count == 11)
        #expect(try await store.changes().count == 1)  // the second import changed nothing, so logged nothing
    }

    @Test("A dry run reports what a real run does and writes nothing")
    func dryRun() async throws {
        let store = try await Support.store()
        let plan = try Self.tvTimePlan()
        let dry = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime", dryRun: true)
        #expect(dry.dryRun && dry.added.count == 11 && dry.statusChanges.count == 1)
        #expect(try await store.history().watches.isEmpty)
        #expect(try await store.changes().isEmpty)
        #expect(try await store.state().checklist.showStatus.isEmpty)
        var real = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime")
        real.dryRun = true
        #expect(real == dry)
    }

    @Test("Undo takes a whole import back, marks made before kept")
    func undo() async throws {
        let store = try await Support.store()
        try await store.watch([EpisodeID(rawValue: "arrow/s1e1")], watchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let plan = try Self.tvTimePlan()
        let report = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime")
        #expect(report.newlyWatched.count == 7)  // arrow/s1e1 was watched already: its imported watches are more plays
        #expect(try await store.undo()?.kind == .importFile)
        let history = try await store.history()
        #expect(history.watches.map(\.episodeID.rawValue) == ["arrow/s1e1"])
        #expect(try await store.state().checklist.showStatus.isEmpty)
    }

    @Test("Matching instants within a second are the same watch; a watch without a time matches any watch not matched yet")
    func dedupe() async throws {
        let store = try await Support.store()
        let id = EpisodeID(rawValue: "arrow/s1e2")
        let at = Date(timeIntervalSince1970: 1_556_827_200)
        try await store.watch([id], watchedAt: at)
        let report = try await store.importWatches([
            WatchToImport(episodeID: id, watchedAt: at.addingTimeInterval(0.4)),
            WatchToImport(episodeID: id, watchedAt: nil),
            WatchToImport(episodeID: id, watchedAt: at.addingTimeInterval(86_400)),
            WatchToImport(episodeID: EpisodeID(rawValue: "nowhere/s1e1"), watchedAt: at),
        ], source: "trakt")
        #expect(report.alreadyThere.map(\.watchedAt) == [at.addingTimeInterval(0.4)])
        #expect(report.added.map(\.watchedAt) == [nil, at.addingTimeInterval(86_400), at])
        #expect(report.unknown == [EpisodeID(rawValue: "nowhere/s1e1")])
        #expect(try await store.history().playCount(of: id) == 3)
    }

    @Test("An import never changes a status the viewer set here")
    func statusesKept() async throws {
        let store = try await Support.store()
        try await store.setStatus(.dropped, ofShow: "the-flash")
        let report = try await store.importWatches([], showStatus: ["the-flash": .hidden, "arrow": .hidden, "supergirl": .watching], source: "tvtime")
        #expect(report.statusChanges == [ShowStatusChange(showID: "arrow", from: .watching, to: .hidden)])
        #expect(try await store.state().checklist.status(ofShow: "the-flash") == .dropped)
    }

    @Test("The matching rates of the fixtures (the numbers the note quotes)")
    func rates() throws {
        let trakt = ExternalHistoryMatcher(list: try Support.list()).match(try TraktExport.read(try Support.fixture("trakt/watched-history.json")))
        let tvTime = try Self.tvTimePlan()
        #expect((trakt.matched.count, trakt.unmatched.count, trakt.skipped.count) == (13, 4, 1))
        #expect((tvTime.matched.count, tvTime.unmatched.count, tvTime.skipped.count) == (8, 3, 1))
    }
}
