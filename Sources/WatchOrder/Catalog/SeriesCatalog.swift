public import AirdateCore
public import Foundation

/// The series a franchise watch order follows, as data: each show's name and identity, the pages
/// that list its episodes, its ids on other services, and its broadcast facts season by season.
///
/// An app and its command-line tools read the same committed file, so they agree on every fact.
/// `Fixtures/arrowverse/series.json` is the Arrowverse's:
///
/// ```json
/// {"version": 1,
///  "series": [{"id": "arrow", "name": "Arrow",
///              "pages": [{"site": "wikipedia", "title": "List_of_Arrow_episodes"}],
///              "externalIDs": {"tvmaze": 4, "thetvdb": 257655, "imdb": "tt2193021"},
///              "broadcasts": [SEASON, …]}]}
/// ```
///
/// where each `SEASON` is a ``SeasonBroadcast``.
///
/// ```swift
/// let catalog = try SeriesCatalog(json: Data(contentsOf: seriesURL))
/// let arrow = catalog.show("arrow")                 // with its external ids
/// let timed = list.addingBroadcasts(from: catalog.schedule(ofShow: "arrow"))
/// ```
public struct SeriesCatalog: Sendable, Hashable, Codable {
    /// A page listing a series' episodes.
    public struct Page: Sendable, Hashable, Codable {
        /// `wikipedia` (English Wikipedia) or `fandom:<wiki>` (`fandom:arrow`).
        public var site: String
        /// The page's title as in its address (`List_of_Arrow_episodes`).
        public var title: String
        /// The season, for a page that names none (a one-season show's article).
        public var season: Int?

        /// Creates a page.
        public init(site: String, title: String, season: Int? = nil) {
            self.site = site
            self.title = title
            self.season = season
        }
    }

    /// One series.
    public struct Series: Sendable, Hashable, Codable, Identifiable {
        /// The show's identity (``Show/id``).
        public var id: String
        /// The name shown to viewers.
        public var name: String
        /// The pages that together list every episode.
        public var pages: [Page]
        /// The series' ids on other services.
        public var externalIDs: ExternalIDs
        /// Broadcast facts, season by season.
        public var broadcasts: [SeasonBroadcast]

        /// Creates a series.
        public init(id: String, name: String, pages: [Page] = [], externalIDs: ExternalIDs = .none, broadcasts: [SeasonBroadcast] = []) {
            self.id = id
            self.name = name
            self.pages = pages
            self.externalIDs = externalIDs
            self.broadcasts = broadcasts
        }

        /// The series as a ``Show``, with its external ids.
        public var show: Show { Show(name: name, id: id, externalIDs: externalIDs) }

        /// The broadcast facts as a schedule.
        public var schedule: BroadcastSchedule { BroadcastSchedule(seasons: broadcasts) }

        private enum CodingKeys: String, CodingKey { case id, name, pages, externalIDs, broadcasts }

        /// Decodes a series; `id` defaults to a slug of the name, the lists to empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            id = try container.decodeIfPresent(String.self, forKey: .id) ?? Show.slug(name)
            pages = try container.decodeIfPresent([Page].self, forKey: .pages) ?? []
            externalIDs = try container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs) ?? .none
            broadcasts = try container.decodeIfPresent([SeasonBroadcast].self, forKey: .broadcasts) ?? []
        }
    }

    /// The format version (1).
    public var version: Int
    /// The series, in priority order (the first breaks ties first).
    public var series: [Series]

    /// Creates a catalog.
    public init(series: [Series]) {
        version = 1
        self.series = series
    }

    /// Reads a catalog from JSON and checks it: a known version, no series id twice, no season
    /// listed twice for a series, and no two slots of a season covering one day at different times.
    ///
    /// - Throws: ``SeriesCatalogError`` naming what is wrong and where.
    public init(json: Data) throws(SeriesCatalogError) {
        do {
            self = try JSONDecoder().decode(SeriesCatalog.self, from: json)
        } catch let error as DecodingError {
            throw .unreadable(SeriesCatalogError.describe(error), underlying: error)
        } catch {
            throw .unreadable("\(error)", underlying: error)
        }
        guard version == 1 else { throw .unsupportedVersion(version) }
        var ids = Set<String>()
        for series in series {
            guard ids.insert(series.id).inserted else { throw .invalid("the series id \(series.id) is listed twice") }
            var seasons = Set<Int>()
            for season in series.broadcasts {
                guard seasons.insert(season.season).inserted else {
                    throw .invalid("\(series.name) season \(season.season) has broadcast facts twice")
                }
                guard !season.slots.isEmpty else { throw .invalid("\(series.name) season \(season.season) has no slot") }
                for (index, slot) in season.slots.enumerated() {
                    if let from = slot.from, let through = slot.through, through < from {
                        throw .invalid("\(series.name) season \(season.season): a slot ends (\(through)) before it starts (\(from))")
                    }
                    for other in season.slots[(index + 1)...] where other.weekday == slot.weekday && other.time != slot.time
                        && SeriesCatalog.overlap(slot, other) {
                        throw .invalid("\(series.name) season \(season.season): two \(slot.weekday.name) slots overlap at different times")
                    }
                }
            }
        }
    }

    private static func overlap(_ a: SeasonBroadcast.Slot, _ b: SeasonBroadcast.Slot) -> Bool {
        let start = max(a.from ?? .earliest, b.from ?? .earliest)
        let end = min(a.through ?? .latest, b.through ?? .latest)
        return start <= end
    }

    /// The series with this id, or `nil`.
    public func series(id: String) -> Series? { series.first { $0.id == id } }

    /// The shows, in priority order, with their external ids.
    public var shows: [Show] { series.map(\.show) }

    /// The show with this id, with its external ids, or `nil`.
    public func show(_ id: String) -> Show? { series(id: id)?.show }

    /// The broadcast facts of a show (empty when the catalog has none).
    public func schedule(ofShow id: String) -> BroadcastSchedule {
        series(id: id)?.schedule ?? BroadcastSchedule(seasons: [])
    }

    /// Show ids, highest priority first.
    public var showPriority: [String] { series.map(\.id) }
}

