public import AirdateCore
public import AirdateHTTP
public import AnimePlanner
public import Foundation
public import JikanClient

/// One anime's broadcast in a viewer's week, from Jikan's airing schedule: when it airs in Japan and
/// when that is for the viewer, its cover, and the plannable show (``show``) to plan it with.
public struct AnimeBroadcast: Sendable, Hashable, Identifiable {
    /// The MyAnimeList id (what `animeplan add` and the planner's show id take).
    public var id: Int { show.id }
    /// The title to show (English when MyAnimeList has one, else the default).
    public var title: String { show.title }
    /// The show as the planner takes it, judged at the schedule's instant: add it to a
    /// `ViewingPlanner` to plan it (an airing show is planned no earlier than each broadcast).
    public var show: AnimeShow
    /// The cover image (Jikan's large JPEG, else its regular one), when MyAnimeList has one.
    public var coverURL: URL?
    /// The anime's MyAnimeList page.
    public var pageURL: URL?
    /// The weekly slot as MyAnimeList states it, in Japan's time zone (Jikan's `broadcast`).
    public var slot: BroadcastSlot
    /// The instant of this broadcast.
    public var start: Date
    /// The day and time of this broadcast in the viewer's time zone.
    public var local: LocalDateTime
    /// The season it premiered in, as MyAnimeList files it (`nil` when not said).
    public var premieredSeason: JikanAnimeSeason?
    /// The year it premiered in (`nil` when not said).
    public var premieredYear: Int?

    /// A broadcast.
    public init(
        show: AnimeShow, coverURL: URL?, pageURL: URL?, slot: BroadcastSlot, start: Date, local: LocalDateTime,
        premieredSeason: JikanAnimeSeason? = nil, premieredYear: Int? = nil
    ) {
        self.show = show
        self.coverURL = coverURL
        self.pageURL = pageURL
        self.slot = slot
        self.start = start
        self.local = local
        self.premieredSeason = premieredSeason
        self.premieredYear = premieredYear
    }
}

/// This week's anime broadcasts, day by day in the viewer's time zone: Jikan's airing schedule
/// (`/schedules`, which lists by Japan's weekday) with each weekly slot converted from Japan's time
/// to the viewer's. A Monday 00:30 JST slot is a Sunday evening in New York and Paris, so it is
/// listed on Sunday there.
///
/// ```swift
/// let schedule = try await Jikan().airingSchedule(at: .system())
/// for day in schedule.days {
///     print(day.day, day.broadcasts.map { "\($0.local.time) \($0.title)" })
/// }
/// ```
public struct AnimeAiringSchedule: Sendable, Hashable {
    /// One day of the viewer's week and the broadcasts that start on it, by start.
    public struct Day: Sendable, Hashable, Identifiable {
        /// The calendar day, in the viewer's time zone.
        public var day: CalendarDay
        /// The broadcasts starting that day, the earliest first (ties by title).
        public var broadcasts: [AnimeBroadcast]
        /// The day's weekday.
        public var weekday: Weekday { day.weekday }
        /// The day.
        public var id: CalendarDay { day }

        /// A day.
        public init(day: CalendarDay, broadcasts: [AnimeBroadcast]) {
            self.day = day
            self.broadcasts = broadcasts
        }
    }

    /// The viewer's week the broadcasts fall in (its time zone is the viewer's).
    public var week: Week
    /// The seven days of ``week``, each with its broadcasts.
    public var days: [Day]
    /// The anime the schedule lists whose slot cannot be read (no day, time or zone): they air, but
    /// not at a known time. As plannable shows, by title.
    public var withoutSlot: [AnimeShow]
    /// Japan's weekdays whose list Jikan did not give whole (a page bound reached, a page that
    /// repeated itself): their broadcasts may be missing.
    public var incompleteDays: [Weekday]

    /// The viewer's time zone.
    public var timeZone: TimeZone { week.timeZone }
    /// Every broadcast of the week, the earliest first.
    public var broadcasts: [AnimeBroadcast] { days.flatMap(\.broadcasts) }

    /// A schedule.
    public init(week: Week, days: [Day], withoutSlot: [AnimeShow] = [], incompleteDays: [Weekday] = []) {
        self.week = week
        self.days = days
        self.withoutSlot = withoutSlot
        self.incompleteDays = incompleteDays
    }

