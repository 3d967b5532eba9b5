import AirdateCore

/// How a viewer stands against a show's plan at the end of a day.
public enum PlanStatus: Sendable, Hashable, Codable {
    /// More episodes watched than planned by that day.
    case ahead(by: Int)
    /// Exactly as planned.
    case onTrack
    /// Fewer episodes watched than planned by that day.
    case behind(by: Int)
    /// Every episode watched; the day of the last one.
    case completed(on: CalendarDay)
}
