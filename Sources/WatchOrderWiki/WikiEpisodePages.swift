import AirdateCore
public import AirdateHTTP
public import Foundation
import HTMLScrape
public import WatchOrder

/// Reads episode lists from wiki pages through the shared HTTP stack (paced, retried, cached,
/// typed errors, a descriptive User-Agent as Wikipedia's policy asks).
///
/// Each page is asked of the MediaWiki parse API first (`api.php?action=parse&prop=text`, edit
/// links left out), which returns the article's tables without the site's chrome; when the API
/// fails or its HTML holds no episodes, the article URL itself is fetched. One HTTP client per site
/// keeps each site's pace.
///
/// ```swift
/// let pages = WikiEpisodePages()
/// let arrow = try await pages.episodeList(WikiPage(site: .englishWikipedia, title: "List of Arrow episodes",
///                                                  show: Show(name: "Arrow")))
/// ```
public actor WikiEpisodePages {
    /// `Airdate/0.1 (https://github.com/airdate/airdate; …)`: who is asking and where to learn more.
    public static let defaultUserAgent = "Airdate/0.1 (https://github.com/airdate/airdate; WatchOrderWiki; Swift)"

    private let userAgent: String
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>
    private let retry: RetryPolicy
    private let rateLimits: [RateLimit]
    private let requestTimeout: Duration?
    private let idleTimeout: Duration?
    private var clients: [URL: APIClient] = [:]

    /// A reader sending `userAgent` through `transport`, at most `rateLimits` per site (one request
    /// a second by default), retrying with `retry`, timed by `clock`; each request ends after
    /// `requestTimeout`, or after `idleTimeout` without a byte (`APIClientConfiguration`'s defaults
    /// unless given: a test against a loopback server on a busy machine gives generous ones).
    public init(
        userAgent: String = WikiEpisodePages.defaultUserAgent,
        transport: any HTTPTransport = URLSessionTransport(),
        rateLimits: [RateLimit] = [RateLimit(limit: 1, per: .seconds(1))],
        retry: RetryPolicy = RetryPolicy(),
        requestTimeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.userAgent = userAgent
        self.transport = transport
        self.rateLimits = rateLimits
        self.retry = retry
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.clock = clock
    }

    /// The episodes `page` lists.
    ///
    /// - Throws: ``WikiPageError/Code/pageNotFound``, ``WikiPageError/Code/fetchFailed``
    ///   (with the HTTP failure), or ``WikiPageError/Code/noEpisodes`` for a page without
    ///   a readable episode table — never an empty list.
    public func episodeList(_ page: WikiPage) async throws(WikiPageError) -> EpisodeList {
        let client = client(for: page.site)
        var notes: [String] = []
        // 1. The parse API.
        do {
            let answer: ParseAnswer = try await client.get(parseRequest(page))
            if let error = answer.error {
                if error.code == "missingtitle" || error.code == "invalidtitle" {
                    throw WikiPageError.pageNotFound(title: page.title, site: page.site.baseURL.host ?? page.site.baseURL.absoluteString)
                }
                notes.append("parse API: \(error.code)")
            } else if let parsed = answer.parse {
                let list = Self.read(Document(html: parsed.text), page: page, title: parsed.title, sourceURL: page.articleURL,
                                     baseURL: page.articleURL)
                if !list.episodes.isEmpty { return list }
                notes.append(contentsOf: list.diagnostics.map(\.description))
            }
        } catch let error as WikiPageError {
            throw error
        } catch APIClientError.Code.cancelled {
            throw .fetchFailed(title: page.title, .cancelled)
        } catch {
            // A site that cannot be reached will not serve the article either: one failure, not two.
            if let failure = error as? APIClientError, WikiPageError.fetchFailed(title: page.title, failure).isUnreachableHost {
                throw .fetchFailed(title: page.title, failure)
            }
            notes.append("parse API: \((error as? LocalizedError)?.errorDescription ?? "\(error)")")
        }
        // 2. The article.
        let content: HTTPContent
        do {
            content = try await client.content(
                for: APIRequest(path: page.site.articlePath(of: page.title)), accepting: ["text/html", "application/xhtml+xml"])
        } catch {
            // `content(for:accepting:)` throws only `APIClientError`: one clause, no casts (a
            // pattern clause beside a cast crashes Swift 6.3's compiler, swiftlang/swift#90582).
            if error.code == .notFound {
                throw .pageNotFound(title: page.title, site: page.site.baseURL.host ?? page.site.baseURL.absoluteString)
            }
            throw .fetchFailed(title: page.title, error)
        }
        let document = Document(bytes: content.body, transportEncoding: content.contentType)
        let list = Self.read(document, page: page, title: page.title, sourceURL: content.url, baseURL: content.url)
        guard !list.episodes.isEmpty else {
            throw .noEpisodes(title: page.title, notes: notes + list.diagnostics.map(\.description))
        }
        return list
    }

    /// Reads every page in turn, keeping what succeeds: one outcome per page, in order.
    /// `progress` hears each outcome as it arrives (to print a line per page, say).
    ///
    /// Once a site cannot be reached (``WikiPageError/isUnreachableHost``: no network, a host that
    /// does not answer), its other pages are not fetched: they fail at once with the same error
    /// (``WikiPageOutcome/wasTried`` false), so an offline run ends after one page's time-out, not
    /// after every page's. Pass `stoppingAtUnreachableHost: false` to try every page regardless.
    public func episodeLists(
        _ pages: [WikiPage], stoppingAtUnreachableHost: Bool = true,
        progress: @Sendable (_ outcome: WikiPageOutcome, _ index: Int, _ count: Int) -> Void = { _, _, _ in }
    ) async -> [WikiPageOutcome] {
        var outcomes: [WikiPageOutcome] = []
        var unreachable: [String: APIClientError] = [:]
        for (index, page) in pages.enumerated() {
            let outcome: WikiPageOutcome
            let host = page.site.baseURL.host ?? page.site.baseURL.absoluteString
            if stoppingAtUnreachableHost, let failure = unreachable[host] {
                outcome = WikiPageOutcome(page: page, result: .failure(.fetchFailed(title: page.title, failure)), wasTried: false)
                progress(outcome, index, pages.count)
                outcomes.append(outcome)
                continue
            }
            do {
                outcome = WikiPageOutcome(page: page, result: .success(try await episodeList(page)))
            } catch {
                outcome = WikiPageOutcome(page: page, result: .failure(error))
                if error.isUnreachableHost, let failure = error.fetchError { unreachable[host] = failure }
            }
            progress(outcome, index, pages.count)
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The episodes of a saved copy of `page` (an offline snapshot, say): its bytes as fetched,
    /// read as ``episodeList(_:)`` reads the article. `sourceURL` (the article's address unless
    /// given) is recorded on each episode; the page's links are resolved against the article's address
    /// on its site, so each episode's `Episode.pageURL` is a web address even for a saved file.
    ///
    /// - Throws: ``WikiPageError/Code/noEpisodes`` for a page without a readable episode table.
    public static func episodeList(
        saved data: Data, contentType: String? = nil, of page: WikiPage, sourceURL: URL? = nil
    ) throws(WikiPageError) -> EpisodeList {
        let list = read(Document(bytes: data, transportEncoding: contentType), page: page, title: page.title,
                        sourceURL: sourceURL ?? page.articleURL, baseURL: page.articleURL)
        guard !list.episodes.isEmpty else { throw .noEpisodes(title: page.title, notes: list.diagnostics.map(\.description)) }
        return list
    }

    // MARK: Internals

    private func client(for site: WikiSite) -> APIClient {
        if let client = clients[site.baseURL] { return client }
        var configuration = APIClientConfiguration(baseURL: site.baseURL, userAgent: userAgent, rateLimits: rateLimits, retry: retry)
        if let requestTimeout { configuration.requestTimeout = requestTimeout }
        if let idleTimeout { configuration.idleTimeout = idleTimeout }
        let client = APIClient(configuration: configuration, transport: transport, clock: clock)
        clients[site.baseURL] = client
        return client
    }

    private func parseRequest(_ page: WikiPage) -> APIRequest {
        APIRequest(path: page.site.apiPath, query: [
            QueryParameter("action", "parse"),
            QueryParameter("page", page.title.replacingOccurrences(of: "_", with: " ")),
            QueryParameter("prop", "text"),
            QueryParameter("format", "json"),
            QueryParameter("formatversion", "2"),
            QueryParameter("redirects", "1"),
            QueryParameter("disableeditsection", "1"),
        ])
    }

    private static func read(_ document: Document, page: WikiPage, title: String, sourceURL: URL, baseURL: URL) -> EpisodeList {
        let season = page.season ?? Self.season(inTitle: title)
        switch page.site.shape {
        case .wikipedia:
            return MediaWikiEpisodeList.wikipedia(document, show: page.show, season: season, sourceURL: sourceURL, baseURL: baseURL)
        case .fandom:
            return MediaWikiEpisodeList.fandom(document, show: page.show, season: season, sourceURL: sourceURL, baseURL: baseURL)
        }
    }

    /// `Season 3 (Arrow)` → 3; `List of Arrow episodes` → `nil`.
    static func season(inTitle title: String) -> Int? {
        let words = title.replacingOccurrences(of: "_", with: " ").split(separator: " ")
        for (index, word) in words.enumerated().dropLast() where word.lowercased() == "season" {
            if let number = Int(words[index + 1].trimmingCharacters(in: .punctuationCharacters)) { return number }
        }
        return nil
    }
}

/// What reading one page gave: its episodes, or why not.
public struct WikiPageOutcome: Sendable {
    /// The page.
    public var page: WikiPage
    /// The episodes, or the failure.
    public var result: Result<EpisodeList, WikiPageError>
    /// Whether the page was fetched; `false` when its site had already proved unreachable.
    public var wasTried: Bool

    /// Creates an outcome.
    public init(page: WikiPage, result: Result<EpisodeList, WikiPageError>, wasTried: Bool = true) {
        self.page = page
        self.result = result
        self.wasTried = wasTried
    }
}

/// The parse API's answer (`formatversion=2`): the page, or an error (with HTTP 200).
struct ParseAnswer: Decodable {
    struct Parsed: Decodable {
        var title: String
        var text: String
    }

    struct APIError: Decodable {
        var code: String
        var info: String?
    }

    var parse: Parsed?
    var error: APIError?
}
