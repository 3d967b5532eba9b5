import AirdateCore
import Foundation

/// The episodes a plan covers, with the viewer's day each of them comes out on.
struct EpisodeWindow {
    /// The first episode to plan.
    let first: Int
    /// The last episode to plan (`first - 1` when there is none).
    let last: Int
    /// The day each episode from `first` comes out on, `nil` when it is already out.
    let releaseDays: [CalendarDay?]
    /// The plan stops at the episodes out so far.
    let coversOnlyReleased: Bool

    init(show: AnimeShow, from first: Int, now: Date, timeZone: TimeZone) throws(PlanError) {
        guard first >= 1 else { throw .notPositive(what: "first episode", value: first) }
        let limits = PlannerLimits.episodes
        guard first <= limits.upperBound + 1 else {
            throw .outOfRange(what: "first episode", value: first, allowed: limits.lowerBound...(limits.upperBound + 1))
        }
        if let seconds = show.episodeSeconds, !PlannerLimits.episodeSeconds.contains(seconds) {
            throw .outOfRange(what: "episode length in seconds of \(show.title)", value: seconds, allowed: PlannerLimits.episodeSeconds)
        }
        if let count = show.episodeCount, !(0...limits.upperBound).contains(count) {
            throw .outOfRange(what: "episode count of \(show.title)", value: count, allowed: 0...limits.upperBound)
        }
        switch show.release {
        case .allReleased: break
        case .releasedSoFar(let released), .weekly(_, let released, _):
            guard (0...limits.upperBound).contains(released) else {
                throw .outOfRange(what: "number of episodes out of \(show.title)", value: released, allowed: 0...limits.upperBound)
            }
        }
        var last: Int
        var partial = false
        switch show.release {
        case .allReleased:
            guard let count = show.episodeCount else { throw .unknownEpisodeCount(title: show.title) }
            last = count
        case .releasedSoFar(let released):
            last = min(show.episodeCount ?? released, released)
            partial = show.episodeCount.map { released < $0 } ?? true
        case .weekly:
            if let count = show.episodeCount {
                last = count
            } else {
                last = min(show.releasedEpisodes(asOf: now), limits.upperBound)
                partial = true
            }
        }
        last = max(last, first - 1)
        self.first = first
        self.last = last
        self.coversOnlyReleased = partial
        var days: [CalendarDay?] = []
        days.reserveCapacity(last - first + 1)
        if first <= last {
            for episode in first...last {
                days.append(show.release.releaseInstant(ofEpisode: episode).map { CalendarDay(containing: $0, in: timeZone) })
            }
        }
        releaseDays = days
    }

    /// The last episode a plan of `show` made at `now` can cover: the total, or the episodes out so
    /// far while the total or the next releases are unknown; `nil` when neither is known (a finished
    /// show without a count).
    static func lastEpisode(of show: AnimeShow, now: Date) -> Int? {
        switch show.release {
        case .allReleased:
            return show.episodeCount
        case .releasedSoFar(let released):
            return min(show.episodeCount ?? released, released)
        case .weekly:
            return show.episodeCount ?? min(show.releasedEpisodes(asOf: now), PlannerLimits.episodes.upperBound)
        }
    }

    /// The number of episodes.
    var count: Int { last - first + 1 }

    /// The day `episode` comes out on, `nil` when it is already out.
    func releaseDay(_ episode: Int) -> CalendarDay? { releaseDays[episode - first] }

    /// Whether `episode` is out on `day`.
    func isOut(_ episode: Int, on day: CalendarDay) -> Bool {
        guard let release = releaseDays[episode - first] else { return true }
        return release <= day
    }
}
