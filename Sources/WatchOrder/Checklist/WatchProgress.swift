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
}
