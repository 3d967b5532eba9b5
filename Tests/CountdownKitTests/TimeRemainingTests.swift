import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

@Suite struct TimeRemainingTests {
    let newYork = Fixture.zone("America/New_York")
    let berlin = Fixture.zone("Europe/Berlin")

    private func remaining(_ target: CountdownTarget, from now: String, in zone: TimeZone) -> TimeRemaining {
        TimeRemaining(to: target, at: ViewerClock.fixed(at: Fixture.instant(now), timeZone: zone))
    }

    @Test func springForwardDayIsOneCalendarDayOf23Hours() {
        // 12:00 EST on the 9th to 12:00 EDT on the 10th.
        let r = remaining(.instant(Fixture.instant("2024-03-10T12:00:00-04:00"), newYork), from: "2024-03-09T12:00:00-05:00", in: newYork)
        #expect((r.days, r.hours, r.minutes) == (1, 0, 0))
        #expect(r.totalSeconds == 23 * 3600)
        #expect(r.phrase == "1 day")
        #expect(r.relativePhrase == "tomorrow")
        #expect(!r.isPast)
    }

    @Test func fallBackDayIsOneCalendarDayOf25Hours() {
        let r = remaining(.instant(Fixture.instant("2024-11-03T12:00:00-05:00"), newYork), from: "2024-11-02T12:00:00-04:00", in: newYork)
        #expect((r.days, r.hours) == (1, 0))
        #expect(r.totalSeconds == 25 * 3600)
        #expect(r.phrase == "1 day")
        // Across the change but within one calendar day: 00:30 EDT to 23:00 EST is 22½ hours on the
        // wall clock, but 23½ hours pass.
        let short = remaining(.instant(Fixture.instant("2024-11-03T23:00:00-05:00"), newYork), from: "2024-11-03T00:30:00-04:00", in: newYork)
        #expect(short.phrase == "23 hours, 30 minutes")
        #expect(short.totalSeconds == 23 * 3600 + 30 * 60)
    }

