public import AirdateCore
public import AirdateHTTP

// Values of Jikan's query parameters are `OpenEnumeration`s (AirdateHTTP), the same protocol as
// the values of its answers: open to values Jikan adds later (written as a string literal or with
// `init(rawValue:)`); the known values are static constants of each type.

/// A manga format to filter by (`type=`: `manga`, `novel`, `lightnovel`…).
public struct JikanMangaFormat: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `manga`.
    public static let manga = Self(rawValue: "manga")
    /// `novel`.
    public static let novel = Self(rawValue: "novel")
    /// `lightnovel`.
    public static let lightNovel = Self(rawValue: "lightnovel")
    /// `oneshot`.
    public static let oneShot = Self(rawValue: "oneshot")
    /// `doujin`.
    public static let doujin = Self(rawValue: "doujin")
    /// `manhwa`.
    public static let manhwa = Self(rawValue: "manhwa")
    /// `manhua`.
    public static let manhua = Self(rawValue: "manhua")
}

/// The publishing status to search manga for (`status=`).
public struct JikanMangaSearchStatus: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `publishing`.
    public static let publishing = Self(rawValue: "publishing")
    /// `complete`.
    public static let complete = Self(rawValue: "complete")
    /// `hiatus`.
    public static let hiatus = Self(rawValue: "hiatus")
    /// `discontinued`.
    public static let discontinued = Self(rawValue: "discontinued")
    /// `upcoming`.
    public static let upcoming = Self(rawValue: "upcoming")
}

/// The field manga search results are ordered by (`order_by=`).
public struct JikanMangaOrder: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `mal_id`.
    public static let malID = Self(rawValue: "mal_id")
    /// `title`.
    public static let title = Self(rawValue: "title")
    /// `start_date`.
    public static let startDate = Self(rawValue: "start_date")
    /// `end_date`.
    public static let endDate = Self(rawValue: "end_date")
    /// `chapters`.
    public static let chapters = Self(rawValue: "chapters")
    /// `volumes`.
    public static let volumes = Self(rawValue: "volumes")
    /// `score`.
    public static let score = Self(rawValue: "score")
    /// `scored_by`.
    public static let scoredBy = Self(rawValue: "scored_by")
    /// `rank`.
    public static let rank = Self(rawValue: "rank")
    /// `popularity`.
    public static let popularity = Self(rawValue: "popularity")
    /// `members`.
    public static let members = Self(rawValue: "members")
    /// `favorites`.
    public static let favorites = Self(rawValue: "favorites")
}

/// Which top manga list to read (`/top/manga?filter=`).
public struct JikanTopMangaFilter: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `publishing`.
    public static let publishing = Self(rawValue: "publishing")
    /// `upcoming`.
    public static let upcoming = Self(rawValue: "upcoming")
    /// `bypopularity`.
    public static let byPopularity = Self(rawValue: "bypopularity")
    /// `favorite`.
    public static let favorite = Self(rawValue: "favorite")
}

/// The field people, character, producer, magazine and club searches are ordered by
/// (`order_by=`; each list accepts some of these, see Jikan's description).
public struct JikanListOrder: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `mal_id` (every list).
    public static let malID = Self(rawValue: "mal_id")
    /// `name` (people, characters, magazines, clubs).
    public static let name = Self(rawValue: "name")
    /// `favorites` (people, characters, producers).
    public static let favorites = Self(rawValue: "favorites")
    /// `birthday` (people).
    public static let birthday = Self(rawValue: "birthday")
    /// `count` (producers, magazines).
    public static let count = Self(rawValue: "count")
    /// `established` (producers).
    public static let established = Self(rawValue: "established")
    /// `members_count` (clubs).
    public static let membersCount = Self(rawValue: "members_count")
    /// `created` (clubs).
    public static let created = Self(rawValue: "created")
}

