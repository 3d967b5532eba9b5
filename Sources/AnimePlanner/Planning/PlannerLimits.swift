/// The ranges of the numbers AnimePlanner accepts; anything outside them is refused with
/// ``PlanError/outOfRange(what:value:allowed:)`` (or ``ProgressError``) instead of trapping.
public enum PlannerLimits {
    /// Episode numbers and counts: 1 to 100 000 (the longest-running shows have a few thousand).
    public static let episodes: ClosedRange<Int> = 1...100_000
    /// Episodes per day (a goal or a maximum): 1 to 100 000.
    public static let episodesPerDay: ClosedRange<Int> = 1...100_000
    /// Episode lengths in seconds: 1 to 86 400 (one day).
    public static let episodeSeconds: ClosedRange<Int> = 1...86_400
    /// Minutes per day: 1 to 1 440 (one whole day).
    public static let minutesPerDay: ClosedRange<Int> = 1...1_440
    /// Days of an ``Agenda``, of ``PlannerStatistics/recentDays`` and of a planner's horizon: 1 to 36 600 (about a century).
    public static let days: ClosedRange<Int> = 1...36_600
}
