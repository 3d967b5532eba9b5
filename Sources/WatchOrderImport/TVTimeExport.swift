import AirdateCore
public import Foundation

/// TV Time's data export: the CSV files of its GDPR archive.
///
/// Two shapes of the history are read. The current exports' `tracking-prod-records-v2.csv` holds one
/// record per row, its kind in `key`: `watch-episode-…` (an episode watched: TheTVDB's show id `s_id`,
/// `series_name`, `season_number` and `episode_number` (or `s_no` and `ep_no`), TheTVDB's episode id
/// `episode_id` (or `ep_id`), the instant `created_at`, UTC), `rewatch-episode-…` (one more play,
/// with its own instant) and `user-series-…` (a show followed: `is_archived`, `followed_at`); other
/// records (movies, lists, counters) are skipped and counted. The older `seen_episode.csv` holds one
/// row per episode watched — TheTVDB's show and episode ids, the show's name, season and episode
/// numbers, the instant (`created_at`, UTC) and the rewatch count. `followed_tv_show.csv` lists the
/// shows followed, with an `archived` flag. Columns are found by name (the archive's column names
/// changed over the years; the known synonyms are read), so their order does not matter.
///
/// ```swift
/// let history = try TVTimeExport.read(contentsOf: URL(fileURLWithPath: "tvtime-export.zip"))   // or the unpacked folder
/// ```
public enum TVTimeExport {
    /// The older exports' episode history file name.
    public static let seenEpisodesFile = "seen_episode.csv"
    /// The current exports' history file name: watches, rewatches and followed shows, one record a row.
    public static let trackingRecordsFile = "tracking-prod-records-v2.csv"
    /// The followed shows' file name.
    public static let followedShowsFile = "followed_tv_show.csv"
    /// The largest file read (200 MB).
    public static let maximumSize = 200 << 20

    static let showIDColumns = ["tv_show_id", "tvdb_show_id", "show_id", "series_id", "tvdb_id"]
    static let showNameColumns = ["tv_show_name", "show_name", "series_name", "show"]
    static let episodeIDColumns = ["episode_id", "tvdb_episode_id"]
    static let seasonColumns = ["episode_season_number", "season_number", "season"]
    static let numberColumns = ["episode_number", "number", "episode"]
    static let instantColumns = ["created_at", "watched_at", "seen_at", "date"]
    static let rewatchColumns = ["rewatch_count", "rewatched", "nb_rewatch"]
    static let playColumns = ["times_watched", "plays", "watch_count"]
    static let archivedColumns = ["archived", "is_archived"]

