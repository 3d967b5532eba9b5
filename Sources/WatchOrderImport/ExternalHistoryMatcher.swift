import AirdateCore
import Foundation
public import WatchOrder

/// How an imported watch found its episode.
public enum MatchMethod: String, Sendable, Hashable, CaseIterable {
    /// By the episode's own id (TheTVDB, IMDb, TMDB or Trakt) — the surest.
    case episodeID
    /// By the show's id, then the season and number.
    case showID
    /// By the show's title, then the season and number.
    case title
}

/// An imported watch and the listed episode it is.
public struct MatchedWatch: Sendable, Hashable {
    /// The watch as the file has it.
    public var watch: ExternalWatch
    /// The listed episode.
    public var episodeID: EpisodeID
    /// How it was found.
    public var method: MatchMethod
}

/// An imported watch that is no listed episode, and why.
public struct UnmatchedWatch: Sendable, Hashable, CustomStringConvertible {
    /// The watch as the file has it.
    public var watch: ExternalWatch
    /// Why it matches nothing ("no listed show is called Doctor Who").
    public var reason: String

    /// "line 12: Doctor Who 1x01 — no listed show is called Doctor Who".
    public var description: String {
        let show = watch.show.title.isEmpty ? watch.show.ids.description : watch.show.title
        let code = EpisodeCode(season: watch.season, number: watch.number, isSpecial: false, show: show).formatted(.withShow)
        return "\(watch.location): \(code) — \(reason)"
    }
}

/// A followed show of the file and the listed show it is (`nil` with the reason when none).
public struct MatchedFollow: Sendable, Hashable {
    /// The followed show as the file has it.
    public var follow: ExternalFollow
    /// The listed show's id, when one matches.
    public var showID: String?
    /// Why no listed show matches, when none does.
    public var reason: String?
}

/// What an export file comes to against a watch list: the watches matched to listed episodes (and
/// how), those that match nothing (and why), the followed shows, and what the reader skipped.
/// ``watchesToRecord`` is what `WatchOrderStore/importWatches(_:showStatus:source:dryRun:)` takes.
public struct ExternalMatchPlan: Sendable, Hashable {
    /// The service the file came from.
    public var service: ExternalService
    /// The watches matched, in file order.
    public var matched: [MatchedWatch]
    /// The watches that match no listed episode, in file order.
    public var unmatched: [UnmatchedWatch]
    /// The followed shows, matched or not.
    public var follows: [MatchedFollow]
    /// What the reader left unread (movies, rows without numbers).
    public var skipped: [ExternalSkip]

    /// The share of the file's watches that matched a listed episode (1 when there are none).
    public var matchRate: Double {
        let total = matched.count + unmatched.count
        return total == 0 ? 1 : Double(matched.count) / Double(total)
    }

    /// The watches to record: each matched watch once per play — the first at the file's instant,
    /// further plays without a time (the file gives one instant per episode).
    public var watchesToRecord: [WatchToImport] {
        matched.flatMap { match in
            [WatchToImport(episodeID: match.episodeID, watchedAt: match.watch.watchedAt)]
                + Array(repeating: WatchToImport(episodeID: match.episodeID, watchedAt: nil), count: match.watch.plays - 1)
        }
    }

    /// The statuses the followed shows ask for: `ShowStatus/dropped` for a show archived there (the
    /// viewer stopped following it: out of up next, still listed with its progress — not hidden,
    /// which would take it out of every list).
    public var showStatus: [String: ShowStatus] {
        follows.reduce(into: [:]) { result, follow in
            if let id = follow.showID, follow.follow.archived { result[id] = .dropped }
        }
    }
}

/// Matches another service's watches to the episodes of a watch list: by the episode's id first,
/// then by the show's id with season and number, then by the show's title (a year in brackets and
/// punctuation ignored, "DC's Legends of Tomorrow" matching "Legends of Tomorrow") with season and
/// number. A title that matches but whose ids, or whose year, say it is another show ("The Flash
/// (1990)") matches nothing, and the reason says so.
public struct ExternalHistoryMatcher: Sendable {
    /// The list matched against.
    public let list: WatchList
    private let byEpisodeID: [IDKey: EpisodeID]
    private let byNumber: [String: [Int: [Int: EpisodeID]]]
    private let firstYear: [String: Int]

    private enum IDKey: Hashable {
        case tvdb(Int), imdb(String), tmdb(Int), trakt(Int)
    }

    /// A matcher over `list`.
    public init(list: WatchList) {
        self.list = list
        var byEpisodeID: [IDKey: EpisodeID] = [:]
        var byNumber: [String: [Int: [Int: EpisodeID]]] = [:]
        var firstYear: [String: Int] = [:]
        for episode in list.episodes {
            for key in Self.keys(episode.externalIDs) where byEpisodeID[key] == nil { byEpisodeID[key] = episode.id }
            if let number = episode.number { byNumber[episode.showID, default: [:]][episode.season, default: [:]][number] = episode.id }
            if let year = episode.airDay?.year { firstYear[episode.showID] = min(firstYear[episode.showID] ?? year, year) }
        }
        self.byEpisodeID = byEpisodeID
        self.byNumber = byNumber
        self.firstYear = firstYear
    }

