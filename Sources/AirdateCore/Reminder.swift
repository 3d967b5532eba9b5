public import Foundation

/// Something to notify the viewer of at a given instant — a countdown coming due, a day of a viewing
/// plan, an episode airing — in the one shape every Airdate product lists its reminders in.
///
/// Each product's "upcoming" call gives `[Reminder]` (CountdownKit's countdowns, AnimePlanner's
/// plans, WatchOrder's followed shows), so reminders of several products merge with a sort:
///
/// ```swift
/// let all = (countdownReminders + planReminders + airingReminders).sorted()   // by fire date, then id
/// ```
///
/// ``id`` is the same whenever the product lists the same reminder again (after a change elsewhere,
/// in another process), so it serves as a notification request's identifier: scheduling the list
/// again replaces what was scheduled. It starts with the ``source``'s name
/// (`countdown/…`, `animePlan/…`, `episode/…`), so ids of different sources never meet.
public struct Reminder: Sendable, Hashable, Codable, Comparable, Identifiable {
    /// Which product a reminder comes from. New sources may be added in any release: compare with
    /// `==`, and keep a default branch.
    public struct Source: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The source's name, as in `Reminder.Source.countdown`; also its coded form.
        public let description: String

        /// The source named `name` (the products' own are the static members; an app may add its own).
        public init(_ name: String) { description = name }

        /// A countdown (CountdownKit) coming due, or a lead time before it.
        public static let countdown = Source("countdown")
        /// A day of an anime viewing plan (AnimePlanner) with episodes left to watch.
        public static let animePlan = Source("animePlan")
        /// An episode a viewer follows (WatchOrder) airing, or a lead time before it.
        public static let episode = Source("episode")

        /// Decodes the name.
        public init(from decoder: any Decoder) throws {
            description = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// Stable across listings: `<source>/<what>`, as each source defines it.
    public var id: String
    /// The product it comes from.
    public var source: Source
    /// The notification's title (a countdown's title, "3 episodes to watch today", "Arrow 3x08 airs").
    public var title: String
    /// The notification's text (when, or what).
    public var body: String
    /// The instant it fires.
    public var fireDate: Date
    /// The instant of the event it is about (a countdown's target, an airing, the planned viewing
    /// time); later than ``fireDate`` by the reminder's lead time.
    public var eventDate: Date
    /// Where the app shows the event, when the caller gave one (a page, a deep link).
    public var link: URL?

    /// A reminder.
    public init(id: String, source: Source, title: String, body: String, fireDate: Date, eventDate: Date, link: URL? = nil) {
        self.id = id
        self.source = source
        self.title = title
        self.body = body
        self.fireDate = fireDate
        self.eventDate = eventDate
        self.link = link
    }

    /// Earlier fire dates first; at one instant, by ``id`` (so a merged list has one order).
    public static func < (lhs: Reminder, rhs: Reminder) -> Bool {
        lhs.fireDate != rhs.fireDate ? lhs.fireDate < rhs.fireDate : lhs.id < rhs.id
    }

    /// A lead time in words, as reminders write it: "1 minute", "90 minutes", "2 hours", "1 day"
    /// (whole minutes; less than a minute is "0 minutes").
    public static func words(for lead: Duration) -> String {
        let minutes = Int(lead.components.seconds / 60)
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        if minutes > 0, minutes % 1440 == 0 { return count(minutes / 1440, "day") }
        if minutes > 0, minutes % 60 == 0 { return count(minutes / 60, "hour") }
        return count(minutes, "minute")
    }
}