/// Why a ``SeriesCatalog`` could not be read.
///
/// A struct with a ``code`` (match with `catch SeriesCatalogError.Code.unreadable { }`), so that a
/// code added later never breaks a caller's `switch`.
public struct SeriesCatalogError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `SeriesCatalogError.Code.unreadable`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The JSON is malformed or a value has the wrong shape; ``SeriesCatalogError/reason`` says where.
        public static let unreadable = Code("unreadable")
        /// The file declares a version this release does not read (``SeriesCatalogError/version``).
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// The facts contradict themselves; ``SeriesCatalogError/reason`` says how.
        public static let invalid = Code("invalid")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? SeriesCatalogError)?.code == code }

        /// Matches a `SeriesCatalogError` against a code (a `catch` after `throws(SeriesCatalogError)`).
        public static func ~= (code: Code, error: SeriesCatalogError) -> Bool { error.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// What is wrong and where, in words.
    public var reason: String?
    /// For ``Code/unsupportedVersion``: the version the file declares.
    public var version: Int?
    /// The decoder's error, for ``Code/unreadable``.
    public var underlying: (any Error & Sendable)?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, reason: String? = nil, version: Int? = nil, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.reason = reason
        self.version = version
        self.underlying = underlying
    }

    /// The file cannot be read, for `reason`.
    public static func unreadable(_ reason: String, underlying: (any Error & Sendable)? = nil) -> SeriesCatalogError {
        SeriesCatalogError(.unreadable, reason: reason, underlying: underlying)
    }
    /// The file declares `version`.
    public static func unsupportedVersion(_ version: Int) -> SeriesCatalogError { SeriesCatalogError(.unsupportedVersion, version: version) }
    /// The facts contradict themselves, as `reason` says.
    public static func invalid(_ reason: String) -> SeriesCatalogError { SeriesCatalogError(.invalid, reason: reason) }

    /// What is wrong and what to do, in one line.
    public var errorDescription: String? {
        switch code {
        case .unreadable: "The series catalog cannot be read: \(reason ?? "it is not a catalog"). Check the file's JSON."
        case .unsupportedVersion: "The series catalog has version \(version.map(String.init) ?? "?"); this release reads version 1. Update the app or the file."
        case .invalid: "The series catalog contradicts itself: \(reason ?? "its facts disagree"). Correct the file."
        default: "The series catalog cannot be used (\(code)): \(reason ?? "no detail")."
        }
    }

    /// The code and the description.
    public var description: String { "SeriesCatalogError.\(code): \(errorDescription ?? "")" }

    /// Equal when everything but ``underlying`` is equal.
    public static func == (lhs: SeriesCatalogError, rhs: SeriesCatalogError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason && lhs.version == rhs.version
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not valid JSON"
        case .dataCorrupted(let context): return "the value at \(path(context)) is not valid (\(context.debugDescription))"
        case .keyNotFound(let key, let context): return "\(key.stringValue) is missing at \(path(context).isEmpty ? "the top" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "the value at \(path(context)) has the wrong type"
        @unknown default: return "it does not have the shape of a series catalog"
        }
    }
}
