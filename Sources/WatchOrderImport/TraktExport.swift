public import AirdateCore
public import Foundation

/// Trakt's export files: the watch history (`watched-history.json`, the shape of Trakt's
/// `GET /sync/history`: one item per play, with `watched_at`, `type`, `show` and `episode`) and the
/// watched shows (`watched-shows.json`, the shape of `GET /sync/watched/shows`: per show, seasons of
/// episodes with `plays` and `last_watched_at`). Both are read; the history is written.
///
/// Trakt's data export (Settings, Data) is a ZIP archive of such files, and splits a long history
/// over `watched-history-1.json`, `watched-history-2.json`, …: ``read(contentsOf:)`` reads the
/// archive, its unpacked folder or one file, every part of the history in order.
///
/// ```swift
/// let history = try TraktExport.read(contentsOf: URL(fileURLWithPath: "trakt-export.zip"))   // or the folder, or one file
/// let plan = ExternalHistoryMatcher(list: list).match(history)
/// ```
public enum TraktExport {
    /// The largest file read (200 MB, some two million plays).
    public static let maximumSize = 200 << 20
    /// The largest ZIP archive read (1 GiB).
    public static let maximumArchiveSize = 1 << 30
    /// The history's file name when the export holds it in one file; a longer history is split
    /// over `watched-history-1.json`, `watched-history-2.json`, ….
    public static let historyFile = "watched-history.json"
    /// The watched shows' file name (read when the export has no history).
    public static let watchedShowsFile = "watched-shows.json"

    /// Reads a history or watched-shows file. Movies and items that name no episode are skipped and
    /// reported in ``ExternalHistory/skipped``.
    ///
    /// - Throws: ``ExternalHistoryError`` — not Trakt's JSON (`.notThisFormat`), damaged
    ///   (`.malformed`, naming the item), too large, a ZIP archive (`.zipArchive`: read it with
    ///   ``read(contentsOf:)``); nothing is read from a file that fails.
    public static func read(_ data: Data) throws(ExternalHistoryError) -> ExternalHistory {
        var history = ExternalHistory(service: .trakt)
        var plays: [Int: String] = [:]
        try read(data, file: nil, into: &history, plays: &plays)
        return history
    }

