import AirdateCore
import AnimePlanner
import Foundation

/// Reads the recorded Jikan snapshot (`Fixtures/jikan/anime_<id>.json` and
/// `anime_<id>_episodes_page-1.json`) directly, decoding only the fields the planner needs.
struct SnapshotCatalog: AnimeCatalog {
    private struct Envelope<Value: Decodable>: Decodable { var data: Value }
    private struct Anime: Decodable {
        struct Broadcast: Decodable { var day: String?; var time: String?; var timezone: String? }
        struct Aired: Decodable { var from: String? }
        var mal_id: Int
        var title: String
        var episodes: Int?
        var duration: String?
        var status: String?
        var broadcast: Broadcast?
        var aired: Aired?
    }
    private struct Episode: Decodable { var mal_id: Int; var aired: String? }

    let folder: URL

    private func load<Value: Decodable>(_ type: Value.Type, _ file: String) throws -> Value? {
        let url = folder.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(Envelope<Value>.self, from: data).data
    }

    func search(_ text: String) async throws -> [CatalogEntry] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let needle = text.lowercased()
        return try files.compactMap { file -> CatalogEntry? in
            guard file.hasPrefix("anime_"), file.hasSuffix(".json"),
                  Int(file.dropFirst(6).dropLast(5)) != nil, let anime = try load(Anime.self, file),
                  anime.title.lowercased().contains(needle) else { return nil }
            return CatalogEntry(id: anime.mal_id, title: anime.title, episodes: anime.episodes, status: anime.status ?? "?",
                                duration: anime.duration, broadcast: Self.slot(anime).map(Self.describe))
        }
    }

    func show(id: Int, now: Date) async throws -> AnimeShow {
        guard let anime = try load(Anime.self, "anime_\(id).json") else {
            throw CommandLineError.noResults("The offline snapshot has no anime \(id); run `animeplan --offline search TEXT` to see what it has.")
        }
        let slot = Self.slot(anime)
        let released: Int
        if let episodes = try load([Episode].self, "anime_\(id)_episodes_page-1.json"), !episodes.isEmpty {
            released = episodes.filter { episode in
                guard let text = episode.aired, let aired = try? ISO8601Instant(parsing: text).date else { return false }
                return aired <= now
            }.count
        } else {
            let premiere = anime.aired?.from.flatMap { try? ISO8601Instant(parsing: $0).date }
            released = JikanFacts.estimatedReleased(premiere: premiere, total: anime.episodes, now: now)
        }
        return AnimeShow(id: anime.mal_id, title: anime.title, episodeCount: anime.episodes,
                         episodeLength: anime.duration.flatMap(Self.length),
                         release: JikanFacts.release(status: anime.status, slot: slot, released: released, now: now))
    }

    private static func slot(_ anime: Anime) -> BroadcastSlot? {
        guard let weekday = JikanFacts.weekday(anime.broadcast?.day), let time = anime.broadcast?.time.flatMap(TimeOfDay.init),
              let zone = anime.broadcast?.timezone.flatMap(TimeZone.init(identifier:)) else { return nil }
        return BroadcastSlot(weekday: weekday, time: time, timeZone: zone)
    }

    static func describe(_ slot: BroadcastSlot) -> String {
        "\(slot.weekday.name)s at \(slot.time) (\(slot.timeZone.identifier))"
    }

    /// `"24 min per ep"`, `"1 hr 46 min"`, `"2 hr"`, `"30 sec"` → a duration; `nil` when no unit is read.
    static func length(_ text: String) -> Duration? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " })
        var seconds = 0
        var found = false
        for (index, word) in words.enumerated() where index > 0 {
            guard let number = Int(words[index - 1]) else { continue }
            switch word {
            case "hr", "hrs", "hour", "hours", "h": seconds += number * 3600
            case "min", "mins", "minute", "minutes", "m": seconds += number * 60
            case "sec", "secs", "second", "seconds", "s": seconds += number
            default: continue
            }
            found = true
        }
        return found && seconds > 0 ? .seconds(seconds) : nil
    }
}

/// The catalogs the command line can use.
enum Catalogs {
    /// The recorded snapshot.
    static func offline(folder: URL) throws -> any AnimeCatalog { SnapshotCatalog(folder: folder) }

    /// The Jikan API.
    static func live() throws -> any AnimeCatalog {
        throw CommandLineError.conflictingOptions("This build reads the offline snapshot only; pass --offline.")
    }
}
