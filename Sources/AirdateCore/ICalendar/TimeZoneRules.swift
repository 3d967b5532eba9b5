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

    /// "The `ordinal` `weekday` of `month` at `time`", from `from` to `to` seconds east of UTC.
    private struct Rule {
        let month: Int
        let weekday: Weekday
        /// 1...4, or -1 for the last.
        let ordinal: Int
        let time: TimeOfDay
        let from: Int
        let to: Int
        let isDaylight: Bool

        init(_ transition: Transition) {
            let local = transition.local
            let length = CalendarDay.numberOfDays(inMonth: local.day.month, year: local.day.year)
            month = local.day.month
            weekday = local.day.weekday
            ordinal = local.day.day + 7 > length ? -1 : (local.day.day - 1) / 7 + 1
            time = local.time
            from = transition.from
            to = transition.to
            isDaylight = transition.isDaylight
        }

        /// The day this rule names in `year`.
        func day(in year: Int) -> CalendarDay? {
            guard let first = try? CalendarDay(year: year, month: month, day: 1) else { return nil }
            if ordinal > 0 {
                let shift = (weekday.rawValue - first.weekday.rawValue + 7) % 7
                return first.adding(days: shift + 7 * (ordinal - 1))
            }
            let last = first.lastDayOfMonth
            return last.adding(days: -((last.weekday.rawValue - weekday.rawValue + 7) % 7))
        }

        func matches(_ transition: Transition) -> Bool {
            let local = transition.local
            return transition.from == from && transition.to == to && transition.isDaylight == isDaylight
                && local.time == time && day(in: local.day.year) == local.day
        }

        var text: String {
            "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(ordinal)\(weekday.iCalendarCode)"
        }
    }

    init(_ zone: TimeZone, from: Date, through latest: Date) {
        let end = max(latest, from).addingTimeInterval(2 * 366 * 86_400)
        var transitions: [Transition] = []
        var cursor = from
        var offset = zone.secondsFromGMT(for: from)
        while transitions.count < 20_000, let instant = zone.nextDaylightSavingTimeTransition(after: cursor),
              instant > cursor, instant <= end {
            let to = zone.secondsFromGMT(for: instant)
            transitions.append(Transition(instant: instant, from: offset, to: to, isDaylight: zone.isDaylightSavingTime(for: instant)))
            offset = to
            cursor = instant
        }

        // The current rules, and the first change from which every change follows them.
        var rules: [Rule] = []
        var regularFrom = transitions.count
        let tail = transitions.filter { $0.instant > end.addingTimeInterval(-2 * 366 * 86_400) }
        if tail.count >= 2 {
            let pair = [Rule(tail[tail.count - 2]), Rule(tail[tail.count - 1])]
            if pair[0].isDaylight != pair[1].isDaylight {
                rules = pair
                var index = transitions.count
                while index > 0, rules.contains(where: { $0.matches(transitions[index - 1]) }) { index -= 1 }
                regularFrom = index
            }
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
