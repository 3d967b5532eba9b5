import AirdateCore
import WatchOrder

/// Checks a page's episodes for results that look wrong although every row was read: the marks of a
/// column or a date read wrongly, which no single row shows.
enum Plausibility {
    /// The first and last years an episode can plausibly have aired in.
    static let years = 1928...2100

    /// One ``ExtractionDiagnostic/Kind-swift.struct/implausibleResult`` diagnostic per finding, in
    /// season order.
    static func check(_ episodes: [Episode], tables: [TableRead]) -> [ExtractionDiagnostic] {
        var notes: [ExtractionDiagnostic] = []
        func note(_ message: String, _ text: String) {
            notes.append(ExtractionDiagnostic(kind: .implausibleResult, message: message, text: text))
        }
        let bySeason = Dictionary(grouping: episodes.indices, by: { episodes[$0].season })
        for season in bySeason.keys.sorted() {
            let indices = bySeason[season] ?? []
            let ofSeason = indices.map { episodes[$0] }
            // 1. A season of nothing but specials: the number column was not recognised.
            if season != 0, ofSeason.count >= 2, ofSeason.allSatisfy(\.isSpecial) {
                let sources = tables.filter { table in indices.contains { table.episodes.contains($0) } }
                let headers = sources.map { $0.columns.headers.joined(separator: " | ") }
                let reason = sources.contains { $0.columns.number == nil }
                    ? "no column of its table was recognised as the number in season"
                    : "its number-in-season cells are all empty or dashes"
                note("Every one of season \(season)'s \(ofSeason.count) episodes came out as a special: \(reason)",
                     headers.isEmpty ? "" : "columns: " + headers.joined(separator: " / "))
            }
            let numbered = ofSeason.filter { !$0.isSpecial }
            // 2. One number, two episodes.
            let byNumber = Dictionary(grouping: numbered, by: { $0.number ?? 0 })
            for number in byNumber.keys.sorted() where (byNumber[number]?.count ?? 0) > 1 {
                let titles = (byNumber[number] ?? []).map { "\"\($0.title)\"" }.joined(separator: ", ")
                note("\(byNumber[number]?.count ?? 0) episodes of season \(season) are numbered \(number)", titles)
            }
            // 3. Numbers missing between 1 and the last.
            if let last = byNumber.keys.max(), last <= 10_000 {
                let missing = (1...max(1, last)).filter { byNumber[$0] == nil }
                if !missing.isEmpty {
                    note("Season \(season) lists no episode \(ranges(missing)) of 1–\(last)",
                         "read: \(ranges(byNumber.keys.sorted()))")
                }
            }
            // 4. Air days running backwards in number order.
            var previous: Episode?
            for episode in numbered.sorted(by: { ($0.number ?? 0) < ($1.number ?? 0) }) {
                guard let day = episode.airDay else { continue }
                if let before = previous, let earlier = before.airDay, day < earlier {
                    note("Season \(season)'s episode \(episode.number ?? 0) aired \(day), before episode \(before.number ?? 0) (\(earlier))",
                         "\"\(episode.title)\"")
                }
                previous = episode
            }
        }
        // 5. Air days outside the years of television.
        for episode in episodes {
            guard let day = episode.airDay, !years.contains(day.year) else { continue }
            note("An air day in \(day.year) is outside \(years.lowerBound)–\(years.upperBound); the date cell may be mistyped",
                 "\(episode.code(.compact)) \"\(episode.title)\": \(day)")
        }
        return notes
    }

    /// `[1, 2, 3, 7, 9, 10]` → "1–3, 7, 9–10".
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count && numbers[end + 1] == numbers[end] + 1 { end += 1 }
            parts.append(end == index ? "\(numbers[index])" : "\(numbers[index])–\(numbers[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
