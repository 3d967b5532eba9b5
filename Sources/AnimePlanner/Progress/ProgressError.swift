public import Foundation

/// Why progress could not be recorded. Nothing is changed when it is thrown.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch ProgressError.Code.alreadyWatched { … }`.
public struct ProgressError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `ProgressError.Code.alreadyWatched`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The episode (``ProgressError/episode``) is below 1 or above the show's episode count
        /// (``ProgressError/episodeCount``, or above ``PlannerLimits/episodes`` when it is unknown).
        public static let episodeOutOfRange = Code("episodeOutOfRange")
        /// The log already goes to this episode or further (``ProgressError/watchedThrough``).
        public static let alreadyWatched = Code("alreadyWatched")
        /// A show whose total is unknown cannot be marked completed before an episode is watched.
        public static let nothingWatched = Code("nothingWatched")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? ProgressError)?.code == code
        }

        /// Matches a `ProgressError` against a code, after calls that declare `throws(ProgressError)`.
        public static func ~= (code: Code, error: ProgressError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The episode given.
    public var episode: Int?
    /// The show's episode count, when known (``Code/episodeOutOfRange``).
    public var episodeCount: Int?
    /// The last episode the log goes to (``Code/alreadyWatched``).
    public var watchedThrough: Int?
    /// The show's title (``Code/nothingWatched``).
    public var title: String?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, episode: Int? = nil, episodeCount: Int? = nil, watchedThrough: Int? = nil, title: String? = nil) {
        self.code = code
        self.episode = episode
        self.episodeCount = episodeCount
        self.watchedThrough = watchedThrough
        self.title = title
    }

    // MARK: Making errors

    /// `episode` is not an episode of a show of `episodeCount` episodes (`nil`: unknown).
    public static func episodeOutOfRange(episode: Int, episodeCount: Int?) -> ProgressError {
        ProgressError(.episodeOutOfRange, episode: episode, episodeCount: episodeCount)
    }
    /// The log goes to `watchedThrough` already, past `episode`.
    public static func alreadyWatched(episode: Int, watchedThrough: Int) -> ProgressError {
        ProgressError(.alreadyWatched, episode: episode, watchedThrough: watchedThrough)
    }
    /// Nothing of `title` (of unknown total) is logged.
    public static func nothingWatched(title: String) -> ProgressError { ProgressError(.nothingWatched, title: title) }

    // MARK: Describing

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        let number = episode.map(String.init) ?? "?"
        switch code {
        case .episodeOutOfRange:
            if let episodeCount {
                return "Episode \(number) does not exist; the show has episodes 1 to \(episodeCount)."
            }
            return "Episode \(number) is not a valid episode number; give 1 to \(PlannerLimits.episodes.upperBound)."
        case .alreadyWatched:
            let through = watchedThrough.map(String.init) ?? "?"
            return "The log already goes to episode \(through), so episode \(number) is watched; give an episode after \(through)."
        case .nothingWatched:
            return "No episode of \(title ?? "the show") is logged and its total is unknown; log the last episode watched instead."
        default:
            return "The progress could not be recorded (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
