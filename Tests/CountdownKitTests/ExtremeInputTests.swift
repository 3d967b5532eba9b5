import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

/// Seeded random extreme values through CountdownKit's public API: every call either works or throws
/// a typed error; nothing traps or hangs.
@Suite(.heavy) struct CountdownExtremeInputTests {
    static let extremes = [Int.min, -1, 0, 1, 2, 7, 3_660, 3_661, 36_600, 36_601, Int.max - 1, Int.max]

    static func value(_ random: inout SeededGenerator) -> Int {
        Bool.random(using: &random) ? (extremes.randomElement(using: &random) ?? 0) : Int.random(in: Int.min...Int.max, using: &random)
    }

    @Test func extremeValuesThrowTypedErrors() async throws {
        var random = SeededGenerator(seed: 0xC0_DE)
        let instants = [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300),
                        Date(timeIntervalSince1970: .nan), CalendarDay.earliest.start(in: .gmt), CalendarDay.latest.start(in: .gmt),
                        Fixture.base]
        let titles = ["", " ", String(repeating: "Å", count: 20_000), "Premiere", "\u{0}"]
        var made: [Countdown] = []
        var refused = 0
        for index in 0..<400 {
            let day = CalendarDay(daysSince1970: Self.value(&random))
            let target: CountdownTarget = Bool.random(using: &random)
                ? .allDay(day) : .instant(instants.randomElement(using: &random) ?? Fixture.base, Fixture.zone("Pacific/Kiritimati"))
            let frequencies: [Recurrence.Frequency] = [.yearly, .monthly, .monthlyOnLastDay, .weekly, .weeklyOn([]),
                                                       .weeklyOn([.monday, .sunday]), .everyDays(Self.value(&random))]
            let recurrence = try? Recurrence(frequencies.randomElement(using: &random) ?? .weekly, anchor: day)
            if let recurrence {
                _ = recurrence.occurrence(Self.value(&random))
                _ = recurrence.firstOccurrence(onOrAfter: CalendarDay(daysSince1970: Self.value(&random)))
                _ = recurrence.rule.text
            }
            do {
                let countdown = try Countdown(id: Fixture.id(index), title: titles[index % titles.count], target: target,
                                              tags: CountdownTag.normalized([titles[(index + 1) % titles.count]]),
                                              created: instants.randomElement(using: &random) ?? Fixture.base, recurrence: recurrence)
                made.append(countdown)
            } catch {
                #expect(error == .emptyTitle || error == .tooLong(what: "title", length: 20_000, limit: Countdown.Limits.titleLength))
                refused += 1
            }
        }
        for now in instants {
            let clock = ViewerClock.fixed(at: now, timeZone: Fixture.zone("Asia/Kolkata"))
            for countdown in made.prefix(60) {
                _ = TimeRemaining(to: countdown.target, at: clock).phrase
                _ = RelativeBucket(countdown.target, at: clock)
                _ = countdown.nextOccurrence(after: now, in: clock.timeZone)
            }
            _ = AutoArchive.apply(to: Array(made.prefix(60)), at: clock)
            for days in [Int.min, -1, 0, Int.max, Self.value(&random)] {
                let filter = CountdownFilter.and([.scope(.all), .not(.withinNextDays(days))])
                _ = filter.filter(made, at: clock)
                do {
                    _ = try filter.validated()
                    #expect((0...CountdownFilter.maximumDays).contains(days))
                } catch {
                    #expect(error == .outOfRange(what: "number of days ahead", value: days, allowed: 0...CountdownFilter.maximumDays))
                }
            }
            _ = CountdownSection.sections(of: made, by: .when, at: clock)
        }
        for key in CountdownSort.Key.allCases {
            _ = CountdownSort(key, .descending).sorted(made, in: .gmt, locale: Locale(identifier: "fr_FR"))
        }
        _ = ICalendar(countdowns: Array(made.prefix(40)), timestamp: .distantFuture, leadTimes: [.seconds(Int64.max), .seconds(-5)],
                      timedEventLength: .seconds(Int64.max)).text
        for lead: Duration in [.seconds(Int64.max), .seconds(Int64.min), .zero] {
            #expect(throws: CountdownError.self) { try ReminderScheduler(clock: .fixed(at: Fixture.base, timeZone: .gmt), leadTimes: [lead]) }
        }
        #expect(Recurrence.Frequency("every-99999999999999999999-days") == nil)
        #expect(Recurrence.Frequency("every-3661-days") == nil)
        #expect(throws: CountdownError.invalidRecurrence("every-\(Int.max)-days")) {
            try Recurrence(.everyDays(Int.max), anchor: .latest)
        }
        print("CountdownExtremeInputTests: \(made.count) countdowns made, \(refused) refused, \(instants.count) clocks")
        #expect(!made.isEmpty && refused > 0)
    }
}
