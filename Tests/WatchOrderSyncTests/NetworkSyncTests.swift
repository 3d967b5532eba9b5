import AirdateCore
import AirdateHTTP
import AirdateTestServer
import AirdateTestSupport
import Foundation
import TVMazeClient
import Testing
import WatchOrder
import WatchOrderSync
import WatchOrderWiki

/// Refreshes over the network: the repository's loopback server plays Wikipedia (the snapshot's saved
/// articles at `/wiki/…`; its parse API answers 404, so the reader falls back to the article) and
/// TVMaze (its recorded answers), with faults: a page the wiki lacks, a site that refuses every
/// connection, a TVMaze that answers 500.
@Suite("FranchiseSync over the network", .serialized)
struct NetworkSyncTests {
    /// The shows served, with their saved articles.
    static let served = [("Arrow", "List_of_Arrow_episodes"), ("Vixen", "Vixen_(web_series)"), ("Batwoman", "List_of_Batwoman_episodes")]

    /// A reader of the loopback sites: no pacing, no retries, hang-only time-outs.
    static func reader() -> WikiEpisodePages {
        WikiEpisodePages(rateLimits: [], retry: .none, requestTimeout: .seconds(120), idleTimeout: .seconds(120))
    }

    /// The Arrowverse franchise with `shows` only, their pages moved to `site` (and, for `elsewhere`,
    /// to that site).
    static func franchise(_ shows: [String], on site: WikiSite, elsewhere: [String: WikiSite] = [:]) throws -> Franchise {
        var franchise = try Arrowverse.franchise()
        franchise.shows = franchise.shows.filter { shows.contains($0.name) }.map { show in
            var show = show
            show.pages = show.pages.map { page in
                var page = page
                page.site = elsewhere[show.name] ?? site
                return page
            }
            return show
        }
        return franchise
    }

    /// A loopback Wikipedia serving `served`'s saved articles.
    static func wiki() async throws -> (FixtureServer, WikiSite) {
        let server = try FixtureServer(fixtures: nil)
        for (_, title) in served {
            let html = try Data(contentsOf: Arrowverse.folder.appendingPathComponent("wikipedia/\(title).html"))
            await server.serve(data: html, contentType: "text/html; charset=utf-8", for: "/wiki/\(title)")
        }
        try await server.start()
        return (server, WikiSite(baseURL: await server.baseURL, apiPath: "/w/api.php", shape: .wikipedia))
    }

    /// The address of a loopback server that has just stopped, named `localhost` (a host of its own:
    /// sites are told apart by host): every connection is refused.
    static func closedSite() async throws -> WikiSite {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        let url = await server.baseURL
        await server.stop()
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.host = "localhost"
        return WikiSite(baseURL: parts?.url ?? url, apiPath: "/w/api.php", shape: .wikipedia)
    }

