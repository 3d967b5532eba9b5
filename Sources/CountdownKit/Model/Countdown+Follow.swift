public import Foundation

extension Countdown {
    /// A countdown that follows `show`: titled with the show's name (and what it counts down to), at
    /// the date `schedule` gives, or `placeholder` when nothing is scheduled yet.
    ///
    /// - Throws: ``CountdownError`` as ``init(id:title:target:tags:note:created:modified:archived:recurrence:following:moves:)`` does.
    public static func following(
        _ show: FollowedShow, schedule: ShowSchedule, placeholder: CountdownTarget, title: String? = nil,
        tags: [CountdownTag] = [], note: String = "", created: Date
    ) throws(CountdownError) -> Countdown {
        var followed = show
        followed.episode = schedule.episode ?? show.episode
        let name = title ?? {
            switch show.event {
            case .nextEpisode: return "\(show.showName): next episode"
            case .nextSeasonPremiere: return "\(show.showName): next season"
            }
        }()
        var moves: [CountdownMove] = []
        if schedule.target == nil {
            moves.append(CountdownMove(kind: .unscheduled, from: placeholder, to: placeholder, noticed: created))
        }
        return try Countdown(title: name, target: schedule.target ?? placeholder, tags: tags, note: note, created: created,
                             following: followed, moves: moves)
    }

    /// Whether the catalog scheduled nothing when it was last asked (the last move is ``CountdownMove/Kind/unscheduled``).
    public var isUnscheduled: Bool { moves.last?.kind == .unscheduled }

    /// Applies what the catalog says now about the followed show: a new date moves the countdown
    /// (and brings it back from the archive), recording the move in ``moves``; nothing scheduled is
    /// recorded once (the countdown keeps its last date); the same date with more about the episode
    /// (a title announced) updates the episode without a move.
    ///
    /// The move is recorded as noticed at `now` (the countdown's ``modified`` too).
    ///
    /// - Returns: the move recorded, or `nil` when the date did not change (or the countdown follows nothing).
    @discardableResult
    public mutating func follow(_ schedule: ShowSchedule, noticedAt now: Date) -> CountdownMove? {
        guard var followed = following else { return nil }
        let previousEpisode = followed.episode
        guard let target = schedule.target else {
            guard !isUnscheduled else { return nil }
            let move = CountdownMove(kind: .unscheduled, from: self.target, to: self.target, fromEpisode: previousEpisode,
                                     toEpisode: nil, noticed: now)
            moves.append(move)
            modified = now
            return move
        }
        let episode = schedule.episode
        if target == self.target && !isUnscheduled {
            if let episode, episode != previousEpisode {
                followed.episode = episode
                following = followed
                modified = now
            }
            return nil
        }
        let kind: CountdownMove.Kind
        if isUnscheduled {
            kind = .scheduled
        } else if let episode, let previousEpisode, !episode.isSame(as: previousEpisode) {
            kind = .nextEpisode
        } else {
            kind = .rescheduled
        }
        let move = CountdownMove(kind: kind, from: self.target, to: target, fromEpisode: previousEpisode,
                                 toEpisode: episode ?? previousEpisode, noticed: now)
        self.target = target
        followed.episode = episode ?? previousEpisode
        following = followed
        archived = nil
        modified = now
        moves.append(move)
        return move
    }
}
