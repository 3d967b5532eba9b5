public import AirdateCore

/// How a viewer stands against a show's plan on a day — the one definition every view and
/// command uses (``TrackedShow/status(on:)``).
///
/// On day `D`, with *watched* the highest episode logged on or before `D`:
/// - *due* is the last episode of the last planned day **before** `D`: the episodes planned on `D`
///   itself are not due until `D` is over, so watching some or none of them yet is not behind;
/// - *planned* is the last episode of the last planned day on or before `D`;
/// - watched below due is ``behind(by:)`` (due − watched), watched above planned is ``ahead(by:)``
///   (watched − planned), anything from due to planned is ``onTrack``;
/// - only the days of the plan in force count (from its first day, ``PlanOptions/start``): a new
///   plan starts on track, and a first day in the past makes what it planned before `D` due.
///
/// A paused, dropped or queued show reports that instead, and a completed one ``completed(on:)``.
public enum PlanStatus: Sendable, Hashable, Codable {
    /// More episodes watched than planned through the day.
    case ahead(by: Int)
    /// Between the episodes due (planned before the day) and those planned through the day.
    case onTrack
    /// Fewer episodes watched than were due by the start of the day.
    case behind(by: Int)
    /// Every episode watched; the day of the last one.
    case completed(on: CalendarDay)
    /// The plan is paused since that day (``TrackedShow/pause(on:)``).
    case paused(since: CalendarDay)
    /// The show was dropped on that day (``TrackedShow/drop(on:)``).
    case dropped(on: CalendarDay)
    /// The show is on the list to watch later since that day (``TrackedShow/queue(on:)``).
    case queued(since: CalendarDay)
}
