import AirdateCore
import AirdateHTTP
import AirdateOfflineData
import AirdateStore
public import AnimePlanner
import AnimePlannerJikan
import AnimePlanSupport
public import Foundation
import HTTPTypes
import Hummingbird
public import JikanClient
import NIOCore

/// The anime planner's side of the app (`/anime…`): the `animeplan --db` database, and Jikan
/// (the recorded snapshot offline, the default) for search and for the shows' details.
public struct AnimeSide: Sendable {
    /// The plans' storage: the database `animeplan --db` uses (a `PlannerStore`), or any other.
    public let store: any PlannerStorage
    /// Jikan, live or over the snapshot.
    public let client: Jikan
    /// Whether Jikan's answers come from the snapshot.
    public let isOffline: Bool
    /// Offline: the snapshot folder `client` answers from, whose shows answer a search it did not
    /// record (as `animeplan search --offline`).
    public let snapshot: URL?

    /// The anime side on `store` and `client` (over the snapshot in `snapshot`, offline). Today is the
    /// app clock's, offline too: the snapshot chooses the data, never the date.
    public init(store: any PlannerStorage, client: Jikan, isOffline: Bool, snapshot: URL? = nil) {
        self.store = store
        self.client = client
        self.isOffline = isOffline
        self.snapshot = snapshot
    }

    /// The recorded Jikan answers installed with the program (the snapshot `animeplan --offline`
    /// reads), or `nil` when it was installed without its resource bundle.
    public static var snapshotFolder: URL? { OfflineData.jikan }

    /// The titles searched offline, one per recorded search.
    public static let offlineQueries = ["bocchi the rock", "fullmetal alchemist brotherhood", "mob psycho 100 iii", "mushishi", "your name"]

    /// Offline: Jikan over the recorded snapshot in `folder` (the installed one unless given), as
    /// `animeplan --offline` reads it.
    public static func offline(store: any PlannerStorage, folder: URL? = snapshotFolder) throws -> AnimeSide {
        guard let folder else { throw SnapshotError(folder: "Airdate_AirdateOfflineData.resources", reason: "it is not installed beside the program") }
        return AnimeSide(store: store, client: try AnimeSearch.offlineJikan(folder: folder), isOffline: true, snapshot: folder)
    }

    /// The default database of `animeplan` (the same path it computes).
    public static func defaultDatabasePath() -> String {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate").appendingPathComponent("animeplan.sqlite").path
    }

    /// The planner at `clock`, in the clock's zone.
    func planner(_ clock: ViewerClock) -> ViewingPlanner {
        ViewingPlanner(clock: clock)
    }

    /// Every tracked show as it stands today (`PlannerOverview`: planned days that passed unwatched
    /// are planned again from today, in memory), by title: what every view shows. Nothing is written
    /// by reading.
    func shows(_ planner: ViewingPlanner) async throws -> [TrackedShow] {
        PlannerOverview(try await store.all(), planner: planner).shows
            .sorted { $0.show.title.localizedCaseInsensitiveCompare($1.show.title) == .orderedAscending }
    }
}

/// The plan form's fields: a goal (episodes per day, finish by a day, or minutes per day), the
/// first day, the weekdays, episodes already watched.
struct PlanForm: Sendable {
    var id: Int
    var goal: PlanGoal
    var options: PlanOptions
    var watched: Int
    var fields: FormFields

    static let weekdayKeys: [(key: String, day: Weekday)] = [
        ("mon", .monday), ("tue", .tuesday), ("wed", .wednesday), ("thu", .thursday), ("fri", .friday), ("sat", .saturday), ("sun", .sunday),
    ]

