import Foundation
import WatchOrder

/// Reads episode and show names typed on the command line.
enum EpisodeInput {
    /// `arrow/s3e8`, `Arrow 3x08`, `The Flash S1E8`, `legends-of-tomorrow/s5o68`.
    static func episodeID(_ text: String, in list: WatchList) throws -> EpisodeID {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("/") {
            let id = EpisodeID(rawValue: trimmed.lowercased())
            guard list.episode(id) != nil else { throw CommandLineError.unknownEpisode(text) }
            return id
        }
        var words = trimmed.split(separator: " ").map(String.init)
        guard let last = words.popLast(), let (season, number) = seasonAndNumber(last) else {
            throw CommandLineError.unknownEpisode(text)
        }
        let showID = Show.slug(words.joined(separator: " "))
        guard let show = list.shows.first(where: { $0.id == showID || Show.slug($0.name).hasPrefix(showID) && !showID.isEmpty })
        else { throw CommandLineError.unknownEpisode(text) }
        let id = EpisodeID(showID: show.id, season: season, number: number)
        guard list.episode(id) != nil else { throw CommandLineError.unknownEpisode(text) }
        return id
    }

    /// `3x08`, `S3E08`, `s3e8`.
    static func seasonAndNumber(_ token: String) -> (Int, Int)? {
        let lower = token.lowercased()
        let parts: [Substring]
        if lower.hasPrefix("s"), lower.contains("e") {
            parts = lower.dropFirst().split(separator: "e")
        } else {
            parts = lower.split(separator: "x")
        }
        guard parts.count == 2, let season = Int(parts[0]), let number = Int(parts[1]) else { return nil }
        return (season, number)
    }

    /// A show's id from its name or id (a prefix of the name will do: "Legends").
    static func showID(_ text: String, in state: WatchState) throws -> String {
        let slug = Show.slug(text)
        guard !slug.isEmpty, let list = state.lists.first(where: { $0.show.id == slug || $0.show.id.hasPrefix(slug) }) else {
            throw CommandLineError.unknownShow(text)
        }
        return list.show.id
    }

    /// `Arrow 3` → (arrow, 3); `Arrow` → (arrow, nil).
    static func season(_ text: String, in state: WatchState) throws -> (String, Int?) {
        var words = text.split(separator: " ").map(String.init)
        var season: Int?
        if let last = words.last, let number = Int(last.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "s"))) {
            season = number
            words.removeLast()
        }
        return (try showID(words.joined(separator: " "), in: state), season)
    }
}
