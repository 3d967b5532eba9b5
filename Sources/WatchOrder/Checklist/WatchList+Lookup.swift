public import AirdateCore
public import Foundation

/// Why a show, season or episode typed by a viewer names nothing: each case says what exists.
public enum EpisodeLookupError: Error, LocalizedError, Sendable, Equatable {
    /// No show has this name (or a name starting with it); `shows` are the names that exist.
    case unknownShow(String, shows: [String])
    /// The show exists but has no such season; `seasons` are the ones it has.
    case unknownSeason(show: String, season: Int, seasons: [Int])
    /// No episode of the show has this code; `example` is a code that exists.
    case unknownEpisode(String, show: String, example: String?)
    /// The text is not a show name followed by a code such as `3x08`, `S3E08` or `special 1`.
    case unreadable(String)

    /// One line naming what exists; the text the viewer typed is echoed shortened (60 characters).
    public var errorDescription: String? {
        func short(_ text: String) -> String { text.count > 60 ? String(text.prefix(59)) + "…" : text }
        switch self {
        case .unknownShow(let text, let shows):
            return "No show \"\(short(text))\"; the shows are \(shows.joined(separator: ", "))."
        case .unknownSeason(let show, let season, let seasons):
            let list = seasons.map(String.init).joined(separator: ", ")
            return "\(show) has no season \(season); its seasons are \(list)."
        case .unknownEpisode(let text, let show, let example):
            return "\(show) has no episode \"\(short(text))\"" + (example.map { "; codes look like \"\(show) \($0)\" (see the list)." } ?? ".")
        case .unreadable(let text):
            return "\"\(short(text))\" names no episode; write a show and a code, such as \"Arrow 3x08\", \"The Flash S1E8\" or \"Legends special 1\"."
        }
    }
}

extension WatchList {
    /// The code that addresses `episode` in this list, in `style`: with
    /// ``EpisodeCode/Style/crossSeason`` (the default) `3x08` for a numbered episode and `special 2`
    /// for the show's second special in watch order; with ``EpisodeCode/Style/withShow`` the show's
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
    /// - Throws: ``EpisodeLookupError/unknownShow(_:shows:)`` naming the shows that exist.
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
    /// - Throws: ``EpisodeLookupError/unknownShow(_:shows:)`` or
    ///   ``EpisodeLookupError/unknownSeason(show:season:seasons:)`` naming what exists.
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

    /// The episode named by `text`: a show and a code as ``code(of:)`` prints it (`Arrow 3x08`,
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
        guard !words.isEmpty, let code = EpisodeCode(parsing: last), let season = code.season, let number = code.number else {
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