/// A club's access (`type=`, and ``JikanClub/access``): public, private or secret.
public struct JikanClubType: OpenEnumeration {
    /// The value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `public`.
    public static let `public` = Self(rawValue: "public")
    /// `private`.
    public static let `private` = Self(rawValue: "private")
    /// `secret`.
    public static let secret = Self(rawValue: "secret")
}

/// A club's category (`category=`, and ``JikanClub/category``).
public struct JikanClubCategory: OpenEnumeration {
    /// The value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `anime`.
    public static let anime = Self(rawValue: "anime")
    /// `manga`.
    public static let manga = Self(rawValue: "manga")
    /// `actors_and_artists` (in answers: "actors & artists").
    public static let actorsAndArtists = Self(rawValue: "actors_and_artists")
    /// `characters`.
    public static let characters = Self(rawValue: "characters")
    /// `cities_and_neighborhoods`.
    public static let citiesAndNeighborhoods = Self(rawValue: "cities_and_neighborhoods")
    /// `companies`.
    public static let companies = Self(rawValue: "companies")
    /// `conventions`.
    public static let conventions = Self(rawValue: "conventions")
    /// `games`.
    public static let games = Self(rawValue: "games")
    /// `japan`.
    public static let japan = Self(rawValue: "japan")
    /// `music`.
    public static let music = Self(rawValue: "music")
    /// `other`.
    public static let other = Self(rawValue: "other")
    /// `schools`.
    public static let schools = Self(rawValue: "schools")
}

/// A gender to search members by (`gender=`).
public struct JikanUserGender: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `any`.
    public static let any = Self(rawValue: "any")
    /// `male`.
    public static let male = Self(rawValue: "male")
    /// `female`.
    public static let female = Self(rawValue: "female")
    /// `nonbinary`.
    public static let nonbinary = Self(rawValue: "nonbinary")
}

/// Which kind of entries a list holds (`type=anime|manga`: history, top reviews).
public struct JikanEntryKind: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `anime`.
    public static let anime = Self(rawValue: "anime")
    /// `manga`.
    public static let manga = Self(rawValue: "manga")
}

/// Which forum topics to list (`filter=`).
public struct JikanForumFilter: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `all`.
    public static let all = Self(rawValue: "all")
    /// `episode`.
    public static let episode = Self(rawValue: "episode")
    /// `other`.
    public static let other = Self(rawValue: "other")
}

/// A list status to filter a member's list by (`status=`).
public struct JikanListStatus: OpenEnumeration {
    /// The parameter value as Jikan spells it.
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `all`.
    public static let all = Self(rawValue: "all")
    /// `watching` (anime).
    public static let watching = Self(rawValue: "watching")
    /// `reading` (manga).
    public static let reading = Self(rawValue: "reading")
    /// `completed`.
    public static let completed = Self(rawValue: "completed")
    /// `onhold`.
    public static let onHold = Self(rawValue: "onhold")
    /// `dropped`.
    public static let dropped = Self(rawValue: "dropped")
    /// `plantowatch` (anime).
    public static let planToWatch = Self(rawValue: "plantowatch")
    /// `plantoread` (manga).
    public static let planToRead = Self(rawValue: "plantoread")
}

/// Which reviews to include (`preliminary=`, `spoilers=`); both off by default, as on MyAnimeList.
public struct JikanReviewFilter: Sendable, Hashable {
    /// Include reviews written before the reviewer finished the entry.
    public var preliminary: Bool
    /// Include reviews that reveal the story.
    public var spoilers: Bool

    /// A filter.
    public init(preliminary: Bool = false, spoilers: Bool = false) {
        self.preliminary = preliminary
        self.spoilers = spoilers
    }

    var parameters: [QueryParameter?] {
        [.flag("preliminary", preliminary), .flag("spoilers", spoilers)]
    }
}

/// A search of people, characters, producers or magazines (`q`, `order_by`, `sort`, `letter`, `limit`).
public struct JikanNameSearch: Sendable, Hashable {
    /// Text to match (`q`).
    public var query: String?
    /// The order (`order_by`).
    public var orderBy: JikanListOrder?
    /// The direction (`sort`).
    public var sort: JikanSortDirection?
    /// Names starting with this letter (`letter`).
    public var letter: String?
    /// Results per page (`limit`), 1…25.
    public var limit: Int?

