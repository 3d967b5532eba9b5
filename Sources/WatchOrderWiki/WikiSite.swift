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
