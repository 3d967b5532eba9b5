import Foundation

/// The `VTIMEZONE` of one zone, valid from a given instant for ever after.
///
/// The zone's changes are read from Foundation from `from` until two years after the latest instant
/// that matters. When the last two of them are a daylight-saving pair, each is turned into a yearly
/// rule ("the last Sunday of March at 01:00 UTC+0", written `RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`);
/// the earlier changes that follow the same rules are covered by them, and the changes before (older
/// rules) are listed one by one. A zone without daylight saving ends with its last change, which
/// holds for ever.
struct TimeZoneRules {
    /// The content lines, `BEGIN:VTIMEZONE` … `END:VTIMEZONE`.
    let lines: [String]

    private struct Transition {
        let instant: Date
        let from: Int
        let to: Int
        let isDaylight: Bool

        /// The wall-clock time just before the change.
        var local: LocalDateTime { LocalDateTime(containing: instant, in: TimeZone(secondsFromGMT: from) ?? .gmt) }
    }

    /// "The first `weekday` of `month` on or after day `firstDay` (or the last `weekday`), at `time`",
    /// from `from` to `to` seconds east of UTC.
    private struct Rule {
        let month: Int
        let weekday: Weekday
        /// The first day of the month the change can fall on, or `nil` for "the last `weekday`".
        let firstDay: Int?
        let time: TimeOfDay
        let from: Int
        let to: Int
        let isDaylight: Bool

        /// The rule that `samples` (changes of one kind, one a year) all follow, or `nil`.
        init?(_ samples: [Transition]) {
            guard let first = samples.first else { return nil }
            let local = first.local
            month = local.day.month
            weekday = local.day.weekday
            time = local.time
            from = first.from
            to = first.to
            isDaylight = first.isDaylight
            let days = samples.map { $0.local.day }
            if days.allSatisfy({ $0.day + 7 > CalendarDay.numberOfDays(inMonth: $0.month, year: $0.year) }) {
                firstDay = nil
            } else {
                firstDay = days.map(\.day).min()
            }
            guard samples.allSatisfy(matches) else { return nil }
        }

        /// The day this rule names in `year`.
        func day(in year: Int) -> CalendarDay? {
            guard let first = try? CalendarDay(year: year, month: month, day: firstDay ?? 1) else { return nil }
            if firstDay != nil {
                return first.adding(days: (weekday.rawValue - first.weekday.rawValue + 7) % 7)
            }
            let last = first.lastDayOfMonth
            return last.adding(days: -((last.weekday.rawValue - weekday.rawValue + 7) % 7))
        }

        func matches(_ transition: Transition) -> Bool {
            let local = transition.local
            return transition.from == from && transition.to == to && transition.isDaylight == isDaylight
                && local.time == time && day(in: local.day.year) == local.day
        }

        /// `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`, `…;BYDAY=2SU`, or `…;BYDAY=SU;BYMONTHDAY=3,4,5,6,7,8,9`
        /// for a week that does not start on the 1st, 8th, 15th or 22nd.
        var text: String {
            let code = weekday.iCalendarCode
            guard let firstDay else { return "FREQ=YEARLY;BYMONTH=\(month);BYDAY=-1\(code)" }
            if firstDay % 7 == 1 { return "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(firstDay / 7 + 1)\(code)" }
            let days = (firstDay...(firstDay + 6)).map(String.init).joined(separator: ",")
            return "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(code);BYMONTHDAY=\(days)"
        }
    }

    init(_ zone: TimeZone, from: Date, through latest: Date) {
        let end = max(latest, from).addingTimeInterval(2 * 366 * 86_400)
        var transitions: [Transition] = []  // from `from` through two years after `latest`
        var cursor = from
        var offset = zone.secondsFromGMT(for: from)
        while transitions.count < 20_000, let instant = zone.nextDaylightSavingTimeTransition(after: cursor),
              instant > cursor, instant <= end {
            let to = zone.secondsFromGMT(for: instant)
            transitions.append(Transition(instant: instant, from: offset, to: to, isDaylight: zone.isDaylightSavingTime(for: instant)))
            offset = to
            cursor = instant
        }

        // The current rules, read from the changes of the 28 years (a whole cycle of weekdays and
        // leap years) after the latest instant, and the first change from which every change follows them.
        var rules: [Rule] = []
        var regularFrom = transitions.count
        var sample: [Transition] = []
        var sampleCursor = max(latest, from)
        var sampleOffset = zone.secondsFromGMT(for: sampleCursor)
        let sampleEnd = sampleCursor.addingTimeInterval(28 * 366 * 86_400)
        while sample.count < 200, let instant = zone.nextDaylightSavingTimeTransition(after: sampleCursor),
              instant > sampleCursor, instant <= sampleEnd {
            let to = zone.secondsFromGMT(for: instant)
            sample.append(Transition(instant: instant, from: sampleOffset, to: to, isDaylight: zone.isDaylightSavingTime(for: instant)))
            sampleOffset = to
            sampleCursor = instant
        }
        if sample.count >= 40, let daylight = Rule(sample.filter(\.isDaylight)), let standard = Rule(sample.filter { !$0.isDaylight }) {
            rules = [daylight, standard]
            var index = transitions.count
            while index > 0, rules.contains(where: { $0.matches(transitions[index - 1]) }) { index -= 1 }
            regularFrom = index
            // The rules must cover the changes after the listed ones.
            if regularFrom == transitions.count { transitions += sample.prefix(2).filter { $0.instant > (transitions.last?.instant ?? from) } }
        } else {
            // No daylight saving ahead (or rules too irregular to write): list the changes up to the
            // end of the sample; the last one holds after it.
            for transition in sample where transition.instant > (transitions.last?.instant ?? from) { transitions.append(transition) }
            regularFrom = transitions.count
        }

        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        func observance(_ kind: Bool, start: LocalDateTime, from: Int, to: Int, at instant: Date, rule: String?) {
            let name = kind ? "DAYLIGHT" : "STANDARD"
            lines.append("BEGIN:\(name)")
            lines.append("DTSTART:\(ICalendarFormat.localDateTime(start))")
            if let rule { lines.append("RRULE:\(rule)") }
            lines.append("TZOFFSETFROM:\(ICalendarFormat.offset(from))")
            lines.append("TZOFFSETTO:\(ICalendarFormat.offset(to))")
            // Some platforms only know "GMT-5"-style names; those say nothing TZOFFSETTO does not.
            if let abbreviation = zone.abbreviation(for: instant), !abbreviation.isEmpty,
               !(abbreviation.hasPrefix("GMT") && abbreviation.count > 3) {
                lines.append("TZNAME:\(ICalendarFormat.escapeText(abbreviation))")
            }
            lines.append("END:\(name)")
        }
        // The offset in force at `from`, the changes under older rules one by one, then the rules.
        let initial = zone.secondsFromGMT(for: from)
        observance(zone.isDaylightSavingTime(for: from), start: LocalDateTime(containing: from, in: TimeZone(secondsFromGMT: initial) ?? .gmt),
                   from: initial, to: initial, at: from, rule: nil)
        for transition in transitions[..<regularFrom] {
            observance(transition.isDaylight, start: transition.local, from: transition.from, to: transition.to,
                       at: transition.instant, rule: nil)
        }
        for rule in rules {
            guard let first = transitions[regularFrom...].first(where: rule.matches) else { continue }
            observance(rule.isDaylight, start: first.local, from: rule.from, to: rule.to, at: first.instant, rule: rule.text)
        }
        lines.append("END:VTIMEZONE")
        self.lines = lines
    }
}
