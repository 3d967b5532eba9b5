import AirdateCore
import AnimePlanner
import AnimePlannerJikan
import Foundation

/// One search result.
struct CatalogEntry: Sendable {
    var id: Int
    var title: String
    /// Every title the show goes by (default, English, Japanese, synonyms), for matching by title.
    var titles: [String] = []
    var episodes: Int?
    var status: String
    var duration: String?
    var broadcast: String?
}

/// Where shows come from.
protocol AnimeCatalog: Sendable {
    /// Shows whose title matches `text`.
    func search(_ text: String) async throws -> [CatalogEntry]
    /// The show `id` as the planner needs it, judged at `clock`'s now (what is released, what airs next).
    func show(id: Int, at clock: ViewerClock) async throws -> AnimeShow
    /// The week's broadcasts (the week of `clock`'s now) in `clock`'s time zone.
    func airingSchedule(at clock: ViewerClock) async throws -> AnimeAiringSchedule
}
