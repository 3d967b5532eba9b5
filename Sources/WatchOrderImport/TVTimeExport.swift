import AirdateCore
public import Foundation

/// TV Time's data export: the CSV files of its GDPR archive. `seen_episode.csv` holds one row per
/// episode watched — TheTVDB's show and episode ids, the show's name, season and episode numbers,
/// the instant (`created_at`, UTC) and the rewatch count; `followed_tv_show.csv` the shows followed,
/// with an `archived` flag. Columns are found by name (the archive's column names changed over the
/// years; the known synonyms are read), so their order does not matter.
///
/// ```swift
/// let history = try TVTimeExport.read(contentsOf: URL(fileURLWithPath: "tvtime-export.zip"))   // or the unpacked folder
/// ```
public enum TVTimeExport {
    /// The episode history's file name.
    public static let seenEpisodesFile = "seen_episode.csv"
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

    /// Reads an export: the ZIP archive TV Time sends (its `seen_episode.csv` and
    /// `followed_tv_show.csv` found by name in any folder inside it), the unpacked folder holding
    /// `seen_episode.csv` (and, when there, `followed_tv_show.csv`), or the `seen_episode.csv` file itself.
    ///
    /// An archive is read within bounds: at most 10,000 entries, ``maximumSize`` unpacked per file,
    /// ``maximumArchiveSize`` in all; entries stored or deflated, each checked against its declared
    /// size and checksum.
    ///
    /// - Throws: ``ExternalHistoryError`` — no `seen_episode.csv`, a file that is not TV Time's CSV
    ///   or is damaged, an archive cut off or damaged (`.malformed`), past the bounds (`.tooLarge`)
    ///   or using what is not read (`.unsupportedArchive`: encryption, ZIP64, other compression);
    ///   nothing is read from an export that fails.
    public static func read(contentsOf url: URL) throws(ExternalHistoryError) -> ExternalHistory {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(url.path) does not exist")
        }
        if isFolder.boolValue {
            let seen = url.appendingPathComponent(seenEpisodesFile)
            guard FileManager.default.fileExists(atPath: seen.path) else {
                throw ExternalHistoryError(.missingField, service: .tvTime, detail: "\(seenEpisodesFile) in \(url.path)")
            }
            let followed = url.appendingPathComponent(followedShowsFile)
            return try read(
                seenEpisodes: try contents(seen),
                followedShows: FileManager.default.fileExists(atPath: followed.path) ? try contents(followed) : nil)
        }
        if try isZipArchive(url) { return try readArchive(at: url) }
        let data = try contents(url)
        if url.lastPathComponent == followedShowsFile {
            throw ExternalHistoryError(.missingField, service: .tvTime, detail: "\(seenEpisodesFile) (this is the list of followed shows; give the folder holding both)")
        }
        return try read(seenEpisodes: data, followedShows: nil, seenName: url.lastPathComponent)
    }

    /// The newer exports' history file, which this reader does not read yet.
    static let trackingRecordsFile = "tracking-prod-records-v2.csv"
    /// The largest ZIP archive read (1 GiB).
    public static let maximumArchiveSize = 1 << 30

    private static func isZipArchive(_ url: URL) throws(ExternalHistoryError) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(url.path) cannot be read")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return head.starts(with: [0x50, 0x4B]) && (head.count < 4 || [[3, 4], [5, 6], [7, 8]].contains(Array(head.dropFirst(2))))
    }

    /// Reads the export's ZIP archive as TV Time sent it: `seen_episode.csv` and
    /// `followed_tv_show.csv` found by name in any folder of the archive.
    private static func readArchive(at url: URL) throws(ExternalHistoryError) -> ExternalHistory {
        let archiveName = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumArchiveSize else {
            throw ExternalHistoryError(.tooLarge, service: .tvTime, detail: "\(archiveName) is \(size >> 20) MB, more than \(maximumArchiveSize >> 20) MB")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ExternalHistoryError(.notThisFormat, service: .tvTime, detail: "\(url.path) cannot be read")
        }
        func failure(_ failure: ZipArchive.Failure) -> ExternalHistoryError {
            switch failure {
            case .damaged(let detail): ExternalHistoryError(.malformed, service: .tvTime, detail: "\(archiveName): \(detail)")
            case .unsupported(let detail): ExternalHistoryError(.unsupportedArchive, service: .tvTime, detail: "\(archiveName) uses \(detail)")
            case .tooLarge(let detail): ExternalHistoryError(.tooLarge, service: .tvTime, detail: "\(archiveName): \(detail)")
            }
        }
        do {
            let archive = try ZipArchive(data, maximumEntrySize: maximumSize)
            func entry(_ fileName: String) throws(ExternalHistoryError) -> ZipArchive.Entry? {
                let found = archive.entries.filter {
                    !$0.isFolder && $0.fileName == fileName && !$0.name.hasPrefix("__MACOSX/")
                }
                guard found.count <= 1 else {
                    throw ExternalHistoryError(.malformed, service: .tvTime,
                                               detail: "\(archiveName) holds \(found.count) files named \(fileName) (\(found.map(\.name).joined(separator: ", "))); unpack it and give one folder")
                }
                return found.first
            }
            guard let seen = try entry(seenEpisodesFile) else {
                let newer = try entry(trackingRecordsFile) != nil
                throw ExternalHistoryError(.missingField, service: .tvTime, detail: newer
                    ? "\(seenEpisodesFile) in \(archiveName) (it holds only \(trackingRecordsFile), the newer exports' history, which is not read yet)"
                    : "\(seenEpisodesFile) in \(archiveName)")
            }
            let followed = try entry(followedShowsFile)
            let seenData = try archive.contents(of: seen)
            let followedData = try followed.map { entry throws(ZipArchive.Failure) in try archive.contents(of: entry) }
            return try read(seenEpisodes: seenData, followedShows: followedData, seenName: seenEpisodesFile)
        } catch let error as ZipArchive.Failure {
            throw failure(error)
        } catch let error as ExternalHistoryError {
            throw error
        } catch {
            throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(archiveName): \(error)")
        }
    }

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
            let followed = try table(followedShows, file: followedShowsFile)
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
                    history.skipped.append(ExternalSkip(location: location, reason: "no show name or id"))
                    continue
                }
                let flag = field(archived)?.lowercased()
                guard flag == nil || ["0", "1", "true", "false", "yes", "no", "t", "f"].contains(flag ?? "") else {
                    throw ExternalHistoryError(.malformed, service: .tvTime, detail: "\(location): archived \"\(flag?.prefix(20) ?? "")\" is not yes or no")
                }
                history.follows.append(ExternalFollow(
                    show: ExternalShow(title: title, ids: ExternalIDs(theTVDB: id)),
                    archived: ["1", "true", "yes", "t"].contains(flag ?? ""),
                    followedAt: field(since).flatMap(ExportDates.parse), location: location))
            }
        }
        return history
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