    @Test func adaptiveTwoUnitPhrases() {
        let utc = TimeZone.gmt
        #expect(remaining(.instant(Fixture.instant("2024-03-10T16:00:00Z"), utc), from: "2024-03-10T10:48:00Z", in: utc).phrase
                == "5 hours, 12 minutes")
        #expect(remaining(.instant(Fixture.instant("2024-03-18T00:00:00Z"), utc), from: "2024-01-15T00:00:00Z", in: utc).phrase
                == "2 months, 3 days")
        #expect(remaining(.instant(Fixture.instant("2026-01-15T00:00:00Z"), utc), from: "2024-01-15T00:00:00Z", in: utc).phrase
                == "2 years")
        #expect(remaining(.instant(Fixture.instant("2024-01-15T00:00:45Z"), utc), from: "2024-01-15T00:00:00Z", in: utc).phrase
                == "45 seconds")
        #expect(remaining(.instant(Fixture.instant("2024-01-15T00:00:00Z"), utc), from: "2024-01-15T00:00:00Z", in: utc).phrase
                == "now")
        let past = remaining(.instant(Fixture.instant("2024-03-07T09:00:00Z"), utc), from: "2024-03-10T09:00:00Z", in: utc)
        #expect(past.isPast)
        #expect(past.phrase == "3 days ago")
        #expect(past.relativePhrase == "3 days ago")
        let pastMixed = remaining(.instant(Fixture.instant("2024-03-07T05:00:00Z"), utc), from: "2024-03-10T09:00:00Z", in: utc)
        #expect(pastMixed.phrase == "3 days, 4 hours ago")
        // Month ends: January 31 to March 1 (leap year) is one month (to February 29) and one day.
        #expect(remaining(.instant(Fixture.instant("2024-03-01T10:00:00Z"), utc), from: "2024-01-31T10:00:00Z", in: utc).phrase
                == "1 month, 1 day")
    }

    @Test func allDayTargetsCountWholeCalendarDays() {
        // 23:30 in New York on the 10th: the 11th is tomorrow although it begins in 30 minutes.
        let now = "2024-03-10T23:30:00-04:00"
        let tomorrow = remaining(.allDay(Fixture.day("2024-03-11")), from: now, in: newYork)
        #expect(tomorrow.calendarDays == 1)
        #expect((tomorrow.days, tomorrow.hours, tomorrow.minutes) == (1, 0, 0))
        #expect(tomorrow.phrase == "1 day")
        #expect(tomorrow.relativePhrase == "tomorrow")
        let today = remaining(.allDay(Fixture.day("2024-03-10")), from: now, in: newYork)
        #expect(today.phrase == "today")
        #expect(today.relativePhrase == "today")
        #expect(!today.isPast)
        #expect(remaining(.allDay(Fixture.day("2024-03-13")), from: now, in: newYork).relativePhrase == "in 3 days")
        let yesterday = remaining(.allDay(Fixture.day("2024-03-09")), from: now, in: newYork)
        #expect(yesterday.isPast)
        #expect(yesterday.phrase == "1 day ago")
        #expect(yesterday.relativePhrase == "yesterday")
        // The same instant is already the 11th in Berlin.
        #expect(remaining(.allDay(Fixture.day("2024-03-11")), from: now, in: berlin).relativePhrase == "today")
        // Berlin's spring-forward day is still one day away at 23:00 the evening before.
        #expect(remaining(.allDay(Fixture.day("2024-03-31")), from: "2024-03-30T23:00:00+01:00", in: berlin).phrase == "1 day")
        #expect(remaining(.allDay(Fixture.day("2024-03-01")), from: "2024-01-31T08:00:00Z", in: .gmt).phrase == "1 month, 1 day")
        #expect(remaining(.allDay(Fixture.day("2025-03-11")), from: "2024-03-10T08:00:00Z", in: .gmt).phrase == "1 year")
        #expect(remaining(.allDay(Fixture.day("2025-04-11")), from: "2024-03-10T08:00:00Z", in: .gmt).phrase == "1 year, 1 month")
    }

    @Test func relativePhrases() {
        let utc = TimeZone.gmt
        func relative(_ target: String, _ now: String = "2024-03-10T09:00:00Z") -> String {
            remaining(.instant(Fixture.instant(target), utc), from: now, in: utc).relativePhrase
        }
        #expect(relative("2024-03-10T09:00:30Z") == "now")
        #expect(relative("2024-03-10T09:12:00Z") == "in 12 minutes")
        #expect(relative("2024-03-10T08:59:00Z") == "1 minute ago")
        #expect(relative("2024-03-10T20:00:00Z") == "today")
        #expect(relative("2024-03-11T08:00:00Z") == "tomorrow")
        #expect(relative("2024-03-25T08:00:00Z") == "in 2 weeks")
        #expect(relative("2024-06-12T08:00:00Z") == "in 3 months")
        #expect(relative("2026-06-12T08:00:00Z") == "in 2 years")
        #expect(relative("2024-02-01T08:00:00Z") == "5 weeks ago")
    }
}

@Suite struct RecurrenceTests {
    @Test func monthEndsAndLeapDaysComeBack() throws {
        let monthly = try Recurrence(.monthly, anchor: Fixture.day("2024-01-31"))
        #expect((0..<5).map { monthly.occurrence($0)?.description } == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31"])
        let lastDay = try Recurrence(.monthlyOnLastDay, anchor: Fixture.day("2023-02-28"))
        #expect((0..<3).map { lastDay.occurrence($0)?.description } == ["2023-02-28", "2023-03-31", "2023-04-30"])
        let yearly = try Recurrence(.yearly, anchor: Fixture.day("2024-02-29"))
        #expect((0..<5).map { yearly.occurrence($0)?.description } == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
        let everyThree = try Recurrence(.everyDays(3), anchor: Fixture.day("2024-02-27"))
        #expect(everyThree.firstOccurrence(onOrAfter: Fixture.day("2024-03-02")) == Fixture.day("2024-03-04"))
        #expect(everyThree.firstOccurrence(onOrAfter: Fixture.day("2020-01-01")) == Fixture.day("2024-02-27"))
        #expect(monthly.firstOccurrence(onOrAfter: Fixture.day("2025-02-01")) == Fixture.day("2025-02-28"))
        #expect(yearly.firstOccurrence(onOrAfter: Fixture.day("2027-03-01")) == Fixture.day("2028-02-29"))
        #expect(throws: CountdownError.invalidRecurrence("every-0-days")) { try Recurrence(.everyDays(0), anchor: Fixture.day("2024-01-01")) }
    }

