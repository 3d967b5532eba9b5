import Foundation
import HTMLScrape
import WatchOrder
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The five shows' Wikipedia pages.
enum ArrowversePages {
    static let pages: [(show: String, page: String)] = [
        ("Arrow", "List_of_Arrow_episodes"),
        ("The Flash", "List_of_The_Flash_(2014_TV_series)_episodes"),
        ("Supergirl", "List_of_Supergirl_episodes"),
        ("Legends of Tomorrow", "List_of_Legends_of_Tomorrow_episodes"),
        ("Batwoman", "List_of_Batwoman_episodes"),
    ]
}

/// Reads the offline snapshot.
enum SnapshotPages {
    static func read(_ folder: URL) throws -> [EpisodeList] {
        try ArrowversePages.pages.map { entry in
            let url = folder.appendingPathComponent("wikipedia").appendingPathComponent(entry.page + ".html")
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw CommandLineError.unreadableFile(url.path, error.localizedDescription)
            }
            return MediaWikiEpisodeList.wikipedia(Document(bytes: data), show: Show(name: entry.show), sourceURL: url)
        }
    }
}

/// Fetches the real pages, reporting each on stderr; a failed page is reported and the others kept.
enum LivePages {
    static func fetch() async throws -> [EpisodeList] {
        var lists: [EpisodeList] = []
        let session = URLSession(configuration: .ephemeral)
        for (index, entry) in ArrowversePages.pages.enumerated() {
            guard let url = URL(string: "https://en.wikipedia.org/wiki/" + entry.page) else { continue }
            let prefix = "[\(index + 1)/\(ArrowversePages.pages.count)] \(entry.show)"
            do {
                var request = URLRequest(url: url)
                request.setValue("Airdate-arrowverse/1.0 (example of the Airdate Swift package)", forHTTPHeaderField: "User-Agent")
                let (data, response) = try await session.data(for: request)
                if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                    Stderr.line("\(prefix): HTTP \(http.statusCode), skipped")
                    continue
                }
                let list = MediaWikiEpisodeList.wikipedia(
                    Document(bytes: data, transportEncoding: (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")),
                    show: Show(name: entry.show), sourceURL: url)
                Stderr.line("\(prefix): \(list.episodes.count) episodes, \(list.diagnostics.count) notes")
                lists.append(list)
            } catch {
                Stderr.line("\(prefix): \(error.localizedDescription), skipped")
            }
        }
        guard !lists.isEmpty else { throw CommandLineError.allPagesFailed }
        return lists
    }
}

enum Stderr {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
