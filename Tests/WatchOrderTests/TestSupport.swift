import AirdateCore
import Foundation
import HTMLScrape
@testable import WatchOrder

/// Paths and loaders shared by the WatchOrder tests.
enum TestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let arrowverse = packageRoot.appendingPathComponent("Fixtures/arrowverse")
    static let sharedWiki = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/wiki")

    static let wikipediaPages: [(show: String, file: String)] = [
        ("Arrow", "List_of_Arrow_episodes.html"),
        ("The Flash", "List_of_The_Flash_(2014_TV_series)_episodes.html"),
        ("Supergirl", "List_of_Supergirl_episodes.html"),
        ("Legends of Tomorrow", "List_of_Legends_of_Tomorrow_episodes.html"),
        ("Batwoman", "List_of_Batwoman_episodes.html"),
    ]

    static func document(_ url: URL) throws -> Document {
        Document(bytes: try Data(contentsOf: url))
    }

    static func arrowverseLists() throws -> [EpisodeList] {
        try wikipediaPages.map { page in
            let url = arrowverse.appendingPathComponent("wikipedia").appendingPathComponent(page.file)
            return MediaWikiEpisodeList.wikipedia(try document(url), show: Show(name: page.show), sourceURL: url)
        }
    }

    static func arrowverseRules() throws -> OrderingRuleSet {
        try OrderingRuleSet(json: Data(contentsOf: arrowverse.appendingPathComponent("rules.json")))
    }

    /// The facts table: (show, season, number or nil, overall, title, ISO day).
    static func facts() throws -> [(show: String, season: Int, number: Int?, overall: Int, title: String, day: String)] {
        let text = try String(contentsOf: arrowverse.appendingPathComponent("episodes.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], Int(fields[1]) ?? -1, Int(fields[2]), Int(fields[3]) ?? -1, fields[4], fields[5])
        }
    }

    static func day(_ text: String) -> CalendarDay? { CalendarDay(text) }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watchorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
