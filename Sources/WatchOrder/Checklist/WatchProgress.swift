/// How far a viewer is through a set of episodes.
public struct WatchProgress: Sendable, Hashable, Codable {
    /// Episodes marked watched.
    public var watched: Int
    /// Episodes that have aired.
    public var aired: Int
    /// All episodes, aired or not.
    public var total: Int

    /// Creates a progress.
    public init(watched: Int = 0, aired: Int = 0, total: Int = 0) {
        self.watched = watched
        self.aired = aired
        self.total = total
    }

    /// Watched over aired, 0…1 (1 when nothing has aired).
    public var fraction: Double { aired == 0 ? 1 : Double(min(watched, aired)) / Double(aired) }

    /// ``fraction`` as a whole percentage, 0…100, rounded to the nearest — except that it never says
    /// 100 before every aired episode is watched, nor 0 once one is.
    public var percent: Int {
        let rounded = Int((fraction * 100).rounded())
        if rounded == 100 && min(watched, aired) < aired { return 99 }
        if rounded == 0 && min(watched, aired) > 0 { return 1 }
        return rounded
    }

    /// Counts one more episode.
    mutating func count(aired: Bool, watched isWatched: Bool) {
        total += 1
        if aired { self.aired += 1 }
        if isWatched { watched += 1 }
    }
}
