public import AirdateCore
public import Foundation

/// Which episodes of a show are out, and when the next ones come out.
///
/// A plan never puts an episode on a day before the viewer's calendar day (in the planner's time
/// zone) that contains its release.
public enum ReleaseSchedule: Sendable, Hashable, Codable {
    /// Every episode is out (a finished show).
    case allReleased
    /// `releasedEpisodes` episodes were out at `asOf`; the next ones come out one per week, at each
    /// broadcast of `slot` strictly after `asOf` (a show still airing, with a known broadcast slot).
    case weekly(slot: BroadcastSlot, releasedEpisodes: Int, asOf: Date)
    /// Only the first `releasedEpisodes` episodes are out and nothing is known about the next ones
    /// (a show still airing without a broadcast slot): plans stop there until the show is refreshed.
    case releasedSoFar(Int)

    /// The instant episode `episode` comes out, or `nil` when it is already out or its release is unknown
    /// (see `isKnownToBeReleased(_:at:)`).
    public func releaseInstant(ofEpisode episode: Int) -> Date? {
        guard case .weekly(let slot, let released, let asOf) = self, episode > released else { return nil }
        let (weeks, overflow) = episode.subtractingReportingOverflow(released)
        return slot.broadcast(overflow ? Int.max : weeks - 1, after: asOf)
    }

    /// The number of episodes out at `instant`, not counting past `total` when it is known.
    public func releasedEpisodes(asOf instant: Date, total: Int?) -> Int {
        let count: Int
        switch self {
        case .allReleased:
            return total ?? 0
        case .releasedSoFar(let released):
            count = released
        case .weekly(let slot, let released, let asOf):
            let first = slot.nextBroadcast(after: asOf)
            if instant < first {
                count = released
            } else {
                // Whole weeks since the first broadcast, then correct for daylight-saving drift
                // (at most the weeks to 9999-12-31, so that any instant is counted without trapping).
                let weeks = instant.timeIntervalSince(first) / (7 * 86_400)
                var extra = weeks.isNaN ? 0 : Int(min(max(weeks, 0), 530_000))
                while extra > 0, slot.broadcast(extra, after: asOf) > instant { extra -= 1 }
                while extra < 530_000, slot.broadcast(extra + 1, after: asOf) <= instant { extra += 1 }
                let (sum, overflow) = released.addingReportingOverflow(extra + 1)
                count = overflow ? Int.max : sum
            }
        }
        return total.map { min($0, max(0, count)) } ?? max(0, count)
    }
}
