public import AirdateCore
public import AirdateHTTP
public import CountdownKit
import Foundation
public import JikanClient

extension FollowedShow {
    /// Follows `event` of an anime on MyAnimeList (through Jikan).
    public init(jikan anime: JikanAnime, event: Event) {
        self.init(catalog: .jikan, showID: anime.malID, event: event, showName: anime.preferredTitle)
    }
}

extension ShowSchedule {
    /// The next broadcast of `anime` after `clock`'s now, as MyAnimeList states it: for a show that has not
    /// aired yet, its first broadcast on or after its premiere day (episode 1), at its weekly slot, or
    /// on the premiere day when no slot is stated; for an airing show, its next weekly slot, with the
    /// episode number counted from the premiere at one a week; nothing scheduled for a finished show,
    /// one past its episode count or its last day, or one without a slot or a date.
    public init(jikanNextEpisodeOf anime: JikanAnime, at clock: ViewerClock) {
        let now = clock.now
        let status = anime.status
        if status == .finishedAiring {
            self.init(target: nil)
            return
        }
        if let premiere = anime.aired.from, status == .notYetAired || CalendarDay(containing: now, in: Self.zone(of: anime)) < premiere {
            self.init(target: Self.first(of: anime, on: premiere, after: now), episode: FollowedEpisode(number: 1))
            return
        }
        guard let slot = anime.broadcastSlot else {
            self.init(target: nil)
            return
        }
        let next = slot.nextBroadcast(after: now)
        // Past its last day (a show MyAnimeList has not marked finished yet): nothing more to count down to.
        if let last = anime.aired.to, CalendarDay(containing: next, in: slot.timeZone) > last {
            self.init(target: nil)
            return
        }
        // The episode, counted from the first broadcast at one a week (MyAnimeList lists no air
        // times per episode): an estimate a break or a double episode puts off.
        var episode: FollowedEpisode?
        if let premiere = anime.aired.from, case .timed(let first)? = Self.first(of: anime, on: premiere, after: now) {
            let weeks = Int((next.timeIntervalSince(first.date) / 604_800).rounded())
            let number = weeks + 1
            if let count = anime.episodes, number > count {
                self.init(target: nil)
                return
            }
            if weeks >= 0 { episode = FollowedEpisode(number: number) }
        }
        self.init(target: .instant(next, slot.timeZone), episode: episode)
    }

    /// The premiere of the next season: the first sequel in `sequels` (the anime MyAnimeList relates
    /// as "Sequel", fetched) that has not aired yet or premieres after `clock`'s now, at its first broadcast;
    /// nothing scheduled when no sequel has a premiere date ahead.
    public init(jikanNextSeasonFrom sequels: [JikanAnime], at clock: ViewerClock) {
        let now = clock.now
        let upcoming = sequels.compactMap { sequel -> (JikanAnime, CountdownTarget)? in
            guard sequel.status != .finishedAiring, let premiere = sequel.aired.from,
                  let target = Self.first(of: sequel, on: premiere, after: now), !target.hasPassed(by: now, in: Self.zone(of: sequel)) else {
                return nil
            }
            return (sequel, target)
        }
        guard let earliest = upcoming.min(by: { $0.1.start(in: .gmt) < $1.1.start(in: .gmt) }) else {
            self.init(target: nil)
            return
        }
        let (sequel, target) = earliest
        self.init(target: target, episode: FollowedEpisode(id: sequel.malID, number: 1, title: sequel.preferredTitle))
    }

    /// The first broadcast of `anime` on or after `premiere` (at its slot), or the premiere day.
    private static func first(of anime: JikanAnime, on premiere: CalendarDay, after now: Date) -> CountdownTarget? {
        guard let slot = anime.broadcastSlot else { return .allDay(premiere) }
        let dayBefore = premiere.start(in: slot.timeZone).addingTimeInterval(-1)
        return .instant(slot.nextBroadcast(after: dayBefore), slot.timeZone)
    }

    /// The zone MyAnimeList states broadcasts in: the slot's, else Japan's.
    private static func zone(of anime: JikanAnime) -> TimeZone {
        anime.broadcastSlot?.timeZone ?? TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    }
}

extension Jikan {
    /// What MyAnimeList says now about a followed anime: its next episode (`/anime/{id}`, one
    /// request), or its next season's premiere (`/anime/{id}/relations`, then each sequel, at most
    /// three).
    ///
    /// - Throws: `APIClientError` as the client does; `.invalidRequest` for a show of another catalog.
    public func schedule(of followed: FollowedShow, at clock: ViewerClock) async throws(APIClientError) -> ShowSchedule {
        guard followed.catalog == .jikan else {
            throw .invalidRequest(reason: "the countdown follows a show of \(followed.catalog), not MyAnimeList (Jikan)")
        }
        switch followed.event {
        case .nextEpisode:
            return ShowSchedule(jikanNextEpisodeOf: try await anime(id: followed.showID), at: clock)
        case .nextSeasonPremiere:
            let related = try await relations(ofAnime: followed.showID)
            let sequelIDs = related.filter { $0.relation.lowercased() == "sequel" }
                .flatMap(\.entries).filter { ($0.type ?? "anime").lowercased() == "anime" }.map(\.malID)
            var sequels: [JikanAnime] = []
            for id in sequelIDs.prefix(3) { sequels.append(try await anime(id: id)) }
            return ShowSchedule(jikanNextSeasonFrom: sequels, at: clock)
        }
    }

    /// A new countdown that follows `event` of the anime `malID`, at the date MyAnimeList gives now
    /// (or `placeholder`, marked unscheduled, when it gives none). Not stored: insert it.
    public func countdown(
        following malID: Int, event: FollowedShow.Event, placeholder: CountdownTarget, tags: [CountdownTag] = [],
        at clock: ViewerClock
    ) async throws -> Countdown {
        let now = clock.now
        let anime = try await self.anime(id: malID)
        let followed = FollowedShow(jikan: anime, event: event)
        let answer = event == .nextEpisode ? ShowSchedule(jikanNextEpisodeOf: anime, at: clock) : try await self.schedule(of: followed, at: clock)
        return try Countdown.following(followed, schedule: answer, placeholder: placeholder, tags: tags, created: now)
    }

    /// Asks MyAnimeList about every countdown in `store` that follows an anime and moves those whose
    /// date moved, in one write (see `CountdownStorage.refreshFollowed(catalog:noticedAt:stoppingOn:schedule:)`);
    /// stops at the first error that says Jikan cannot be reached or is rate limiting.
    public func refreshFollowed(in store: any CountdownStorage, at clock: ViewerClock) async throws(CountdownStoreError) -> FollowRefresh {
        try await store.refreshFollowed(catalog: .jikan, noticedAt: clock.now, stoppingOn: meansUnreachable) { followed in
            try await self.schedule(of: followed, at: clock)
        }
    }
}

/// Whether `error` says the service cannot be reached now (offline, timed out, rate limited,
/// failing, cancelled): asking about another show would fail the same way.
@Sendable func meansUnreachable(_ error: any Error) -> Bool {
    guard let error = error as? APIClientError else { return error is CancellationError }
    return [.transport, .timedOut, .stalled, .rateLimited, .cancelled, .server].contains(error.code)
}
