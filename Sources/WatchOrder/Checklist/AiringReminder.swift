public import AirdateCore
public import Foundation

/// A reminder that an episode the viewer follows airs: when it fires, how long before the airing,
/// and the episode.
///
/// Apps hand these to the system's notification scheduler; ``Checklist/airingReminders(in:after:through:leadTime:in:limit:)``
/// lists them from the checklist, so listing again after each change (``WatchOrderStore/observeChanges()``)
/// keeps the scheduled notifications in step with what the viewer follows and has watched.
public struct AiringReminder: Sendable, Hashable, Identifiable {
    /// When it fires: the airing minus ``leadTime``.
    public var fireDate: Date
    /// When the episode airs: its broadcast instant, or the start of its air day in the viewer's zone
    /// when only the day is known (the instant ``Episode/hasAired(at:)`` starts saying yes).
    public var airs: Date
    /// Whether ``airs`` is the broadcast instant (`false`: only the air day is known).
    public var isBroadcastTime: Bool
    /// How long before the airing it fires (zero: as it airs).
    public var leadTime: Duration
    /// The episode.
    public var episode: Episode

    /// Creates a reminder.
    public init(fireDate: Date, airs: Date, isBroadcastTime: Bool, leadTime: Duration, episode: Episode) {
        self.fireDate = fireDate
        self.airs = airs
        self.isBroadcastTime = isBroadcastTime
        self.leadTime = leadTime
        self.episode = episode
    }

    /// A stable identifier for a notification request: the episode's id and the lead time in seconds
    /// (`"arrow/s8e1/3600"`), the same each time it is listed.
    public var id: String { "\(episode.id.rawValue)/\(leadTime.components.seconds)" }
}

extension Checklist {
    /// The reminders of the episodes coming up that the viewer follows: every visible episode of a
    /// show in up next (``isInUpNext(showID:)``), not done and not aired at `now`, whose airing falls
    /// on or before the end of the day `last` (in `timeZone`) and whose reminder fires strictly after
    /// `now`, in firing order (then in watch order). Episodes without an air day (TBA) have none.
    ///
    /// - Parameters:
    ///   - list: the watch order.
    ///   - now: reminders fire strictly after this instant.
    ///   - last: the last day (in `timeZone`) whose airings are reminded of.
    ///   - leadTime: how long before each airing to fire (zero, the default: as it airs); negative
    ///     lead times count as zero.
    ///   - timeZone: the viewer's zone: where air days begin and the days are counted.
    ///   - limit: at most this many, the earliest (notification schedulers keep a few dozen); `nil` for all.
    public func airingReminders(
        in list: WatchList, after now: Date, through last: CalendarDay, leadTime: Duration = .zero,
        in timeZone: TimeZone, limit: Int? = nil
    ) -> [AiringReminder] {
        if let limit, limit <= 0 { return [] }
        let lead = max(leadTime, .zero)
        let end = last.adding(days: 1).start(in: timeZone)
        var found: [(reminder: AiringReminder, order: Int)] = []
        for (order, episode) in list.episodes.enumerated() {
            guard isVisible(episode), isInUpNext(showID: episode.showID), !isDone(episode),
                  !episode.hasAired(at: now, in: timeZone) else { continue }
            let airs: Date
            if let broadcast = episode.broadcast {
                airs = broadcast
            } else if let day = episode.airDay {
                airs = day.start(in: timeZone)
            } else {
                continue
            }
            guard airs < end else { continue }
            let fire = airs.addingTimeInterval(-lead.timeInterval)
            guard fire > now else { continue }
            found.append((AiringReminder(fireDate: fire, airs: airs, isBroadcastTime: episode.broadcast != nil,
                                         leadTime: lead, episode: episode), order))
        }
        found.sort { a, b in a.reminder.fireDate != b.reminder.fireDate ? a.reminder.fireDate < b.reminder.fireDate : a.order < b.order }
        let reminders = found.map(\.reminder)
        return limit.map { Array(reminders.prefix($0)) } ?? reminders
    }
}
