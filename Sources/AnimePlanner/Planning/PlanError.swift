public import AirdateCore
public import Foundation

/// Why a plan cannot be made, with the nearest plan that can (``suggestedGoal``).
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch PlanError.Code.tooFewDays { … }`.
/// It is `Codable` (a tracked show keeps the issue of its last re-plan), in the same form as releases
/// before 0.4 wrote it: `{"tooFewDays":{"episodes":12,"days":3,…}}`.
public struct PlanError: Error, LocalizedError, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `PlanError.Code.tooFewDays`; also its name in the coded form.
        public let description: String

        private init(_ name: String) { description = name }

        /// No weekday was chosen to watch on.
        public static let noWeekdaysChosen = Code("noWeekdaysChosen")
        /// The finish day (``PlanError/lastDay``) is before the first day (``PlanError/firstDay``).
        public static let finishBeforeStart = Code("finishBeforeStart")
        /// Every day from ``PlanError/firstDay`` through ``PlanError/lastDay`` is skipped or on a
        /// weekday not chosen.
        public static let noWatchingDays = Code("noWatchingDays")
        /// The ``PlanError/episodes`` do not fit in the ``PlanError/days`` without going over the
        /// per-day maximum (``PlanError/maximumPerDay``).
        public static let tooFewDays = Code("tooFewDays")
        /// An episode (``PlanError/episode``) comes out (``PlanError/releaseDay``) after the
        /// requested finish day.
        public static let notReleasedInTime = Code("notReleasedInTime")
        /// Not even one episode (``PlanError/episodeMinutes``) fits in the daily time budget
        /// (``PlanError/minutes``).
        public static let budgetTooSmall = Code("budgetTooSmall")
        /// A time budget needs the show's episode length, which is unknown.
        public static let unknownEpisodeLength = Code("unknownEpisodeLength")
        /// The show's episode count is unknown and it is not marked as airing.
        public static let unknownEpisodeCount = Code("unknownEpisodeCount")
        /// A count (episodes per day, minutes per day, maximum per day, first episode) is zero or
        /// negative.
        public static let notPositive = Code("notPositive")
        /// More episodes per day were asked for (``PlanError/requested``) than the per-day maximum
        /// allows (``PlanError/maximumPerDay``).
        public static let aboveMaximumPerDay = Code("aboveMaximumPerDay")
        /// The plan would run longer than the planner's horizon (``PlanError/days``).
        public static let tooLong = Code("tooLong")
        /// A number is outside the range the planner accepts (see ``PlannerLimits``).
        public static let outOfRange = Code("outOfRange")
        /// More episodes were given as watched than the show has.
        public static let watchedBeyondTotal = Code("watchedBeyondTotal")
        /// The plan would run past 9999-12-31, the last supported day.
        public static let pastLastSupportedDay = Code("pastLastSupportedDay")

        /// Every code this version knows, for reading the coded form.
        static let all: [Code] = [
            noWeekdaysChosen, finishBeforeStart, noWatchingDays, tooFewDays, notReleasedInTime, budgetTooSmall,
            unknownEpisodeLength, unknownEpisodeCount, notPositive, aboveMaximumPerDay, tooLong, outOfRange,
            watchedBeyondTotal, pastLastSupportedDay,
        ]

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PlanError)?.code == code
        }

        /// Matches a `PlanError` against a code, after calls that declare `throws(PlanError)`.
        public static func ~= (code: Code, error: PlanError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The first day of the range asked for.
    public var firstDay: CalendarDay?
    /// The last (finish) day of the range asked for.
    public var lastDay: CalendarDay?
    /// The earliest day the plan could finish, when there is one: the ``suggestedGoal``.
    public var earliestFinish: CalendarDay?
    /// How many episodes were to be planned (``Code/tooFewDays``), or given as watched
    /// (``Code/watchedBeyondTotal``).
    public var episodes: Int?
    /// How many days: the watching days available (``Code/tooFewDays``), the horizon (``Code/tooLong``).
    public var days: Int?
    /// The per-day maximum.
    public var maximumPerDay: Int?
    /// The episodes per day asked for (``Code/aboveMaximumPerDay``).
    public var requested: Int?
    /// The episode that comes out too late (``Code/notReleasedInTime``).
    public var episode: Int?
    /// The day that episode comes out (``Code/notReleasedInTime``).
    public var releaseDay: CalendarDay?
    /// The daily budget in minutes (``Code/budgetTooSmall``).
    public var minutes: Int?
    /// The length of one episode in minutes (``Code/budgetTooSmall``).
    public var episodeMinutes: Int?
    /// The show's title.
    public var title: String?
    /// What was refused, in words (`"number of episodes per day"`) (``Code/notPositive``,
    /// ``Code/outOfRange``).
    public var subject: String?
    /// The number refused (``Code/notPositive``, ``Code/outOfRange``).
    public var value: Int?
    /// The range accepted (``Code/outOfRange``).
    public var allowed: ClosedRange<Int>?
    /// The show's episode count (``Code/watchedBeyondTotal``).
    public var total: Int?

    /// An error of `code`, without details; set the properties that apply.
    public init(_ code: Code) {
        self.code = code
    }

    // MARK: Making errors

    /// No weekday was chosen.
    public static var noWeekdaysChosen: PlanError { PlanError(.noWeekdaysChosen) }
    /// `finish` is before `start`.
    public static func finishBeforeStart(start: CalendarDay, finish: CalendarDay, earliestFinish: CalendarDay?) -> PlanError {
        var error = PlanError(.finishBeforeStart)
        (error.firstDay, error.lastDay, error.earliestFinish) = (start, finish, earliestFinish)
        return error
    }
    /// No watching day from `from` through `through`.
    public static func noWatchingDays(from: CalendarDay, through: CalendarDay, earliestFinish: CalendarDay?) -> PlanError {
        var error = PlanError(.noWatchingDays)
        (error.firstDay, error.lastDay, error.earliestFinish) = (from, through, earliestFinish)
        return error
    }
    /// `episodes` do not fit in `days` at most `maximumPerDay` a day.
    public static func tooFewDays(episodes: Int, days: Int, maximumPerDay: Int, earliestFinish: CalendarDay?) -> PlanError {
        var error = PlanError(.tooFewDays)
        (error.episodes, error.days, error.maximumPerDay, error.earliestFinish) = (episodes, days, maximumPerDay, earliestFinish)
        return error
    }
    /// `episode` comes out on `releaseDay`, after the finish.
    public static func notReleasedInTime(episode: Int, releaseDay: CalendarDay, earliestFinish: CalendarDay?) -> PlanError {
        var error = PlanError(.notReleasedInTime)
        (error.episode, error.releaseDay, error.earliestFinish) = (episode, releaseDay, earliestFinish)
        return error
    }
    /// An episode of `episodeMinutes` does not fit in `minutes` a day.
    public static func budgetTooSmall(minutes: Int, episodeMinutes: Int) -> PlanError {
        var error = PlanError(.budgetTooSmall)
        (error.minutes, error.episodeMinutes) = (minutes, episodeMinutes)
        return error
    }
    /// The episode length of `title` is unknown.
    public static func unknownEpisodeLength(title: String) -> PlanError {
        var error = PlanError(.unknownEpisodeLength)
        error.title = title
        return error
    }
    /// The episode count of `title` is unknown.
    public static func unknownEpisodeCount(title: String) -> PlanError {
        var error = PlanError(.unknownEpisodeCount)
        error.title = title
        return error
    }
    /// The `what` is `value`, not 1 or more.
    public static func notPositive(what: String, value: Int) -> PlanError {
        var error = PlanError(.notPositive)
        (error.subject, error.value) = (what, value)
        return error
    }
    /// `requested` a day is above the `maximum`.
    public static func aboveMaximumPerDay(requested: Int, maximum: Int) -> PlanError {
        var error = PlanError(.aboveMaximumPerDay)
        (error.requested, error.maximumPerDay) = (requested, maximum)
        return error
    }
    /// The plan would run longer than `days`.
    public static func tooLong(days: Int) -> PlanError {
        var error = PlanError(.tooLong)
        error.days = days
        return error
    }
    /// `value` is outside `allowed` for `what`.
    public static func outOfRange(what: String, value: Int, allowed: ClosedRange<Int>) -> PlanError {
        var error = PlanError(.outOfRange)
        (error.subject, error.value, error.allowed) = (what, value, allowed)
        return error
    }
    /// `watched` episodes given as watched of a show of `total`.
    public static func watchedBeyondTotal(watched: Int, total: Int) -> PlanError {
        var error = PlanError(.watchedBeyondTotal)
        (error.episodes, error.total) = (watched, total)
        return error
    }
    /// The plan would run past 9999-12-31.
    public static var pastLastSupportedDay: PlanError { PlanError(.pastLastSupportedDay) }

    // MARK: Suggesting and describing

    /// The nearest goal that can be planned, when there is one.
    public var suggestedGoal: PlanGoal? {
        switch code {
        case .finishBeforeStart, .noWatchingDays, .tooFewDays, .notReleasedInTime:
            return earliestFinish.map { .finish(by: $0) }
        case .budgetTooSmall: return episodeMinutes.map { .minutesPerDay($0) }
        case .aboveMaximumPerDay: return maximumPerDay.map { .episodesPerDay($0) }
        default: return nil
        }
    }

    /// A sentence saying why, and what would work.
    public var errorDescription: String? {
        let earliest = earliestFinish.map { " The earliest possible finish is \($0)." } ?? ""
        func number(_ value: Int?) -> String { value.map(String.init) ?? "?" }
        func day(_ value: CalendarDay?) -> String { value?.description ?? "?" }
        switch code {
        case .noWeekdaysChosen:
            return "No weekday is chosen to watch on; choose at least one, for example mon,wed,sat."
        case .finishBeforeStart:
            return "The finish day \(day(lastDay)) is before the first day \(day(firstDay)); pick a finish day on or after it." + earliest
        case .noWatchingDays:
            return "There is no watching day from \(day(firstDay)) through \(day(lastDay)) (every day is skipped or on a weekday not chosen); widen the range or choose more weekdays." + earliest
        case .tooFewDays:
            return "\(number(episodes)) episodes do not fit in \(number(days)) watching day\(days == 1 ? "" : "s") at most \(number(maximumPerDay)) a day; finish later or raise the maximum." + earliest
        case .notReleasedInTime:
            return "Episode \(number(episode)) only comes out on \(day(releaseDay)), after the finish day; finish later." + earliest
        case .budgetTooSmall:
            return "An episode lasts \(number(episodeMinutes)) minutes, more than the \(number(minutes))-minute daily budget; allow at least \(number(episodeMinutes)) minutes a day."
        case .unknownEpisodeLength:
            return "The episode length of \(title ?? "the show") is unknown, so a time budget cannot be planned; plan by episodes per day or by a finish day instead."
        case .unknownEpisodeCount:
            return "The number of episodes of \(title ?? "the show") is unknown; mark it as airing with the episodes out so far."
        case .notPositive:
            return "The \(subject ?? "number") must be 1 or more (got \(number(value)))."
        case .aboveMaximumPerDay:
            return "\(number(requested)) episodes a day is more than the maximum of \(number(maximumPerDay)); plan \(number(maximumPerDay)) a day or raise the maximum."
        case .tooLong:
            return "The plan would run longer than \(number(days)) days; watch more per day or choose more weekdays."
        case .outOfRange:
            let range = allowed.map { "from \($0.lowerBound) to \($0.upperBound)" } ?? "within the accepted range"
            return "The \(subject ?? "number") must be \(range) (got \(number(value)))."
        case .watchedBeyondTotal:
            return "\(number(episodes)) episodes watched is more than the \(number(total)) the show has; give at most \(number(total))."
        case .pastLastSupportedDay:
            return "The plan would run past 9999-12-31, the last supported day; start earlier."
        default:
            return "The plan cannot be made (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }

    // MARK: Coding

    /// The keys of the coded form: the code's name outside; inside, the names the details had as
    /// an enum's associated values.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the coded form (`{"<code>":{<details>}}`); an unknown code is refused.
    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Key.self)
        guard let key = outer.allKeys.first, outer.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: outer.codingPath, debugDescription: "a plan issue is an object with one key, its code"))
        }
        guard let code = Code.all.first(where: { $0.description == key.stringValue }) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: outer, debugDescription: "\(key.stringValue) is not a plan issue this version knows")
        }
        let c = try outer.nestedContainer(keyedBy: Key.self, forKey: key)
        func day(_ name: String) throws -> CalendarDay? { try c.decodeIfPresent(CalendarDay.self, forKey: Key(name)) }
        func int(_ name: String) throws -> Int? { try c.decodeIfPresent(Int.self, forKey: Key(name)) }
        func text(_ name: String) throws -> String? { try c.decodeIfPresent(String.self, forKey: Key(name)) }
        self.init(code)
        earliestFinish = try day("earliestFinish")
        switch code {
        case .finishBeforeStart: (firstDay, lastDay) = (try day("start"), try day("finish"))
        case .noWatchingDays: (firstDay, lastDay) = (try day("from"), try day("through"))
        case .tooFewDays: (episodes, days, maximumPerDay) = (try int("episodes"), try int("days"), try int("maximumPerDay"))
        case .notReleasedInTime: (episode, releaseDay) = (try int("episode"), try day("releaseDay"))
        case .budgetTooSmall: (minutes, episodeMinutes) = (try int("minutes"), try int("episodeMinutes"))
        case .unknownEpisodeLength, .unknownEpisodeCount: title = try text("title")
        case .notPositive: (subject, value) = (try text("what"), try int("value"))
        case .aboveMaximumPerDay: (requested, maximumPerDay) = (try int("requested"), try int("maximum"))
        case .tooLong: days = try int("days")
        case .outOfRange:
            (subject, value) = (try text("what"), try int("value"))
            allowed = try c.decodeIfPresent(ClosedRange<Int>.self, forKey: Key("allowed"))
        case .watchedBeyondTotal: (episodes, total) = (try int("watched"), try int("total"))
        default: break
        }
    }

    /// Writes the coded form (`{"<code>":{<details>}}`), as releases before 0.4 did.
    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: Key.self)
        var c = outer.nestedContainer(keyedBy: Key.self, forKey: Key(code.description))
        func put(_ value: (some Encodable)?, _ name: String) throws { try c.encodeIfPresent(value, forKey: Key(name)) }
        switch code {
        case .finishBeforeStart: try put(firstDay, "start"); try put(lastDay, "finish")
        case .noWatchingDays: try put(firstDay, "from"); try put(lastDay, "through")
        case .tooFewDays: try put(episodes, "episodes"); try put(days, "days"); try put(maximumPerDay, "maximumPerDay")
        case .notReleasedInTime: try put(episode, "episode"); try put(releaseDay, "releaseDay")
        case .budgetTooSmall: try put(minutes, "minutes"); try put(episodeMinutes, "episodeMinutes")
        case .unknownEpisodeLength, .unknownEpisodeCount: try put(title, "title")
        case .notPositive: try put(subject, "what"); try put(value, "value")
        case .aboveMaximumPerDay: try put(requested, "requested"); try put(maximumPerDay, "maximum")
        case .tooLong: try put(days, "days")
        case .outOfRange: try put(subject, "what"); try put(value, "value"); try put(allowed, "allowed")
        case .watchedBeyondTotal: try put(episodes, "watched"); try put(total, "total")
        default: break
        }
        try put(earliestFinish, "earliestFinish")
    }
}
