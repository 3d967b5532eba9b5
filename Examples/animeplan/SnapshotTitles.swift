import AirdateHTTP
import Foundation
import JikanClient

/// Searches every show the offline snapshot records (the `anime_<id>.json` answers and the items of
/// the recorded searches), for offline queries that were not recorded as searches.
///
/// A show matches when any of its titles (default, English, Japanese, synonyms, other languages)
/// contains the query, ignoring case and diacritics, and it is listed exactly as a recorded Jikan
/// search lists it (``CatalogEntry/init(_:)``): `search mushishi` and `search Mushishi` show the same
/// title whichever way they are answered.
struct SnapshotTitles {
    private struct Envelope: Decodable { var data: JikanAnime }

    let folder: URL

    func search(_ text: String) throws -> [CatalogEntry] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601  // Jikan's instants: 2005-10-23T00:00:00+00:00
        var shows: [Int: JikanAnime] = [:]
        for file in files where file.hasPrefix("anime_") && file.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { continue }
            let name = file.dropFirst(6).dropLast(5)
            if Int(name) != nil || name.hasSuffix("_full") {
                if let anime = try? decoder.decode(Envelope.self, from: data).data { shows[anime.malID] = shows[anime.malID] ?? anime }
            } else if name.hasPrefix("search_"), let page = try? decoder.decode(JikanPage<JikanAnime>.self, from: data) {
                for anime in page.items { shows[anime.malID] = shows[anime.malID] ?? anime }
            }
        }
        let needle = text.trimmingCharacters(in: .whitespaces)
        return shows.values
            .filter { anime in
                ([anime.title] + anime.titles.map(\.title) + anime.titleSynonyms + [anime.titleEnglish, anime.titleJapanese].compactMap { $0 })
                    .contains { $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            }
            .sorted { $0.malID < $1.malID }
            .map(CatalogEntry.init)
    }
}

extension CatalogEntry {
    /// A search result as `JikanCatalog.search` lists Jikan's answer: the preferred (English, then
    /// default) title, the episode count, the airing status, the duration and the broadcast slot.
    init(_ anime: JikanAnime) {
        self.init(id: anime.malID, title: anime.preferredTitle,
                  titles: [anime.title] + anime.titles.map(\.title) + anime.titleSynonyms + [anime.titleEnglish, anime.titleJapanese].compactMap { $0 },
                  episodes: anime.episodes, status: anime.status?.rawValue ?? "?", duration: anime.durationText,
                  broadcast: anime.broadcast.text)
    }
}
