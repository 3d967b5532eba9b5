public import AirdateCore
public import Foundation

/// Why a show, season or episode typed by a viewer names nothing: each error says what exists.
///
/// A struct with a ``code`` (match with `catch EpisodeLookupError.Code.unknownShow { }`), so that a
/// code added later never breaks a caller's `switch`.
public struct EpisodeLookupError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `EpisodeLookupError.Code.unknownShow`.
        public let description: String

        private init(_ name: String) { description = name }

        /// No show has the name ``EpisodeLookupError/text`` (or a name starting with it);
        /// ``EpisodeLookupError/shows`` are the names that exist.
        public static let unknownShow = Code("unknownShow")
        /// The show exists but has no ``EpisodeLookupError/season``; ``EpisodeLookupError/seasons``
        /// are the ones it has.
        public static let unknownSeason = Code("unknownSeason")
        /// No episode of the show has the code ``EpisodeLookupError/text``; ``EpisodeLookupError/example``
        /// is a code that exists.
        public static let unknownEpisode = Code("unknownEpisode")
        /// The text is not a show name followed by a code such as `3x08`, `S3E08` or `special 1`.
        public static let unreadable = Code("unreadable")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? EpisodeLookupError)?.code == code }

        /// Matches an `EpisodeLookupError` against a code (a `catch` after `throws(EpisodeLookupError)`).
        public static func ~= (code: Code, error: EpisodeLookupError) -> Bool { error.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// What the viewer typed (or the part of it that names nothing).
    public var text: String?
    /// The show concerned (its name), for ``Code/unknownSeason`` and ``Code/unknownEpisode``.
    public var show: String?
    /// For ``Code/unknownSeason``: the season asked for.
    public var season: Int?
    /// For ``Code/unknownShow``: the names of the shows that exist.
    public var shows: [String]
    /// For ``Code/unknownSeason``: the seasons the show has.
    public var seasons: [Int]
    /// For ``Code/unknownEpisode``: a code that exists (`3x01`), when the show has one.
    public var example: String?

    /// An error of `code`; the other properties say what is known.
    public init(
        _ code: Code, text: String? = nil, show: String? = nil, season: Int? = nil, shows: [String] = [], seasons: [Int] = [],
        example: String? = nil
    ) {
        self.code = code
        self.text = text
        self.show = show
        self.season = season
        self.shows = shows
        self.seasons = seasons
        self.example = example
    }

    /// No show is called `text`; `shows` exist.
    public static func unknownShow(_ text: String, shows: [String]) -> EpisodeLookupError {
        EpisodeLookupError(.unknownShow, text: text, shows: shows)
    }
    /// `show` has no `season`; it has `seasons`.
    public static func unknownSeason(show: String, season: Int, seasons: [Int]) -> EpisodeLookupError {
        EpisodeLookupError(.unknownSeason, show: show, season: season, seasons: seasons)
    }
    /// `show` has no episode `text`; `example` is a code it has.
    public static func unknownEpisode(_ text: String, show: String, example: String?) -> EpisodeLookupError {
        EpisodeLookupError(.unknownEpisode, text: text, show: show, example: example)
    }
    /// `text` is not a show and a code.
    public static func unreadable(_ text: String) -> EpisodeLookupError { EpisodeLookupError(.unreadable, text: text) }

    /// One line naming what exists; the text the viewer typed is echoed shortened (60 characters).
    public var errorDescription: String? {
        func short(_ text: String?) -> String {
            guard let text else { return "" }
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
        let show = show ?? "The show"
        switch code {
        case .unknownShow:
            return "No show \"\(short(text))\"; the shows are \(shows.joined(separator: ", "))."
        case .unknownSeason:
            let list = seasons.map(String.init).joined(separator: ", ")
            return "\(show) has no season \(season.map(String.init) ?? "?"); its seasons are \(list)."
        case .unknownEpisode:
            return "\(show) has no episode \"\(short(text))\"" + (example.map { "; codes look like \"\(show) \($0)\" (see the list)." } ?? ".")
        default:
            return "\"\(short(text))\" names no episode; write a show and a code, such as \"Arrow 3x08\", \"The Flash S1E8\" or \"Legends special 1\"."
        }
    }

    /// The code and the description.
    public var description: String { "EpisodeLookupError.\(code): \(errorDescription ?? "")" }
}

extension WatchList {
    /// The code that addresses `episode` in this list, in `style`: with
    /// `EpisodeCode.Style.crossSeason` (the default) `3x08` for a numbered episode and `special 2`
    /// for the show's second special in watch order; with `EpisodeCode.Style.withShow` the show's
    /// name first, `Arrow 3x08` — what ``episode(named:)`` reads back.
    public func code(of episode: Episode, _ style: EpisodeCode.Style = .crossSeason) -> String {
        episodeCode(of: episode).formatted(style)
    }

    /// The code of `episode` in this list: its season and number, its place among its show's specials,
    /// and its show's name.
    func episodeCode(of episode: Episode) -> EpisodeCode {
        var specialIndex: Int?
        if episode.number == nil {
            let specials = episodes.filter { $0.showID == episode.showID && $0.isSpecial }
            specialIndex = (specials.firstIndex { $0.id == episode.id } ?? specials.count) + 1
        }
        return EpisodeCode(
            season: episode.season, number: episode.number, specialIndex: specialIndex,
            show: show(episode.showID)?.name ?? episode.showID)
    }

    /// The show named by `text`: its id, its name, or the start of its name, ignoring case and
    /// punctuation ("flash" and "Legends" will do; "The Flash" matches "the-flash").
    ///
    /// - Throws: ``EpisodeLookupError/Code/unknownShow`` naming the shows that exist.
    public func show(named text: String) throws(EpisodeLookupError) -> Show {
        let slug = Show.slug(text)
        let unprefixed = slug.hasPrefix("the-") ? String(slug.dropFirst(4)) : slug
        if !slug.isEmpty {
            if let exact = shows.first(where: { $0.id == slug || Show.slug($0.name) == slug }) { return exact }
            for candidate in [slug, unprefixed] {
                let words = shows.filter { show in
                    let name = Show.slug(show.name)
                    let bare = name.hasPrefix("the-") ? String(name.dropFirst(4)) : name
                    return name.hasPrefix(candidate) || bare.hasPrefix(candidate) || show.id.hasPrefix(candidate)
                        || name.contains("-" + candidate)
                }
                if words.count == 1, let only = words.first { return only }
            }
        }
        throw .unknownShow(text, shows: shows.map(\.name))
    }

    /// The show and, when given, the season named by `text`: `Arrow 3`, `Arrow S3`, `Arrow`.
    ///
    /// - Throws: ``EpisodeLookupError/Code/unknownShow`` or
    ///   ``EpisodeLookupError/Code/unknownSeason`` naming what exists.
    public func season(named text: String) throws(EpisodeLookupError) -> (show: Show, season: Int?) {
        var words = text.split(separator: " ").map(String.init)
        var season: Int?
        if words.count > 1, let last = words.last {
            let digits = last.lowercased().hasPrefix("s") ? String(last.dropFirst()) : last
            if let number = Int(digits) {
                season = number
                words.removeLast()
            }
        }
        let show = try show(named: words.joined(separator: " "))
        if let season {
            let seasons = Array(Set(episodes.filter { $0.showID == show.id }.map(\.season))).sorted()
            guard seasons.contains(season) else { throw .unknownSeason(show: show.name, season: season, seasons: seasons) }
        }
        return (show, season)
    }

    /// The episode named by `text`: a show and a code as ``code(of:_:)`` prints it with `.withShow` (`Arrow 3x08`,
    /// `Legends special 1`), `S3E08`/`s3e8`, `5x00` for the only special of season 5, or an
    /// identity (`arrow/s3e8`).
    ///
    /// - Throws: ``EpisodeLookupError`` naming what exists.
    public func episode(named text: String) throws(EpisodeLookupError) -> Episode {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("/"), let episode = episode(EpisodeID(rawValue: trimmed.lowercased())) { return episode }
        var words = trimmed.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { throw .unreadable(text) }
        // "special N"
        if words.count >= 2, words.last?.lowercased() == "special", let index = Int(last), index >= 1 {
            words.removeLast()
            let show = try show(named: words.joined(separator: " "))
            let specials = episodes.filter { $0.showID == show.id && $0.isSpecial }
            guard index <= specials.count else {
                throw .unknownEpisode("special \(index)", show: show.name, example: specials.first.map { code(of: $0) })
            }
            return specials[index - 1]
        }
        guard !words.isEmpty, let parsed = EpisodeCode(parsing: last), let season = parsed.season, let number = parsed.number else {
            throw .unreadable(text)
        }
        let show = try show(named: words.joined(separator: " "))
        let ofShow = episodes.filter { $0.showID == show.id }
        if number == 0 {
            let specials = ofShow.filter { $0.isSpecial && $0.season == season }
            if specials.count == 1, let only = specials.first { return only }
        } else if let found = ofShow.first(where: { $0.season == season && $0.number == number }) {
            return found
        }
        let seasons = Array(Set(ofShow.map(\.season))).sorted()
        if !seasons.contains(season) { throw .unknownSeason(show: show.name, season: season, seasons: seasons) }
        throw .unknownEpisode(last, show: show.name, example: ofShow.first { $0.season == season }.map { code(of: $0) })
    }
}
