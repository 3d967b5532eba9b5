public import AirdateCore
import Foundation

/// A composable predicate over countdowns. The same implementation serves every caller: the
/// in-memory list, the store's queries and the command line all call ``filter(_:at:)``.
///
/// Date filters look at the target's calendar day seen from the viewer's time zone; ranges are
/// inclusive and may be given in either order.
///
/// ```swift
/// let upcomingAnime: CountdownFilter = .and([.scope(.active), .hasTag(CountdownTag("Anime")!), .withinNextDays(30)])
/// let shown = upcomingAnime.filter(countdowns, at: .system())
/// ```
///
/// Filters are `Codable`, so a saved search can be stored and read back.
public indirect enum CountdownFilter: Sendable, Hashable, Codable {
    /// Which countdowns by archive state.
    public enum Scope: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not archived.
        case active
        /// Archived.
        case archived
        /// Both.
        case all
    }

    /// Every countdown.
    case everything
    /// Countdowns in the scope.
    case scope(Scope)
    /// Countdowns without tags.
    case untagged
    /// Countdowns with at least one tag.
    case tagged
    /// Countdowns with this tag (case-insensitively).
    case hasTag(CountdownTag)
    /// Countdowns with every one of these tags (an empty list matches all).
    case allOfTags([CountdownTag])
    /// Countdowns with at least one of these tags (an empty list matches none).
    case anyOfTags([CountdownTag])
    /// Targets on a day before this day.
    case before(CalendarDay)
    /// Targets on a day after this day.
    case after(CalendarDay)
    /// Targets on a day from one bound to the other, both included, in either order.
    case between(CalendarDay, CalendarDay)
    /// Targets that have not passed and fall on a day from today to `days` days from today
    /// (``validated()`` accepts 0...``maximumDays``; matching never traps: a negative count is 0, and a
    /// count past 9999-12-31 reaches the last supported day).
    case withinNextDays(Int)
    /// Title or note containing the text, ignoring case and diacritics ("pokemon" finds "Pokémon").
    case text(String)
    /// All of the filters (an empty list matches all).
    case and([CountdownFilter])
    /// Any of the filters (an empty list matches none).
    case or([CountdownFilter])
    /// Not the filter.
    case not(CountdownFilter)

    /// The most days ``withinNextDays(_:)`` accepts: 36 600 (about a century).
    public static let maximumDays = 36_600

    /// The filter itself when every number in it is in range.
    ///
    /// - Throws: ``CountdownError/outOfRange(what:value:allowed:)`` for a ``withinNextDays(_:)`` count
    ///   outside 0...``maximumDays``, however deeply nested.
    public func validated() throws(CountdownError) -> CountdownFilter {
        var pending: [CountdownFilter] = [self]
        while let filter = pending.popLast() {
            switch filter {
            case .withinNextDays(let days) where !(0...Self.maximumDays).contains(days):
                throw .outOfRange(what: "number of days ahead", value: days, allowed: 0...Self.maximumDays)
            case .and(let filters), .or(let filters): pending += filters
            case .not(let inner): pending.append(inner)
            default: break
            }
        }
        return self
    }

    /// Whether `countdown` passes, seen at `reference`.
    public func matches(_ countdown: Countdown, at reference: ViewerClock) -> Bool {
        predicate(at: reference)(countdown)
    }

    /// The countdowns that pass, in their given order.
    public func filter(_ countdowns: [Countdown], at reference: ViewerClock) -> [Countdown] {
        let test = predicate(at: reference)
        return countdowns.filter(test)
    }

    /// The filter prepared once (text folded, today computed) as a closure.
    public func predicate(at clock: ViewerClock) -> @Sendable (Countdown) -> Bool {
        let reference = clock.frozen()  // one instant for the whole filter
        let zone = reference.timeZone
        switch self {
        case .everything:
            return { _ in true }
        case .scope(let scope):
            switch scope {
            case .active: return { $0.archived == nil }
            case .archived: return { $0.archived != nil }
            case .all: return { _ in true }
            }
        case .untagged:
            return { $0.tags.isEmpty }
        case .tagged:
            return { !$0.tags.isEmpty }
        case .hasTag(let tag):
            return { $0.tags.contains(tag) }
        case .allOfTags(let tags):
            let wanted = Set(tags)
            return { countdown in wanted.isSubset(of: countdown.tags) }
        case .anyOfTags(let tags):
            let wanted = Set(tags)
            return { countdown in countdown.tags.contains(where: wanted.contains) }
        case .before(let day):
            return { $0.target.day(in: zone) < day }
        case .after(let day):
            return { $0.target.day(in: zone) > day }
        case .between(let a, let b):
            let range = min(a, b)...max(a, b)
            return { range.contains($0.target.day(in: zone)) }
        case .withinNextDays(let days):
            let today = reference.today
            let last = today.adding(days: max(0, days))
            let now = reference.now
            return { countdown in
                !countdown.target.hasPassed(by: now, in: zone) && countdown.target.day(in: zone) <= last
            }
        case .text(let text):
            let needle = CountdownFilter.fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !needle.isEmpty else { return { _ in true } }
            return { countdown in
                CountdownFilter.fold(countdown.title).contains(needle) || CountdownFilter.fold(countdown.note).contains(needle)
            }
        case .and(let filters):
            // A chain of captured closures rather than a loop over an array: calling a captured
            // closure needs no retain, so this costs no more than the hand-written `&&`.
            guard let last = filters.last else { return { _ in true } }
            return filters.dropLast().reversed().reduce(last.predicate(at: reference)) { rest, filter in
                let test = filter.predicate(at: reference)
                return { @Sendable countdown in test(countdown) && rest(countdown) }
            }
        case .or(let filters):
            guard let last = filters.last else { return { _ in false } }
            return filters.dropLast().reversed().reduce(last.predicate(at: reference)) { rest, filter in
                let test = filter.predicate(at: reference)
                return { @Sendable countdown in test(countdown) || rest(countdown) }
            }
        case .not(let filter):
            let test = filter.predicate(at: reference)
            return { !test($0) }
        }
    }

    /// Lowercased with diacritics removed.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
