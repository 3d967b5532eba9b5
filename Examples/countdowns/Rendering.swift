import AirdateCore
import CountdownKit
import Foundation

/// Text output for countdowns.
enum Rendering {
    /// One line: short id, title, when, time remaining, tags.
    static func line(_ countdown: Countdown, at reference: ViewerClock, withSeconds: Bool = false) -> String {
        var countdown = countdown
        if !countdown.isArchived, let next = countdown.nextOccurrence(after: reference.now, in: reference.timeZone) {
            countdown.target = next  // a recurring countdown shows its next occurrence
        }
        let remaining = TimeRemaining(to: countdown.target, at: reference)
        let id = String(countdown.id.uuidString.prefix(8)).lowercased()
        var parts = [id, pad(countdown.title, 28), pad(when(countdown.target, in: reference.timeZone), 22)]
        var phrase = remaining.phrase
        if withSeconds, !remaining.isAllDay {
            let total = abs(remaining.totalSeconds)
            phrase = "\(remaining.isPast ? "-" : "")\(total / 86_400)d \(two(total % 86_400 / 3600)):\(two(total % 3600 / 60)):\(two(total % 60))"
        }
        parts.append(pad("\(phrase) (\(remaining.relativePhrase))", 36))
        if !countdown.tags.isEmpty { parts.append(countdown.tags.map { "#\($0.name)" }.joined(separator: " ")) }
        if let recurrence = countdown.recurrence { parts.append("↻ \(recurrence.frequency)") }
        if countdown.isArchived { parts.append("[archived]") }
        return parts.joined(separator: "  ")
    }

    /// `2024-07-18 (all day)` or `2024-03-10 20:00 America/New_York`.
    static func when(_ target: CountdownTarget, in zone: TimeZone) -> String {
        switch target {
        case .allDay(let day): return "\(day) (all day)"
        case .instant(let date, let ownZone):
            let local = LocalDateTime(containing: date, in: ownZone)
            return "\(local.day) \(two(local.time.hour)):\(two(local.time.minute)) \(ownZone.identifier == zone.identifier ? "" : ownZone.identifier)"
        }
    }

    static func lines(_ countdowns: [Countdown], grouping: CountdownSection.Grouping?, at reference: ViewerClock, withSeconds: Bool = false) -> [String] {
        guard !countdowns.isEmpty else { return ["(no countdowns)"] }
        guard let grouping else { return countdowns.map { line($0, at: reference, withSeconds: withSeconds) } }
        var out: [String] = []
        for section in CountdownSection.sections(of: countdowns, by: grouping, at: reference) {
            if !out.isEmpty { out.append("") }
            out.append("== \(section.title) ==")
            out += section.countdowns.map { line($0, at: reference, withSeconds: withSeconds) }
        }
        return out
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