    /// A search; nothing is sent for the defaults.
    public init(query: String? = nil, orderBy: JikanListOrder? = nil, sort: JikanSortDirection? = nil, letter: String? = nil, limit: Int? = nil) {
        self.query = query
        self.orderBy = orderBy
        self.sort = sort
        self.letter = letter
        self.limit = limit.map { min(max($0, 1), 25) }
    }

    var parameters: [QueryParameter?] {
        [.text("q", query), .value("order_by", orderBy), .value("sort", sort), .text("letter", letter), .integer("limit", limit)]
    }
}

/// A search of MyAnimeList members (`/users`).
public struct JikanUserSearch: Sendable, Hashable {
    /// Text to match in the name (`q`).
    public var query: String?
    /// Gender (`gender`).
    public var gender: JikanUserGender?
    /// Location text (`location`).
    public var location: String?
    /// Youngest and oldest age (`minAge`, `maxAge`).
    public var minAge: Int?, maxAge: Int?
    /// Results per page (`limit`).
    public var limit: Int?

    /// A search; nothing is sent for the defaults.
    public init(query: String? = nil, gender: JikanUserGender? = nil, location: String? = nil, minAge: Int? = nil, maxAge: Int? = nil, limit: Int? = nil) {
        self.query = query
        self.gender = gender
        self.location = location
        self.minAge = minAge
        self.maxAge = maxAge
        self.limit = limit
    }

    var parameters: [QueryParameter?] {
        [.text("q", query), .value("gender", gender), .text("location", location), .integer("minAge", minAge),
         .integer("maxAge", maxAge), .integer("limit", limit)]
    }
}

/// A search of clubs (`/clubs`).
public struct JikanClubSearch: Sendable, Hashable {
    /// Text to match (`q`).
    public var query: String?
    /// Access (`type`).
    public var type: JikanClubType?
    /// Category (`category`).
    public var category: JikanClubCategory?
    /// Order (`order_by`: `mal_id`, `name`, `members_count`, `created`).
    public var orderBy: JikanListOrder?
    /// Direction (`sort`).
    public var sort: JikanSortDirection?
    /// Names starting with this letter (`letter`).
    public var letter: String?
    /// Results per page (`limit`).
    public var limit: Int?

    /// A search; nothing is sent for the defaults.
    public init(query: String? = nil, type: JikanClubType? = nil, category: JikanClubCategory? = nil, orderBy: JikanListOrder? = nil,
                sort: JikanSortDirection? = nil, letter: String? = nil, limit: Int? = nil) {
        self.query = query
        self.type = type
        self.category = category
        self.orderBy = orderBy
        self.sort = sort
        self.letter = letter
        self.limit = limit
    }

    var parameters: [QueryParameter?] {
        [.text("q", query), .value("type", type), .value("category", category), .value("order_by", orderBy),
         .value("sort", sort), .text("letter", letter), .integer("limit", limit)]
    }
}

/// A manga search (`/manga`): every parameter of Jikan's description.
public struct JikanMangaSearch: Sendable, Hashable {
    /// Text to match (`q`).
    public var query: String?
    /// Format (`type`).
    public var type: JikanMangaFormat?
    /// Exact score (`score`), lowest and highest (`min_score`, `max_score`).
    public var score: Double?, minScore: Double?, maxScore: Double?
    /// Publishing status (`status`).
    public var status: JikanMangaSearchStatus?
    /// Safe for work only (`sfw`).
    public var safeForWork: Bool
    /// Include entries MyAnimeList has not approved (`unapproved`).
    public var includeUnapproved: Bool
    /// Genre ids to include and exclude (`genres`, `genres_exclude`).
    public var genres: [Int], excludedGenres: [Int]
    /// Magazine ids (`magazines`).
    public var magazines: [Int]
    /// Order and direction (`order_by`, `sort`).
    public var orderBy: JikanMangaOrder?, sort: JikanSortDirection?
    /// Titles starting with this letter (`letter`).
    public var letter: String?
    /// Published from and until (`start_date`, `end_date`).
    public var startDate: CalendarDay?, endDate: CalendarDay?
    /// Results per page (`limit`).
    public var limit: Int?

