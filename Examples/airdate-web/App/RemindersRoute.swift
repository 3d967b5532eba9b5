import AirdateCore
import AnimePlanner
import CountdownKit
import Foundation
import Hummingbird
import WatchOrder

/// `/reminders`: what an app hands to a notification scheduler, from all three products, each in
/// the one shape they share (`AirdateCore.Reminder`).
struct RemindersAnswer: Encodable {
    var now: Date
    var through: String
    var timeZone: String
    /// `{"id", "source", "title", "body", "fireDate", "eventDate", "link"}` each, in firing order.
    var reminders: [Reminder]
    /// Sources that could not be read, with why (the others are still listed).
    var unavailable: [String: String]
}

extension Routes {
    /// The upcoming reminders of the countdowns (`Reminder.upcoming(for: countdowns…)`), the anime
    /// plans (`Reminder.upcoming(for: shows…)`) and the watch order's followed shows
    /// (`Checklist.airingReminders`, each `AiringReminder.reminder(in:link:)`), merged by sorting.
    /// Query: `days` (1–366, default 7), `lead` (minutes before countdowns and airings, 0–527040,
    /// default 0), `anime_at` (the time of day anime reminders fire, default 18:00), `limit` (1–1000,
    /// default 64: what iOS keeps pending).
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
        var reminders: [Reminder] = []
        var unavailable: [String: String] = [:]

        if let side = app.countdowns {
            do {
                // All-day countdowns start in the user's own zone.
                reminders += try Reminder.upcoming(
                    for: try await side.store.all(), at: clock.inTimeZone(side.userZone), through: last,
                    leadTimes: leadMinutes > 0 ? [lead] : [], limit: limit
                ) { countdown in URL(string: "/countdowns/\(countdown.id.uuidString.lowercased())") }
            } catch {
                unavailable["countdowns"] = ErrorText.line(error)
            }
        } else {
            unavailable["countdowns"] = "The countdowns' database could not be opened (see --countdowns-db)."
        }

        if let side = app.anime {
            do {
                let planner = side.planner(clock)
                reminders += try Reminder.upcoming(
                    for: try await side.shows(planner), at: planner.clock, through: planner.today.adding(days: days - 1), firingAt: animeTime
                ) { day in URL(string: "/anime/calendar?month=\(day.description.prefix(7))") }
            } catch {
                unavailable["anime"] = ErrorText.line(error)
            }
        } else {
            unavailable["anime"] = "The anime planner's database could not be opened (see --anime-db)."
        }

        do {
            let reading = try await app.snapshot()
            reminders += reading.state.checklist.airingReminders(in: reading.list, after: clock.now, through: last, leadTime: lead, in: zone, limit: limit)
                .map { $0.reminder(in: reading.list, link: URL(string: "/next")) }
        } catch {
            unavailable["watch-order"] = ErrorText.line(error)
        }

        let answer = RemindersAnswer(now: clock.now, through: last.description, timeZone: zone.identifier,
                                     reminders: Array(reminders.sorted().prefix(limit)), unavailable: unavailable)
        return try json(answer)
    }
}
