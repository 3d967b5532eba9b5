import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

/// Issue 38, class 2: "hidden" and "dropped" are two features with two meanings. A hidden show is
/// shown nowhere until shown again; a dropped show (stopped following) leaves up next and coming
/// soon and stays listed with its progress.
@Suite("Hidden and dropped shows")
struct HiddenAndDroppedTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private var clock: ViewerClock { .fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: utc) }

    private func lists() -> [EpisodeList] {
        ["Alpha", "Beta", "Gamma"].map { Show(name: $0) }.enumerated().map { index, show in
            EpisodeList(show: show, episodes: [
                Episode(showID: show.id, season: 1, number: 1, title: "\(show.name) 1", airDay: CalendarDay("2020-01-0\(index + 1)")),
                Episode(showID: show.id, season: 1, number: 2, title: "\(show.name) 2", airDay: CalendarDay("2099-01-0\(index + 1)")),
            ])
        }
    }

    private func list() throws -> WatchList { try WatchList.merge(lists()) }

    @Test("hidden: out of the list, up next, coming soon, progress, visible shows and watch-through; dropped: only out of next and coming soon")
    func twoMeanings() throws {
        let list = try list()
        let checklist = Checklist(showStatus: ["beta": .hidden, "gamma": .dropped])
        let listed = Set(checklist.episodes(in: list).map(\.showID))
        #expect(listed == ["alpha", "gamma"], "the hidden show is not listed; the dropped one is")
        #expect(checklist.visibleShows(in: list).map(\.id) == ["alpha", "gamma"])
        #expect(checklist.progressByShow(in: list, at: clock).map(\.show.id) == ["alpha", "gamma"])
        #expect(checklist.progress(in: list, at: clock).total == 4)
        #expect(Set(checklist.upNextByShow(in: list, at: clock).keys) == ["alpha"])
        #expect(checklist.comingSoon(in: list, at: clock).map(\.showID) == ["alpha"])
        #expect(checklist.hiddenShows == ["beta"])
        let through = checklist.episodes(through: EpisodeID(rawValue: "gamma/s1e1"), in: list, at: clock)
        #expect(!through.contains { $0.rawValue.hasPrefix("beta/") }, "watch --through leaves a hidden show alone: \(through)")
    }

    @Test("hiding or showing a show is a change of the view settings, so an open list is rebuilt")
    func hidingIsASettingsChange() async throws {
        let store = try WatchOrderStore(path: try TestSupport.temporaryDirectory().appendingPathComponent("hidden.sqlite").path, clock: clock)
        try await store.refresh(lists())
        let before = try await store.state()
        try await store.setStatus(.hidden, ofShow: "beta")
        let after = try await store.state()
        #expect(after.changes(since: before).settingsChanged)
        #expect(!after.checklist.isVisible(try #require(after.lists.first { $0.show.id == "beta" }?.episodes.first)))
    }

    private func store(_ name: String) async throws -> WatchOrderStore {
        let store = try WatchOrderStore(path: try TestSupport.temporaryDirectory().appendingPathComponent(name).path, clock: clock)
        try await store.refresh(lists())
        return store
    }

    @Test("setHiddenShows is the one setting: exactly these hidden, a dropped show kept, a selection of shows turned into it, one undo")
    func oneHiddenSetting() async throws {
        let store = try await store("one-setting.sqlite")
        try await store.setStatus(.dropped, ofShow: "gamma")
        try await store.setSelectedShows(["alpha", "gamma"])  // what `shows --only` wrote before: beta unselected
        try await store.setHiddenShows(["beta"])
        let state = try await store.state()
        #expect(state.checklist.selectedShows == nil, "the selection is the hidden setting now")
        #expect(state.checklist.hiddenShows == ["beta"])
        #expect(state.checklist.status(ofShow: "gamma") == .dropped)
        try await store.setHiddenShows(["alpha"])
        let after = try await store.state().checklist
        #expect(after.hiddenShows == ["alpha"] && after.status(ofShow: "beta") == .watching)
        let changes = try await store.changes()
        #expect(changes.first?.summary == "Hidden: alpha")
        try await store.undo()
        #expect(try await store.state().checklist.hiddenShows == ["beta"], "one undo takes the whole change back")
    }

    @Test("a progress file carries the hidden and dropped shows, and an import restores them")
    func progressFileCarriesStatuses() async throws {
        let source = try await store("statuses-source.sqlite")
        try await source.watch([EpisodeID(rawValue: "alpha/s1e1")])
        try await source.setStatus(.hidden, ofShow: "beta")
        try await source.setStatus(.dropped, ofShow: "gamma")
        let data = try await source.exportProgress(exportedAt: clock.now)
        let target = try await store("statuses-target.sqlite")
        try await target.setStatus(.hidden, ofShow: "alpha")
        let report = try await target.importProgress(data, dryRun: false)
        #expect(report.showStatus?.to == ["beta": .hidden, "gamma": .dropped])
        #expect(try await target.state().checklist.showStatus == ["beta": .hidden, "gamma": .dropped])
    }
}