    /// A search; nothing is sent for the defaults.
    public init(query: String? = nil, type: JikanMangaFormat? = nil, score: Double? = nil, minScore: Double? = nil, maxScore: Double? = nil,
                status: JikanMangaSearchStatus? = nil, safeForWork: Bool = false, includeUnapproved: Bool = false,
                genres: [Int] = [], excludedGenres: [Int] = [], magazines: [Int] = [], orderBy: JikanMangaOrder? = nil,
                sort: JikanSortDirection? = nil, letter: String? = nil, startDate: CalendarDay? = nil, endDate: CalendarDay? = nil, limit: Int? = nil) {
        self.query = query
        self.type = type
        self.score = score
        self.minScore = minScore
        self.maxScore = maxScore
        self.status = status
        self.safeForWork = safeForWork
        self.includeUnapproved = includeUnapproved
        self.genres = genres
        self.excludedGenres = excludedGenres
        self.magazines = magazines
        self.orderBy = orderBy
        self.sort = sort
        self.letter = letter
        self.startDate = startDate
        self.endDate = endDate
        self.limit = limit
    }

    var parameters: [QueryParameter?] {
        [.text("q", query), .value("type", type), .number("score", score), .number("min_score", minScore),
         .number("max_score", maxScore), .value("status", status), .flag("sfw", safeForWork),
         .flag("unapproved", includeUnapproved), .list("genres", genres), .list("genres_exclude", excludedGenres),
         .list("magazines", magazines), .value("order_by", orderBy), .value("sort", sort), .text("letter", letter),
         .described("start_date", startDate), .described("end_date", endDate), .integer("limit", limit)]
    }
}

/// The less common parameters of Jikan's anime lists: seasons (`unapproved`, `continuing`,
/// `limit`), schedules (`kids`, `unapproved`, `limit`) and top anime (`rating`, `sfw`, `limit`).
/// Each list sends only the ones its description names.
public struct JikanListOptions: Sendable, Hashable {
    /// Include entries MyAnimeList has not approved (`unapproved`; seasons, schedules).
    public var includeUnapproved: Bool
    /// Include anime continuing from earlier seasons (`continuing`; seasons).
    public var continuing: Bool
    /// Only kids' anime (`kids=true`) or none (`kids=false`); `nil` sends nothing (schedules).
    public var kids: Bool?
    /// Audience rating (`rating`; top anime).
    public var rating: JikanAnimeSearchRating?
    /// Safe for work only (`sfw`; top anime).
    public var safeForWork: Bool
    /// Results per page (`limit`), 1…25.
    public var limit: Int?

    /// Options; nothing is sent for the defaults.
    public init(includeUnapproved: Bool = false, continuing: Bool = false, kids: Bool? = nil,
                rating: JikanAnimeSearchRating? = nil, safeForWork: Bool = false, limit: Int? = nil) {
        self.includeUnapproved = includeUnapproved
        self.continuing = continuing
        self.kids = kids
        self.rating = rating
        self.safeForWork = safeForWork
        self.limit = limit.map { min(max($0, 1), 25) }
    }

    var seasonParameters: [QueryParameter?] {
        [.flag("unapproved", includeUnapproved), .flag("continuing", continuing), .integer("limit", limit)]
    }

    var scheduleParameters: [QueryParameter?] {
        [.boolean("kids", kids), .flag("unapproved", includeUnapproved), .integer("limit", limit)]
    }

    var topParameters: [QueryParameter?] {
        [.value("rating", rating), .flag("sfw", safeForWork), .integer("limit", limit)]
    }
}
