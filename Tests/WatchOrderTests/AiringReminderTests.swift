import AirdateCore
import Foundation
import Testing
import WatchOrder

@Suite("Checklist: airing reminders of the episodes coming up")
struct AiringReminderTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    private func day(_ text: String) -> CalendarDay? { CalendarDay(text) }
    private func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }
    /// 2030-05-01 12:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_903_867_200)

    /// Alpha airs at known instants, Beta has air days only, Gamma is TBA.
    private func list() throws -> WatchList {
        let a = Show(name: "Alpha"), b = Show(name: "Beta"), c = Show(name: "Gamma")
        let at = { (hours: Double) in Date(timeIntervalSince1970: 1_903_867_200 + hours * 3600) }
        return try WatchList.merge([
            EpisodeList(show: a, episodes: [
                Episode(showID: a.id, season: 1, number: 1, title: "A1", airDay: day("2030-04-30"), broadcast: at(-30)),
                Episode(showID: a.id, season: 1, number: 2, title: "A2", airDay: day("2030-05-01"), broadcast: at(8)),
                Episode(showID: a.id, season: 1, number: 3, title: "A3", airDay: day("2030-05-08"), broadcast: at(8 + 7 * 24)),
            ]),
            EpisodeList(show: b, episodes: [
                Episode(showID: b.id, season: 1, number: 1, title: "B1", airDay: day("2030-05-02")),
                Episode(showID: b.id, season: 1, number: 2, title: "B2", airDay: day("2030-05-03")),
            ]),
            EpisodeList(show: c, episodes: [
                Episode(showID: c.id, season: 1, number: 1, title: "C1", airDay: nil),
            ]),
        ], showPriority: ["Alpha", "Beta", "Gamma"])
    }

    @Test("Broadcast instants and air days' starts, in firing order, within the days asked, none for aired or TBA episodes")
    func order() throws {
        let list = try list()
        let reminders = Checklist().airingReminders(in: list, after: now, through: try #require(day("2030-05-07")), in: utc)
        #expect(reminders.map(\.episode.title) == ["A2", "B1", "B2"])
        #expect(reminders[0].fireDate == now.addingTimeInterval(8 * 3600))
        #expect(reminders[0].isBroadcastTime)
        let may2 = try #require(day("2030-05-02"))
        #expect(reminders[1].fireDate == may2.start(in: utc))
        #expect(!reminders[1].isBroadcastTime)
        #expect(reminders.map(\.id) == ["alpha/s1e2/0", "beta/s1e1/0", "beta/s1e2/0"])
        // The last day is included: A3 airs on 2030-05-08.
        let longer = Checklist().airingReminders(in: list, after: now, through: try #require(day("2030-05-08")), in: utc)
        #expect(longer.map(\.episode.title) == ["A2", "B1", "B2", "A3"])
    }

    @Test("Air days begin in the viewer's zone; a lead time fires earlier and drops reminders already due")
    func zonesAndLeads() throws {
        let list = try list()
        let last = try #require(day("2030-05-07"))
        let inTokyo = Checklist().airingReminders(in: list, after: now, through: last, in: tokyo)
        let b1 = try #require(inTokyo.first { $0.episode.title == "B1" })
        let may2 = try #require(day("2030-05-02"))
        #expect(b1.airs == may2.start(in: tokyo))
        // A2 airs at 20:00 UTC; an hour's lead fires at 19:00.
        let early = Checklist().airingReminders(in: list, after: now, through: last, leadTime: .seconds(3600), in: utc)
        #expect(early[0].fireDate == now.addingTimeInterval(7 * 3600))
        #expect(early[0].id == "alpha/s1e2/3600")
        // A lead longer than the time left: the reminder would have fired already, so it is left out.
        let late = Checklist().airingReminders(in: list, after: now, through: last, leadTime: .seconds(9 * 3600), in: utc)
        #expect(late.map(\.episode.title) == ["B1", "B2"])
        #expect(Checklist().airingReminders(in: list, after: now, through: last, leadTime: .seconds(-60), in: utc).first?.leadTime == .zero)
    }

    @Test("Done, hidden, dropped and unselected shows have none; limit keeps the earliest")
    func followedOnly() throws {
        let list = try list()
        let last = try #require(day("2030-05-07"))
        #expect(Checklist(watched: [id("alpha/s1e2")]).airingReminders(in: list, after: now, through: last, in: utc).map(\.episode.title) == ["B1", "B2"])
        #expect(Checklist(skipped: [id("beta/s1e1")]).airingReminders(in: list, after: now, through: last, in: utc).map(\.episode.title) == ["A2", "B2"])
        #expect(Checklist(showStatus: ["beta": .dropped]).airingReminders(in: list, after: now, through: last, in: utc).map(\.episode.title) == ["A2"])
        #expect(Checklist(showStatus: ["alpha": .hidden]).airingReminders(in: list, after: now, through: last, in: utc).map(\.episode.title) == ["B1", "B2"])
        var selected = Checklist()
        selected.selectedShows = ["alpha"]
        #expect(selected.airingReminders(in: list, after: now, through: last, in: utc).map(\.episode.title) == ["A2"])
        #expect(Checklist().airingReminders(in: list, after: now, through: last, in: utc, limit: 2).map(\.episode.title) == ["A2", "B1"])
        #expect(Checklist().airingReminders(in: list, after: now, through: last, in: utc, limit: 0).isEmpty)
        // A last day before today lists nothing.
        #expect(Checklist().airingReminders(in: list, after: now, through: try #require(day("2030-04-01")), in: utc).isEmpty)
    }
}
