/// Everything an import of a progress file changed — or, for a dry run, would change: the marks,
/// and each setting it changed, with the show ids it could not use.
public struct ProgressImportReport: Sendable, Hashable {
    /// A setting's value before and after.
    public struct Change<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The value before.
        public var from: Value
        /// The value after.
        public var to: Value

        /// Creates a change.
        public init(from: Value, to: Value) {
            self.from = from
            self.to = to
        }
    }

    /// What the marks changed.
    public var watches: WatchSummary
    /// The change of ``Checklist/hidesSpecials``, when it changed.
    public var hidesSpecials: Change<Bool>?
    /// The change of ``Checklist/selectedShows`` (`nil` for every show), when it changed.
    public var selectedShows: Change<Set<String>?>?
    /// The change of ``Checklist/showStatus`` (the shows hidden or dropped), when it changed.
    public var showStatus: Change<[String: ShowStatus]>?
    /// Show ids the file selects, hides or drops that no stored show has: left out. When every id it
    /// selects is unknown the selection is left as it was.
    public var unknownShows: [String]
    /// Whether nothing was written (a dry run).
    public var dryRun: Bool

    /// Creates a report.
    public init(
        watches: WatchSummary = WatchSummary(), hidesSpecials: Change<Bool>? = nil, selectedShows: Change<Set<String>?>? = nil,
        unknownShows: [String] = [], dryRun: Bool = false, showStatus: Change<[String: ShowStatus]>? = nil
    ) {
        self.showStatus = showStatus
        self.watches = watches
        self.hidesSpecials = hidesSpecials
        self.selectedShows = selectedShows
        self.unknownShows = unknownShows
        self.dryRun = dryRun
    }
}
