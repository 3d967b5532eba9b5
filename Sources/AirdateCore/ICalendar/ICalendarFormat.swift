import Foundation

/// RFC 5545 text rules: value formats, TEXT escaping and line folding.
enum ICalendarFormat {
    /// `YYYYMMDD`.
    static func date(_ day: CalendarDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    /// `YYYYMMDDTHHMMSS` (local) for a wall-clock time.
    static func localDateTime(_ value: LocalDateTime) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(date(value.day))T\(two(value.time.hour))\(two(value.time.minute))\(two(value.time.second))"
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func utcDateTime(_ instant: Date) -> String {
        localDateTime(LocalDateTime(containing: instant, in: .gmt)) + "Z"
    }

    /// RFC 3339 in UTC with whole seconds, `2014-12-03T01:00:00Z` (Atom's date construct).
    static func rfc3339(_ instant: Date) -> String {
        let value = LocalDateTime(containing: instant, in: .gmt)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(value.day.description)T\(two(value.time.hour)):\(two(value.time.minute)):\(two(value.time.second))Z"
    }

    /// `±HHMM` for a UTC offset.
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let text = "\(seconds < 0 ? "-" : "+")\(two(magnitude / 3600))\(two(magnitude % 3600 / 60))"
        return magnitude % 60 == 0 ? text : text + two(magnitude % 60)
    }

    /// An RFC 5545 DURATION such as `PT0S`, `-PT15M`, `-P1DT2H` (whole seconds, sign first).
    static func duration(seconds: Int64) -> String {
        let negative = seconds < 0
        var rest = seconds.magnitude
        let days = rest / 86_400
        rest %= 86_400
        let hours = rest / 3600, minutes = rest % 3600 / 60, secs = rest % 60
        var text = negative ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if secs > 0 || (hours == 0 && minutes == 0) { text += "\(secs)S" }
        }
        return text
    }

    /// Escapes a TEXT value: backslash, semicolon, comma and line breaks.
    static func escapeText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default:
                // Other control characters are not allowed in TEXT; drop them.
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                    break
                }
                out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// Folds one content line into physical lines of at most 75 octets each (CRLF not counted),
    /// continuation lines starting with one space, never inside a UTF-8 sequence.
    static func fold(_ line: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var octets = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > limit {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                current.append(" ")
                octets = 1
                limit = 75
            }
            current.append(scalar)
            octets += size
        }
        lines.append(String(current))
        return lines
    }
}