    private static func keys(_ ids: ExternalIDs) -> [IDKey] {
        var keys: [IDKey] = []
        if let id = ids.theTVDB { keys.append(.tvdb(id)) }
        if let id = ids.imdb { keys.append(.imdb(id.lowercased())) }
        if let id = ids.tmdb { keys.append(.tmdb(id)) }
        if let id = ids.trakt { keys.append(.trakt(id)) }
        return keys
    }

    /// Matches every watch and followed show of `history`.
    public func match(_ history: ExternalHistory) -> ExternalMatchPlan {
        var plan = ExternalMatchPlan(service: history.service, matched: [], unmatched: [], follows: [], skipped: history.skipped)
        var shows: [ExternalShow: Result<(Show, MatchMethod), ShowMismatch>] = [:]
        for watch in history.watches {
            if let id = Self.keys(watch.ids).lazy.compactMap({ self.byEpisodeID[$0] }).first {
                plan.matched.append(MatchedWatch(watch: watch, episodeID: id, method: .episodeID))
                continue
            }
            let found = shows[watch.show] ?? show(for: watch.show)
            shows[watch.show] = found
            switch found {
            case .failure(let mismatch):
                plan.unmatched.append(UnmatchedWatch(watch: watch, reason: mismatch.reason))
            case .success(let (show, method)):
                guard let season = watch.season, let number = watch.number else {
                    plan.unmatched.append(UnmatchedWatch(watch: watch, reason: "no season and number, and no listed episode has its ids"))
                    continue
                }
                if let id = byNumber[show.id]?[season]?[number] {
                    plan.matched.append(MatchedWatch(watch: watch, episodeID: id, method: method))
                } else if season == 0 {
                    plan.unmatched.append(UnmatchedWatch(
                        watch: watch, reason: "a special (season 0): \(show.name)'s specials have no numbers here, and no listed episode has its ids"))
                } else if byNumber[show.id]?[season] == nil {
                    let seasons = (byNumber[show.id].map { Array($0.keys) } ?? []).sorted().map(String.init).joined(separator: ", ")
                    plan.unmatched.append(UnmatchedWatch(watch: watch, reason: "\(show.name) has no season \(season) here (seasons \(seasons))"))
                } else {
                    plan.unmatched.append(UnmatchedWatch(watch: watch, reason: "\(show.name) season \(season) has no episode \(number) here"))
                }
            }
        }
        for follow in history.follows {
            switch shows[follow.show] ?? show(for: follow.show) {
            case .success(let (show, _)): plan.follows.append(MatchedFollow(follow: follow, showID: show.id))
            case .failure(let mismatch): plan.follows.append(MatchedFollow(follow: follow, showID: nil, reason: mismatch.reason))
            }
        }
        return plan
    }

    private struct ShowMismatch: Error, Hashable { var reason: String }

    /// The listed show a file's show is: by id, else by title (year and ids permitting).
    private func show(for external: ExternalShow) -> Result<(Show, MatchMethod), ShowMismatch> {
        if !external.ids.isEmpty, let show = list.shows.first(where: { $0.externalIDs.sharesAnID(with: external.ids) }) {
            return .success((show, .showID))
        }
        let (title, bracketYear) = Self.titleAndYear(external.title)
        let slug = Show.slug(title)
        guard !slug.isEmpty else {
            return .failure(ShowMismatch(reason: "no listed show has its ids (\(external.ids))"))
        }
        var candidates = list.shows.filter { Show.slug($0.name) == slug || $0.id == slug }
        if candidates.isEmpty {
            // "DC's Legends of Tomorrow" for "Legends of Tomorrow", "Arrow" not for "Arrowverse".
            candidates = list.shows.filter { show in
                let name = Show.slug(show.name)
                return slug.hasSuffix("-" + name) || name.hasSuffix("-" + slug) || Self.bare(slug) == Self.bare(name)
            }
        }
        guard candidates.count == 1, let show = candidates.first else {
            return .failure(ShowMismatch(reason: candidates.isEmpty
                ? "no listed show is called \(title)"
                : "\(title) could be \(candidates.map(\.name).joined(separator: " or ")); give the file's show ids"))
        }
        let conflicts = show.externalIDs.conflicts(with: external.ids)
        if !conflicts.isEmpty {
            return .failure(ShowMismatch(reason: "another show than \(show.name): its \(conflicts.joined(separator: ", ")) id differs"))
        }
        if let year = external.year ?? bracketYear, let first = firstYear[show.id], abs(year - first) > 1 {
            return .failure(ShowMismatch(reason: "another show than \(show.name): it began in \(year), \(show.name) in \(first)"))
        }
        return .success((show, .title))
    }

    /// "The Flash (2014)" → ("The Flash", 2014).
    static func titleAndYear(_ text: String) -> (String, Int?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return (trimmed, nil) }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard inside.count == 4, let year = Int(inside) else { return (trimmed, nil) }
        return (trimmed[..<open].trimmingCharacters(in: .whitespaces), year)
    }

    /// A slug without a leading "the-".
    private static func bare(_ slug: String) -> String { slug.hasPrefix("the-") ? String(slug.dropFirst(4)) : slug }
}
