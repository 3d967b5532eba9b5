// An app with all three products merges their reminders with one sort: each gives `[Reminder]`.
import AirdateCore
import AnimePlanner
import CountdownKit
import Foundation
import Testing
import WatchOrder

@Suite("Reminders of every product, merged by a sort")
struct MergedRemindersTests {
    @Test func countdownsPlansAndAiringsMergeInFiringOrder() throws {
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        let monday = try CalendarDay(parsing: "2027-03-01")
        let clock = ViewerClock.fixed(at: monday.start(in: utc).addingTimeInterval(8 * 3600), timeZone: utc)  // 08:00
        let last = monday.adding(days: 1)

        // A countdown at 20:00 on Monday, reminded an hour before; one all day on Tuesday.
        let finale = try Countdown(title: "Finale", target: .instant(monday.start(in: utc).addingTimeInterval(20 * 3600), utc), created: clock.now)
        let convention = try Countdown(title: "Convention", target: .allDay(last), created: clock.now)
        let countdowns = try Reminder.upcoming(for: [finale, convention], at: clock, through: last, leadTimes: [.seconds(3600)]) { countdown in
            URL(string: "app://countdowns/\(countdown.id.uuidString.lowercased())")
        }
        // A plan of two episodes a day, reminded at 19:00 (Monday and Tuesday).
        let planner = ViewingPlanner(clock: clock)
        let show = AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60))
        let tracked = try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: monday), planner: planner)
        let plans = try Reminder.upcoming(for: [tracked], at: clock, through: last, firingAt: try TimeOfDay(parsing: "19:00"))
        // An episode followed in the watch order, airing at 20:00 on Monday too.
        let arrow = Show(name: "Arrow")
        let pilot = Episode(showID: arrow.id, season: 1, number: 1, title: "Pilot", airDay: monday,
                            broadcast: monday.start(in: utc).addingTimeInterval(20 * 3600))
        let list = try WatchList.merge([EpisodeList(show: arrow, episodes: [pilot])])
        let airings = Checklist().airingReminders(in: list, after: clock.now, through: last, in: utc).map { $0.reminder(in: list) }

        let merged = (countdowns + plans + airings).sorted()
        #expect(merged.map(\.title) == [
            "2 episodes to watch today",  // Monday 19:00, "animePlan/…"
            "Finale",  // 19:00, an hour ahead: "countdown/…" after "animePlan/…" at the same instant
            "Finale",  // 20:00, due: "countdown/…"
            "Arrow 1x01 airs",  // 20:00: "episode/…" after "countdown/…"
            "Convention",  // Monday 23:00 (an hour before Tuesday)
            "Convention",  // Tuesday 00:00
            "2 episodes to watch today",  // Tuesday 19:00
        ], "\(merged.map { "\($0.id) \($0.fireDate)" })")
        #expect(merged.map(\.source) == [.animePlan, .countdown, .countdown, .episode, .countdown, .countdown, .animePlan])
        #expect(Set(merged.map(\.id)).count == merged.count, "ids of different sources never meet")
        #expect(merged.filter { $0.source == .countdown }.allSatisfy { $0.link?.scheme == "app" })
        #expect(merged.first { $0.source == .episode }?.eventDate == pilot.broadcast)
        #expect(merged[1].body == "In 1 hour." && merged[2].body == "Now." && merged[4].body == "In 1 hour." && merged[5].body == "Today.")
    }
}
