public import Foundation

/// One watch to record from another service's file: the listed episode and when it was watched
/// (`nil` when the file gives no time). See ``WatchOrderStore/importWatches(_:showStatus:source:dryRun:)``.
public struct WatchToImport: Sendable, Hashable {
    /// The episode.
    public var episodeID: EpisodeID
    /// When it was watched; `nil` when not known.
    public var watchedAt: Date?

    /// Creates a watch to import.
    public init(episodeID: EpisodeID, watchedAt: Date?) {
        self.episodeID = episodeID
        self.watchedAt = watchedAt
    }
}

/// A show's status changed by an import (a show archived on the other service is dropped here).
public struct ShowStatusChange: Sendable, Hashable {
    /// The show's id.
    public var showID: String
    /// Its status before.
    public var from: ShowStatus
    /// Its status after.
    public var to: ShowStatus

    /// Creates a change.
    public init(showID: String, from: ShowStatus, to: ShowStatus) {
        self.showID = showID
        self.from = from
        self.to = to
    }
}

/// Everything an import of watches changed — or, for a dry run, would change.
public struct WatchImportReport: Sendable, Hashable {
    /// The watches recorded (the file's order).
    public var added: [WatchToImport]
    /// The watches the store already had: the same episode watched at the same instant (within a
    /// second), or, for a watch without a time, any watch of the episode not already accounted for.
    public var alreadyThere: [WatchToImport]
    /// Episodes that had no watch before and now have one, in the file's order.
    public var newlyWatched: [EpisodeID]
    /// Ids among the added watches that name no stored episode (recorded anyway, as marks are).
    public var unknown: [EpisodeID]
    /// Shows whose status the import changed.
    public var statusChanges: [ShowStatusChange]
    /// Whether nothing was written (a dry run).
    public var dryRun: Bool

    /// Creates a report.
    public init(
        added: [WatchToImport] = [], alreadyThere: [WatchToImport] = [], newlyWatched: [EpisodeID] = [], unknown: [EpisodeID] = [],
        statusChanges: [ShowStatusChange] = [], dryRun: Bool = false
    ) {
        self.added = added
        self.alreadyThere = alreadyThere
        self.newlyWatched = newlyWatched
        self.unknown = unknown
        self.statusChanges = statusChanges
        self.dryRun = dryRun
    }

    /// Whether the import changes nothing.
    public var changesNothing: Bool { added.isEmpty && statusChanges.isEmpty }
}
