extension ChangeRecord {
    /// What the change did, in one sentence: "Marked 3 episodes watched (2 already watched)",
    /// "Imported 13 watches from trakt, 1 show hidden", "arrow: watching → hidden". A change logged by
    /// a version that kept a sentence says that sentence.
    public var summary: String {
        if let detail { return detail.summary }
        return loggedSummary ?? kind.rawValue
    }
}

extension ChangeDetail {
    /// The change in one sentence (see ``ChangeRecord/summary``).
    public var summary: String {
        let of = show.map { " of \($0)" + (season.map { " season \($0)" } ?? "") } ?? ""
        switch action {
        case .watch:
            return marked("Marked")
        case .watchThrough:
            return marked("Marked") + (episode.map { " through \($0)" } ?? "")
        case .watchShow:
            return marked("Marked") + of
        case .watchNext:
            return episode.map { "Marked \($0) watched (the next one)" } ?? "Marked the next episode watched"
        case .rewatch:
            return "Recorded another watch of \(Self.count(count, "episode"))"
        case .unwatch:
            return "Unmarked \(Self.count(count, "episode"))"
        case .unwatchLast:
            return "Removed the last watch of \(Self.count(count, "episode"))"
        case .unwatchThrough:
            return "Unmarked \(Self.count(count, "episode"))" + (episode.map { " through \($0)" } ?? "")
        case .unwatchShow:
            return "Unmarked \(Self.count(count, "episode"))" + of
        case .skip:
            return "Skipped \(Self.count(count, "episode"))"
        case .unskip:
            return "Unskipped \(Self.count(count, "episode"))"
        case .showStatus:
            return "\(show ?? "A show"): \((statusBefore ?? .watching).rawValue) → \((statusAfter ?? .watching).rawValue)"
        case .hiddenShows:
            return (hiddenShows ?? []).isEmpty ? "No show hidden" : "Hidden: \((hiddenShows ?? []).joined(separator: ", "))"
        case .startRewatch:
            return "Started the rewatch \"\(rewatchName ?? "")\""
        case .endRewatch:
            return "Ended the rewatch \"\(rewatchName ?? "")\""
        case .removeRewatch:
            return "Removed the rewatch \"\(rewatchName ?? "")\" and its \(Self.count(watches ?? 0, "watch"))"
        case .hidesSpecials:
            return hidesSpecials == true ? "Specials hidden" : "Specials shown"
        case .selectedShows:
            return selectedShows.map { "Following \($0.joined(separator: ", "))" } ?? "Following every show"
        case .importProgress:
            return marked("Imported") + (settingsChanged ? "; settings changed" : "")
        case .importWatches:
            return "Imported \(Self.count(count, "watch")) from \(source ?? "a file")"
                + (showsHidden > 0 ? ", \(Self.count(showsHidden, "show")) hidden or dropped" : "")
        default:
            return action.rawValue
        }
    }

    /// "Marked 3 episodes watched (2 already watched, 1 unknown)".
    private func marked(_ verb: String) -> String {
        var text = "\(verb) \(Self.count(count, "episode")) watched"
        var extra: [String] = []
        if alreadyWatched > 0 { extra.append("\(alreadyWatched) already watched") }
        if unknown > 0 { extra.append("\(unknown) unknown") }
        if !extra.isEmpty { text += " (\(extra.joined(separator: ", ")))" }
        return text
    }

    /// "1 episode", "3 episodes", "2 watches".
    static func count(_ number: Int, _ noun: String) -> String {
        let plural = ["ch", "sh", "s", "x"].contains { noun.hasSuffix($0) } ? "es" : "s"
        return "\(number) \(noun)\(number == 1 ? "" : plural)"
    }
}
