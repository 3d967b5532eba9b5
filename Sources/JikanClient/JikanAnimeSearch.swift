public import AirdateCore
import AirdateHTTP

/// The parameters of an anime search (`/anime?q=…`). Every parameter is optional; unset ones are
/// not sent.
///
/// ```swift
/// var search = JikanAnimeSearch(query: "mushishi")
/// search.type = .tv
/// search.orderBy = .score
/// search.sort = .descending
/// ```
public struct JikanAnimeSearch: Sendable, Hashable {
    /// Jikan's largest page size.
    public static let maximumLimit = 25

    /// Text to match against titles (`q`).
    public var query: String?
    /// The format (`type`).
    public var type: JikanAnimeFormat?
    /// The airing status (`status`).
    public var status: JikanAnimeSearchStatus?
    /// The audience rating (`rating`).
    public var rating: JikanAnimeSearchRating?
    /// Genre ids every result must carry (`genres`, comma-separated); see ``Jikan/genres(filter:)``.
    public var genres: [Int]
    /// Genre ids no result may carry (`genres_exclude`).
    public var excludedGenres: [Int]
    /// The ordering field (`order_by`).
    public var orderBy: JikanAnimeOrder?
    /// The ordering direction (`sort`).
    public var sort: JikanSortDirection?
    /// Leave out adult entries (`sfw`).
    public var safeForWork: Bool
    /// Only anime that started on or after this day (`start_date`).
    public var startDate: CalendarDay?
    /// Only anime that ended on or before this day (`end_date`).
    public var endDate: CalendarDay?
    /// Exact score (`score`).
    public var score: Double? = nil
    /// Lowest score (`min_score`).
    public var minScore: Double? = nil
    /// Highest score (`max_score`).
    public var maxScore: Double? = nil
    /// Titles starting with this letter (`letter`).
    public var letter: String? = nil
    /// Producer ids (`producers`).
    public var producers: [Int] = []
    /// Include entries MyAnimeList has not approved (`unapproved`).
    public var includeUnapproved: Bool = false
    /// Results per page (`limit`), clamped to 1…25; `nil` for Jikan's default (25).
    public var limit: Int? {
        didSet { limit = limit.map { min(max($0, 1), Self.maximumLimit) } }
    }

    /// A search; every parameter has a default that is not sent.
    public init(
        query: String? = nil,
        type: JikanAnimeFormat? = nil,
        status: JikanAnimeSearchStatus? = nil,
        rating: JikanAnimeSearchRating? = nil,
        genres: [Int] = [],
        excludedGenres: [Int] = [],
        orderBy: JikanAnimeOrder? = nil,
        sort: JikanSortDirection? = nil,
        safeForWork: Bool = false,
        startDate: CalendarDay? = nil,
        endDate: CalendarDay? = nil,
        limit: Int? = nil
    ) {
        self.query = query
        self.type = type
        self.status = status
        self.rating = rating
        self.genres = genres
        self.excludedGenres = excludedGenres
        self.orderBy = orderBy
        self.sort = sort
        self.safeForWork = safeForWork
        self.startDate = startDate
        self.endDate = endDate
        self.limit = limit.map { min(max($0, 1), Self.maximumLimit) }
    }

    /// The query parameters (without `page`).
    var parameters: [QueryParameter?] {
        [.text("q", query), .value("type", type), .value("status", status), .value("rating", rating),
         .list("genres", genres), .list("genres_exclude", excludedGenres), .value("order_by", orderBy),
         .value("sort", sort), .flag("sfw", safeForWork), .described("start_date", startDate),
         .described("end_date", endDate), .number("score", score), .number("min_score", minScore),
         .number("max_score", maxScore), .text("letter", letter), .list("producers", producers),
         .flag("unapproved", includeUnapproved), .integer("limit", limit)]
    }
}
