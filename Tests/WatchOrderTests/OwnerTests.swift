import AirdateCore
import AirdateStore
import Foundation
import GRDB
import Testing
@testable import WatchOrder

/// Owners on one file: two handles of different owners never see each other's watches, history,
/// undo log, orders, hidden shows or settings; the catalogue is shared.
@Suite("Owners of one store")
struct OwnerTests {
    typealias H = HistoryTests
    static let bob = StoreOwner(id: "bob")

    /// Everything an owner sees of their own.
    struct Own: Equatable {
        var watched: Set<EpisodeID>
        var skipped: Set<EpisodeID>
        var status: [String: ShowStatus]
        var hidesSpecials: Bool
        var selected: Set<String>?
        var savedOrders: [String]
        var chosen: String?
        var sessions: [String]
        var watches: Int
        var changes: Int

        static let nothing = Own(
            watched: [], skipped: [], status: [:], hidesSpecials: false, selected: nil, savedOrders: [], chosen: nil, sessions: [],
            watches: 0, changes: 0)
    }

    /// What `store` (any backend) shows its owner.
    static func own(_ store: some WatchOrderStorage) async throws -> Own {
        let state = try await store.state()
        let history = try await store.history()
        return Own(
            watched: state.checklist.watched, skipped: state.checklist.skipped, status: state.checklist.showStatus,
            hidesSpecials: state.checklist.hidesSpecials, selected: state.checklist.selectedShows,
            savedOrders: state.orders.filter { $0.origin == .user }.map(\.id), chosen: state.chosenOrderID,
            sessions: history.sessions.map(\.name), watches: history.watches.count, changes: try await store.changes(limit: 100).count)
    }

    /// Makes every kind of change an owner can make, through the storage protocol.
    static func changeEverything(_ store: some WatchOrderStorage, watching: String) async throws {
        try await store.watch([H.id("\(watching)/s1e1")], watchedAt: H.now)
        try await store.watch(show: watching, at: H.clock)
        try await store.skip([H.id("gamma/s1e1")])
        try await store.setStatus(.hidden, ofShow: "beta")
        try await store.setHidesSpecials(true)
        try await store.setSelectedShows([watching, "gamma"])
        try await store.startRewatch(named: "Again \(watching)", shows: [watching])
        try await store.saveOrder(NamedOrder(id: "\(watching)-first", title: "\(watching) first", rules: []))
        try await store.chooseOrder("\(watching)-first")
    }

    @Test("Two owners on one file see only their own watches, skips, statuses, settings, orders, sessions and changes")
    func isolation() async throws {
        let local = try await H.store()
        let bob = local.scoped(to: Self.bob)
        #expect(bob.owner == Self.bob && local.owner == .local && bob.path == local.path)
        try await Self.changeEverything(local, watching: "alpha")
        let localOwn = try await Self.own(local)
        #expect(localOwn.watched == Set((1...4).map { H.id("alpha/s1e\($0)") }))
        #expect(try await Self.own(bob) == .nothing)
        try await Self.changeEverything(bob, watching: "gamma")
        #expect(try await Self.own(local) == localOwn, "Bob's changes showed in the local owner's data")
        let bobOwn = try await Self.own(bob)
        #expect(bobOwn.watched == [H.id("gamma/s1e1"), H.id("gamma/s1e2")] && bobOwn.savedOrders == ["gamma-first"])
        #expect(bobOwn.sessions == ["Again gamma"] && bobOwn.chosen == "gamma-first")
        // A store opened on the path for Bob is the same as the scoped handle.
        let reopened = try WatchOrderStore(path: local.path, owner: Self.bob, clock: H.clock)
        #expect(try await Self.own(reopened) == bobOwn)
        // The catalogue is shared: a refresh through Bob's handle is the local owner's list too.
        try await bob.refresh(EpisodeList(show: Show(name: "Delta"), episodes: [
            Episode(showID: "delta", season: 1, number: 1, title: "Delta 1", airDay: CalendarDay("2023-03-01")),
        ]))
        #expect(try await local.state().lists.map(\.show.id).contains("delta"))
        // An order id is the owner's: the local owner's "gamma-first" is another order than Bob's.
        try await local.saveOrder(NamedOrder(id: "gamma-first", title: "Mine", rules: []))
        #expect(try await bob.orders().first { $0.id == "gamma-first" }?.title == "gamma first")
        #expect(try await bob.removeOrder(id: "gamma-first") == true)
        #expect(try await local.orders().first { $0.id == "gamma-first" }?.title == "Mine")
    }

    @Test("Undo takes back the owner's own last change, never another owner's")
    func undoIsPerOwner() async throws {
        let local = try await H.store()
        let bob = local.scoped(to: Self.bob)
        try await local.watch([H.id("alpha/s1e1")], watchedAt: H.now)
        try await bob.watch([H.id("beta/s1e1")], watchedAt: H.now)
        try await local.setHidesSpecials(true)
        // Bob's last change is his watch, although the local owner changed something since.
        let undone = try #require(try await bob.undo())
        #expect(undone.detail?.action == .watch && undone.summary == "Marked 1 episode watched")
        #expect(try await bob.state().checklist.watched.isEmpty)
        #expect(try await local.state().checklist.hidesSpecials)
        #expect(try await local.state().checklist.watched == [H.id("alpha/s1e1")])
        #expect(try await bob.undo() == nil)
        #expect(try await local.undo()?.detail?.action == .hidesSpecials)
        #expect(try await local.undo()?.detail?.action == .watch)
        #expect(try await local.changes().map(\.summary) == ["Specials hidden", "Marked 1 episode watched"])
        #expect(try await bob.changes().map(\.summary) == ["Marked 1 episode watched"])
    }

    @Test("Another owner's rows never stand in the way of an undo, an import or a rewatch")
    func noCrossTalk() async throws {
        let local = try await H.store()
        let bob = local.scoped(to: Self.bob)
        // The same episode skipped, a show hidden and a setting set by both: separate rows.
        try await local.skip([H.id("alpha/s1e1")])
        #expect(try await bob.skip([H.id("alpha/s1e1")]) == [H.id("alpha/s1e1")])
        try await local.setStatus(.dropped, ofShow: "beta")
        #expect(try await bob.setStatus(.hidden, ofShow: "beta") == .watching)
        // A rewatch of every show by one owner does not overlap the other's.
        try await local.startRewatch(named: "All of it")
        _ = try await bob.startRewatch(named: "Bob's", shows: ["alpha"])
        // An import matches against the owner's own watches.
        try await local.watch([H.id("gamma/s1e1")], watchedAt: H.now)
        let report = try await bob.importWatches([WatchToImport(episodeID: H.id("gamma/s1e1"), watchedAt: H.now)], source: "trakt")
        #expect(report.added.count == 1 && report.newlyWatched == [H.id("gamma/s1e1")])
        // Each owner undoes their own, in their own order.
        #expect(try await bob.undo()?.detail?.action == .importWatches)
        #expect(try await bob.undo()?.detail?.action == .startRewatch)
        #expect(try await bob.undo()?.detail?.action == .showStatus)
        #expect(try await local.state().checklist.showStatus == ["beta": .dropped])
        #expect(try await local.state().checklist.skipped == [H.id("alpha/s1e1")])
    }
}