    init(_ fields: FormFields, today: CalendarDay) throws(WebError) {
        self.fields = fields
        guard let idText = fields["id"], let id = Int(idText), id > 0, id < 10_000_000 else {
            throw .badParameter("id", "\"\((fields["id"] ?? "").prefix(40))\" is not a MyAnimeList id (a number, such as 457).")
        }
        self.id = id
        func day(_ name: String) throws(WebError) -> CalendarDay? { try fields.day(name, years: 1970...2200) }
        switch fields["goal"] ?? "per_day" {
        case "per_day":
            goal = .episodesPerDay(try fields.integer("per_day", in: PlannerLimits.episodesPerDay) ?? 1)
        case "until":
            guard let last = try day("until") else { throw .badParameter("until", "missing; give the day to finish by (YYYY-MM-DD).") }
            goal = .finish(by: last)
        case "minutes":
            guard let minutes = try fields.integer("minutes", in: PlannerLimits.minutesPerDay) else {
                throw .badParameter("minutes", "missing; give the minutes to watch per day.")
            }
            goal = .minutesPerDay(minutes)
        case let other:
            throw .badParameter("goal", "\"\(other.prefix(40))\" is not per_day, until or minutes.")
        }
        var options = PlanOptions(start: try day("start") ?? today)
        let chosen = Set(fields.all("weekday"))
        if !chosen.isEmpty {
            let unknown = chosen.subtracting(Self.weekdayKeys.map(\.key))
            if let bad = unknown.first { throw .badParameter("weekday", "\"\(bad.prefix(20))\" is not one of mon, tue, wed, thu, fri, sat, sun.") }
            options.weekdays = Set(Self.weekdayKeys.filter { chosen.contains($0.key) }.map(\.day))
        }
        self.options = options
        watched = try fields.integer("watched", in: 0...PlannerLimits.episodes.upperBound) ?? 0
    }
}

/// The handlers of `/anime…`.
extension Routes {
    func anime() throws(WebError) -> AnimeSide {
        guard let side = app.anime else {
            throw WebError(.serviceUnavailable, "The anime planner is not available: its database could not be opened (see --anime-db).")
        }
        return side
    }

    static func planError(_ error: any Error) -> WebError {
        if let error = error as? WebError { return error }
        if let error = error as? PlannerStoreError {
            if let failure = error.storeError { return WebError.store(failure) }
            if error.code == .notFound { return WebError.notFound("The show \(error.id.map(String.init) ?? "") is not tracked; add it from /anime/search.") }
        }
        if error is PlanError || error is ProgressError { return WebError(.unprocessableContent, ErrorText.line(error)) }
        if error is APIClientError { return WebError.upstream(error) }
        return WebError(.internalServerError, ErrorText.line(error))
    }

    @Sendable func animeHome(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        do {
            let shows = try await side.shows(planner)
            return page(AnimePages.home(shows, today: planner.today, offline: side.isOffline, theme: theme(request)))
        } catch { throw Self.planError(error) }
    }

    @Sendable func animeSearch(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let fields = try query(request)
        let text = AnimeSearch.normalized(fields["q"] ?? "")  // as `animeplan search`
        guard text.count <= AnimeSearch.maximumLength else { throw WebError.badParameter("q", "longer than \(AnimeSearch.maximumLength) characters.") }
        var results: [JikanAnime] = []
        var note: String?
        if !text.isEmpty {
            do {
                // The one search `animeplan search` makes (offline: the recorded answer, else every
                // show the snapshot records).
                results = try await AnimeSearch.search(text, client: side.client, snapshot: side.snapshot)
            } catch {
                throw WebError.upstream(error)
            }
            if results.isEmpty && side.isOffline {
                note = "The offline snapshot has no anime found by \"\(text)\"; it records the searches: "
                    + AnimeSide.offlineQueries.joined(separator: ", ") + ". Run with the network for MyAnimeList's answer."
            }
        }
        let tracked = Set(try await side.store.all().map(\.id))
        return page(AnimePages.search(text, results: results, tracked: tracked, note: note, theme: theme(request)))
    }

    /// A plan previewed before it is added: the show from Jikan, the plan from the form.
    @Sendable func animePlanPreview(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        let form = try PlanForm(try query(request), today: planner.today)
        let show: AnimeShow
        do {
            show = try await side.client.plannableShow(id: form.id, at: planner.clock)
        } catch where error.code == .notFound {
            throw WebError.notFound("No show \(form.id)\(side.isOffline ? " in the offline snapshot" : " on MyAnimeList"); find ids with /anime/search.")
        } catch { throw WebError.upstream(error) }
        let preview: TrackedShow
        do {
            preview = try TrackedShow(show: show, goal: form.goal, options: form.options, watchedBeforeTracking: form.watched, planner: planner)
        } catch { throw Self.planError(error) }
        let tracked = try await side.store.show(id: form.id) != nil
        return page(AnimePages.preview(preview, form: form, alreadyTracked: tracked, theme: theme(request)))
    }

