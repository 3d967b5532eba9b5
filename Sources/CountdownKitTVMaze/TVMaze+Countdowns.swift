public import AirdateCore
public import AirdateHTTP
public import CountdownKit
import Foundation
public import TVMazeClient

extension FollowedShow {
    /// Follows `event` of a TVMaze show.
    public init(tvmaze show: TVMazeShow, event: Event) {
        self.init(catalog: .tvmaze, showID: show.id, event: event, showName: show.name)
    }
}

extension FollowedEpisode {
    /// A TVMaze episode's id, season, number and title.
    public init(tvmaze episode: TVMazeEpisode) {
        self.init(id: episode.id, season: episode.season, number: episode.number, title: episode.name.isEmpty ? nil : episode.name)
    }
}

extension CountdownTarget {
    /// When a TVMaze episode airs: its instant on the wall clock of the network's zone (the
    /// broadcaster's country; UTC when TVMaze gives none), or its day when TVMaze gives no time;
    /// `nil` when it has no date at all.
    public init?(tvmaze episode: TVMazeEpisode, of show: TVMazeShow?) {
        let zone = show?.broadcaster?.country?.timeZone ?? TimeZone(identifier: "UTC") ?? .gmt
        if episode.airtime != nil, let instant = episode.airstamp {
            self = .instant(instant, zone)
        } else if let day = episode.airdate {
            self = .allDay(day)
        } else if let instant = episode.airstamp {
            self = .allDay(CalendarDay(containing: instant, in: zone))
        } else {
            return nil
        }
    }
}

extension ShowSchedule {
    /// What TVMaze's next episode of `show` says: its air time and the episode, or nothing scheduled
    /// when TVMaze links no next episode (or one without a date).
    public init(tvmazeNextEpisode episode: TVMazeEpisode?, of show: TVMazeShow) {
        guard let episode, let target = CountdownTarget(tvmaze: episode, of: show) else {
            self.init(target: nil)
            return
        }
        self.init(target: target, episode: FollowedEpisode(tvmaze: episode))
    }

    /// The premiere of the next season of `show` after `clock`'s now: the first season numbered after the
    /// latest one that has begun (in the network's zone), at its first episode's air time when
    /// TVMaze lists it (`episodes`, the show's episodes), else on the season's premiere day; nothing
    /// scheduled when no later season has a date.
    public init(tvmazeNextSeasonOf show: TVMazeShow, seasons: [TVMazeSeason], episodes: [TVMazeEpisode], at clock: ViewerClock) {
        let now = clock.now
        let zone = show.broadcaster?.country?.timeZone ?? TimeZone(identifier: "UTC") ?? .gmt
        let today = CalendarDay(containing: now, in: zone)
        // The latest season that has begun (its premiere, or any episode, on or before today).
        let begun = seasons.filter { season in (season.premiereDate.map { $0 <= today } ?? false) }.map(\.number)
            + episodes.filter { episode in (episode.airstamp.map { $0 <= now } ?? false) || (episode.airdate.map { $0 < today } ?? false) }
                .map(\.season)
        let current = begun.max() ?? 0
        // Candidates: each later season's first episode, else its premiere day.
        var candidates: [(season: Int, target: CountdownTarget, episode: FollowedEpisode)] = []
        for number in Set(seasons.map(\.number) + episodes.map(\.season)) where number > current {
            let first = episodes.filter { $0.season == number }
                .min { ($0.number ?? Int.max, $0.airdate ?? .latest) < ($1.number ?? Int.max, $1.airdate ?? .latest) }
            if let first, let target = CountdownTarget(tvmaze: first, of: show) {
                candidates.append((number, target, FollowedEpisode(tvmaze: first)))
            } else if let day = seasons.first(where: { $0.number == number })?.premiereDate {
                candidates.append((number, .allDay(day), FollowedEpisode(season: number, number: 1)))
            }
        }
        guard let next = candidates.min(by: { $0.season < $1.season }), !next.target.hasPassed(by: now, in: zone) else {
            self.init(target: nil)
            return
        }
        self.init(target: next.target, episode: next.episode)
    }
}

extension TVMaze {
    /// What TVMaze says now about a followed show: its next episode (`/shows/{id}?embed[]=nextepisode`,
    /// one request), or its next season's premiere (`/shows/{id}`, its seasons and episodes).
    ///
    /// - Throws: `APIClientError` as the client does; `.invalidRequest` for a show of another catalog.
    public func schedule(of followed: FollowedShow, at clock: ViewerClock) async throws(APIClientError) -> ShowSchedule {
        guard followed.catalog == .tvmaze else {
            throw .invalidRequest(reason: "the countdown follows a show of \(followed.catalog), not TVMaze")
        }
        switch followed.event {
        case .nextEpisode:
            let show = try await self.show(id: followed.showID, embedding: [.nextEpisode])
            return ShowSchedule(tvmazeNextEpisode: show.embedded.nextEpisode, of: show)
        case .nextSeasonPremiere:
            let show = try await self.show(id: followed.showID)
            let seasons = try await self.seasons(ofShow: followed.showID)
            let episodes = try await self.episodes(ofShow: followed.showID)
            return ShowSchedule(tvmazeNextSeasonOf: show, seasons: seasons, episodes: episodes, at: clock)
        }
    }

    /// A new countdown that follows `event` of the TVMaze show `showID`, at the date TVMaze gives
    /// now (or `placeholder`, marked unscheduled, when TVMaze has none). Not stored: insert it.
    public func countdown(
        following showID: Int, event: FollowedShow.Event, placeholder: CountdownTarget, tags: [CountdownTag] = [],
        at clock: ViewerClock
    ) async throws -> Countdown {
        let now = clock.now
        let show = try await self.show(id: showID)
        let followed = FollowedShow(tvmaze: show, event: event)
        return try Countdown.following(followed, schedule: try await schedule(of: followed, at: clock), placeholder: placeholder,
                                       tags: tags, created: now)
    }

    /// Asks TVMaze about every countdown in `store` that follows a TVMaze show and moves those whose
    /// date moved, in one write (see `CountdownStorage.refreshFollowed(catalog:noticedAt:stoppingOn:schedule:)`);
    /// stops at the first error that says TVMaze cannot be reached or is rate limiting.
    public func refreshFollowed(in store: any CountdownStorage, at clock: ViewerClock) async throws(CountdownStoreError) -> FollowRefresh {
        try await store.refreshFollowed(catalog: .tvmaze, noticedAt: clock.now, stoppingOn: meansUnreachable) { followed in
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
