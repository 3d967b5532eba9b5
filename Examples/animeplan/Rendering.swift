import AirdateCore
import AnimePlanner
import Foundation

/// Text forms of the planner's values.
enum Rendering {
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

    /// One line of a bar chart: `#` watched, `.` planned but not watched, scaled to `width` at `scale` minutes.
    static func bar(watched: Int, planned: Int, scale: Int, width: Int = 40) -> String {
        guard scale > 0 else { return "" }
        let done = (watched * width + scale / 2) / scale
        let wanted = (max(watched, planned) * width + scale / 2) / scale
        return String(repeating: "#", count: done) + String(repeating: ".", count: max(0, wanted - done))
    }

    /// A plan as indented lines, at most `limit` of them.
    static func plan(_ plan: ViewingPlan, limit: Int = 8) -> [String] {
        var lines = plan.days.prefix(limit).map { "  \(day($0.day))  \(episodes($0.episodes))" }
        if plan.days.count > limit { lines.append("  … \(plan.days.count - limit) more day\(plan.days.count - limit == 1 ? "" : "s"), to \(plan.finishDay.map { "\($0)" } ?? "?")") }
        if plan.coversOnlyReleasedEpisodes { lines.append("  (planned up to the episodes out so far; more are added as they air)") }
        return lines
    }
}
