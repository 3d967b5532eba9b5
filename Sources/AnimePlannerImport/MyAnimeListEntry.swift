public import AirdateCore

/// One anime of a MyAnimeList list export (an `<anime>` element), with the values AnimePlanner uses.
///
/// Values the export leaves empty or unknown are `nil` (an episode count of 0, a date of
/// `0000-00-00`); values that cannot be read are `nil` too, with a note in ``notes``.
public struct MyAnimeListEntry: Sendable, Hashable {
    /// The anime's MyAnimeList id (`series_animedb_id`); `nil` when the export gives 0 or nothing
    /// (lists converted from other sites), so the entry can only be matched by title.
    public var animeID: Int?
    /// The title (`series_title`), empty when the export gives none.
    public var title: String
    /// The kind of release (`series_type`: TV, Movie, OVA…), when given.
    public var type: String?
    /// The number of episodes (`series_episodes`), `nil` when unknown (0 in the export).
    public var episodeCount: Int?
    /// The episodes watched (`my_watched_episodes`).
    public var watchedEpisodes: Int
    /// Where the anime is on the list (`my_status`).
    public var status: MyAnimeListStatus
    /// The day the viewer started it (`my_start_date`), when given.
    public var startDate: CalendarDay?
    /// The day the viewer finished it (`my_finish_date`), when given.
    public var finishDate: CalendarDay?
    /// The viewer's score from 1 to 10 (`my_score`), `nil` when not scored (0).
    public var score: Int?
    /// How many times it was watched again (`my_times_watched`).
    public var timesRewatched: Int
    /// Values of the entry that could not be read and were left out, one sentence each.
    public var notes: [String]

    /// Creates an entry.
    public init(animeID: Int?, title: String, type: String? = nil, episodeCount: Int? = nil, watchedEpisodes: Int = 0,
                status: MyAnimeListStatus, startDate: CalendarDay? = nil, finishDate: CalendarDay? = nil,
                score: Int? = nil, timesRewatched: Int = 0, notes: [String] = []) {
        self.animeID = animeID
        self.title = title
        self.type = type
        self.episodeCount = episodeCount
        self.watchedEpisodes = watchedEpisodes
        self.status = status
        self.startDate = startDate
        self.finishDate = finishDate
        self.score = score
        self.timesRewatched = timesRewatched
        self.notes = notes
    }

    /// How the entry is named in messages: its title, else its id.
    public var name: String {
        if !title.isEmpty { return title }
        return animeID.map { "anime \($0)" } ?? "an entry without id or title"
    }
}

/// Where an anime is on a MyAnimeList list (`my_status`).
public enum MyAnimeListStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Being watched.
    case watching = "Watching"
    /// Watched to the end.
    case completed = "Completed"
    /// Paused.
    case onHold = "On-Hold"
    /// Given up.
    case dropped = "Dropped"
    /// To watch later (the export's default when the status is left out).
    case planToWatch = "Plan to Watch"

    /// The status written `text`: the export's words in any case, with or without the hyphen and
    /// spaces ("On-Hold", "on hold", "plantowatch"), or the numbers older exports and converters use
    /// (1 watching, 2 completed, 3 on hold, 4 dropped, 6 plan to watch); `nil` otherwise.
    public init?(exportText text: String) {
        let key = text.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "watching", "1": self = .watching
        case "completed", "2": self = .completed
        case "onhold", "3": self = .onHold
        case "dropped", "4": self = .dropped
        case "plantowatch", "6": self = .planToWatch
        default: return nil
        }
    }
}

/// An `<anime>` element the reader could not use at all, with the reason (an id that is not a
/// number, a count below zero, a status that is none of MyAnimeList's, no id and no title).
public struct MyAnimeListSkippedEntry: Sendable, Hashable {
    /// The entry's place in the file, from 1.
    public var position: Int
    /// Its id as written, when it had one.
    public var idText: String?
    /// Its title, when it had one.
    public var title: String?
    /// Why it was skipped, as a sentence.
    public var reason: String

    /// Creates a skipped entry.
    public init(position: Int, idText: String?, title: String?, reason: String) {
        self.position = position
        self.idText = idText
        self.title = title
        self.reason = reason
    }

    /// How the entry is named in messages.
    public var name: String {
        if let title, !title.isEmpty { return title }
        if let idText, !idText.isEmpty { return "anime \(idText)" }
        return "entry \(position)"
    }
}
