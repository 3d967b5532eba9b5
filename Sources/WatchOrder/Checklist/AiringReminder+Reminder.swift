public import AirdateCore
public import Foundation

extension AiringReminder {
    /// The reminder in the shape every Airdate product shares, to merge with the others' and sort:
    /// id `episode/<id>`, the title "Arrow 3x08 airs" (the code `.withShow`; "is out" when only the air
    /// day is known; "in 1 hour" with a lead time), the episode's title as the body, the airing as the
    /// event, and `link`.
    ///
    /// - Parameters:
    ///   - list: the watch order the episode is in (for its show's name).
    ///   - link: where the app shows the episode, when it has a place for it.
    public func reminder(in list: WatchList, link: URL? = nil) -> Reminder {
        let when = isBroadcastTime ? "airs" : "is out"
        let ahead = leadTime > .zero ? " in \(Reminder.words(for: leadTime))" : ""
        return Reminder(id: "\(Reminder.Source.episode)/\(id)", source: .episode, title: "\(list.code(of: episode, .withShow)) \(when)\(ahead)",
                        body: episode.title, fireDate: fireDate, eventDate: airs, link: link)
    }
}
