public import WatchOrder
public import Foundation

/// A MediaWiki site episode lists are read from: where its API and its articles live, and which
/// page shape it uses.
public struct WikiSite: Sendable, Hashable, Codable {
    /// The shape of the site's episode tables.
    public enum Shape: String, Sendable, Hashable, Codable {
        /// Wikipedia's `table.wikiepisodetable` lists.
        case wikipedia
        /// Fandom season pages' `table.wikitable`s.
        case fandom
    }

    /// The site's root, such as `https://en.wikipedia.org`.
    public var baseURL: URL
    /// The path of `api.php` below the root (`/w/api.php` on Wikipedia, `/api.php` on Fandom).
    public var apiPath: String
    /// The path articles live under, ending in `/` (`/wiki/`).
    public var articlePath: String
    /// The shape of its episode tables.
    public var shape: Shape

    /// A site.
    public init(baseURL: URL, apiPath: String, articlePath: String = "/wiki/", shape: Shape) {
        self.baseURL = baseURL
        self.apiPath = apiPath
        self.articlePath = articlePath
        self.shape = shape
    }

    /// The English Wikipedia.
    public static let englishWikipedia = WikiSite(
        baseURL: URL(string: "https://en.wikipedia.org") ?? URL(fileURLWithPath: "/"), apiPath: "/w/api.php", shape: .wikipedia)

    /// A Fandom community, such as `arrow` for `https://arrow.fandom.com`.
    public static func fandom(_ community: String) -> WikiSite {
        WikiSite(
            baseURL: URL(string: "https://\(community).fandom.com") ?? URL(fileURLWithPath: "/"), apiPath: "/api.php",
            shape: .fandom)
    }

    /// The article's path: spaces become underscores (`/wiki/List_of_Arrow_episodes`).
    func articlePath(of title: String) -> String {
        articlePath + title.replacingOccurrences(of: " ", with: "_")
    }

    /// The address of the article titled `title` on this site, as the wiki writes it: spaces become
    /// underscores and characters a path cannot hold are percent-encoded
    /// (`Flash vs. Arrow` → `https://en.wikipedia.org/wiki/Flash_vs._Arrow`, `What's Past Is Prologue?`
    /// → `…/wiki/What's_Past_Is_Prologue%3F`).
    public func articleURL(of title: String) -> URL {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " ", with: "_")
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%?#;")
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed
        var root = baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        let path = articlePath.hasPrefix("/") ? articlePath : "/" + articlePath
        return URL(string: root + path + encoded) ?? baseURL
    }

    /// `lists` with every episode that has no page of its own (`Episode.pageURL` is `nil`) linked to
    /// the article titled like it on this site — a wiki that keeps one article per episode, such as a
    /// Fandom community. When episodes of several of the shows share a title, each of them gets
    /// "Title (Show)", the way such wikis tell the articles apart ("Pilot (The Flash)").
    ///
    /// Episodes that have a page keep it; episodes whose title is not announced ("TBA") get none.
    /// The lists and their episodes keep their order.
    public func linkingEpisodeArticles(in lists: [EpisodeList]) -> [EpisodeList] {
        func key(_ title: String) -> String { title.lowercased() }
        var showsByTitle: [String: Set<String>] = [:]
        for list in lists {
            for episode in list.episodes { showsByTitle[key(episode.title), default: []].insert(list.show.id) }
        }
        return lists.map { list in
            var linked = list
            for index in linked.episodes.indices where linked.episodes[index].pageURL == nil {
                let title = linked.episodes[index].title
                guard !title.isEmpty, !["tba", "tbd", "untitled"].contains(title.lowercased()) else { continue }
                let shared = (showsByTitle[key(title)]?.count ?? 0) > 1
                linked.episodes[index].pageURL = articleURL(of: shared ? "\(title) (\(list.show.name))" : title)
            }
            return linked
        }
    }
}

/// One page that lists a show's episodes (all seasons, or one).
public struct WikiPage: Sendable, Hashable, Codable {
    /// The site.
    public var site: WikiSite
    /// The page's title, with spaces or underscores (`List of Arrow episodes`, `Season 3 (Arrow)`).
    public var title: String
    /// The show it lists.
    public var show: Show
    /// The season, for a season page whose tables and title do not say it.
    public var season: Int?

    /// A page.
    public init(site: WikiSite, title: String, show: Show, season: Int? = nil) {
        self.site = site
        self.title = title
        self.show = show
        self.season = season
    }

    /// The article's address, `<site>/wiki/<Title>`.
    public var articleURL: URL {
        site.baseURL.appendingPathComponent(String(site.articlePath(of: title).dropFirst()))
    }
}