    /// Reads an export: the ZIP archive TV Time sends, the unpacked folder, or one history file
    /// (`tracking-prod-records-v2.csv` or `seen_episode.csv`). In an archive or a folder the files
    /// are found by name in any folder: the history from `tracking-prod-records-v2.csv` when it is
    /// there (the current exports), else from `seen_episode.csv`; the followed shows from
    /// `followed_tv_show.csv` and the `user-series` records (the records' word wins for a show
    /// both name).
    ///
    /// An archive is read within bounds: at most 10,000 entries, ``maximumSize`` unpacked per file,
    /// ``maximumArchiveSize`` in all; entries stored or deflated, each checked against its declared
    /// size and checksum.
    ///
    /// - Throws: ``ExternalHistoryError`` — no history file (`.missingField`), a file that is not TV
    ///   Time's CSV or is damaged, an archive cut off or damaged (`.malformed`), past the bounds
    ///   (`.tooLarge`) or using what is not read (`.unsupportedArchive`: encryption, ZIP64, other
    ///   compression); nothing is read from an export that fails.
    public static func read(contentsOf url: URL) throws(ExternalHistoryError) -> ExternalHistory {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(url.path) does not exist")
        }
        let files: ExportFiles
        if isFolder.boolValue {
            files = try ExportFiles(folder: url, service: .tvTime, maximumFileSize: maximumSize)
        } else if try ExportFiles.isZipArchive(url, service: .tvTime) {
            files = try ExportFiles(archive: url, service: .tvTime, maximumFileSize: maximumSize, maximumArchiveSize: maximumArchiveSize)
        } else {
            let data = try contents(url)
            if url.lastPathComponent == followedShowsFile {
                throw ExternalHistoryError(.missingField, service: .tvTime, detail: "\(seenEpisodesFile) or \(trackingRecordsFile) (this is the list of followed shows; give the folder holding them)")
            }
            if url.lastPathComponent == trackingRecordsFile || (try? CSVTable.read(data))?.column(["key"]) != nil {
                return try read(trackingRecords: data, followedShows: nil, recordsName: url.lastPathComponent)
            }
            return try read(seenEpisodes: data, followedShows: nil, seenName: url.lastPathComponent)
        }
        let followed = try files.file(named: followedShowsFile).map { file throws(ExternalHistoryError) in try files.contents(of: file) }
        if let records = try files.file(named: trackingRecordsFile) {
            return try read(trackingRecords: try files.contents(of: records), followedShows: followed, recordsName: trackingRecordsFile)
        }
        guard let seen = try files.file(named: seenEpisodesFile) else {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "\(trackingRecordsFile) or \(seenEpisodesFile) in \(files.name)")
        }
        return try read(seenEpisodes: try files.contents(of: seen), followedShows: followed, seenName: seenEpisodesFile)
    }

    /// The largest ZIP archive read (1 GiB).
    public static let maximumArchiveSize = 1 << 30

    private static func contents(_ url: URL) throws(ExternalHistoryError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumSize else {
            throw ExternalHistoryError(.tooLarge, service: .tvTime, detail: "\(url.lastPathComponent) is \(size >> 20) MB, more than \(maximumSize >> 20) MB")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(url.path) cannot be read")
        }
    }

    /// Reads the export's files' contents: `seen_episode.csv` and, when given, `followed_tv_show.csv`.
    ///
    /// - Throws: ``ExternalHistoryError`` naming the file and line that is wrong.
    public static func read(seenEpisodes: Data, followedShows: Data? = nil) throws(ExternalHistoryError) -> ExternalHistory {
        try read(seenEpisodes: seenEpisodes, followedShows: followedShows, seenName: seenEpisodesFile)
    }

    /// Reads the files, naming the history `seenName` in locations and errors.
    static func read(seenEpisodes: Data, followedShows: Data?, seenName: String) throws(ExternalHistoryError) -> ExternalHistory {
        let seenEpisodesFile = seenName
        var history = ExternalHistory(service: .tvTime)
        let seen = try table(seenEpisodes, file: seenEpisodesFile)
        let showID = seen.column(showIDColumns), showName = seen.column(showNameColumns)
        let episodeID = seen.column(episodeIDColumns), season = seen.column(seasonColumns), number = seen.column(numberColumns)
        let instant = seen.column(instantColumns), rewatches = seen.column(rewatchColumns), plays = seen.column(playColumns)
        guard showID != nil || showName != nil else {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "a show column (tv_show_id or tv_show_name) in \(seenEpisodesFile)")
        }
        guard episodeID != nil || (season != nil && number != nil) else {
            throw ExternalHistoryError(.missingField, service: .tvTime,
                                       detail: "an episode column (episode_id, or episode_season_number and episode_number) in \(seenEpisodesFile)")
        }
        for (line, fields) in seen.records {
            let location = "\(seenEpisodesFile) line \(line)"
            guard fields.count == seen.header.count else {
                throw ExternalHistoryError(.malformed, service: .tvTime,
                                           detail: "\(location) has \(fields.count) fields, the header \(seen.header.count) (the file is cut off or broken)")
            }
            func field(_ index: Int?) -> String? {
                guard let index else { return nil }
                let value = fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            func whole(_ index: Int?, _ name: String) throws(ExternalHistoryError) -> Int? {
                guard let text = field(index) else { return nil }
                guard let value = Int(text), value >= 0, value < 1_000_000_000 else {
                    throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): \(name) \"\(text.prefix(40))\" is not a number")
                }
                return value
            }
            let show = ExternalShow(
                title: field(showName) ?? "", year: nil, ids: ExternalIDs(theTVDB: try whole(showID, seen.header[showID ?? 0]).flatMap { $0 > 0 ? $0 : nil }))
            let seasonNumber = try whole(season, "season"), episodeNumber = try whole(number, "episode number")
            let ids = ExternalIDs(theTVDB: try whole(episodeID, "episode_id").flatMap { $0 > 0 ? $0 : nil })
            let name = show.title.isEmpty ? (show.ids.theTVDB.map { "show \($0)" } ?? "a show") : show.title
            guard !show.title.isEmpty || !show.ids.isEmpty else {
                history.skipped.append(ExternalSkip(location: location, reason: "no show name or id"))
                continue
            }
            guard (seasonNumber != nil && episodeNumber != nil) || !ids.isEmpty else {
                history.skipped.append(ExternalSkip(location: location, reason: "\(name): no season and episode number, no episode id"))
                continue
            }
            var watchedAt: Date?
            if let text = field(instant) {
                guard let date = ExportDates.parse(text) else {
                    throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): \(seen.header[instant ?? 0]) \"\(text.prefix(40))\" is not a date")
                }
                watchedAt = date
            }
            var count = 1
            if let rewatched = try whole(rewatches, "rewatch count") { count = 1 + min(rewatched, 9_999) }
            if let total = try whole(plays, "play count") { count = max(1, min(total, 10_000)) }
            history.watches.append(ExternalWatch(
                show: show, season: seasonNumber, number: episodeNumber, ids: ids, watchedAt: watchedAt, plays: count, location: location))
        }
        if let followedShows {
            let (follows, skipped) = try readFollows(followedShows)
            history.follows = follows
            history.skipped += skipped
        }
        return history
    }

    /// The shows of `followed_tv_show.csv`, and its rows that name no show.
    private static func readFollows(_ data: Data) throws(ExternalHistoryError) -> ([ExternalFollow], [ExternalSkip]) {
        var follows: [ExternalFollow] = [], skipped: [ExternalSkip] = []
        let followed = try table(data, file: followedShowsFile)
        let showID = followed.column(showIDColumns), showName = followed.column(showNameColumns)
        let archived = followed.column(archivedColumns), since = followed.column(["created_at", "followed_at"])
        guard showID != nil || showName != nil else {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "a show column (tv_show_id or tv_show_name) in \(followedShowsFile)")
        }
        for (line, fields) in followed.records {
            let location = "\(followedShowsFile) line \(line)"
            guard fields.count == followed.header.count else {
                throw ExternalHistoryError(.malformed, service: .tvTime,
                                           detail: "\(location) has \(fields.count) fields, the header \(followed.header.count) (the file is cut off or broken)")
            }
            func field(_ index: Int?) -> String? {
                guard let index else { return nil }
                let value = fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            let id = field(showID).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            let title = field(showName) ?? ""
            guard id != nil || !title.isEmpty else {
                skipped.append(ExternalSkip(location: location, reason: "no show name or id"))
                continue
            }
            let archivedFlag = try flag(field(archived), name: "archived", location: location)
            follows.append(ExternalFollow(
                show: ExternalShow(title: title, ids: ExternalIDs(theTVDB: id)), archived: archivedFlag ?? false,
                followedAt: field(since).flatMap(ExportDates.parse), location: location))
        }
        return (follows, skipped)
    }

    /// A yes-or-no field (`1`, `true`, `yes`, `t` or the opposites, any case); `nil` when empty.
    private static func flag(_ text: String?, name: String, location: String) throws(ExternalHistoryError) -> Bool? {
        guard let text else { return nil }
        switch text.lowercased() {
        case "1", "true", "yes", "t": return true
        case "0", "false", "no", "f": return false
        default:
            throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): \(name) \"\(text.prefix(20))\" is not yes or no")
        }
    }

    // MARK: The current exports' records

    /// Reads the current exports' files: `tracking-prod-records-v2.csv` and, when given,
    /// `followed_tv_show.csv` (see ``TVTimeExport`` for the records read).
    ///
    /// - Throws: ``ExternalHistoryError`` naming the file and line that is wrong.
    public static func read(trackingRecords: Data, followedShows: Data? = nil) throws(ExternalHistoryError) -> ExternalHistory {
        try read(trackingRecords: trackingRecords, followedShows: followedShows, recordsName: trackingRecordsFile)
    }

    /// Reads the records, naming the file `recordsName` in locations and errors.
    static func read(trackingRecords: Data, followedShows: Data?, recordsName: String) throws(ExternalHistoryError) -> ExternalHistory {
        var history = ExternalHistory(service: .tvTime)
        let records = try table(trackingRecords, file: recordsName)
        guard let key = records.column(["key"]) else {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "the record kind column (key) in \(recordsName)")
        }
        let showID = records.column(["s_id", "series_id", "tv_show_id"]), showName = records.column(["series_name", "tv_show_name"])
        let season = records.column(["season_number", "s_no"]), number = records.column(["episode_number", "ep_no"])
        let episodeID = records.column(["episode_id", "ep_id"]), instant = records.column(["created_at", "watch_date"])
        let archived = records.column(["is_archived"]), followedSince = records.column(["followed_at"])
        guard showID != nil || showName != nil else {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "a show column (s_id or series_name) in \(recordsName)")
        }
        var recordFollows: [ExternalFollow] = []
        var otherKinds: [String: (count: Int, first: String)] = [:]
        for (line, fields) in records.records {
            let location = "\(recordsName) line \(line)"
            guard fields.count == records.header.count else {
                throw ExternalHistoryError(.malformed, service: .tvTime,
                                           detail: "\(location) has \(fields.count) fields, the header \(records.header.count) (the file is cut off or broken)")
            }
            func field(_ index: Int?) -> String? {
                guard let index else { return nil }
                let value = fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty || value == "<nil>" ? nil : value
            }
            func whole(_ index: Int?, _ name: String) throws(ExternalHistoryError) -> Int? {
                guard let text = field(index) else { return nil }
                guard let value = Int(text), value >= 0, value < 1_000_000_000 else {
                    throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): \(name) \"\(text.prefix(40))\" is not a number")
                }
                return value
            }
            func instantField(_ index: Int?) throws(ExternalHistoryError) -> Date? {
                guard let text = field(index) else { return nil }
                guard let date = ExportDates.parse(text) else {
                    throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): \(records.header[index ?? 0]) \"\(text.prefix(40))\" is not a date")
                }
                return date
            }
            let kind = Self.recordKind(field(key) ?? "")
            let show = ExternalShow(title: field(showName) ?? "", ids: ExternalIDs(theTVDB: try whole(showID, "s_id").flatMap { $0 > 0 ? $0 : nil }))
            switch kind {
            case "watch-episode", "rewatch-episode":
                let name = show.title.isEmpty ? (show.ids.theTVDB.map { "show \($0)" } ?? "a show") : show.title
                guard !show.title.isEmpty || !show.ids.isEmpty else {
                    history.skipped.append(ExternalSkip(location: location, reason: "no show name or id"))
                    continue
                }
                let seasonNumber = try whole(season, "season"), episodeNumber = try whole(number, "episode number")
                let ids = ExternalIDs(theTVDB: try whole(episodeID, "episode_id").flatMap { $0 > 0 ? $0 : nil })
                guard (seasonNumber != nil && episodeNumber != nil) || !ids.isEmpty else {
                    history.skipped.append(ExternalSkip(location: location, reason: "\(name): no season and episode number, no episode id"))
                    continue
                }
                history.watches.append(ExternalWatch(
                    show: show, season: seasonNumber, number: episodeNumber, ids: ids, watchedAt: try instantField(instant),
                    location: location))
            case "user-series":
                guard !show.title.isEmpty || !show.ids.isEmpty else {
                    history.skipped.append(ExternalSkip(location: location, reason: "a followed show with no name or id"))
                    continue
                }
                recordFollows.append(ExternalFollow(
                    show: show, archived: try flag(field(archived), name: "is_archived", location: location) ?? false,
                    followedAt: try instantField(followedSince), location: location))
            default:
                let shown = kind.isEmpty ? "a record with no kind" : kind
                if let seen = otherKinds[shown] {
                    otherKinds[shown] = (seen.count + 1, seen.first)
                } else {
                    otherKinds[shown] = (1, location)
                }
            }
        }
        // Records of other kinds (movies, lists, counters) are not episodes: one skip per kind, not per row.
        for (kind, seen) in otherKinds.sorted(by: { $0.value.first < $1.value.first }) {
            let reason = seen.count == 1 ? "a \(kind) record, not an episode watch"
                : "a \(kind) record, not an episode watch (and \(seen.count - 1) more like it)"
            history.skipped.append(ExternalSkip(location: seen.first, reason: reason))
        }
        history.follows = recordFollows
        if let followedShows {
            let (follows, skipped) = try readFollows(followedShows)
            history.skipped += skipped
            // The records are the newer word on a show both name.
            for follow in follows where !recordFollows.contains(where: { Self.sameShow($0.show, follow.show) }) {
                history.follows.append(follow)
            }
        }
        return history
    }

    /// A record's kind: its `key` without the id that ends it (`watch-episode-7c1f…` → `watch-episode`).
    static func recordKind(_ key: String) -> String {
        let known = ["rewatch-episode", "watch-episode", "user-series"]
        if let match = known.first(where: { key.hasPrefix($0 + "-") || key == $0 }) { return match }
        let words = key.split(separator: "-")
        return words.prefix(max(1, min(2, words.count - 1))).joined(separator: "-")
    }

    private static func sameShow(_ a: ExternalShow, _ b: ExternalShow) -> Bool {
        if let x = a.ids.theTVDB, let y = b.ids.theTVDB { return x == y }
        return !a.title.isEmpty && a.title.lowercased() == b.title.lowercased()
    }

    private static func table(_ data: Data, file: String) throws(ExternalHistoryError) -> CSVTable {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw ExternalHistoryError(.zipArchive, service: .tvTime, detail: "its \(seenEpisodesFile)") }
        guard data.count <= maximumSize else {
            throw ExternalHistoryError(.tooLarge, service: .tvTime, detail: "\(file) is \(data.count >> 20) MB, more than \(maximumSize >> 20) MB")
        }
        let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(file) is JSON, not CSV (a Trakt file? use --from trakt)")
        }
        do {
            return try CSVTable.read(data)
        } catch {
            switch error {
            case .empty:
                throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(file) is empty")
            case .notText:
                throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(file) is not UTF-8 text")
            case .unterminatedQuote(let line):
                throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(file) line \(line): a quoted field never ends (the file is cut off)")
            }
        }
    }

    // MARK: Writing

    /// Writes watches and followed shows as TV Time's two CSV files (the columns `read` reads):
    /// one `seen_episode.csv` row per episode with its first watch's instant and the number of
    /// rewatches; one `followed_tv_show.csv` row per show, archived when hidden or dropped.
    ///
    /// - Returns: the files' contents by name.
    public static func write(_ watches: [ExportedWatch], follows: [ExportedFollow]) -> [String: Data] {
        struct Key: Hashable { var show: String; var season: Int?; var number: Int?; var id: Int? }
        var order: [Key] = []
        var grouped: [Key: [ExportedWatch]] = [:]
        for watch in watches {
            let key = Key(show: watch.show.title, season: watch.season, number: watch.number, id: watch.ids.theTVDB)
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(watch)
        }
        let rows: [[String]] = order.compactMap { key in
            guard let group = grouped[key], let first = group.min(by: { ($0.watchedAt ?? .distantFuture) < ($1.watchedAt ?? .distantFuture) })
            else { return nil }
            return [
                first.ids.theTVDB.map(String.init) ?? "", first.show.ids.theTVDB.map(String.init) ?? "", first.show.title,
                first.season.map(String.init) ?? "", first.number.map(String.init) ?? "",
                first.watchedAt.map(ExportDates.tvTime) ?? "", String(group.count - 1),
            ]
        }
        let followRows = follows.map { follow in
            [follow.show.ids.theTVDB.map(String.init) ?? "", follow.show.title, follow.archived ? "1" : "0"]
        }
        return [
            seenEpisodesFile: CSVTable.write(
                header: ["episode_id", "tv_show_id", "tv_show_name", "episode_season_number", "episode_number", "created_at", "rewatch_count"],
                rows: rows),
            followedShowsFile: CSVTable.write(header: ["tv_show_id", "tv_show_name", "archived"], rows: followRows),
        ]
    }
}

/// A followed show to write into TV Time's `followed_tv_show.csv`.
public struct ExportedFollow: Sendable, Hashable {
    /// The show, with its ids.
    public var show: ExternalShow
    /// Whether it is put away (hidden or dropped).
    public var archived: Bool

    /// Creates a followed show.
    public init(show: ExternalShow, archived: Bool) {
        self.show = show
        self.archived = archived
    }
}
