import Foundation

/// The instants export files write: ISO 8601 (`2019-05-01T20:00:00.000Z`, with an offset, with or
/// without fractional seconds) and TV Time's `2019-05-01 20:00:00` (UTC). Parsed by hand, exactly,
/// without a formatter's locale or leniency.
enum ExportDates {
    /// The instant `text` names, or `nil` when it is not one.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take(UInt8(ascii: "-")), let month = number(2), take(UInt8(ascii: "-")), let day = number(2),
              (1...12).contains(month), (1...31).contains(day), year >= 1900
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset = 0
        if index < bytes.count {
            guard take(UInt8(ascii: "T")) || take(UInt8(ascii: " ")) || take(UInt8(ascii: "t")),
                  let h = number(2), take(UInt8(ascii: ":")), let m = number(2)
            else { return nil }
            (hour, minute) = (h, m)
            if take(UInt8(ascii: ":")) {
                guard let s = number(2) else { return nil }
                second = s
                if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                    var numerator = 0, denominator = 1, digits = 0
                    while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                        if digits < 9 {
                            numerator = numerator * 10 + Int(bytes[index] - 0x30)
                            denominator *= 10
                        }
                        index += 1
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                    fraction = Double(numerator) / Double(denominator)
                }
            }
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) {
                offset = 0
            } else if index < bytes.count {
                let sign: Int
                if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
                guard let oh = number(2) else { return nil }
                _ = take(UInt8(ascii: ":"))
                let om = number(2) ?? 0
                offset = sign * (oh * 3600 + om * 60)
            }
            // " UTC" after TV Time's form.
            if index < bytes.count, String(decoding: bytes[index...], as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased() == "UTC" {
                index = bytes.count
            }
            guard index == bytes.count, hour < 24, minute < 60, second < 61 else { return nil }
        }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }

    /// `2019-05-01T20:00:00.000Z`: ISO 8601 in UTC with milliseconds, as Trakt writes.
    static func iso(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let millis = min(999, Int(((seconds - whole) * 1000).rounded()))
        let text = tvTime(Date(timeIntervalSince1970: whole)).replacingOccurrences(of: " ", with: "T")
        return text + "." + String(repeating: "0", count: 3 - String(millis).count) + String(millis) + "Z"
    }

    /// `2019-05-01 20:00:00`: TV Time's form, in UTC.
    static func tvTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }
}
