public import AirdateCore
public import AnimePlanner
import Foundation

/// How an entry of a MyAnimeList list was matched to a show.
public enum MyAnimeListMatch: String, Sendable, Hashable, Codable {
    /// By its MyAnimeList id.
    case myAnimeListID
    /// By another tracker's id the show found for it shares with a tracked show (AniList, Kitsu,
    /// AniDB: `AnimeShow/externalIDs`).
    case externalID
    /// By one of its titles (ignoring case, accents, spaces and punctuation).
    case title
}

/// What looking up a MyAnimeList entry found: the show with the facts a plan needs (episode count,
/// length, releases), or why there is none.
public enum MyAnimeListLookup: Sendable, Hashable {
    /// The show, and how it was found.
    case found(AnimeShow, by: MyAnimeListMatch)
    /// No show: the reason, as a sentence ("MyAnimeList has no anime 52991 and none titled …").
    case notFound(reason: String)
}

/// An import of a MyAnimeList list into AnimePlanner, prepared and not yet stored: what each entry
/// becomes, so that an app can show it (a dry run) before storing ``added``.
///
/// Each entry is matched by its MyAnimeList id first, then by its title: against the shows already
/// tracked (those are *already there* and left as they are; a show whose ids name another anime is
/// never matched by title), then through `lookup` (typically Jikan, by id, then a search by title).
/// A show `lookup` finds that shares an id with a tracked show (`AnimeShow/externalIDs`: MyAnimeList,
/// AniList, Kitsu, AniDB) is that show, already there. Matched entries become tracked shows:
/// - **Completed**: every episode logged on the finish day (or the start day, or today);
/// - **Watching**: the episodes watched count as seen before tracking, the rest is planned from today
///   with the import's goal (one episode a day unless told; a show that cannot be planned with the
///   goal is planned one a day, with a note);
/// - **On-Hold**: the same, paused today; **Dropped**: dropped on the finish day (or today);
/// - **Plan to Watch**: queued (`PlanState.queued(since:)`), planned when started.
///
/// Entries that cannot be imported — not found, more episodes watched than the show has, listed
/// twice, or set aside by the reader (``MyAnimeListExport/skipped``) — are *unmatched*, each with
/// its reason. Scores, rewatch counts, tags and comments are not kept.
///
/// ```swift
/// let export = try MyAnimeListExport(xml: data)
/// let prepared = try await MyAnimeListImport.prepare(export, tracked: try await store.all(), planner: planner) { entry in
///     try await lookUp(entry)          // .found(show, by: .myAnimeListID) or .notFound(reason:)
/// }
/// for item in prepared.items { print(item.name, item.outcome) }
/// try await store.insert(contentsOf: prepared.added)   // one transaction: all or nothing
/// ```
public struct MyAnimeListImport: Sendable, Hashable {
    /// What an entry becomes.
    public enum Outcome: Sendable, Hashable {
        /// A new tracked show, to store.
        case added(TrackedShow, matchedBy: MyAnimeListMatch)
        /// The show is already tracked: nothing changes; `difference` says how the list differs from
        /// what is tracked, when it does.
        case alreadyTracked(showID: Int, title: String, matchedBy: MyAnimeListMatch, difference: String?)
        /// Not imported, and why.
        case unmatched(reason: String)
    }

    /// One entry of the list and its outcome.
    public struct Item: Sendable, Hashable {
        /// The entry's title, else its id.
        public var name: String
        /// The entry's MyAnimeList id, when it has one.
        public var animeID: Int?
        /// The entry's status on MyAnimeList, when it could be read.
        public var status: MyAnimeListStatus?
        /// What it becomes.
        public var outcome: Outcome
        /// Values left out or changed on the way (an unreadable date, a plan made one a day).
        public var notes: [String]
    }

    /// Every entry of the list, in the file's order (skipped entries last).
    public var items: [Item]

