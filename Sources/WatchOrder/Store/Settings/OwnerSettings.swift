import GRDB
import AirdateCore
import AirdateStore
import Foundation

/// One owner's view settings, as stored (`setting`): whether specials are hidden and which shows are
/// followed. With the owner's watches they make the ``Checklist``.
struct OwnerSettings {
    /// A `setting` row.
    struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "setting"
        var owner: String
        var key: String
        var value: String
    }

    /// The keys.
    enum Key: String {
        case hidesSpecials, selectedShows
    }

    /// Whose settings.
    var owner: String

    private var settings: QueryInterfaceRequest<SettingRecord> { SettingRecord.filter(Column("owner") == owner) }

    /// Every stored setting, by key.
    func values(_ db: Database) throws -> [String: String] {
        Dictionary(try settings.fetchAll(db).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Stores a setting, updated in place (so the change log keeps the value before) and only when
    /// it differs; `nil` removes it.
    func write(_ key: Key, _ value: String?, in db: Database) throws {
        let current = settings.filter(Column("key") == key.rawValue)
        guard let value else {
            try current.deleteAll(db)
            return
        }
        if var stored = try current.fetchOne(db) {
            guard stored.value != value else { return }
            stored.value = value
            try stored.update(db)
        } else {
            try SettingRecord(owner: owner, key: key.rawValue, value: value).insert(db)
        }
    }

    static func value(hidesSpecials: Bool) -> String { hidesSpecials ? "1" : "0" }

    static func value(selectedShows: Set<String>?) -> String? {
        selectedShows.map { $0.sorted().joined(separator: "\n") }
    }

    /// The owner's checklist: their watches, skips, show statuses, active rewatches and settings.
    func checklist(_ db: Database) throws -> Checklist {
        let watches = OwnerWatches(owner: owner)
        let values = try values(db)
        return Checklist(
            watched: try watches.watched(db), hidesSpecials: values[Key.hidesSpecials.rawValue] == "1",
            selectedShows: values[Key.selectedShows.rawValue].map { Set($0.split(separator: "\n").map(String.init)) },
            skipped: try watches.skipped(db), showStatus: try watches.statusByShow(db),
            rewatches: try watches.withWatched(try watches.activeSessions(db), in: db))
    }
}
