import Foundation

/// Searches the titles of the recorded `anime_<id>.json` answers, for offline queries that were
/// not recorded as searches.
struct SnapshotTitles {
    private struct Envelope: Decodable { var data: JikanAnime }
    private struct JikanAnime: Decodable {
        struct JikanBroadcast: Decodable { var string: String? }
        var mal_id: Int
        var title: String
        var episodes: Int?
        var duration: String?
        var status: String?
        var broadcast: JikanBroadcast?
    }

    let folder: URL

    func search(_ text: String) throws -> [CatalogEntry] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let needle = text.lowercased()
        return files.compactMap { file -> CatalogEntry? in
            guard file.hasPrefix("anime_"), file.hasSuffix(".json"), Int(file.dropFirst(6).dropLast(5)) != nil,
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                  let anime = try? JSONDecoder().decode(Envelope.self, from: data).data,
                  anime.title.lowercased().contains(needle) else { return nil }
            return CatalogEntry(id: anime.mal_id, title: anime.title, episodes: anime.episodes, status: anime.status ?? "?",
                                duration: anime.duration, broadcast: anime.broadcast?.string)
        }
    }
}