    /// The schedule of `anime` (Jikan's schedule answers, any weekdays) in `week`: every broadcast
    /// of each anime's weekly slot between the week's first and last instant, in the week's time
    /// zone (a week with a clock change may hold a slot twice or not at all, as the wall clock
    /// says). An anime listed twice is taken once; a broadcast before the anime's premiere day or
    /// after its last day (in Japan) is left out. Each show is judged at `now` (see
    /// `AnimeShow(_:releasedEpisodes:asOf:)`).
    public init(anime: [JikanAnime], week: Week, asOf now: Date, incompleteDays: [Weekday] = []) {
        var seen = Set<Int>()
        var byDay: [CalendarDay: [AnimeBroadcast]] = [:]
        var withoutSlot: [AnimeShow] = []
        for item in anime where seen.insert(item.malID).inserted {
            let show = AnimeShow(item, releasedEpisodes: nil, asOf: now)
            guard let slot = item.broadcastSlot else {
                withoutSlot.append(show)
                continue
            }
            let cover = item.images.url(.large) ?? item.images.url(.regular)
            var index = 0
            while index < 2 {   // at most two in a week (a clock change may shorten or lengthen it)
                let start = slot.broadcast(index, after: week.start.addingTimeInterval(-1))
                guard start < week.end else { break }
                index += 1
                let dayInJapan = CalendarDay(containing: start, in: slot.timeZone)
                if let first = item.aired.from, dayInJapan < first { continue }
                if let last = item.aired.to, dayInJapan > last { continue }
                let local = LocalDateTime(containing: start, in: week.timeZone)
                byDay[local.day, default: []].append(AnimeBroadcast(
                    show: show, coverURL: cover, pageURL: item.url, slot: slot, start: start, local: local,
                    premieredSeason: item.season, premieredYear: item.year))
            }
        }
        self.init(
            week: week,
            days: week.days.map { day in
                Day(day: day, broadcasts: (byDay[day] ?? []).sorted { a, b in
                    if a.start != b.start { return a.start < b.start }
                    if a.title != b.title { return a.title.localizedStandardCompare(b.title) == .orderedAscending }
                    return a.id < b.id
                })
            },
            withoutSlot: withoutSlot.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending },
            incompleteDays: incompleteDays.sorted())
    }

    /// The day `day` of the week, if it is one.
    public func day(_ day: CalendarDay) -> Day? { days.first { $0.day == day } }
}

extension Jikan {
    /// This week's anime broadcasts in the viewer's time zone: Jikan's schedule of each of Japan's
    /// seven weekdays, every page of each (`/schedules?filter=monday`…), converted from Japan's
    /// time by each anime's broadcast slot into `clock`'s week (``AnimeAiringSchedule``).
    ///
    /// ```swift
    /// let schedule = try await Jikan().airingSchedule(at: .system(timeZone: try .named("Europe/Paris")))
    /// ```
    ///
    /// - Parameters:
    ///   - clock: the viewer's now and time zone; the week is the one containing now, unless `week` says.
    ///   - week: another week to lay the broadcasts out in (its time zone is taken as the viewer's).
    ///   - safeForWork: leave out anime MyAnimeList rates as adult (`sfw`).
    /// - Throws: `APIClientError` when a weekday's first page, or a later page, cannot be fetched
    ///   (a list Jikan gives in part without failing is kept, its weekday in
    ///   ``AnimeAiringSchedule/incompleteDays``).
    public func airingSchedule(
        at clock: ViewerClock, week: Week? = nil, safeForWork: Bool = false
    ) async throws(APIClientError) -> AnimeAiringSchedule {
        let now = clock.now
        var anime: [JikanAnime] = []
        var incomplete: [Weekday] = []
        for weekday in Weekday.allCases {
            let listing = await allScheduled(on: JikanScheduleDay(weekday), safeForWork: safeForWork).listing()
            switch listing.end {
            case .failed(_, let error): throw error
            case .complete: break
            case .reachedPageBound, .repeatedPage: incomplete.append(weekday)
            }
            anime += listing.items
        }
        return AnimeAiringSchedule(anime: anime, week: week ?? clock.thisWeek, asOf: now, incompleteDays: incomplete)
    }
}
