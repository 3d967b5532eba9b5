import Foundation
import JikanClient

/// Searches the titles of the recorded `anime_<id>.json` answers (decoded as `JikanAnime`), for
/// offline queries that were not recorded as searches.
struct SnapshotTitles {
    private struct Envelope: Decodable { var data: JikanAnime }

    let folder: URL

    func search(_ text: String) throws -> [CatalogEntry] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let needle = text.lowercased()
        return files.compactMap { file -> CatalogEntry? in
            guard file.hasPrefix("anime_"), file.hasSuffix(".json"), Int(file.dropFirst(6).dropLast(5)) != nil,
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                  let anime = try? JSONDecoder().decode(Envelope.self, from: data).data,
                  anime.title.lowercased().contains(needle) else { return nil }
            return CatalogEntry(id: anime.malID, title: anime.title, episodes: anime.episodes, status: anime.status?.rawValue ?? "?",
                                duration: anime.durationText, broadcast: anime.broadcast.text)
        }
    }
}