    @Test("pages fetched and stored; a page the wiki lacks is skipped with the wiki's error; the store keeps the others")
    func fetched() async throws {
        let (server, site) = try await Self.wiki()
        defer { Task { await server.stop() } }
        let franchise = try Self.franchise(["Arrow", "Constantine", "Vixen", "Batwoman"], on: site)
        let store = try newStore()
        let log = EventLog()
        let report = try await FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .wiki(Self.reader())))
            .refresh(store, progress: log.handler)
        #expect(report.readPages)
        #expect(report.pagesRead.map(\.page.show.name) == ["Arrow", "Batwoman", "Vixen"], "in the franchise's priority")
        #expect(report.pagesRead.allSatisfy { $0.file == nil && $0.episodes > 0 })
        let skipped = try #require(report.pagesSkipped.first)
        #expect(report.pagesSkipped.count == 1 && skipped.page.show.name == "Constantine")
        #expect(skipped.error.code == .pageUnreadable && skipped.error.show == "Constantine")
        let wikiError = try #require(skipped.error.underlying as? WikiPageError)
        #expect(!wikiError.isUnreachableHost)
        #expect(report.unreachableSites.isEmpty)
        let state = try await store.state()
        #expect(state.lists.map(\.show.id) == ["arrow", "batwoman", "vixen"].sorted { a, b in
            franchise.showPriority.firstIndex(of: a) ?? 0 < franchise.showPriority.firstIndex(of: b) ?? 0
        })
        #expect(report.episodes == state.lists.reduce(0) { $0 + $1.episodes.count })
        // Told as they came: index and count of each page, in order.
        let told = log.all.compactMap { event -> String? in
            switch event {
            case .pageRead(let read, let index, let count): "\(index + 1)/\(count) \(read.page.show.name)"
            case .pageSkipped(let skip, let index, let count): "\(index + 1)/\(count) \(skip.page.show.name) skipped"
            default: nil
            }
        }
        #expect(told == ["1/4 Arrow", "2/4 Batwoman", "3/4 Constantine skipped", "4/4 Vixen"])
        // The article was asked for after the parse API's 404.
        #expect(await server.count(path: "/wiki/List_of_Arrow_episodes") == 1)
    }

    @Test("fault: a site that refuses connections: its first page fails, its others are not tried, the other site's pages are read")
    func unreachableSite() async throws {
        let (server, site) = try await Self.wiki()
        defer { Task { await server.stop() } }
        let closed = try await Self.closedSite()
        let franchise = try Self.franchise(
            ["Arrow", "Supergirl", "Stargirl", "Vixen"], on: site, elsewhere: ["Supergirl": closed, "Stargirl": closed])
        let store = try newStore()
        let log = EventLog()
        let report = try await FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .wiki(Self.reader())))
            .refresh(store, progress: log.handler)
        #expect(report.pagesRead.map(\.page.show.name) == ["Arrow", "Vixen"])
        #expect(report.pagesSkipped.map(\.page.show.name) == ["Supergirl"])
        #expect((report.pagesSkipped.first?.error.underlying as? WikiPageError)?.isUnreachableHost == true)
        let unreachable = try #require(report.unreachableSites.first)
        #expect(report.unreachableSites.count == 1)
        #expect(unreachable.host == closed.baseURL.host && unreachable.pagesNotTried.map(\.show.name) == ["Stargirl"])
        #expect(log.all.contains { if case .siteUnreachable(let site) = $0 { site.pagesNotTried.count == 1 } else { false } })
        #expect(try await store.state().lists.map(\.show.id) == ["arrow", "vixen"])
    }

    @Test("fault: no page read at all: noPageRead, with each reason once; nothing stored")
    func nothingRead() async throws {
        let closed = try await Self.closedSite()
        let franchise = try Self.franchise(["Arrow", "The Flash", "Supergirl"], on: closed)
        let store = try newStore()
        let error = await #expect(throws: SyncError.self) {
            try await FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .wiki(Self.reader()))).refresh(store)
        }
        #expect(error?.code == .noPageRead)
        let text = error?.errorDescription ?? ""
        #expect(text.hasPrefix("No page could be read (Arrow: "), "\(text)")
        #expect(!text.contains("..") && text.components(separatedBy: "could not be fetched").count == 2, "the one reason once: \(text)")
        #expect(try await store.state().lists.isEmpty)
    }

    @Test("TVMaze over the network corroborates; fault: a show it answers 500 for keeps the facts' times, reported")
    func tvmaze() async throws {
        let (wiki, site) = try await Self.wiki()
        defer { Task { await wiki.stop() } }
        let tvmazeServer = try FixtureServer(fixtures: SnapshotSyncTests.recordedTVMaze)
        await tvmazeServer.inject([.status(500)], forPath: "/shows/37776/episodes")
        try await tvmazeServer.start()
        defer { Task { await tvmazeServer.stop() } }
        var configuration = TVMaze.configuration(baseURL: await tvmazeServer.baseURL)
        configuration.rateLimits = []
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()
        let franchise = try Self.franchise(["Arrow", "Vixen", "Batwoman"], on: site)
        let store = try newStore()
        let report = try await FranchiseSync(
            franchise: franchise,
            configuration: SyncConfiguration(pages: .wiki(Self.reader()), broadcasts: .tvmaze(TVMaze(configuration: configuration)))
        ).refresh(store)
        #expect(report.corroborations.map(\.show.name) == ["Arrow", "Batwoman"], "Vixen has no TVMaze id")
        let arrow = try #require(report.corroborations.first)
        #expect(arrow.error == nil && arrow.broadcastsAdded == 99)
        let batwoman = try #require(report.corroborations.last)
        #expect(batwoman.error?.code == .corroborationFailed)
        #expect((batwoman.error?.underlying as? APIClientError)?.code == .server)
        #expect(batwoman.broadcastsAdded == 0)
        let stored = try #require(try await store.state().lists.first { $0.show.id == "batwoman" })
        #expect(stored.episodes.contains { $0.broadcast != nil }, "the broadcast facts' instants instead")
    }
}