    /// Reads Trakt's export as Trakt gives it: the ZIP archive, the unpacked folder, or one file.
    ///
    /// In an archive or a folder, the history is every `watched-history.json` and
    /// `watched-history-N.json` found by name (in any folder), the numbered parts in order and each
    /// play once (a play in two parts, by its Trakt history id, is read once and the repeat
    /// reported skipped); without a history, `watched-shows.json` (or its numbered parts) is read.
    /// Locations name the part: `watched-history-2.json item 3`.
    ///
    /// - Throws: ``ExternalHistoryError`` — no history and no watched shows (`.missingField`), a
    ///   numbered part missing (`.malformed`: `watched-history-2.json` when 1 and 3 are there), a
    ///   part that is not Trakt's JSON or is damaged, an archive cut off, damaged or using what is
    ///   not read (`.unsupportedArchive`), past the bounds (`.tooLarge`: ``maximumSize`` per file,
    ///   ``maximumArchiveSize`` for the archive); nothing is read from an export that fails.
    public static func read(contentsOf url: URL) throws(ExternalHistoryError) -> ExternalHistory {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ExternalHistoryError(.notThisFormat, service: .trakt, detail: "\(url.path) does not exist")
        }
        let files: ExportFiles
        if isFolder.boolValue {
            files = try ExportFiles(folder: url, service: .trakt, maximumFileSize: maximumSize)
        } else if try ExportFiles.isZipArchive(url, service: .trakt) {
            files = try ExportFiles(archive: url, service: .trakt, maximumFileSize: maximumSize, maximumArchiveSize: maximumArchiveSize)
        } else {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= maximumSize else {
                throw ExternalHistoryError(.tooLarge, service: .trakt, detail: "\(url.lastPathComponent) is \(size >> 20) MB, more than \(maximumSize >> 20) MB")
            }
            do {
                return try read(Data(contentsOf: url))
            } catch let error as ExternalHistoryError {
                throw error
            } catch {
                throw ExternalHistoryError(.notThisFormat, service: .trakt, detail: "\(url.path) cannot be read")
            }
        }
        var parts = try self.parts(of: "watched-history", in: files)
        if parts.isEmpty { parts = try self.parts(of: "watched-shows", in: files) }
        guard !parts.isEmpty else {
            throw ExternalHistoryError(.missingField, service: .trakt,
                                       detail: "\(historyFile) (or watched-history-1.json, …) and \(watchedShowsFile) in \(files.name)")
        }
        var history = ExternalHistory(service: .trakt)
        var plays: [Int: String] = [:]
        for part in parts {
            try read(try files.contents(of: part), file: parts.count == 1 ? nil : part.name, into: &history, plays: &plays)
        }
        return history
    }

    /// The files of one kind (`watched-history`): `<stem>.json` and `<stem>-N.json`, unnumbered
    /// first, then by number; all in one folder, the numbers from 1 with none missing.
    private static func parts(of stem: String, in files: ExportFiles) throws(ExternalHistoryError) -> [ExportFiles.File] {
        var numbered: [(number: Int, file: ExportFiles.File)] = []
        var plain: [ExportFiles.File] = []
        for file in files.files where file.name.hasPrefix(stem) && file.name.hasSuffix(".json") {
            let middle = file.name.dropFirst(stem.count).dropLast(".json".count)
            if middle.isEmpty {
                plain.append(file)
            } else if middle.first == "-", let number = Int(middle.dropFirst()), number >= 1, String(number) == middle.dropFirst() {
                numbered.append((number, file))
            }
        }
        let all = plain + numbered.sorted { $0.number < $1.number }.map(\.file)
        guard !all.isEmpty else { return [] }
        let folders = Set(all.map(\.folder))
        guard folders.count == 1 else {
            throw ExternalHistoryError(.malformed, service: .trakt,
                                       detail: "\(files.name) holds \(stem) files in \(folders.count) folders (\(all.map(\.path).joined(separator: ", "))); give one export")
        }
        let numbers = numbered.map(\.number).sorted()
        guard plain.count <= 1, numbers == Array(1...max(1, numbers.count)) || numbers.isEmpty else {
            let missing = (1...(numbers.last ?? 1)).filter { !numbers.contains($0) }
            let detail = plain.count > 1 ? "two files named \(stem).json"
                : missing.isEmpty ? "\(stem) parts numbered twice"
                : "\(missing.map { "\(stem)-\($0).json" }.joined(separator: ", ")) (parts \(numbers.map(String.init).joined(separator: ", ")) are there): the export is incomplete"
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(files.name) lacks \(detail)")
        }
        return all
    }

    /// Reads one file's items into `history`; `file` names the part in locations (`nil`: "item 3").
    /// `plays` maps the Trakt history ids read so far to their locations.
    private static func read(
        _ data: Data, file: String?, into history: inout ExternalHistory, plays: inout [Int: String]
    ) throws(ExternalHistoryError) {
        func fail(_ code: ExternalHistoryError.Code, _ detail: String) -> ExternalHistoryError {
            ExternalHistoryError(code, service: .trakt, detail: file.map { "\($0): \(detail)" } ?? detail)
        }
        guard data.count <= maximumSize else { throw fail(.tooLarge, "\(data.count >> 20) MB, more than \(maximumSize >> 20) MB") }
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw fail(.zipArchive, "its watched-history.json") }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let trimmed = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { throw fail(.malformed, "the file is empty") }
            if !(trimmed.hasPrefix("[") || trimmed.hasPrefix("{")) { throw fail(.notThisFormat, "it is not JSON") }
            throw fail(.malformed, "it is not complete JSON (cut off, or broken)")
        }
        guard let items = json.array else {
            if json["watched"] != nil, json["version"] != nil {
                throw fail(.notThisFormat, "it is an Airdate progress file (import it without --from)")
            }
            throw fail(.notThisFormat, "a JSON \(json.object != nil ? "object" : "value"), not Trakt's list of watched items")
        }
        for (index, item) in items.enumerated() {
            let location = (file.map { "\($0) " } ?? "") + "item \(index + 1)"
            guard let object = item.object else { throw fail(.malformed, "item \(index + 1) is not an object") }
            if object["seasons"] != nil || (object["plays"] != nil && object["watched_at"] == nil) {
                try readWatchedShow(object, location: location, into: &history)
            } else {
                if let id = object["id"]?.number, id >= 1, id < 1e15, id == id.rounded(), object["watched_at"] != nil {
                    if let first = plays[Int(id)] {
                        history.skipped.append(ExternalSkip(location: location, reason: "the same play as \(first) (Trakt history id \(Int(id)))"))
                        continue
                    }
                    plays[Int(id)] = location
                }
                try readHistoryItem(object, location: location, into: &history)
            }
        }
    }

    /// One `/sync/history` item.
    private static func readHistoryItem(_ object: [String: JSONValue], location: String, into history: inout ExternalHistory) throws(ExternalHistoryError) {
        let type = object["type"]?.string ?? (object["episode"] != nil ? "episode" : object["movie"] != nil ? "movie" : nil)
        guard let type else {
            throw ExternalHistoryError(.notThisFormat, service: .trakt, detail: "\(location) has no \"type\", \"episode\" or \"seasons\" (not a Trakt history item)")
        }
        guard type == "episode" else {
            let title = (object[type]?["title"]?.string).map { " (\($0))" } ?? ""
            history.skipped.append(ExternalSkip(location: location, reason: "a \(type)\(title), not an episode"))
            return
        }
        guard let showObject = object["show"]?.object, let episode = object["episode"]?.object else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location) is an episode without \"show\" or \"episode\"")
        }
        let show = try self.show(showObject, location: location)
        let watchedAt = try instant(object["watched_at"], field: "watched_at", location: location)
        let season = try integer(episode["season"], field: "episode.season", location: location)
        let number = try integer(episode["number"], field: "episode.number", location: location)
        let ids = try self.ids(episode["ids"], location: location)
        guard (season != nil && number != nil) || !ids.isEmpty else {
            history.skipped.append(ExternalSkip(location: location, reason: "\(show.title): an episode with no season, number or ids"))
            return
        }
        history.watches.append(ExternalWatch(
            show: show, season: season, number: number, title: episode["title"]?.string, ids: ids, watchedAt: watchedAt,
            location: location))
    }

    /// One `/sync/watched/shows` item: a show with seasons of episodes and their plays.
    private static func readWatchedShow(_ object: [String: JSONValue], location: String, into history: inout ExternalHistory) throws(ExternalHistoryError) {
        guard let showObject = object["show"]?.object else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location) has seasons but no \"show\"")
        }
        let show = try self.show(showObject, location: location)
        guard let seasons = object["seasons"]?.array else {
            history.skipped.append(ExternalSkip(location: location, reason: "\(show.title): no seasons (the file was exported without them)"))
            return
        }
        for (seasonIndex, seasonItem) in seasons.enumerated() {
            let seasonLocation = "\(location), season \(seasonIndex + 1)"
            guard let seasonObject = seasonItem.object,
                  let season = try integer(seasonObject["number"], field: "number", location: seasonLocation),
                  let episodes = seasonObject["episodes"]?.array
            else { throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(seasonLocation) has no number or episodes") }
            for (episodeIndex, episodeItem) in episodes.enumerated() {
                let episodeLocation = "\(seasonLocation), episode \(episodeIndex + 1)"
                guard let episode = episodeItem.object,
                      let number = try integer(episode["number"], field: "number", location: episodeLocation)
                else { throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(episodeLocation) has no number") }
                let plays = try integer(episode["plays"], field: "plays", location: episodeLocation) ?? 1
                guard plays >= 1 else {
                    history.skipped.append(ExternalSkip(location: episodeLocation, reason: "\(EpisodeCode(season: season, number: number, show: show.title).formatted(.withShow)): no plays"))
                    continue
                }
                let watchedAt = try instant(episode["last_watched_at"], field: "last_watched_at", location: episodeLocation)
                history.watches.append(ExternalWatch(
                    show: show, season: season, number: number, watchedAt: watchedAt, plays: min(plays, 10_000), location: episodeLocation))
            }
        }
    }

    private static func show(_ object: [String: JSONValue], location: String) throws(ExternalHistoryError) -> ExternalShow {
        guard let title = object["title"]?.string else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location): the show has no title")
        }
        let year = try integer(object["year"], field: "show.year", location: location)
        return ExternalShow(title: title, year: year, ids: try ids(object["ids"], location: location))
    }

    /// Trakt's `ids` object: `trakt`, `tvdb`, `imdb`, `tmdb` (others ignored); ids that are not
    /// ids (`imdb` not `tt…`, a negative number) are left out.
    private static func ids(_ value: JSONValue?, location: String) throws(ExternalHistoryError) -> ExternalIDs {
        guard let value, !value.isNull else { return .none }
        guard let object = value.object else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location): \"ids\" is not an object")
        }
        func id(_ key: String) -> Int? {
            if let double = object[key]?.number {
                return double >= 1 && double < 1e15 && double == double.rounded() ? Int(double) : nil
            }
            if let text = object[key]?.string, let number = Int(text), number >= 1 { return number }
            return nil
        }
        let imdb = object["imdb"]?.string.flatMap { ExternalIDs.isIMDbID($0) ? $0 : nil }
        return ExternalIDs(theTVDB: id("tvdb"), imdb: imdb, tmdb: id("tmdb"), trakt: id("trakt"))
    }

    private static func integer(_ value: JSONValue?, field: String, location: String) throws(ExternalHistoryError) -> Int? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.number, number == number.rounded(), abs(number) < 1e9 else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location): \(field) is not a whole number")
        }
        return Int(number)
    }

    private static func instant(_ value: JSONValue?, field: String, location: String) throws(ExternalHistoryError) -> Date? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.string else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location): \(field) is not a date")
        }
        if text == "unknown" || text == "released" || text.isEmpty { return nil }
        guard let date = ExportDates.parse(text) else {
            throw ExternalHistoryError(.malformed, service: .trakt, detail: "\(location): \(field) \"\(text.prefix(40))\" is not a date")
        }
        return date
    }

    // MARK: Writing

    /// Writes watches as Trakt's history (the shape `read` reads and Trakt's `POST /sync/history`
    /// takes): one item per watch, newest first as Trakt lists them, `watched_at` in UTC with
    /// milliseconds (`"unknown"` for a watch with no known time), the show's and episode's ids.
    ///
    /// - Parameter watches: each watch with its show and episode (season and number, or ids).
    public static func write(_ watches: [ExportedWatch]) -> Data {
        let sorted = watches.enumerated().sorted { a, b in
            switch (a.element.watchedAt, b.element.watchedAt) {
            case (let x?, let y?) where x != y: return x > y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.offset < b.offset
            }
        }.map(\.element)
        struct IDs: Encodable {
            var trakt: Int?, slug: String?, tvdb: Int?, imdb: String?, tmdb: Int?
            init(_ ids: ExternalIDs, slug: String? = nil) {
                (trakt, self.slug, tvdb, imdb, tmdb) = (ids.trakt, slug, ids.theTVDB, ids.imdb, ids.tmdb)
            }
        }
        struct Show: Encodable { var title: String, year: Int?, ids: IDs }
        struct Episode: Encodable { var season: Int?, number: Int?, title: String?, ids: IDs }
        struct Item: Encodable {
            var id: Int
            var watched_at: String
            var action = "watch", type = "episode"
            var show: Show
            var episode: Episode
        }
        let items = sorted.enumerated().map { index, watch in
            Item(
                id: sorted.count - index, watched_at: watch.watchedAt.map(ExportDates.iso) ?? "unknown",
                show: Show(title: watch.show.title, year: watch.show.year, ids: IDs(watch.show.ids, slug: slug(watch.show.title))),
                episode: Episode(season: watch.season, number: watch.number, title: watch.title, ids: IDs(watch.ids)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(items)) ?? Data("[]".utf8)
    }

    private static func slug(_ title: String) -> String {
        title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }
}

/// One watch to write into another service's format: the show, the episode (season and number, or
/// ids), when it was watched. Made from a store's history by ``ExternalHistoryWriter``.
public struct ExportedWatch: Sendable, Hashable {
    /// The show, with its ids.
    public var show: ExternalShow
    /// The season number.
    public var season: Int?
    /// The episode's number in its season.
    public var number: Int?
    /// The episode's title.
    public var title: String?
    /// The episode's ids.
    public var ids: ExternalIDs
    /// When it was watched; `nil` when no time is known.
    public var watchedAt: Date?

    /// Creates a watch to write.
    public init(show: ExternalShow, season: Int?, number: Int?, title: String? = nil, ids: ExternalIDs = .none, watchedAt: Date?) {
        self.show = show
        self.season = season
        self.number = number
        self.title = title
        self.ids = ids
        self.watchedAt = watchedAt
    }
}
