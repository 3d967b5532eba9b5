import AirdateCore
import AnimePlanner
import Foundation

/// One search result.
struct CatalogEntry: Sendable {
    var id: Int
    var title: String
    var episodes: Int?
    var status: String
    var duration: String?
    var broadcast: String?
}

/// Where shows come from.
protocol AnimeCatalog: Sendable {
    /// Shows whose title matches `text`.
    func search(_ text: String) async throws -> [CatalogEntry]
    /// The show `id` as the planner needs it, judged at `now` (what is released, what airs next).
    func show(id: Int, now: Date) async throws -> AnimeShow
}

/// Turning Jikan's facts into the planner's plain values.
enum JikanFacts {
    /// The release schedule from Jikan's status, broadcast slot and the episodes out at `now`.
    static func release(status: String?, slot: BroadcastSlot?, released: Int, now: Date) -> ReleaseSchedule {
        switch status {
        case "Finished Airing": return .allReleased
        case "Not yet aired": return slot.map { .weekly(slot: $0, releasedEpisodes: 0, asOf: now) } ?? .releasedSoFar(0)
        default: return slot.map { .weekly(slot: $0, releasedEpisodes: released, asOf: now) } ?? .releasedSoFar(released)
        }
    }

    /// Episodes out at `now` when no episode list says: one a week since the premiere.
    static func estimatedReleased(premiere: Date?, total: Int?, now: Date) -> Int {
        guard let premiere, premiere <= now else { return 0 }
        let weeks = Int(now.timeIntervalSince(premiere) / (7 * 86_400)) + 1
        return total.map { min($0, weeks) } ?? weeks
    }
}
