import AirdateCore
import GRDB

/// One row of the `watchEntry` table: a line of a show's watch log.
struct WatchEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "watchEntry"

    var rowID: Int64?
    var showID: Int
    var day: String
    var firstEpisode: Int
    var lastEpisode: Int

    init(showID: Int, entry: WatchEntry) {
        self.showID = showID
        day = entry.day.description
        firstEpisode = entry.episodes.lowerBound
        lastEpisode = entry.episodes.upperBound
    }

    func entry() throws(PlannerStoreError) -> WatchEntry {
        guard let value = CalendarDay(day), firstEpisode <= lastEpisode else {
            throw .corruptRow(id: showID, reason: "a watch-log line is not understood")
        }
        return WatchEntry(day: value, episodes: firstEpisode...lastEpisode)
    }
}
