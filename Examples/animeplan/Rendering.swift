import AirdateCore
import AnimePlanner
import CommandLineSupport
import Foundation

/// Text forms of the planner's values, and lines that fit the terminal (80 columns unless told:
/// titles, often Japanese, are measured by their display width and shortened with "…").
enum Rendering {
    /// The width every line is fitted to.
    static let width = TerminalText.lineWidth()

    static func episodes(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "episode \(range.lowerBound)" : "episodes \(range.lowerBound)–\(range.upperBound)"
    }

    static func short(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
    }

    static func status(_ status: PlanStatus) -> String {
        switch status {
        case .ahead(let count): "ahead by \(count)"
        case .onTrack: "on track"
        case .behind(let count): "behind by \(count)"
        case .completed(let day): "completed on \(day)"
        case .paused(let day): "paused since \(day)"
        case .dropped(let day): "dropped on \(day)"
        case .queued(let day): "queued since \(day)"
        }
    }

    static func day(_ day: CalendarDay) -> String {
        "\(day.weekday.name.prefix(3)) \(day)"
    }

    static func minutes(_ duration: Duration?) -> String {
        guard let duration else { return "? min" }
        let seconds = Int(duration.components.seconds)
        return seconds < 60 ? "\(seconds) sec" : "\(seconds / 60) min"
    }

    static func hours(_ duration: Duration) -> String {
        let minutes = Int(duration.components.seconds / 60)
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    /// "finishing 2022-12-15", or "finishing when more air" for a plan that stops at the episodes out.
    static func finish(_ day: CalendarDay?) -> String {
        "finishing " + (day.map { "\($0)" } ?? "when more air")
    }

    /// One line of a bar chart: `#` watched, `.` planned but not watched, scaled to `width` at `scale` minutes.
    static func bar(watched: Int, planned: Int, scale: Int, width: Int = 40) -> String {
        guard scale > 0 else { return "" }
        let done = (watched * width + scale / 2) / scale
        let wanted = (max(watched, planned) * width + scale / 2) / scale
        return String(repeating: "#", count: done) + String(repeating: ".", count: max(0, wanted - done))
    }

    /// `make(title)` with the title shortened so the line fits.
    static func line(_ title: String, _ make: (String) -> String) -> String {
        TerminalText.fitting(title, width: width, make)
    }

    /// `make(path)` with the path cut in the middle (its start and file name kept) so the line fits.
    static func line(path: String, _ make: (String) -> String) -> String {
        TerminalText.fitting(path: path, width: width, make)
    }

    /// `head` and `tail` on one line when they fit, else `tail` on a line of its own below, indented.
    static func lines(title: String, head: (String) -> String, tail: String) -> [String] {
        let whole = line(title) { head($0) + " " + tail }
        if TerminalText.width(whole) <= width, TerminalText.width(head(TerminalText.printable(title)) + " " + tail) <= width {
            return [whole]
        }
        return [line(title, head)] + TerminalText.wrapped(tail, width: width - 4).map { "    " + $0 }
    }

    /// A sentence wrapped to the width, lines after the first indented by `indent`.
    static func wrapped(_ text: String, indent: String = "") -> [String] {
        TerminalText.wrapped(text, width: width, indent: indent)
    }

    /// A plan as indented lines, at most `limit` of them.
    static func plan(_ plan: ViewingPlan, limit: Int = 8) -> [String] {
        var lines = plan.days.prefix(limit).map { "  \(day($0.day))  \(episodes($0.episodes))" }
        if plan.days.count > limit {
            lines.append("  … \(Plural.count(plan.days.count - limit, "more day")), to \(plan.finishDay.map { "\($0)" } ?? "?")")
        }
        if plan.coversOnlyReleasedEpisodes { lines.append("  (planned up to the episodes out so far; more are added as they air)") }
        return lines
    }

    /// Prints `lines`.
    static func print(_ lines: [String]) {
        for line in lines { Swift.print(line) }
    }
}