    /// The new tracked shows, in the file's order.
    public var added: [TrackedShow] {
        items.compactMap { if case .added(let show, _) = $0.outcome { show } else { nil } }
    }
    /// The number of entries that become new tracked shows.
    public var addedCount: Int { items.count { if case .added = $0.outcome { true } else { false } } }
    /// The number of entries whose show is already tracked.
    public var alreadyTrackedCount: Int { items.count { if case .alreadyTracked = $0.outcome { true } else { false } } }
    /// The number of entries not imported.
    public var unmatchedCount: Int { items.count { if case .unmatched = $0.outcome { true } else { false } } }

    /// Prepares the import of `export` next to the shows already `tracked`.
    ///
    /// - Parameters:
    ///   - export: the list.
    ///   - tracked: the shows tracked now (matched first, and left as they are).
    ///   - planner: "today" and the viewer's time zone.
    ///   - goal: the plan of the shows being watched (one episode a day unless told).
    ///   - options: weekdays, skipped days and maximum per day of those plans (every day from today
    ///     unless told; the first day is always today).
    ///   - myAnimeListID: a tracked show's MyAnimeList id (by default
    ///     `AnimeShow/myAnimeListID`; an app whose show ids are MyAnimeList ids can
    ///     say so for shows stored before they carried one).
    ///   - lookup: finds an entry's show (by id, then by title); called once per entry not already
    ///     tracked, in order. What it throws (the network is down, say) ends the import.
    /// - Throws: what `lookup` throws.
    public static func prepare(
        _ export: MyAnimeListExport, tracked: [TrackedShow], planner: ViewingPlanner,
        goal: PlanGoal = .episodesPerDay(1), options: PlanOptions? = nil,
        myAnimeListID: (TrackedShow) -> Int? = { $0.show.myAnimeListID },
        lookup: (MyAnimeListEntry) async throws -> MyAnimeListLookup
    ) async rethrows -> MyAnimeListImport {
        let today = planner.today
        var planOptions = options ?? PlanOptions(start: today)
        planOptions.start = today
        var items: [Item] = []
        var taken: [Int: String] = [:]  // show id → the name of the entry that took it
        for entry in export.entries {
            var item = Item(name: entry.name, animeID: entry.animeID, status: entry.status,
                            outcome: .unmatched(reason: ""), notes: entry.notes)
            if let (show, by) = alreadyTracked(entry, in: tracked, myAnimeListID: myAnimeListID) {
                item.outcome = .alreadyTracked(showID: show.id, title: show.show.title, matchedBy: by,
                                               difference: difference(entry, show, on: today))
                items.append(item)
                continue
            }
            switch try await lookup(entry) {
            case .notFound(let reason):
                item.outcome = .unmatched(reason: reason)
            case .found(var show, let by):
                if show.myAnimeListID == nil { show.myAnimeListID = entry.animeID }
                if let first = taken[show.id] {
                    item.outcome = .unmatched(reason: "It is the same show as \(first), listed before it; that one is imported.")
                } else if let clash = tracked.first(where: { $0.id == show.id }) {
                    item.outcome = .alreadyTracked(showID: clash.id, title: clash.show.title, matchedBy: by,
                                                   difference: difference(entry, clash, on: today))
                } else if let same = tracked.first(where: { ids(of: $0, myAnimeListID: myAnimeListID).sharesAnID(with: show.externalIDs) }) {
                    item.outcome = .alreadyTracked(showID: same.id, title: same.show.title, matchedBy: .externalID,
                                                   difference: difference(entry, same, on: today))
                } else {
                    switch trackedShow(entry, show, planner: planner, goal: goal, options: planOptions) {
                    case .success(let (trackedShow, notes)):
                        item.outcome = .added(trackedShow, matchedBy: by)
                        item.notes += notes
                        taken[show.id] = entry.name
                    case .failure(let reason):
                        item.outcome = .unmatched(reason: reason.text)
                    }
                }
            }
            items.append(item)
        }
        for entry in export.skipped {
            items.append(Item(name: entry.name, animeID: entry.idText.flatMap { Int($0) }, status: nil,
                              outcome: .unmatched(reason: entry.reason), notes: []))
        }
        return MyAnimeListImport(items: items)
    }

