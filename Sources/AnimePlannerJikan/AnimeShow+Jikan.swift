public import AirdateCore
public import AirdateHTTP
public import AnimePlanner
public import Foundation
public import JikanClient

extension AnimeShow {
    /// A plannable show from a Jikan anime, judged at `now`.
    ///
    /// The id and the MyAnimeList id of `AnimeShow/externalIDs` are Jikan's `mal_id` (with the
    /// AniList, Kitsu and AniDB ids its external links name, when the anime carries them, as
    /// `Jikan/animeFull(id:)` gives them), the title is
    /// `preferredTitle`, the episode count Jikan's (`nil` while unknown),
    /// the episode length `duration` (MyAnimeList states it per episode), and the
    /// release schedule follows the typed `status` (see
    /// `ReleaseSchedule/init(status:slot:releasedEpisodes:asOf:)`): an airing show
    /// with a broadcast slot releases one episode at each broadcast.
    ///
    /// - Parameters:
    ///   - anime: the anime, as Jikan describes it.
    ///   - now: the instant the release count is taken at.
    ///   - releasedEpisodes: how many episodes were out at `now`, when known (from the episode list,
    ///     see ``JikanReleaseCount/released(_:asOf:)``); `nil` estimates one a week since the premiere.
    public init(_ anime: JikanAnime, releasedEpisodes: Int?, asOf now: Date) {
        let slot = anime.broadcastSlot
        var released = releasedEpisodes
        if released == nil, anime.status != .finishedAiring {
            let premiere = anime.aired.from.map { $0.start(in: slot?.timeZone ?? .gmt) }
            released = JikanReleaseCount.estimated(premiere: premiere, total: anime.episodes, asOf: now)
        }
        self.init(
            id: anime.malID, title: anime.preferredTitle, episodeCount: anime.episodes,
            episodeLength: anime.duration?.length,
            release: ReleaseSchedule(status: anime.status, slot: slot, releasedEpisodes: released ?? 0, asOf: now),
            externalIDs: ExternalIDs(animeLinks: (anime.externalLinks ?? []).compactMap(\.url)).filled(from: ExternalIDs(myAnimeList: anime.malID)))
    }
}

extension ExternalIDs {
    /// The anime ids that links to the trackers' pages name: MyAnimeList
    /// (`myanimelist.net/anime/<id>`), AniList (`anilist.co/anime/<id>`), Kitsu
    /// (`kitsu.app/anime/<id>`, `kitsu.io/anime/<id>`) and AniDB (`anidb.net/anime/<id>`, or the
    /// older `anidb.net/perl-bin/animedb.pl?…aid=<id>`); the first link of each service counts, other
    /// links are ignored. MyAnimeList's anime pages link the others in their "External Links".
    public init(animeLinks links: [URL]) {
        self.init()
        for link in links {
            guard let host = link.host?.lowercased() else { continue }
            let parts = link.path.split(separator: "/").map(String.init)
            func number(after word: String) -> Int? {
                guard let index = parts.firstIndex(of: word), index + 1 < parts.count, let value = Int(parts[index + 1]), value > 0
                else { return nil }
                return value
            }
            func matches(_ domain: String) -> Bool { host == domain || host.hasSuffix("." + domain) }
            if matches("myanimelist.net") {
                myAnimeList = myAnimeList ?? number(after: "anime")
            } else if matches("anilist.co") {
                aniList = aniList ?? number(after: "anime")
            } else if matches("kitsu.app") || matches("kitsu.io") {
                kitsu = kitsu ?? number(after: "anime")
            } else if matches("anidb.net") {
                let query = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems
                let aid = query?.first { $0.name == "aid" }?.value.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
                aniDB = aniDB ?? number(after: "anime") ?? aid
            }
        }
    }
}

extension ReleaseSchedule {
    /// The release schedule of a show with Jikan's airing `status` and broadcast `slot`, with
    /// `releasedEpisodes` out at `now`.
    ///
    /// Finished shows have everything released; shows not yet aired have nothing out, and shows
    /// airing (or of unknown status) have `releasedEpisodes` out. With a slot, the next episodes come
    /// one per broadcast (`weekly(slot:releasedEpisodes:asOf:)`); without one,
    /// plans stop at what is out (`releasedSoFar(_:)`).
    public init(status: JikanAiringStatus?, slot: BroadcastSlot?, releasedEpisodes: Int, asOf now: Date) {
        let released = status == .notYetAired ? 0 : max(0, releasedEpisodes)
        if status == .finishedAiring {
            self = .allReleased
        } else if let slot {
            self = .weekly(slot: slot, releasedEpisodes: released, asOf: now)
        } else {
            self = .releasedSoFar(released)
        }
    }
}

/// How many episodes of a Jikan anime are out at an instant.
public enum JikanReleaseCount {
    /// The episodes of `episodes` that aired at or before `now`; `nil` when the list is empty (Jikan
    /// lists no episodes for many airing shows, and an empty list says nothing).
    public static func released(_ episodes: [JikanAnimeEpisode], asOf now: Date) -> Int? {
        guard !episodes.isEmpty else { return nil }
        return episodes.count { episode in episode.aired.map { $0 <= now } ?? false }
    }

    /// One episode a week since `premiere` (the premiere week counting as one), at most `total`;
    /// 0 before the premiere or without one.
    public static func estimated(premiere: Date?, total: Int?, asOf now: Date) -> Int {
        guard let premiere, premiere <= now else { return 0 }
        let weeks = Int(now.timeIntervalSince(premiere) / (7 * 86_400)) + 1
        return total.map { min($0, weeks) } ?? weeks
    }
}

extension Jikan {
    /// Anime `id` as a plannable show at `clock`'s now: the anime, and for a show that has not
    /// finished airing its episode list, to count what is out (estimated from the premiere when
    /// the list is empty or cannot be read).
    ///
    /// ```swift
    /// let show = try await Jikan().plannableShow(id: 52991, at: .system())
    /// ```
    ///
    /// - Throws: `APIClientError` — the only error it can throw — when the anime itself cannot be
    ///   fetched.
    public func plannableShow(id: Int, at clock: ViewerClock) async throws(APIClientError) -> AnimeShow {
        let now = clock.now
        let anime = try await anime(id: id)
        var released: Int?
        if anime.status != .finishedAiring {
            var episodes: [JikanAnimeEpisode] = []
            let listing = await allEpisodes(ofAnime: id).listing()
            if case .failed = listing.end {
                released = nil  // the estimate below stands in for a list that cannot be read
            } else {
                episodes = listing.items
                released = JikanReleaseCount.released(episodes, asOf: now)
            }
        }
        return AnimeShow(anime, releasedEpisodes: released, asOf: now)
    }
}
