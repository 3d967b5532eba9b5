import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import WatchOrder
import WatchOrderWiki

/// Offline fails fast, once: once a site cannot be reached, its other pages are not fetched.
@Suite("A site that cannot be reached stops the run")
struct UnreachableSiteTests {
    /// The address of a loopback server that has just stopped: every connection is refused.
    private func closedSite() async throws -> WikiSite {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        let url = await server.baseURL
        await server.stop()
        return WikiSite(baseURL: url, apiPath: "/w/api.php", shape: .wikipedia)
    }

    @Test("The first page fails as unreachable; the site's other pages are not tried and fail the same way")
    func stopsAtFirst() async throws {
        let site = try await closedSite()
        let pages = ["Arrow", "The Flash", "Supergirl", "Batwoman"].map { WikiPage(site: site, title: "List of \($0) episodes", show: Show(name: $0)) }
        let outcomes = await WikiEpisodePages(rateLimits: [], retry: .none, requestTimeout: .seconds(120), idleTimeout: .seconds(120)).episodeLists(pages)
        #expect(outcomes.map(\.wasTried) == [true, false, false, false])
        for outcome in outcomes {
            guard case .failure(let error) = outcome.result else {
                Issue.record("\(outcome.page.title) succeeded")
                continue
            }
            #expect(error.isUnreachableHost, "\(error)")
            #expect(error.errorDescription?.contains(outcome.page.title) ?? false)
        }
        let all = await WikiEpisodePages(rateLimits: [], retry: .none, requestTimeout: .seconds(120), idleTimeout: .seconds(120)).episodeLists(pages, stoppingAtUnreachableHost: false)
        #expect(all.map(\.wasTried) == [true, true, true, true])
    }

    @Test("Other failures (a missing page, a page without episodes) do not stop the run")
    func otherFailuresGoOn() async throws {
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        let site = WikiSite(baseURL: await server.baseURL, apiPath: "/w/api.php", shape: .wikipedia)
        let pages = ["A", "B", "C"].map { WikiPage(site: site, title: $0, show: Show(name: $0)) }
        let outcomes = await WikiEpisodePages(rateLimits: [], retry: .none, requestTimeout: .seconds(120), idleTimeout: .seconds(120)).episodeLists(pages)
        await server.stop()
        #expect(outcomes.map(\.wasTried) == [true, true, true])
        #expect(outcomes.allSatisfy { if case .failure(let error) = $0.result { !error.isUnreachableHost } else { false } })
    }

    /// A host whose name cannot be resolved, without asking the network: a label of 64 letters is
    /// refused by the resolver before any query, as a machine without a network refuses every name.
    static let unresolvable = URL(string: "http://\(String(repeating: "a", count: 64)).invalid")!

    @Test("No network (a name that does not resolve, URLError unreachable): the first page fails, the others are not tried")
    func noNetwork() async throws {
        let site = WikiSite(baseURL: Self.unresolvable, apiPath: "/w/api.php", shape: .wikipedia)
        let pages = ["Arrow", "The Flash", "Supergirl"].map { WikiPage(site: site, title: "List of \($0) episodes", show: Show(name: $0)) }
        let outcomes = await WikiEpisodePages(rateLimits: [], retry: .none, requestTimeout: .seconds(120), idleTimeout: .seconds(120)).episodeLists(pages)
        #expect(outcomes.map(\.wasTried) == [true, false, false])
        guard case .failure(let error) = outcomes.first?.result else { Issue.record("the page was read"); return }
        #expect(error.fetchError?.code == .unreachable, "\(error)")
        #expect(error.isUnreachableHost)
    }
}