    @Test func frequencyText() {
        #expect(Recurrence.Frequency("year") == .yearly)
        #expect(Recurrence.Frequency("month-end") == .monthlyOnLastDay)
        #expect(Recurrence.Frequency("every-10-days") == .everyDays(10))
        #expect(Recurrence.Frequency("3-days") == .everyDays(3))
        #expect(Recurrence.Frequency("daily") == .everyDays(1))
        #expect(Recurrence.Frequency("0-days") == nil)
        #expect(Recurrence.Frequency("fortnightly") == nil)
        #expect(Recurrence.Frequency("3-dyas") == nil)
        #expect(Recurrence.Frequency("every--days") == nil)
        #expect(Recurrence.Frequency.everyDays(2).description == "every-2-days")
        // One vocabulary: every name written is read back, and the help's list is what is written.
        let all: [Recurrence.Frequency] = [.yearly, .monthly, .monthlyOnLastDay, .weekly, .weeklyOn([.monday, .wednesday]), .everyDays(1), .everyDays(3)]
        for frequency in all {
            #expect(Recurrence.Frequency(frequency.description) == frequency)
        }
        #expect(all.map(\.description) == ["yearly", "monthly", "monthly-last-day", "weekly", "weekly:mon,wed", "daily", "every-3-days"])
        for name in all.prefix(6).map(\.description) { #expect(Recurrence.Frequency.vocabulary.contains(name)) }
    }

    @Test func nextOccurrenceKeepsTheWallClockTimeAcrossDST() throws {
        let newYork = Fixture.zone("America/New_York")
        // Weekly at 20:00 New York time, first on Saturday 2024-03-02 (EST).
        let countdown = Fixture.countdown(1, "Weekly show", .instant(Fixture.instant("2024-03-02T20:00:00-05:00"), newYork),
                                          recurrence: try Recurrence(.weekly, anchor: Fixture.day("2024-03-02")))
        let next = countdown.nextOccurrence(after: Fixture.instant("2024-03-12T00:00:00Z"), in: .gmt)
        #expect(next == .instant(Fixture.instant("2024-03-16T20:00:00-04:00"), newYork))  // EDT now
        #expect(countdown.nextOccurrence(after: Fixture.instant("2024-03-01T00:00:00Z"), in: .gmt) == countdown.target)
        let oneOff = Fixture.countdown(2, "Once", .allDay(Fixture.day("2024-03-01")))
        #expect(oneOff.nextOccurrence(after: Fixture.instant("2024-03-01T23:00:00Z"), in: .gmt) == oneOff.target)
        #expect(oneOff.nextOccurrence(after: Fixture.instant("2024-03-02T00:00:00Z"), in: .gmt) == nil)
    }
}

@Suite struct AutoArchiveTests {
    @Test func archivesPassedOneOffsAndRollsRecurring() throws {
        let now = Fixture.instant("2024-03-10T12:00:00Z")
        let items = [
            Fixture.countdown(1, "passed", .instant(Fixture.instant("2024-03-10T11:59:59Z"), .gmt)),
            Fixture.countdown(2, "future", .instant(Fixture.instant("2024-03-10T12:00:01Z"), .gmt)),
            Fixture.countdown(3, "all day today", .allDay(Fixture.day("2024-03-10"))),
            Fixture.countdown(4, "all day yesterday", .allDay(Fixture.day("2024-03-09"))),
            Fixture.countdown(5, "birthday", .allDay(Fixture.day("2023-03-09")),
                              recurrence: try Recurrence(.yearly, anchor: Fixture.day("2023-03-09"))),
            Fixture.countdown(6, "already archived", .allDay(Fixture.day("2020-01-01")), archived: Fixture.instant("2020-01-02T00:00:00Z")),
        ]
        let reference = ViewerClock.fixed(at: now, timeZone: .gmt)
        let outcome = AutoArchive.apply(to: items, at: reference)
        #expect(outcome.archived.map(\.title) == ["passed", "all day yesterday"])
        // Archived as of the instant each passed (a day at its end, midnight in the clock's zone); modified now.
        #expect(outcome.archived.map(\.archived) == [Fixture.instant("2024-03-10T11:59:59Z"), Fixture.instant("2024-03-10T00:00:00Z")])
        #expect(outcome.archived.allSatisfy { $0.modified == now })
        #expect(outcome.rolled.map(\.title) == ["birthday"])
        #expect(outcome.rolled.first?.target == .allDay(Fixture.day("2025-03-09")))
        #expect(outcome.rolled.first?.archived == nil)
        let all = AutoArchive.applied(to: items, at: reference)
        #expect(all.map(\.title) == items.map(\.title))
        #expect(all.filter(\.isArchived).map(\.title) == ["passed", "all day yesterday", "already archived"])
        // Pure: running it again on its own result changes nothing.
        #expect(AutoArchive.apply(to: all, at: reference).changed.isEmpty)
    }
}
