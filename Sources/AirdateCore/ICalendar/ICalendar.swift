public import Foundation

/// An RFC 5545 `VCALENDAR` of ``ICalendarEvent``s, written with CRLF line endings, 75-octet
/// line folding that never splits a UTF-8 sequence, and escaped TEXT values.
///
/// ```swift
/// let calendar = ICalendar(productIdentifier: "-//Airdate//CountdownKit//EN", events: [
///     ICalendarEvent(uid: "premiere-1@airdate", timestamp: Date(), summary: "Season premiere",
///                    timing: .allDay(first: day, last: day))
/// ])
/// try calendar.text.write(to: url, atomically: true, encoding: .utf8)
/// ```
///
/// Events with a `TZID` get a `VTIMEZONE` valid from a year before the earliest event for ever
/// after: the zone's changes before its current rules are listed one by one, and its current
/// rules (for example "second Sunday of March at 02:00") are written as yearly `RRULE`s, so events
/// and recurrences in any later year are placed right. Timed events without an end get
/// `DURATION:PT0S`; ``ICalendarEvent/alarms`` become `VALARM`s.
public struct ICalendar: Sendable, Hashable {
    /// `PRODID`, such as `"-//Airdate//CountdownKit//EN"`.
    public var productIdentifier: String
    /// An optional display name (`X-WR-CALNAME`, understood by most calendar apps).
    public var name: String?
    /// The events.
    public var events: [ICalendarEvent]

    /// Creates a calendar.
    public init(productIdentifier: String, name: String? = nil, events: [ICalendarEvent] = []) {
        self.productIdentifier = productIdentifier
        self.name = name
        self.events = events
    }

    /// The content lines, unfolded and without line endings.
    public var contentLines: [String] {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ICalendarFormat.escapeText(productIdentifier))", "CALSCALE:GREGORIAN"]
        if let name { lines.append("X-WR-CALNAME:\(ICalendarFormat.escapeText(name))") }
        lines += timeZoneLines()
        for event in events { lines += Self.lines(for: event) }
        lines.append("END:VCALENDAR")
        return lines
    }

    /// The whole calendar: folded lines, each ended by CRLF.
    public var text: String {
        var out = ""
        for line in contentLines {
            for physical in ICalendarFormat.fold(line) {
                out += physical
                out += "\r\n"
            }
        }
        return out
    }

    /// ``text`` as UTF-8 bytes, ready to write to an `.ics` file.
    public var data: Data { Data(text.utf8) }

    private static func isUTC(_ zone: TimeZone) -> Bool {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "GMT+0", "GMT-0", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu"]
            .contains(zone.identifier)
    }

    private static func lines(for event: ICalendarEvent) -> [String] {
        let text = ICalendarFormat.escapeText
        var lines = ["BEGIN:VEVENT", "UID:\(text(event.uid))", "DTSTAMP:\(ICalendarFormat.utcDateTime(event.timestamp))"]
        switch event.timing {
        case .timed(let start, let end, let zone):
            func property(_ name: String, _ instant: Date) -> String {
                if let zone, !isUTC(zone) {
                    let local = LocalDateTime(containing: instant, in: zone)
                    // A local time read back names the first of a repeated time: the second pass of a
                    // one-off event is written in UTC, exactly (a recurrence keeps its wall-clock time).
                    if event.recurrence == nil, case .repeated(_, let second, _) = local.resolution(in: zone),
                       instant.timeIntervalSince(second) > -1 {
                        return "\(name):\(ICalendarFormat.utcDateTime(instant))"
                    }
                    return "\(name);TZID=\(zone.identifier):\(ICalendarFormat.localDateTime(local))"
                }
                return "\(name):\(ICalendarFormat.utcDateTime(instant))"
            }
            lines.append(property("DTSTART", start))
            if let end, end > start {
                lines.append(property("DTEND", end))
            } else {
                lines.append("DURATION:PT0S")
            }
        case .wallClock(let start, let zone, let duration):
            if isUTC(zone) {
                lines.append("DTSTART:\(ICalendarFormat.utcDateTime(start.date(in: zone)))")
            } else {
                lines.append("DTSTART;TZID=\(zone.identifier):\(ICalendarFormat.localDateTime(start))")
            }
            lines.append("DURATION:\(ICalendarFormat.duration(seconds: max(duration, .zero).components.seconds))")
        case .allDay(let first, let last):
            lines.append("DTSTART;VALUE=DATE:\(ICalendarFormat.date(first))")
            lines.append("DTEND;VALUE=DATE:\(ICalendarFormat.date(max(last, first).adding(days: 1)))")
        }
        if let rule = event.recurrence { lines.append("RRULE:\(rule.text)") }
        lines.append("SUMMARY:\(text(event.summary))")
        if let description = event.description, !description.isEmpty { lines.append("DESCRIPTION:\(text(description))") }
        if let location = event.location, !location.isEmpty { lines.append("LOCATION:\(text(location))") }
        if let url = event.url { lines.append("URL:\(url.absoluteString)") }
        if !event.categories.isEmpty { lines.append("CATEGORIES:" + event.categories.map(text).joined(separator: ",")) }
        for lead in event.alarms {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(text(event.summary))",
                      "TRIGGER:\(ICalendarFormat.duration(seconds: -max(lead, .zero).components.seconds))", "END:VALARM"]
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// One `VTIMEZONE` per zone named by a `TZID`, valid from a year before its earliest event on.
    private func timeZoneLines() -> [String] {
        var spans: [String: (zone: TimeZone, earliest: Date, latest: Date)] = [:]
        var order: [String] = []
        for event in events {
            let start: Date, end: Date?, zone: TimeZone
            switch event.timing {
            case .timed(let instant, let last, let timeZone?):
                (start, end, zone) = (instant, last, timeZone)
            case .wallClock(let local, let timeZone, let duration):
                let instant = local.date(in: timeZone)
                (start, end, zone) = (instant, instant.addingTimeInterval(duration.timeInterval), timeZone)
            default:
                continue
            }
            guard !Self.isUTC(zone) else { continue }
            // A recurrence reaches today at least (the export time): the rules in force then are the ones to repeat.
            let latest = max(start, end ?? start, event.recurrence == nil ? start : event.timestamp)
            if let span = spans[zone.identifier] {
                spans[zone.identifier] = (zone, min(span.earliest, start), max(span.latest, latest))
            } else {
                spans[zone.identifier] = (zone, start, latest)
                order.append(zone.identifier)
            }
        }
        var lines: [String] = []
        for identifier in order {
            guard let span = spans[identifier] else { continue }
            lines += TimeZoneRules(span.zone, from: span.earliest.addingTimeInterval(-366 * 86_400), through: span.latest).lines
        }
        return lines
    }
}
