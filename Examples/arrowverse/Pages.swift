import Foundation
import HTMLScrape
import WatchOrder
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The eleven series' Wikipedia pages (arrowverse.info's list); `season` for a one-season show whose
/// page names no season.
enum ArrowversePages {
    static let pages: [(show: String, page: String, season: Int?)] = [
        ("Arrow", "List_of_Arrow_episodes", nil),
        ("The Flash", "List_of_The_Flash_(2014_TV_series)_episodes", nil),
        ("Supergirl", "List_of_Supergirl_episodes", nil),
        ("Legends of Tomorrow", "List_of_Legends_of_Tomorrow_episodes", nil),
        ("Batwoman", "List_of_Batwoman_episodes", nil),
        ("Black Lightning", "List_of_Black_Lightning_episodes", nil),
        ("Superman & Lois", "List_of_Superman_%26_Lois_episodes", nil),
        ("Stargirl", "List_of_Stargirl_episodes", nil),
        ("Constantine", "Constantine_(TV_series)", 1),
        ("Vixen", "Vixen_(web_series)", nil),
        ("Freedom Fighters: The Ray", "Freedom_Fighters:_The_Ray", nil),
    ]
}

/// Reads the offline snapshot: the pages `pages.tsv` names (Wikipedia- and Fandom-shaped, one list
/// page per show or one page per season), one list per show in the manifest's order.
enum SnapshotPages {
    static func read(_ folder: URL) throws -> [EpisodeList] {
        let manifestURL = folder.appendingPathComponent("pages.tsv")
        let manifest: String
        do {
            manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        } catch {
            throw CommandLineError.unreadableFile(manifestURL.path, error.localizedDescription)
        }
        var lists: [EpisodeList] = []
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { continue }
            let url = folder.appendingPathComponent(fields[2])
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw CommandLineError.unreadableFile(url.path, error.localizedDescription)
            }
            let show = Show(name: fields[0])
            let season = fields.count > 3 ? Int(fields[3]) : nil
            let list = fields[1] == "fandom"
                ? MediaWikiEpisodeList.fandom(Document(bytes: data), show: show, season: season, sourceURL: url)
                : MediaWikiEpisodeList.wikipedia(Document(bytes: data), show: show, season: season, sourceURL: url)
            if let index = lists.firstIndex(where: { $0.show.id == show.id }) {
                lists[index] = lists[index].appending(list)
            } else {
                lists.append(list)
            }
        }
        return lists
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
                    show: Show(name: entry.show), season: entry.season, sourceURL: url)
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
