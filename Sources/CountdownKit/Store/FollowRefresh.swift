public import Foundation

/// What asking a catalog about the followed countdowns found (``CountdownStorage/refreshFollowed(catalog:noticedAt:stoppingOn:schedule:)``).
public struct FollowRefresh: Sendable {
    /// The countdowns that moved (or became unscheduled), with the move recorded.
    public var moves: [UUID: CountdownMove]
    /// The countdowns the catalog answered for without a change.
    public var unchanged: [UUID]
    /// The countdowns whose show could not be asked about, with the error.
    public var failures: [UUID: any Error]
    /// The countdowns not asked about because the catalog stopped answering first (offline, rate
    /// limited): ask again later.
    public var notAsked: [UUID]

    /// A report.
    public init(moves: [UUID: CountdownMove] = [:], unchanged: [UUID] = [], failures: [UUID: any Error] = [:], notAsked: [UUID] = []) {
        self.moves = moves
        self.unchanged = unchanged
        self.failures = failures
        self.notAsked = notAsked
    }

    /// Whether every followed countdown was asked about and answered.
    public var isComplete: Bool { failures.isEmpty && notAsked.isEmpty }
}

extension CountdownStorage {
    /// Asks `schedule` what the catalog says now about each show followed in `catalog` (once per
    /// show and event, however many countdowns follow it), then applies the answers in one write
    /// transaction (``follow(_:noticedAt:)``). Archived countdowns are left alone.
    ///
    /// When an error makes `stoppingOn` true (the catalog is unreachable or rate limited), no more
    /// shows are asked about: that countdown is a failure and the rest are ``FollowRefresh/notAsked``,
    /// so an offline app fails fast, once. Answers received before are still applied.
    ///
    /// - Parameters:
    ///   - catalog: the catalog whose followed countdowns to refresh.
    ///   - noticed: when the moves are noticed (now).
    ///   - stoppingOn: whether an error means the catalog should not be asked again now.
    ///   - schedule: what the catalog says about a followed show (the bridges' lookups: `TVMaze`,
    ///     `Jikan`).
    public func refreshFollowed(
        catalog: ShowCatalog, noticedAt noticed: Date, stoppingOn: @Sendable (any Error) -> Bool = { _ in false },
        schedule: @Sendable (FollowedShow) async throws -> ShowSchedule
    ) async throws(CountdownStoreError) -> FollowRefresh {
        let followed = try await all().filter { $0.archived == nil && $0.following?.catalog == catalog }
        var answers: [FollowQuestion: Result<ShowSchedule, any Error>] = [:]
        var report = FollowRefresh()
        var schedules: [UUID: ShowSchedule] = [:]
        var stopped = false
        for countdown in followed {
            guard let show = countdown.following else { continue }
            let question = FollowQuestion(showID: show.showID, event: show.event)
            if answers[question] == nil {
                guard !stopped else {
                    report.notAsked.append(countdown.id)
                    continue
                }
                do {
                    answers[question] = .success(try await schedule(show))
                } catch {
                    answers[question] = .failure(error)
                    stopped = stoppingOn(error)
                }
            }
            switch answers[question] {
            case .success(let answer): schedules[countdown.id] = answer
            case .failure(let error): report.failures[countdown.id] = error
            case nil: break
            }
        }
        report.moves = try await follow(schedules, noticedAt: noticed)
        report.unchanged = followed.map(\.id).filter { schedules[$0] != nil && report.moves[$0] == nil }
        return report
    }
}

/// One question to a catalog: a show and the event followed.
private struct FollowQuestion: Hashable {
    let showID: Int
    let event: FollowedShow.Event
}
