/// How far a viewer is through one show, and through each of its seasons.
///
/// Made by ``Checklist/progressByShow(in:at:)``.
public struct ShowProgress: Sendable, Hashable {
    /// Progress through one season.
    public struct Season: Sendable, Hashable {
        /// The season number.
        public var season: Int
        /// Watched, aired and listed episodes of the season.
        public var progress: WatchProgress

        /// Creates a season's progress.
        public init(season: Int, progress: WatchProgress) {
            self.season = season
            self.progress = progress
        }
    }

    /// The show.
    public var show: Show
    /// Watched, aired and listed episodes of the whole show.
    public var progress: WatchProgress
    /// Each season that has a visible episode, in ascending order.
    public var seasons: [Season]

    /// Creates a show's progress.
    public init(show: Show, progress: WatchProgress, seasons: [Season]) {
        self.show = show
        self.progress = progress
        self.seasons = seasons
    }
}
