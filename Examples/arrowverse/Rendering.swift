import AirdateCore
import ArrowverseDocuments
import Foundation
import WatchOrder

/// Lines printed by the commands.
enum Rendering {
    static func line(_ episode: Episode, position: Int, list: WatchList, checklist: Checklist, clock: ViewerClock) -> String {
        let mark = checklist.isWatched(episode.id) ? "✓" : (episode.hasAired(at: clock) ? " " : "·")
        let number = String(position).leftPadded(to: 3)
        let day = episode.airDay?.description ?? "TBA       "
        let show = (list.show(episode.showID)?.name ?? episode.showID).padding(toLength: showWidth(list), withPad: " ", startingAt: 0)
        let code = list.code(of: episode).padding(toLength: 10, withPad: " ", startingAt: 0)
        return "\(mark) \(number)  \(day)  \(show) \(code) \(episode.title)"
    }

    /// The character where a `list` line's show column starts (after the mark, the position and the day).
    static let showColumn = 19

    /// The width of the show column: the longest show name, so no name is cut and every line
    /// shows the code the commands take ("Legends of Tomorrow 3x08").
    static func showWidth(_ list: WatchList) -> Int {
        list.shows.map(\.name.count).max() ?? 0
    }

    static func name(_ episode: Episode, list: WatchList) -> String {
        "\(list.code(of: episode, .withShow)) \"\(episode.title)\""
    }

    static func progress(_ progress: ProgressNumbers) -> String {
        "\(progress.watched)/\(progress.aired) aired watched (\(progress.percent)%), \(progress.total) listed"
    }

    /// What a mark changed, in one line: "Marked 60 episodes: 3 newly watched, 57 already watched."
    /// Ids that name no listed episode are counted apart (`import` of another list's file).
    static func summary(_ summary: WatchSummary, verb: String = "Marked", noun: String = "episode") -> String {
        let given = summary.episodes.count + summary.unknown.count
        var parts = ["\(summary.newlyWatched.count) newly watched", "\(summary.alreadyWatched.count) already watched"]
        if !summary.unknown.isEmpty {
            parts.append("\(summary.unknown.count) unknown (no listed episode has \(summary.unknown.count == 1 ? "that id" : "those ids"); kept for when one is listed)")
        }
        return "\(verb) \(plural(given, noun)): \(parts.joined(separator: ", "))."
    }

    /// "2019-05-01 22:00": a day and time in `timeZone`.
    static func dayAndTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
    }

    /// "12.5 hours (18 watches; 2 estimated, 1 without a runtime)".
    static func hours(_ time: WatchTime) -> String {
        let hours = (time.hours * 10).rounded() / 10
        var text = "\(hours == hours.rounded() ? String(Int(hours)) : String(hours)) hour\(hours == 1 ? "" : "s") (\(plural(time.watches, "watch"))"
        var notes: [String] = []
        if time.estimated > 0 { notes.append("\(time.estimated) estimated") }
        if time.withoutRuntime > 0 { notes.append("\(time.withoutRuntime) without a runtime") }
        if !notes.isEmpty { text += "; " + notes.joined(separator: ", ") }
        return text + ")"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : (noun.hasSuffix("ch") || noun.hasSuffix("sh") ? "es" : "s"))"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
