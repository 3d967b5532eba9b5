public import AirdateCore
public import AirdateHTTP
public import Foundation

/// This week's TV schedule, Monday to Sunday in the viewer's time zone (the `ViewerClock`'s), kept fresh.
///
/// The week is fetched day by day, always naming the date (`/schedule?country=…&date=…`, plus
/// `/schedule/web` for streaming releases), including the day before and after so that airings
/// moved across midnight by the time zone are not lost. Airings are grouped by the day their
/// `airstamp` falls on in the time zone — never by `airdate`, which files 00:00–04:59 airings under
/// the previous day — sorted by start instant, without duplicates.
///
/// After ``start(week:)``, observers (``updates()``) receive progress, each new listing, and failures;
/// the service reloads when the week rolls over at local midnight Sunday→Monday, and after a
/// failure retries with exponential back-off until it succeeds. Any other week — a recorded one, the
/// next one, a week the viewer pages to — is loaded with ``refresh(week:)`` or followed with
/// `start(week:)`:
///
/// ```swift
/// let schedule = WeekSchedule(client: TVMaze())
/// let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
/// let july = try await schedule.refresh(week: Week(containing: try CalendarDay(year: 2019, month: 7, day: 15), in: newYork))
/// ```
public actor WeekSchedule {
    /// How the service loads and retries.
    public struct Configuration: Sendable {
        /// ISO country code of the broadcast schedule, e.g. "US".
        public var country: String
        /// Whether streaming releases (`/schedule/web`) are included.
        public var includesStreaming: Bool
        /// The first wait after a failed load; doubled after each further failure.
        public var retryDelay: Duration
        /// The longest wait between retries.
        public var maxRetryDelay: Duration

        /// A configuration; by default US streaming included, retry after 5 s doubling up to 5 min.
        public init(
            country: String = "US",
            includesStreaming: Bool = true,
            retryDelay: Duration = .seconds(5),
            maxRetryDelay: Duration = .seconds(300)
        ) {
            self.country = country
            self.includesStreaming = includesStreaming
            self.retryDelay = retryDelay
            self.maxRetryDelay = maxRetryDelay
        }
    }

    private let client: TVMaze
    private let configuration: Configuration
    private let clock: ViewerClock
    private var current: WeekListing?
    private var observers: [Int: AsyncStream<WeekScheduleUpdate>.Continuation] = [:]
    private var nextObserver = 0
    private var loop: Task<Void, Never>?
    private var followedWeek: Week?
    private var details: [Int: ShowDetails] = [:]

    /// A service reading `client`, timed by `clock`, whose time zone decides what "this week" is and
    /// which day each airing belongs to.
    public init(client: TVMaze, configuration: Configuration = Configuration(), clock: ViewerClock = .system()) {
        self.client = client
        self.configuration = configuration
        self.clock = clock
    }

    /// The latest listing, if one has loaded.
    public var listing: WeekListing? { current }

    /// The week containing the clock's current time.
    public var currentWeek: Week {
        Week(containing: clock.now, firstWeekday: .monday, in: clock.timeZone)
    }

    /// A stream of updates; it starts with the current listing when there is one and ends when the
    /// consumer stops iterating or the service stops.
    public func updates() -> AsyncStream<WeekScheduleUpdate> {
        let (stream, continuation) = AsyncStream<WeekScheduleUpdate>.makeStream(bufferingPolicy: .unbounded)
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        if let current { continuation.yield(.listing(current)) }
        return stream
    }

    private func removeObserver(_ id: Int) {
        observers.removeValue(forKey: id)
    }

    private func publish(_ update: WeekScheduleUpdate) {
        for observer in observers.values { observer.yield(update) }
    }

    /// Starts loading in the background (idempotent while running): with no `week`, the current
    /// week, reloaded when it rolls over; with a `week`, that week only, loaded once (retried after
    /// failures until it loads).
    public func start(week: Week? = nil) {
        guard loop == nil else { return }
        followedWeek = week
        loop = Task { await self.run() }
    }

    /// Stops the background work and ends every observer's stream.
    public func stop() {
        loop?.cancel()
        loop = nil
        for observer in observers.values { observer.finish() }
        observers.removeAll()
    }

    private func run() async {
        var failures = 0
        while !Task.isCancelled {
            let week = followedWeek ?? currentWeek
            do {
                _ = try await load(week)
            } catch where error.code == .cancelled {
                return
            } catch {
                failures += 1
                let wait = retryDelay(afterFailures: failures)
                publish(.failed(error, retryIn: wait))
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return  // stopped
                }
                continue
            }
            failures = 0
            // A week given to start(week:) does not roll over: loaded, it is done.
            if followedWeek != nil { return }
            // Sleep until the week rolls over (local midnight Sunday → Monday).
            do {
                try await clock.sleep(until: week.end)
            } catch {
                return  // stopped
            }
        }
    }

    private func retryDelay(afterFailures failures: Int) -> Duration {
        let exponent = min(failures - 1, 20)
        let delay = configuration.retryDelay * (1 << exponent)
        return min(delay, configuration.maxRetryDelay)
    }

    /// Loads the week containing `date` (by default now) in the clock's time zone, publishes it,
    /// and returns it.
    ///
    /// - Throws: `APIClientError`, the only error it can throw, when a day cannot be fetched.
    @discardableResult
    public func refresh(containing date: Date? = nil) async throws(APIClientError) -> WeekListing {
        let week = Week(containing: date ?? clock.now, firstWeekday: .monday, in: clock.timeZone)
        return try await load(week)
    }

    /// Loads `week` — any week, in its own time zone, whatever the clock says — publishes it, and
    /// returns it. The airings are grouped by the days of `week`'s time zone.
    ///
    /// - Throws: `APIClientError`, the only error it can throw, when a day cannot be fetched.
    @discardableResult
    public func refresh(week: Week) async throws(APIClientError) -> WeekListing {
        try await load(week)
    }

    private func load(_ week: Week) async throws(APIClientError) -> WeekListing {
        // The day before and after too: the time zone may move airings across midnight.
        let dates = (-1...7).map { week.firstDay.adding(days: $0) }
        let total = dates.count * (configuration.includesStreaming ? 2 : 1)
        var loaded = 0
        publish(.progress(loaded: 0, total: total))
        var episodes: [TVMazeEpisode] = []
        for date in dates {
            episodes += try await fetchDay(date, web: false)
            loaded += 1
            publish(.progress(loaded: loaded, total: total))
            if configuration.includesStreaming {
                episodes += try await fetchDay(date, web: true)
                loaded += 1
                publish(.progress(loaded: loaded, total: total))
            }
        }
        let listing = Self.group(episodes, into: week)
        current = listing
        publish(.listing(listing))
        return listing
    }

    /// One day's schedule; a 404 (no schedule published for that day) counts as an empty day.
    private func fetchDay(_ date: CalendarDay, web: Bool) async throws(APIClientError) -> [TVMazeEpisode] {
        do {
            return web
                ? try await client.webSchedule(date: date, country: configuration.country)
                : try await client.schedule(country: configuration.country, date: date)
        } catch where error.code == .notFound {
            return []
        }
    }

    /// Groups `episodes` by the day of their airstamp in the week's time zone, keeping only the
    /// week's, sorted by start instant (then show name, then id), without duplicate episode ids.
    public static func group(_ episodes: [TVMazeEpisode], into week: Week) -> WeekListing {
        var seen = Set<Int>()
        var byDay: [CalendarDay: [TVMazeEpisode]] = [:]
        for episode in episodes {
            guard let start = episode.airstamp, week.contains(start), seen.insert(episode.id).inserted else { continue }
            byDay[CalendarDay(containing: start, in: week.timeZone), default: []].append(episode)
        }
        let days = week.days.map { day in
            WeekListingDay(day: day, airings: (byDay[day] ?? []).sorted { a, b in
                let (sa, sb) = (a.airstamp ?? .distantPast, b.airstamp ?? .distantPast)
                if sa != sb { return sa < sb }
                let (na, nb) = (a.show?.name ?? "", b.show?.name ?? "")
                if na != nb { return na < nb }
                return a.id < b.id
            })
        }
        return WeekListing(week: week, days: days)
    }

    /// The show and its cast, fetched on first request and then cached.
    ///
    /// - Throws: `APIClientError`, the only error it can throw.
    public func details(forShow showID: Int) async throws(APIClientError) -> ShowDetails {
        if let cached = details[showID] { return cached }
        let known = current?.airings.lazy.compactMap(\.show).first { $0.id == showID }
        let show: TVMazeShow
        if let known { show = known } else { show = try await client.show(id: showID) }
        let cast = try await client.cast(ofShow: showID)
        let result = ShowDetails(show: show, cast: cast)
        details[showID] = result
        return result
    }
}