    /// Whether two titles name the same show: equal once case, accents, spaces and punctuation are
    /// ignored ("Mushishi" and "Mushi-Shi", "Bocchi the Rock!" and "BOCCHI THE ROCK").
    public static func titlesMatch(_ first: String, _ second: String) -> Bool {
        let a = normalizedTitle(first)
        return !a.isEmpty && a == normalizedTitle(second)
    }

    static func normalizedTitle(_ title: String) -> String {
        String(title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }

    /// A tracked show's ids: its `AnimeShow/externalIDs`, the MyAnimeList id from `myAnimeListID`.
    private static func ids(of show: TrackedShow, myAnimeListID: (TrackedShow) -> Int?) -> ExternalIDs {
        var ids = show.show.externalIDs
        ids.myAnimeList = myAnimeListID(show) ?? ids.myAnimeList
        return ids
    }

    private static func alreadyTracked(_ entry: MyAnimeListEntry, in tracked: [TrackedShow],
                                       myAnimeListID: (TrackedShow) -> Int?) -> (TrackedShow, MyAnimeListMatch)? {
        let entryIDs = ExternalIDs(myAnimeList: entry.animeID)
        if entry.animeID != nil, let show = tracked.first(where: { ids(of: $0, myAnimeListID: myAnimeListID).sharesAnID(with: entryIDs) }) {
            return (show, .myAnimeListID)
        }
        // A show tracked without a MyAnimeList id (by an app with ids of its own) is matched by title,
        // unless its ids say it is another anime.
        if !entry.title.isEmpty,
           let show = tracked.first(where: {
               ids(of: $0, myAnimeListID: myAnimeListID).conflicts(with: entryIDs).isEmpty && titlesMatch($0.show.title, entry.title)
           }) {
            return (show, .title)
        }
        return nil
    }

    /// How the list's entry differs from the tracked show, or `nil` when it does not.
    private static func difference(_ entry: MyAnimeListEntry, _ show: TrackedShow, on day: CalendarDay) -> String? {
        let watched = show.watchedThrough
        let listed = MyAnimeListEntry.status(of: show, on: day)
        var parts: [String] = []
        if entry.watchedEpisodes != watched {
            parts.append("the list has \(entry.watchedEpisodes) episode\(entry.watchedEpisodes == 1 ? "" : "s") watched, AnimePlanner \(watched)")
        }
        if entry.status != listed {
            parts.append("the list says \(entry.status.rawValue), AnimePlanner \(listed.rawValue)")
        }
        guard !parts.isEmpty else { return nil }
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    private struct Refusal: Error { var text: String }

    /// The tracked show `entry` becomes, with notes, or why it cannot.
    private static func trackedShow(_ entry: MyAnimeListEntry, _ found: AnimeShow, planner: ViewingPlanner,
                                    goal: PlanGoal, options: PlanOptions) -> Result<(TrackedShow, [String]), Refusal> {
        var show = found
        var notes: [String] = []
        let today = planner.today
        var watched = entry.watchedEpisodes
        if show.episodeCount == nil, entry.status == .completed {
            // A completed show whose total is unknown here ends where the list says.
            guard let count = entry.episodeCount ?? (watched > 0 ? watched : nil) else {
                return .failure(Refusal(text: "It is completed, but neither the list nor MyAnimeList gives its number of episodes."))
            }
            show.episodeCount = count
        }
        if let total = show.episodeCount, watched > total {
            return .failure(Refusal(text: "The list has \(watched) episodes watched, more than the \(total) the show has."))
        }
        guard watched <= PlannerLimits.episodes.upperBound else {
            return .failure(Refusal(text: "The list has \(watched) episodes watched, more than AnimePlanner counts (\(PlannerLimits.episodes.upperBound))."))
        }
        var status = entry.status
        if status == .watching, let total = show.episodeCount, watched == total, total > 0 {
            status = .completed
            notes.append("Every episode is watched, so it is imported as completed.")
        }
        if status == .completed { watched = 0 }  // logged below, on the day it was finished
        func make(_ goal: PlanGoal) throws(PlanError) -> TrackedShow {
            try TrackedShow(show: show, goal: goal, options: options, watchedBeforeTracking: watched, planner: planner)
        }
        var tracked: TrackedShow
        do {
            tracked = try make(goal)
        } catch {
            let fallback = PlanGoal.episodesPerDay(1)
            guard goal != fallback, let planned = try? make(fallback) else {
                return .failure(Refusal(text: "It cannot be planned: \(error.errorDescription ?? "\(error)")"))
            }
            tracked = planned
            if status == .watching {
                notes.append("Planned one episode a day: \(error.errorDescription ?? "the plan asked for cannot be made.")")
            }
        }
        switch status {
        case .completed:
            let day = min(entry.finishDate ?? entry.startDate ?? today, today)
            do {
                try tracked.complete(on: day, planner: planner)
            } catch {
                return .failure(Refusal(text: "It cannot be marked completed: \(error.errorDescription ?? "\(error)")"))
            }
        case .watching:
            break
        case .onHold:
            tracked.pause(on: today)
        case .dropped:
            tracked.drop(on: min(entry.finishDate ?? today, today))
        case .planToWatch:
            tracked.queue(on: today)
        }
        return .success((tracked, notes))
    }
}

extension MyAnimeListEntry {
    /// The entry a tracked show is on a MyAnimeList list on `day`, or `nil` when the show has no
    /// MyAnimeList id: `myAnimeListID`, else `AnimeShow/myAnimeListID`.
    ///
    /// The status follows the show's state (completed, watching, On-Hold for paused, dropped, Plan
    /// to Watch for queued), the episodes watched are the highest one watched, the start date is the
    /// first day logged and the finish date the day it was completed (or dropped).
    public init?(trackedShow show: TrackedShow, on day: CalendarDay, myAnimeListID: Int? = nil) {
        guard let id = myAnimeListID ?? show.show.myAnimeListID else { return nil }
        let status = Self.status(of: show, on: day)
        var finish: CalendarDay?
        if let completed = show.completedOn {
            finish = completed
        } else if case .dropped(let on) = show.state {
            finish = on
        }
        self.init(animeID: id, title: show.show.title, episodeCount: show.show.episodeCount,
                  watchedEpisodes: show.show.episodeCount.map { min($0, show.watchedThrough) } ?? show.watchedThrough,
                  status: status, startDate: show.log.map(\.day).min(), finishDate: finish)
    }

    /// The list status of a tracked show.
    static func status(of show: TrackedShow, on day: CalendarDay) -> MyAnimeListStatus {
        if show.isCompleted { return .completed }
        switch show.state {
        case .active: return .watching
        case .paused: return .onHold
        case .dropped: return .dropped
        case .queued: return .planToWatch
        }
    }
}

extension MyAnimeListExport {
    /// The list of `shows` on `day`, for MyAnimeList or another tracker to import: one entry per show
    /// with a MyAnimeList id (`myAnimeListID`, by default the show's), in the order given (see
    /// ``MyAnimeListEntry/init(trackedShow:on:myAnimeListID:)``).
    public init(trackedShows shows: [TrackedShow], on day: CalendarDay, userName: String? = nil,
                myAnimeListID: (TrackedShow) -> Int? = { $0.show.myAnimeListID }) {
        self.init(userName: userName, entries: shows.compactMap { show in
            myAnimeListID(show).flatMap { MyAnimeListEntry(trackedShow: show, on: day, myAnimeListID: $0) }
        })
    }
}
