public import Foundation

/// Why progress could not be recorded. Nothing is changed when it is thrown.
public enum ProgressError: Error, LocalizedError, Sendable, Hashable {
    /// The episode is below 1 or above the show's episode count (or above ``PlannerLimits/episodes``).
    case episodeOutOfRange(episode: Int, episodeCount: Int?)
    /// The log already goes to this episode or further.
    case alreadyWatched(episode: Int, watchedThrough: Int)
    /// A show whose total is unknown cannot be marked completed before an episode is watched.
    case nothingWatched(title: String)

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .episodeOutOfRange(let episode, let count?):
            return "Episode \(episode) does not exist; the show has episodes 1 to \(count)."
        case .episodeOutOfRange(let episode, nil):
            return "Episode \(episode) is not a valid episode number; give 1 to \(PlannerLimits.episodes.upperBound)."
        case .alreadyWatched(let episode, let through):
            return "The log already goes to episode \(through), so episode \(episode) is watched; give an episode after \(through)."
        case .nothingWatched(let title):
            return "No episode of \(title) is logged and its total is unknown; log the last episode watched instead."
        }
    }
}
