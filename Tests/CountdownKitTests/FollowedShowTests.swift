import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

/// Issue 30 part 5: a countdown that follows a show moves when the catalog moves the date, and keeps
/// a record of every move, in memory, in JSON and in the store.
@Suite struct FollowedShowTests {
    let zone = Fixture.zone("America/New_York")
    let now = Fixture.instant("2026-11-20T12:00:00Z")
    let show = FollowedShow(catalog: .tvmaze, showID: 1825, event: .nextEpisode, showName: "The Flash",
                            episode: FollowedEpisode(id: 100, season: 9, number: 1))

    private func at(_ text: String) -> CountdownTarget { .instant(Fixture.instant(text), zone) }

    @Test("every kind of move is recorded once, with what it moved from and to")
    func moves() throws {
        var countdown = try Countdown.following(show, schedule: ShowSchedule(target: at("2026-12-02T01:00:00Z"), episode: show.episode),
                                                placeholder: .allDay(Fixture.day("2027-12-31")), created: now)
        #expect(countdown.title == "The Flash: next episode")
        #expect(countdown.moves.isEmpty && !countdown.isUnscheduled)

        // The same date again: nothing moves; a title announced for the same episode updates it quietly.
        let unchanged1 = countdown.follow(ShowSchedule(target: at("2026-12-02T01:00:00Z"), episode: show.episode), noticedAt: now)
        #expect(unchanged1 == nil)
        let titled = FollowedEpisode(id: 100, season: 9, number: 1, title: "Wednesday Ever After")
        let unchanged2 = countdown.follow(ShowSchedule(target: at("2026-12-02T01:00:00Z"), episode: titled), noticedAt: now)
        #expect(unchanged2 == nil)
        #expect(countdown.following?.episode?.title == "Wednesday Ever After")
        #expect(countdown.moves.isEmpty)

        // Rescheduled: the same episode a week later.
        let later = now.addingTimeInterval(3600)
        let rescheduledMove = countdown.follow(ShowSchedule(target: at("2026-12-09T01:00:00Z"), episode: titled), noticedAt: later)
        let rescheduled = try #require(rescheduledMove)
        #expect(rescheduled.kind == .rescheduled)
        #expect(rescheduled.from == at("2026-12-02T01:00:00Z") && rescheduled.to == at("2026-12-09T01:00:00Z"))
        #expect(countdown.target == at("2026-12-09T01:00:00Z") && countdown.modified == later)

        // The catalog schedules nothing: recorded once, the last date kept.
        let goneMove = countdown.follow(ShowSchedule(target: nil), noticedAt: later)
        let gone = try #require(goneMove)
        #expect(gone.kind == .unscheduled && gone.to == at("2026-12-09T01:00:00Z"))
        let unchanged3 = countdown.follow(ShowSchedule(target: nil), noticedAt: later)
        #expect(unchanged3 == nil, "not recorded twice")
        #expect(countdown.isUnscheduled)

        // Scheduled again, with the next episode: "scheduled" (after nothing), then "next episode".
        let backMove = countdown.follow(ShowSchedule(target: at("2026-12-16T01:00:00Z"), episode: titled), noticedAt: later)
        let back = try #require(backMove)
        #expect(back.kind == .scheduled && !countdown.isUnscheduled)
        let next = FollowedEpisode(id: 101, season: 9, number: 2)
        let movedMove = countdown.follow(ShowSchedule(target: at("2026-12-23T01:00:00Z"), episode: next), noticedAt: later)
        let moved = try #require(movedMove)
        #expect(moved.kind == .nextEpisode && moved.fromEpisode?.id == 100 && moved.toEpisode?.id == 101)
        #expect(countdown.following?.episode == next)
        #expect(countdown.moves.map(\.kind) == [.rescheduled, .unscheduled, .scheduled, .nextEpisode])

        // A countdown that follows nothing is never moved.
        var plain = Fixture.countdown(1, "Plain", at("2026-12-02T01:00:00Z"))
        let unchanged4 = plain.follow(ShowSchedule(target: at("2027-01-01T00:00:00Z")), noticedAt: now)
        #expect(unchanged4 == nil)
        #expect(plain.target == at("2026-12-02T01:00:00Z"))
    }

