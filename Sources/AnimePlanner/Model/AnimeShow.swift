public import Foundation

/// What the planner needs to know about one show: plain values, whatever API they came from.
///
/// ```swift
/// let show = AnimeShow(id: 52991, title: "Frieren", episodeCount: 28,
///                      episodeLength: .seconds(24 * 60), release: .allReleased, myAnimeListID: 52991)
/// ```
public struct AnimeShow: Sendable, Hashable, Codable, Identifiable {
    /// A stable identifier, such as the MyAnimeList id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The number of episodes, or `nil` while it is unknown (shows still airing).
    public var episodeCount: Int?
    /// How long one episode lasts, or `nil` when unknown (time budgets then cannot be planned).
    public var episodeLength: Duration?
    /// Which episodes are out and when the next ones come out.
    public var release: ReleaseSchedule
    /// The show's id on MyAnimeList, when known (Jikan's `mal_id`): what imports and exports of
    /// MyAnimeList lists match by. Shows stored before it existed read as `nil`.
    public var myAnimeListID: Int?

    /// Creates a show.
    public init(id: Int, title: String, episodeCount: Int?, episodeLength: Duration?,
                release: ReleaseSchedule = .allReleased, myAnimeListID: Int? = nil) {
        self.id = id
        self.title = title
        self.episodeCount = episodeCount
        self.episodeLength = episodeLength
        self.release = release
        self.myAnimeListID = myAnimeListID
    }

    /// Whether `other` states the same facts as this show at `now`: the same id, title, count,
    /// length and MyAnimeList id, and the same releases — a weekly schedule restated from a later
    /// instant, with the episodes that came out since, is the same schedule.
    public func hasSameFacts(as other: AnimeShow, asOf now: Date) -> Bool {
        guard id == other.id, title == other.title, episodeCount == other.episodeCount, episodeLength == other.episodeLength,
              myAnimeListID == other.myAnimeListID else { return false }
        switch (release, other.release) {
        case (.weekly(let slot, _, _), .weekly(let otherSlot, _, _)):
            return slot == otherSlot && releasedEpisodes(asOf: now) == other.releasedEpisodes(asOf: now)
        default:
            return release == other.release
        }
    }

    /// The number of episodes out at `instant`.
    public func releasedEpisodes(asOf instant: Date) -> Int {
        release.releasedEpisodes(asOf: instant, total: episodeCount)
    }

    /// The episode length in whole seconds, when known and positive.
    var episodeSeconds: Int? {
        guard let length = episodeLength else { return nil }
        let seconds = Int(length.components.seconds)
        return seconds > 0 ? seconds : nil
    }

    /// The episode length for sums of time: `nil` when unknown or outside ``PlannerLimits/episodeSeconds``
    /// (so sums never overflow).
    var countableEpisodeLength: Duration? {
        guard let seconds = episodeSeconds, PlannerLimits.episodeSeconds.contains(seconds) else { return nil }
        return .seconds(seconds)
    }
}
