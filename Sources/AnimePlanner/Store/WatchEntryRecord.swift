import AirdateCore
import AirdateStore
import GRDB

/// One row of the `watchEntry` table: a line of one owner's watch log of a show.
struct WatchEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "watchEntry"

    /// The columns the store's queries name.
    enum Columns {
        static let rowID = Column(CodingKeys.rowID)
        static let owner = Column(CodingKeys.owner)
        static let showID = Column(CodingKeys.showID)
    }

    /// The owner's lines, in the order they were written.
    static func rows(of owner: StoreOwner) -> QueryInterfaceRequest<WatchEntryRecord> {
        filter(Columns.owner == owner.id).order(Columns.rowID)
    }

    /// The owner's log of the show `showID`, in the order it was written.
    static func log(of showID: Int, owner: StoreOwner) -> QueryInterfaceRequest<WatchEntryRecord> {
        filter(Columns.owner == owner.id && Columns.showID == showID).order(Columns.rowID)
    }

    var rowID: Int64?
    /// The owner's `StoreOwner.id` (schema v2).
    var owner: String
    var showID: Int
    var day: String
    var firstEpisode: Int
    var lastEpisode: Int

    init(showID: Int, owner: StoreOwner, entry: WatchEntry) {
        self.owner = owner.id
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
