import AirdateCore
import AirdateTestSupport
import Foundation
import HTMLScrape
import WatchOrder
import WatchOrderWiki

/// Paths and loaders of the Arrowverse snapshot's pages, read with `MediaWikiEpisodeList`.
enum TestSupport {
    static let packageRoot = TestPaths.packageRoot
    static let arrowverse = packageRoot.appendingPathComponent("Fixtures/arrowverse")
    static let sharedWiki = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/wiki")

    /// The eleven series, in `pages.tsv` order.
    static let shows = [
        "Arrow", "The Flash", "Supergirl", "Legends of Tomorrow", "Batwoman", "Black Lightning",
        "Superman & Lois", "Stargirl", "Constantine", "Vixen", "Freedom Fighters: The Ray",
    ]

    static func document(_ url: URL) throws -> Document {
        Document(bytes: try Data(contentsOf: url))
    }

    /// `pages.tsv`: the pages the snapshot is read from (show, reader, file, season if the page lacks it).
    static func manifest() throws -> [(show: String, reader: String, file: String, season: Int?)] {
        let text = try String(contentsOf: arrowverse.appendingPathComponent("pages.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1], fields[2], fields.count > 3 ? Int(fields[3]) : nil)
        }
    }

    /// One list per page of `pages.tsv`, in its order (a show read from several pages has several).
    static func arrowversePageLists() throws -> [EpisodeList] {
        try manifest().map { page in
            let url = arrowverse.appendingPathComponent(page.file)
            let show = Show(name: page.show)
            return page.reader == "fandom"
                ? MediaWikiEpisodeList.fandom(try document(url), show: show, season: page.season, sourceURL: url)
                : MediaWikiEpisodeList.wikipedia(try document(url), show: show, season: page.season, sourceURL: url)
        }
    }

    /// One list per show (its pages appended), in `pages.tsv` order: what `arrowverse` reads offline.
    static func arrowverseLists() throws -> [EpisodeList] {
        var lists: [EpisodeList] = []
        for list in try arrowversePageLists() {
            if let index = lists.firstIndex(where: { $0.show == list.show }) {
                lists[index] = lists[index].appending(list)
            } else {
                lists.append(list)
            }
        }
        return lists
    }

    static func arrowverseRules() throws -> OrderingRuleSet {
        try OrderingRuleSet(json: Data(contentsOf: arrowverse.appendingPathComponent("rules.json")))
    }

    /// The facts table: (show, season, number or nil, overall, title, ISO day, Fandom spelling of the title).
    static func facts() throws -> [(
        show: String, season: Int, number: Int?, overall: Int, title: String, day: String, fandomTitle: String
    )] {
        let text = try String(contentsOf: arrowverse.appendingPathComponent("episodes.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let fandom = fields.count > 6 && !fields[6].isEmpty ? fields[6] : fields[4]
            return (fields[0], Int(fields[1]) ?? -1, Int(fields[2]), Int(fields[3]) ?? -1, fields[4], fields[5], fandom)
        }
    }

    static func day(_ text: String) -> CalendarDay? { CalendarDay(text) }
}
