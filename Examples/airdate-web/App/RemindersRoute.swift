import AirdateCore
import AnimePlanner
import CountdownKit
import Foundation
import Hummingbird
import WatchOrder

/// `/reminders`: what an app hands to a notification scheduler, from all three products.
struct RemindersAnswer: Encodable {
    /// One notification to schedule.
    struct Item: Encodable {
        /// Stable across listings (a notification request's identifier): `countdown/…`, `anime/…` or `episode/…`.
        var id: String
        /// `countdowns`, `anime` or `watch-order`.
        var source: String
        var fireDate: Date
        var title: String
        var body: String
        /// The page that shows it.
        var url: String
    }

    var now: Date
    var through: String
    var timeZone: String
    /// The anime planner's "today" when it runs on its offline snapshot (its reminders are for that day on).
    var animeToday: String?
    var reminders: [Item]
    /// Sources that could not be read, with why (the others are still listed).
    var unavailable: [String: String]
}

extension Routes {
    /// The upcoming reminders of the countdowns (`Reminder.upcoming`), the anime plans
    /// (`WatchReminder.upcoming`) and the watch order's followed shows (`Checklist.airingReminders`),
    /// merged in firing order. Query: `days` (1–366, default 7), `lead` (minutes before countdowns and
    /// airings, 0–527040, default 0), `anime_at` (the time of day anime reminders fire, default 18:00),
    /// `limit` (1–1000, default 64: what iOS keeps pending).
    @Sendable func reminders(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let days = try fields.integer("days", in: 1...366) ?? 7
        let leadMinutes = try fields.integer("lead", in: 0...(ReminderScheduler.leadTimeSeconds.upperBound / 60)) ?? 0
        let limit = try fields.integer("limit", in: 1...1000) ?? 64
        var animeTime = try TimeOfDay(parsing: "18:00")
        if let text = fields["anime_at"], !text.isEmpty {
            do { animeTime = try TimeOfDay(parsing: text) } catch {
                throw WebError.badParameter("anime_at", "\"\(text.prefix(40))\" is not a time as HH:MM (24-hour).")
            }
        }
        let clock = app.clock.frozen()
        let zone = clock.timeZone
        let last = CalendarDay(containing: clock.now, in: zone).adding(days: days - 1)
        let lead = Duration.seconds(leadMinutes * 60)
        var items: [(item: RemindersAnswer.Item, source: Int)] = []
        var unavailable: [String: String] = [:]

        if let side = app.countdowns {
            do {
                let countdowns = try await side.store.all()
                for reminder in try Reminder.upcoming(for: countdowns, after: clock.now, through: last,
                                                      leadTimes: leadMinutes > 0 ? [lead] : [], in: side.userZone, limit: limit) {
                    let countdown = reminder.countdown
                    let body: String
                    switch reminder.kind {
                    case .due: body = countdown.target.isAllDay ? "Today." : "Now."
                    case .ahead(let ahead): body = "In \(MinutesText.of(Int(ahead.components.seconds / 60)))."
                    }
                    items.append((RemindersAnswer.Item(
                        id: "countdown/" + reminder.id, source: "countdowns", fireDate: reminder.fireDate, title: countdown.title,
                        body: body, url: "/countdowns/\(countdown.id.uuidString.lowercased())"), 0))
                }
            } catch {
                unavailable["countdowns"] = ErrorText.line(error)
            }
        } else {
            unavailable["countdowns"] = "The countdowns' database could not be opened (see --countdowns-db)."
        }

        var animeToday: String?
        if let side = app.anime {
            do {
                let planner = side.planner(clock)
                if side.fixedToday != nil { animeToday = planner.today.description }
                let shows = try await side.shows(planner)
                let animeLast = planner.today.adding(days: days - 1)
                for reminder in try WatchReminder.upcoming(for: shows, after: planner.clock.now, through: animeLast, at: animeTime, in: zone) {
                    let count = reminder.items.reduce(0) { $0 + ($1.planned?.count ?? 0) }
                    let body = reminder.items.map { item in
                        "\(item.title): \(item.planned.map { AnimePages.episodes($0) } ?? "")"
                    }.joined(separator: "; ")
                    items.append((RemindersAnswer.Item(
                        id: "anime/\(reminder.day)", source: "anime", fireDate: reminder.fireDate,
                        title: "\(count) episode\(count == 1 ? "" : "s") to watch today", body: body,
                        url: "/anime/calendar?month=\(reminder.day.description.prefix(7))"), 1))
                }
            } catch {
                unavailable["anime"] = ErrorText.line(error)
            }
        } else {
            unavailable["anime"] = "The anime planner's database could not be opened (see --anime-db)."
        }

        do {
            let reading = try await app.snapshot()
            let list = reading.list
            for reminder in reading.state.checklist.airingReminders(in: list, after: clock.now, through: last, leadTime: lead, in: zone, limit: limit) {
                let episode = reminder.episode
                let when = reminder.isBroadcastTime ? "airs" : "is out"
                items.append((RemindersAnswer.Item(
                    id: "episode/" + reminder.id, source: "watch-order", fireDate: reminder.fireDate,
                    title: "\(list.code(of: episode, .withShow)) \(when)\(leadMinutes > 0 ? " in \(MinutesText.of(leadMinutes))" : "")",
                    body: episode.title, url: "/next"), 2))
            }
        } catch {
            unavailable["watch-order"] = ErrorText.line(error)
        }

        items.sort { a, b in
            a.item.fireDate != b.item.fireDate ? a.item.fireDate < b.item.fireDate : a.source < b.source
        }
        let answer = RemindersAnswer(now: clock.now, through: last.description, timeZone: zone.identifier, animeToday: animeToday,
                                     reminders: Array(items.prefix(limit).map(\.item)), unavailable: unavailable)
        return try json(answer)
    }
}

/// A number of minutes in words.
enum MinutesText {
    /// "1 minute", "90 minutes", "2 hours", "1 day".
    static func of(_ minutes: Int) -> String {
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        if minutes > 0, minutes % 1440 == 0 { return count(minutes / 1440, "day") }
        if minutes > 0, minutes % 60 == 0 { return count(minutes / 60, "hour") }
        return count(minutes, "minute")
    }
}
