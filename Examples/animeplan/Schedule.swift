import AirdateCore
import AirdateHTTP
import AnimePlanner
import AnimePlannerJikan
import ArgumentParser
import CommandLineSupport
import Foundation
import JikanClient

/// `animeplan schedule [--day mon] [--json]`
struct Schedule: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "This week's anime broadcasts, day by day in your time zone, each with its cover and how to plan it.",
        discussion: """
        From Jikan's airing schedule (MyAnimeList's, listed by Japan's weekday), each weekly slot \
        converted from Japan's time to yours: a Monday 00:30 JST broadcast is listed on Sunday in \
        Europe and America. The week is the one holding today (--today). Offline, the schedule comes \
        from the recorded snapshot. A show already tracked says so; the others say the command that \
        plans them.

        With --json, prints one JSON document: {"week": {"first", "last"}, "timeZone", "days": [{"day", \
        "weekday", "broadcasts": [{"id", "title", "start", "localDay", "localTime", "japan", "episodes", \
        "cover", "url", "tracked", "plan"}]}], "withoutSlot": [{"id", "title"}], "incompleteDays": [weekday]}; \
        start is ISO 8601, null where MyAnimeList does not say.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Only this weekday of your week (mon, tue, …).") var day: String?
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    /// The weekday `--day` names (`nil` without it).
    static func weekday(_ text: String?) throws -> Weekday? {
        guard let text else { return nil }
        guard let days = try? Input.weekdays(text), days.count == 1, let first = days.first else {
            throw Input.invalid("--day", text, expected: "one weekday, such as mon")
        }
        return first
    }

    func validate() throws {
        _ = try Self.weekday(day)
    }

    func run() async throws {
        let only = try Self.weekday(day)
        let planner = try common.planner()
        let schedule: AnimeAiringSchedule
        do {
            schedule = try await common.catalog().airingSchedule(at: planner.clock)
        } catch let error as APIClientError where error.code == .notFound && common.offline {
            let asked = error.url.flatMap { URLComponents(string: $0) }
            let weekday = asked?.queryItems?.first { $0.name == "filter" }?.value ?? "a weekday"
            throw CommandLineError.failed(
                "The offline snapshot lacks Jikan's schedule for \(weekday) (/schedules?filter=\(weekday)); run without --offline for MyAnimeList's, or add the answer to the snapshot (Scripts/make-jikan-fixtures.py).")
        }
        let tracked = Set(try await common.openStore().all().map(\.id))
        let days = schedule.days.filter { only == nil || $0.weekday == only }
        if json {
            try JSONOutput.print(ScheduleDocument(schedule, days: days, tracked: tracked))
            return
        }
        let zone = schedule.timeZone.identifier
        print("Anime broadcasts, \(Rendering.day(schedule.week.firstDay)) to \(Rendering.day(schedule.week.lastDay)), times in \(zone):")
        for day in days {
            print("")
            print("\(Rendering.day(day.day)):" + (day.broadcasts.isEmpty ? " nothing airs." : ""))
            for broadcast in day.broadcasts {
                let japan = "\(broadcast.slot.weekday.name)s \(broadcast.slot.time.short) in Japan"
                Rendering.print(Rendering.lines(title: broadcast.title, head: { "  \(broadcast.local.time.short)  \($0) [\(broadcast.id)]" },
                                                tail: "(\(japan))"))
                let plan = tracked.contains(broadcast.id) ? "tracked (animeplan today)" : "plan it: \(ScheduleDocument.planCommand(broadcast))"
                print("         \(plan)")
                if let cover = broadcast.coverURL { print("         cover: \(cover.absoluteString)") }
            }
        }
        if !schedule.withoutSlot.isEmpty {
            print("")
            print("Airing at no stated time: " + schedule.withoutSlot.map { "\($0.title) [\($0.id)]" }.joined(separator: ", ") + ".")
        }
        if !schedule.incompleteDays.isEmpty {
            let days = schedule.incompleteDays.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("animeplan: Jikan gave only part of the schedule for \(days) (Japan's days): some broadcasts may be missing.\n".utf8))
        }
    }
}

/// `animeplan schedule --json` (see ``Schedule``).
struct ScheduleDocument: Encodable {
    struct Week: Encodable {
        var first: CalendarDay
        var last: CalendarDay
    }
    struct Broadcast: Encodable {
        var id: Int
        var title: String
        var start: String
        var localDay: CalendarDay
        var localTime: String
        /// The slot in Japan, "Mondays at 23:00 (JST)".
        var japan: String
        @NullEncoded var episodes: Int?
        @NullEncoded var cover: URL?
        @NullEncoded var url: URL?
        var tracked: Bool
        /// The command that plans it.
        var plan: String
    }
    struct Day: Encodable {
        var day: CalendarDay
        var weekday: String
        var broadcasts: [Broadcast]
    }
    struct Show: Encodable {
        var id: Int
        var title: String
    }
    var week: Week
    var timeZone: String
    var days: [Day]
    var withoutSlot: [Show]
    var incompleteDays: [String]

    init(_ schedule: AnimeAiringSchedule, days: [AnimeAiringSchedule.Day], tracked: Set<Int>) {
        week = Week(first: schedule.week.firstDay, last: schedule.week.lastDay)
        timeZone = schedule.timeZone.identifier
        self.days = days.map { day in
            Day(day: day.day, weekday: day.weekday.name, broadcasts: day.broadcasts.map { broadcast in
                Broadcast(id: broadcast.id, title: broadcast.title, start: ISO8601Instant(date: broadcast.start).description,
                          localDay: broadcast.local.day, localTime: broadcast.local.time.short,
                          japan: "\(broadcast.slot.weekday.name)s at \(broadcast.slot.time.short) (JST)",
                          episodes: broadcast.show.episodeCount, cover: broadcast.coverURL, url: broadcast.pageURL,
                          tracked: tracked.contains(broadcast.id), plan: Self.planCommand(broadcast))
            })
        }
        withoutSlot = schedule.withoutSlot.map { Show(id: $0.id, title: $0.title) }
        incompleteDays = schedule.incompleteDays.map(\.name)
    }

    /// How to plan a broadcast's show: one episode a day from today, which waits for each broadcast.
    static func planCommand(_ broadcast: AnimeBroadcast) -> String { "animeplan add \(broadcast.id) --per-day 1" }
}

extension TimeOfDay {
    /// "23:00".
    var short: String { String(description.prefix(5)) }
}