    @Sendable func animeAdd(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        let form = try PlanForm(try await body(request, context: context), today: planner.today)
        do {
            let show = try await side.client.plannableShow(id: form.id, at: planner.clock)
            let tracked = try TrackedShow(show: show, goal: form.goal, options: form.options, watchedBeforeTracking: form.watched, planner: planner)
            if try await side.store.show(id: form.id) != nil {
                // Tracked already (another tab or `animeplan add`): the new goal re-plans it.
                try await side.store.update(id: form.id) { existing in
                    try existing.change(goal: form.goal, options: form.options, planner: planner)
                }
            } else {
                try await side.store.insert(tracked)
            }
        } catch let error as APIClientError where error.code == .notFound {
            throw WebError.notFound("No show \(form.id)\(side.isOffline ? " in the offline snapshot" : " on MyAnimeList").")
        } catch { throw Self.planError(error) }
        return redirect(to: "/anime#show-\(form.id)")
    }

    /// "I am at episode N now": logs up to N today and re-plans the rest (`POST /anime/watch`; the
    /// former `/anime/watched` too).
    @Sendable func animeWatch(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        let form = try await body(request, context: context)
        guard let id = form["id"].flatMap({ Int($0) }), id > 0 else {
            throw WebError.badParameter("id", "\"\((form["id"] ?? "").prefix(40))\" is not a tracked show's id.")
        }
        guard let text = form["episode"]?.trimmingCharacters(in: .whitespaces), let episode = Int(text), PlannerLimits.episodes.contains(episode) else {
            throw WebError.badParameter("episode", "\"\((form["episode"] ?? "").prefix(40))\" is not an episode number from \(PlannerLimits.episodes.lowerBound) to \(PlannerLimits.episodes.upperBound).")
        }
        do {
            try await side.store.update(id: id) { show in
                try show.watch(through: episode, on: planner.today, planner: planner)
            }
        } catch { throw Self.planError(error) }
        return redirect(to: safeReturn(form["return"] ?? "/anime"))
    }

    @Sendable func animeCalendar(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        let fields = try query(request)
        var first = planner.today.firstDayOfMonth
        if let text = fields["month"], !text.isEmpty {
            guard let day = CalendarDay(text + "-01"), text.count == 7, day.year >= 1970, day.year <= 2200 else {
                throw WebError.badParameter("month", "\"\(text.prefix(40))\" is not a month as YYYY-MM.")
            }
            first = day
        }
        do {
            let shows = try await side.shows(planner)
            let agenda = try Agenda(shows, from: first, through: first.lastDayOfMonth)
            return page(AnimePages.calendar(agenda, month: first, today: planner.today, theme: theme(request)))
        } catch { throw Self.planError(error) }
    }

    @Sendable func animeStats(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        let fields = try query(request)
        let days = try fields.integer("days", in: 1...90) ?? 14
        do {
            let stats = try PlannerStatistics(try await side.shows(planner), on: planner.today, recentDayCount: days)
            return page(AnimePages.statistics(stats, today: planner.today, theme: theme(request)))
        } catch { throw Self.planError(error) }
    }

    /// `change` events whenever the planner's database changes, whoever changed it.
    @Sendable func animeEvents(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        return liveStream(side.store.observe())
    }

    /// What is left of every plan, from today, as all-day events with a reminder each.
    @Sendable func animeCalendarFeed(_ request: Request, context: WebContext) async throws -> Response {
        let side = try anime()
        let planner = side.planner(app.clock)
        do {
            let shows = try await side.shows(planner)
            var calendar = ICalendar(trackedShows: shows, from: planner.today, timestamp: app.clock.now)
            // A reminder the evening before each day's episodes (at 18:00 of the day before).
            for index in calendar.events.indices { calendar.events[index].alarms = [.seconds(6 * 3600)] }
            return Response(
                status: .ok,
                headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache",
                          .contentDisposition: "inline; filename=\"anime.ics\""],
                body: .init(byteBuffer: ByteBuffer(string: calendar.text)))
        } catch { throw Self.planError(error) }
    }
}
