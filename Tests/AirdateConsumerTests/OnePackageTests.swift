// One file that imports every product, as an app does, and names their main types unqualified:
// if two modules declared the same public type name, this file would not compile.
import AirdateAsyncHTTPClient
import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateStore
import AnimePlanner
import AnimePlannerJikan
import AnimePlannerImport
import CountdownKit
import CountdownKitJikan
import CountdownKitTVMaze
import Foundation
import HTMLScrape
import JikanClient
import TVMazeClient
import Testing
import WatchOrder
import WatchOrderImport
import WatchOrderSync
import WatchOrderTVMaze
import WatchOrderWiki

@Suite("One package")
struct OnePackageTests {
    @Test("every product's main types are usable unqualified in one file")
    func mainTypesTogether() throws {
        let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt)
        let document = Document(html: "<p class=x>Hi</p>")
        #expect(try document.selectFirst("p.x")?.text == "Hi")

        let show = Show(name: "Arrow")
        let episode = Episode(showID: show.id, season: 1, number: 1, title: "Pilot", airDay: try CalendarDay(parsing: "2012-10-10"))
        #expect(episode.hasAired(at: clock))

        let tvmazeShow: TVMazeShow? = nil
        let tvmazeEpisode: TVMazeEpisode? = nil
        let day: WeekListingDay? = nil
        let jikanDay = JikanScheduleDay(.sunday)
        let anime: JikanAnime? = nil
        #expect(tvmazeShow == nil && tvmazeEpisode == nil && day == nil && anime == nil)
        #expect(jikanDay.rawValue == "sunday")
        #expect(TVMaze.productionURL.host == "api.tvmaze.com")
        #expect(Jikan.productionURL.host == "api.jikan.moe")

        let planner = ViewingPlanner(clock: clock)
        #expect(planner.today == clock.today)
        let countdown = try Countdown(title: "Finale", target: .allDay(clock.today.adding(days: 3)), created: clock.now)
        #expect(TimeRemaining(to: countdown.target, at: clock).days == 3)
        let configuration: APIClientConfiguration = TVMaze.configuration()
        #expect(configuration.baseURL == TVMaze.productionURL)
        let storeError: CountdownStoreError = .store(StoreError.diskFull(path: "c.sqlite"))
        #expect(storeError.errorDescription?.contains("full") == true)
        let polling = ChangePolling(every: .milliseconds(250), clock: clock)
        #expect(polling.interval == .milliseconds(250))

        // The bridges' types, with every product's.
        let page = WikiPage(site: .englishWikipedia, title: "List of Arrow episodes", show: show)
        #expect(page.articleURL.absoluteString == "https://en.wikipedia.org/wiki/List_of_Arrow_episodes")
        #expect(EpisodeList(tvmaze: [], show: show).episodes.isEmpty)
        #expect(ReleaseSchedule(status: .finishedAiring, slot: nil, releasedEpisodes: 0, asOf: clock.now) == .allReleased)
        #expect(MyAnimeListStatus(exportText: "On-Hold") == .onHold)
        let list = try WatchList.merge([EpisodeList(show: show, episodes: [episode])])
        #expect(ExternalHistoryMatcher(list: list).match(ExternalHistory(service: .trakt)).matchRate == 1)
        let green = try #require(RGBColor(hex: "#1b6e3a"))
        let franchise = Franchise(
            name: "One show", shows: [FranchiseShow(name: "Arrow", color: ShowColor(light: green, dark: green), mark: ShowMark(glyph: "AR", symbol: "bow"))],
            rules: OrderingRuleSet(shows: ["Arrow"], crossovers: []))
        let sync = FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .snapshot(URL(fileURLWithPath: "/nonexistent"))))
        #expect(sync.configuration.reading == .whenStoreIsEmpty && franchise.orders.map(\.id) == ["airing", "crossovers-together"])
        #expect(SyncReport().pagesRead.isEmpty && SyncError(.noPageRead, detail: "offline").code == .noPageRead)
    }

    @Test("no public type name is declared by two modules, and no module declares its own name")
    func publicNamesAreUnique() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        #expect(modules.count >= 8, "expected the package's modules under \(sources.path)")
        let declaration = try Regex(#"^public\s+(?:final\s+|indirect\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
            .anchorsMatchLineEndings()
        var declaredIn: [String: Set<String>] = [:]
        for module in modules {
            let root = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: declaration) {
                    if let name = match.output[1].substring { declaredIn[String(name), default: []].insert(module) }
                }
            }
        }
        #expect(declaredIn.count > 100, "the scan found too few public types to be trusted")
        let clashes = declaredIn.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.sorted())" }.sorted()
        #expect(clashes.isEmpty, "public type names declared by two modules: \(clashes)")
        let ownName = modules.filter { declaredIn[$0]?.contains($0) == true }
        #expect(ownName.isEmpty, "modules that declare a type with their own name: \(ownName)")
    }
}

/// The README's bridge snippets, compiled as written (never run: they call the real services).
private func readmeBridges() async throws {
    do {
        let frieren = try await Jikan().plannableShow(id: 52991, at: .system())
        let release = ReleaseSchedule(status: .currentlyAiring, slot: nil, releasedEpisodes: 3, asOf: .now)  // .releasedSoFar(3)
        _ = (frieren, release)
    }
    do {
        let flash = try await TVMaze().episodeList(ofShow: 13, as: Show(name: "The Flash"))
        let legends = try await TVMaze().episodeList(ofShow: 1851, as: Show(name: "Legends of Tomorrow"))
        let order = try WatchList.merge([flash, legends])        // The Flash at 8 pm before Legends at 9 pm
        let checked = legends.addingBroadcasts(from: flash, sourceName: "TVMaze")   // dates that differ are reported
        _ = (order, checked)
    }
    do {
        let pages = WikiEpisodePages()
        let arrow = try await pages.episodeList(WikiPage(site: .englishWikipedia, title: "List of Arrow episodes",
                                                         show: Show(name: "Arrow")))
        let season3 = try await pages.episodeList(WikiPage(site: .fandom("arrow"), title: "Season 3 (Arrow)",
                                                           show: Show(name: "Arrow")))
        _ = (arrow, season3)
    }
    do {
        let client = APIClient(configuration: APIClientConfiguration(baseURL: WikiSite.englishWikipedia.baseURL,
                                                                        userAgent: WikiEpisodePages.defaultUserAgent))
        _ = try await client.content(for: APIRequest(path: "/wiki/Arrow"), accepting: ["text/html"])
    }
}
