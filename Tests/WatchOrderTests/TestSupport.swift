import AirdateCore
import AirdateTestSupport
import Foundation
@testable import WatchOrder

/// Paths and loaders shared by the WatchOrder tests (none reads a page: that is WatchOrderWikiTests' work).
enum TestSupport {
    static let packageRoot = TestPaths.packageRoot
    static let arrowverse = packageRoot.appendingPathComponent("Fixtures/arrowverse")

    /// The eleven series, in `pages.tsv` order.
    static let shows = [
        "Arrow", "The Flash", "Supergirl", "Legends of Tomorrow", "Batwoman", "Black Lightning",
        "Superman & Lois", "Stargirl", "Constantine", "Vixen", "Freedom Fighters: The Ray",
    ]

    /// One list per show, in `pages.tsv` order, built from the facts table `episodes.tsv` (the
    /// episodes the snapshot's pages list, as WatchOrderWikiTests checks): the Arrowverse without
    /// reading a page, so that WatchOrder's tests need no HTML parser.
    static func arrowverseLists() throws -> [EpisodeList] {
        var episodes: [String: [Episode]] = [:]
        for fact in try facts() {
            let showID = Show.slug(fact.show)
            episodes[showID, default: []].append(Episode(
                showID: showID, season: fact.season, number: fact.number, overall: fact.overall, title: fact.title,
                airDay: day(fact.day)))
        }
        return shows.map { name in EpisodeList(show: Show(name: name), episodes: episodes[Show.slug(name)] ?? []) }
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

    static func temporaryDirectory() throws -> URL {
        try TemporaryFiles.folder("watchorder")
    }
}

