import AirdateStore

/// What changed between two ``WatchState``s: the marks added and removed, the episodes added,
/// removed or changed, and whether the rules, the show priority or the view settings changed.
///
/// Made by ``WatchState/changes(since:)``, and by ``WatchOrderStore/observeChanges()`` for every
/// change of a store. A live list uses it to update only what changed — tick or untick a box when
/// only marks changed, rebuild the list when the episodes or the order did:
///
/// ```swift
/// for try await update in store.observeChanges() {
///     guard let change = update.change else { continue }  // the first state
///     if change.reordersList { render(update.state) } else { tick(change.newlyWatched); untick(change.unwatched) }
/// }
/// ```
///
/// Ids are listed in the order of the newer state's lists (shows by priority, each show's episodes in
/// list order); ids that name no listed episode come last, by id.
public struct WatchStateChange: Sendable, Hashable {
    /// Episodes marked watched since the earlier state.
    public var newlyWatched: [EpisodeID]
    /// Episodes whose watched mark was removed since the earlier state.
    public var unwatched: [EpisodeID]
    /// Episodes listed now that were not listed before.
    public var addedEpisodes: [EpisodeID]
    /// Episodes listed before that no longer are.
    public var removedEpisodes: [EpisodeID]
    /// Episodes listed in both states whose details differ (title, air day, broadcast, page…).
    public var updatedEpisodes: [EpisodeID]
    /// Whether the ordering rules, the show priority or the order in use (a named order chosen,
    /// changed or removed) changed: the watch order may differ.
    public var rulesChanged: Bool
    /// Whether the view settings changed (specials hidden, shows selected, shows hidden or shown again).
    public var settingsChanged: Bool

    /// Creates a change.
    public init(
        newlyWatched: [EpisodeID] = [], unwatched: [EpisodeID] = [], addedEpisodes: [EpisodeID] = [],
        removedEpisodes: [EpisodeID] = [], updatedEpisodes: [EpisodeID] = [], rulesChanged: Bool = false,
        settingsChanged: Bool = false
    ) {
        self.newlyWatched = newlyWatched
        self.unwatched = unwatched
        self.addedEpisodes = addedEpisodes
        self.removedEpisodes = removedEpisodes
        self.updatedEpisodes = updatedEpisodes
        self.rulesChanged = rulesChanged
        self.settingsChanged = settingsChanged
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { self == WatchStateChange() }

    /// Whether only watched marks changed (a list can tick and untick its boxes in place).
    public var onlyWatchesChanged: Bool {
        !isEmpty && addedEpisodes.isEmpty && removedEpisodes.isEmpty && updatedEpisodes.isEmpty && !rulesChanged && !settingsChanged
    }

    /// Whether the list of episodes itself may differ — episodes added, removed or changed, or the
    /// rules or priority changed — so a shown list should be rebuilt, not patched.
    public var reordersList: Bool {
        !addedEpisodes.isEmpty || !removedEpisodes.isEmpty || !updatedEpisodes.isEmpty || rulesChanged
    }
}

extension WatchState {
    /// What changed from `earlier` to this state. Comparing a state with itself gives an empty change.
    ///
    /// Cost: O(N) for N episodes and marks (no merge).
    public func changes(since earlier: WatchState) -> WatchStateChange {
        var rank: [EpisodeID: Int] = [:]
        var episodes: [EpisodeID: Episode] = [:]
        for list in lists {
            for episode in list.episodes where episodes[episode.id] == nil {
                rank[episode.id] = rank.count
                episodes[episode.id] = episode
            }
        }
        var before: [EpisodeID: Episode] = [:]
        for list in earlier.lists {
            for episode in list.episodes where before[episode.id] == nil { before[episode.id] = episode }
        }
        func ordered(_ ids: some Sequence<EpisodeID>) -> [EpisodeID] {
            ids.sorted { left, right in
                let a = rank[left] ?? Int.max, b = rank[right] ?? Int.max
                return a != b ? a < b : left < right
            }
        }
        let added = episodes.keys.filter { before[$0] == nil }
        let removed = before.keys.filter { episodes[$0] == nil }
        let updated = episodes.compactMap { id, episode in before[id].map { $0 == episode ? nil : id } ?? nil }
        return WatchStateChange(
            newlyWatched: ordered(checklist.watched.subtracting(earlier.checklist.watched)),
            unwatched: ordered(earlier.checklist.watched.subtracting(checklist.watched)),
            addedEpisodes: ordered(added),
            removedEpisodes: ordered(removed),
            updatedEpisodes: ordered(updated),
            rulesChanged: rules != earlier.rules || showPriority != earlier.showPriority || order != earlier.order
                || lists.map(\.show) != earlier.lists.map(\.show),
            settingsChanged: checklist.hidesSpecials != earlier.checklist.hidesSpecials
                || checklist.selectedShows != earlier.checklist.selectedShows
                || checklist.hiddenShows != earlier.checklist.hiddenShows)
    }
}

/// One state of a ``WatchOrderStore`` and what changed since the previous one (`nil` for the first).
public struct WatchStateUpdate: Sendable, Hashable {
    /// Everything stored, at this moment.
    public var state: WatchState
    /// What changed since the previous update's state; `nil` for the first update of an observation.
    public var change: WatchStateChange?

    /// Creates an update.
    public init(state: WatchState, change: WatchStateChange?) {
        self.state = state
        self.change = change
    }
}

/// The states of a store with what changed between each two: ``WatchOrderStore/observeChanges()``.
///
/// The first element is the current state (with no change); each later one comes after a commit
/// that changed something — through this store, another store on the file, or another process.
/// Commits made close together may arrive as one update whose change holds them all: no change is
/// ever lost, since each change is computed between two states the observer actually saw.
public struct WatchStateUpdates: AsyncSequence, Sendable {
    /// The element: a state and its change.
    public typealias Element = WatchStateUpdate

    let states: StoreObservation<WatchState>

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: states.makeAsyncIterator())
    }

    /// Reads the store's states and diffs each with the one before.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: StoreObservation<WatchState>.AsyncIterator
        var last: WatchState?

        /// The next update; `nil` when the observation ends. Throws the store's error when a read fails.
        public mutating func next() async throws -> WatchStateUpdate? {
            while let state = try await base.next() {
                let previous = last
                last = state
                guard let previous else { return WatchStateUpdate(state: state, change: nil) }
                let change = state.changes(since: previous)
                if !change.isEmpty { return WatchStateUpdate(state: state, change: change) }
            }
            return nil
        }
    }
}
