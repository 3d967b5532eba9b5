public import AirdateCore
import AirdateStore
import ArrowverseDocuments
import Foundation
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import ServiceLifecycle
public import WatchOrder

/// The request context of the app: Hummingbird's basic one, with request bodies bounded.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// The largest request body decoded.
    public var maxUploadSize: Int { WebLimits.maxBody }
}

/// How the app serves: where it listens and how its live events behave.
public struct WebConfiguration: Sendable {
    /// The address to listen on (`127.0.0.1` unless told).
    public var host: String
    /// The port (8080 unless told; 0 for any free port).
    public var port: Int
    /// How often an idle `/events` stream gets a comment line.
    public var heartbeat: Duration
    /// How many recent changes are kept for clients that reconnect.
    public var eventHistory: Int
    /// How long a connection may stay idle (between requests, or while sending a request's head)
    /// before it is closed.
    public var idleTimeout: Duration

    /// A configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, heartbeat: Duration = .seconds(15), eventHistory: Int = 4096,
        idleTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.heartbeat = heartbeat
        self.eventHistory = eventHistory
        self.idleTimeout = idleTimeout
    }
}

/// `airdate-web`: the Arrowverse watch order and checklist in a browser, on any `WatchOrderStorage`
/// (a `WatchOrderStore` on a SQLite file by default).
///
/// Routing, pages and presentation only: what it shows and changes comes from WatchOrder (filters,
/// up next, progress, marks, feeds, calendars, change diffs).
public struct AirdateWeb: Sendable {
    let store: any WatchOrderStorage
    let clock: ViewerClock
    let configuration: WebConfiguration
    let feed: ChangeFeed
    /// TVMaze's week for `/schedule` (`nil` when not even the snapshot could be read).
    let schedule: TVSchedule?
    /// The anime planner's database and Jikan, for `/anime` (`nil`: those pages answer 503).
    let anime: AnimeSide?
    /// The countdowns' database, for `/countdowns` (`nil`: those pages answer 503).
    let countdowns: CountdownSide?

    /// An app on `store`; `clock` says what "now" and "aired" are; `schedule` is where the TV
    /// schedule comes from (the offline snapshot unless told); `anime` and `countdowns` are the
    /// other products' databases (their pages answer 503 without them).
    public init(
        store: any WatchOrderStorage, clock: ViewerClock, configuration: WebConfiguration = WebConfiguration(),
        schedule: TVSchedule? = try? .offline(), anime: AnimeSide? = nil, countdowns: CountdownSide? = nil
    ) {
        self.anime = anime
        self.countdowns = countdowns
        self.store = store
        self.clock = clock
        self.configuration = configuration
        self.schedule = schedule
        feed = ChangeFeed(capacity: configuration.eventHistory)
    }

    /// The Hummingbird application: the router, and the service that follows the store's changes.
    /// `onServerRunning` hears the bound port (useful with port 0).
    public func application(
        logger: Logger? = nil, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = logger ?? Logger(label: "airdate-web")
        if logger.logLevel > .debug { logger.logLevel = .warning }
        return Application(
            router: router(),
            server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: .seconds(max(1, configuration.idleTimeout.components.seconds)))),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "airdate-web"),
            services: [FeedService(feed: feed, store: store, heartbeat: configuration.heartbeat)],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// The routes (see README: pages, forms, API, feeds and `/events`).
    public func router() -> Router<WebContext> {
        let router = Router(context: WebContext.self, options: [.autoGenerateHeadEndpoints])
        router.add(middleware: ErrorMiddleware())
        let routes = Routes(app: self)
        router.get("/", use: routes.listPage)
        router.get("/next", use: routes.nextPage)
        router.get("/progress", use: routes.progressPage)
        router.get("/summary", use: routes.summaryFragment)
        router.get("/events", use: routes.events)
        router.get("/api/episodes", use: routes.apiEpisodes)
        router.get("/api/episodes/:show/:episode", use: routes.apiEpisode)
        router.get("/api/progress", use: routes.apiProgress)
        router.get("/api/next", use: routes.apiNext)
        router.get("/recent_episodes.atom", use: routes.atom)
        router.get("/calendar.ics", use: routes.calendar)
        router.get("/assets/:name", use: routes.asset)
        router.get("/schedule", use: routes.schedulePage)
        router.get("/schedule.ics", use: routes.scheduleCalendar)
        router.get("/shows/:id", use: routes.showPage)
        router.get("/posters/:id", use: routes.poster)
        router.get("/anime", use: routes.animeHome)
        router.get("/anime/search", use: routes.animeSearch)
        router.get("/anime/plan", use: routes.animePlanPreview)
        router.post("/anime/add", use: routes.animeAdd)
        router.post("/anime/watch", use: routes.animeWatch)
        router.post("/anime/watched", use: routes.animeWatch)  // the former path, for pages opened before
        router.get("/anime/calendar", use: routes.animeCalendar)
        router.get("/anime/stats", use: routes.animeStats)
        router.get("/anime/events", use: routes.animeEvents)
        router.get("/anime.ics", use: routes.animeCalendarFeed)
        router.get("/countdowns", use: routes.countdownsPage)
        router.get("/countdowns/events", use: routes.countdownEvents)
        router.get("/countdowns/:id", use: routes.countdownPage)
        router.post("/countdowns/add", use: routes.countdownAdd)
        router.post("/countdowns/:id/edit", use: routes.countdownEdit)
        router.post("/countdowns/:id/archive", use: routes.countdownArchive)
        router.post("/countdowns/:id/delete", use: routes.countdownDelete)
        router.get("/countdowns.ics", use: routes.countdownCalendarFeed)
        router.get("/reminders", use: routes.reminders)
        router.post("/watch", use: routes.watch)
        router.post("/unwatch", use: routes.unwatch)
        router.post("/watch-through", use: routes.watchThrough)
        router.post("/watch-season", use: routes.watchSeason)
        router.post("/unwatch-season", use: routes.unwatchSeason)
        router.post("/checklist", use: routes.checklist)
        router.post("/theme", use: routes.theme)
        return router
    }

    /// The watch order to check a mark against: the feed's latest (it follows every change), or a
    /// fresh reading before the feed has one. Marks do not change the order, so no reading is needed.
    func currentList() async throws -> WatchList {
        if let list = await feed.latestList { return list }
        return try await snapshot().list
    }

    /// One reading of the store for a page: the feed's event id first, so a change committed while
    /// the page renders is sent to it again rather than missed.
    func snapshot() async throws -> Snapshot {
        let eventID = await feed.currentID
        let state = try await store.state()
        let list = try await feed.cachedList(for: state)
        return Snapshot(eventID: eventID, state: state, list: list, clock: clock.frozen())
    }
}

/// Follows the store for the feed while the app runs, sends heartbeats, and ends every stream when
/// the app shuts down.
struct FeedService: Service {
    let feed: ChangeFeed
    let store: any WatchOrderStorage
    let heartbeat: Duration

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await feed.follow(store) }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    await feed.heartbeat()
                }
            }
            try? await gracefulShutdown()
            await feed.finishAll()
            group.cancelAll()
        }
    }
}