    @Test("a new date brings an archived followed countdown back; the record is bounded")
    func archiveAndBound() throws {
        var countdown = try Countdown.following(show, schedule: ShowSchedule(target: at("2026-11-01T01:00:00Z")),
                                                placeholder: .allDay(Fixture.day("2027-12-31")), created: now)
        countdown.archived = now
        countdown.follow(ShowSchedule(target: at("2026-12-01T01:00:00Z")), noticedAt: now)
        #expect(countdown.archived == nil)
        for week in 0..<(Countdown.Limits.moves + 20) {
            countdown.follow(ShowSchedule(target: .instant(Fixture.instant("2027-01-01T01:00:00Z").addingTimeInterval(Double(week) * 604_800), zone)), noticedAt: now)
        }
        #expect(countdown.moves.count == Countdown.Limits.moves)
        #expect(countdown.moves.last?.to == .instant(Fixture.instant("2027-01-01T01:00:00Z").addingTimeInterval(Double(Countdown.Limits.moves + 19) * 604_800), zone))
    }

    @Test("nothing scheduled when followed: the placeholder, marked unscheduled; a premiere's title")
    func unscheduledFromTheStart() throws {
        let premiere = FollowedShow(catalog: .jikan, showID: 52991, event: .nextSeasonPremiere, showName: "Frieren")
        let countdown = try Countdown.following(premiere, schedule: ShowSchedule(target: nil), placeholder: .allDay(Fixture.day("2027-12-31")),
                                                tags: Fixture.tags("anime"), created: now)
        #expect(countdown.title == "Frieren: next season")
        #expect(countdown.isUnscheduled && countdown.target == .allDay(Fixture.day("2027-12-31")))
        #expect(ShowCatalog(rawValue: "TVMaze") == .tvmaze)
        #expect(FollowedEpisode(season: 2, number: 5).code(.padded) == "S02E05")
        #expect(FollowedEpisode(number: 12).code(.padded) == "E12")
        #expect(FollowedEpisode().code(.padded) == nil)
    }

    @Test("the show and its moves survive JSON and the store; store.follow moves several in one write")
    func persisted() async throws {
        var countdown = try Countdown.following(show, schedule: ShowSchedule(target: at("2026-12-02T01:00:00Z"), episode: show.episode),
                                                placeholder: .allDay(Fixture.day("2027-12-31")), created: now)
        countdown.follow(ShowSchedule(target: at("2026-12-09T01:00:00Z"), episode: show.episode), noticedAt: now)
        let decoded = try JSONDecoder().decode(Countdown.self, from: JSONEncoder().encode(countdown))
        #expect(decoded == countdown)

        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let other = try Countdown.following(FollowedShow(catalog: .jikan, showID: 5114, event: .nextEpisode, showName: "FMA"),
                                            schedule: ShowSchedule(target: nil), placeholder: .allDay(Fixture.day("2027-01-01")), created: now)
        let plain = Fixture.countdown(9, "Plain", at("2026-12-02T01:00:00Z"))
        try await store.insert(contentsOf: [countdown, other, plain])
        #expect(try await store.countdown(id: countdown.id) == countdown)

        let moves = try await store.follow([
            countdown.id: ShowSchedule(target: at("2026-12-16T01:00:00Z"), episode: show.episode),
            other.id: ShowSchedule(target: at("2027-01-04T15:00:00Z")),
            plain.id: ShowSchedule(target: at("2030-01-01T00:00:00Z")),
            Fixture.id(77): ShowSchedule(target: at("2030-01-01T00:00:00Z")),
        ], noticedAt: now)
        #expect(moves[countdown.id]?.kind == .rescheduled)
        #expect(moves[other.id]?.kind == .scheduled)
        #expect(moves[plain.id] == nil && moves[Fixture.id(77)] == nil, "only followed, stored countdowns move")
        let stored = try #require(try await store.countdown(id: countdown.id))
        #expect(stored.moves.map(\.kind) == [.rescheduled, .rescheduled])
        #expect(stored.target == at("2026-12-16T01:00:00Z"))
        #expect(try await store.countdown(id: plain.id) == plain)
        // Nothing new: nothing written, no moves.
        #expect(try await store.follow([countdown.id: ShowSchedule(target: at("2026-12-16T01:00:00Z"), episode: show.episode)], noticedAt: now).isEmpty)
    }
}
