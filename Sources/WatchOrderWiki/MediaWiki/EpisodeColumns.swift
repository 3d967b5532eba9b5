import Foundation
import HTMLScrape

/// Which column of an episode table holds what, told from the header text (and, for a header that
/// could be a title or a number — "Episode" — from the cells below it).
///
/// Headers are read as words, ignoring case, punctuation and diacritics, so the spellings wikis have
/// used over the years all land: "No. overall", "No. in series", "Series NO.", "Series #", "Overall"
/// for the overall number; "No. in season", "Season NO.", "Season #", "Episode NO.", "Episode #",
/// "Ep. No.", "Nº", "#", "No." for the number in season; "Title", "Episode title", "Episode name",
/// "Name" for the title; "Original air date", "Original airdate", "Original release date",
/// "Release date", "First aired", "Premiere date", "Broadcast date", "Date" for the air date;
/// "Runtime", "Running time", "Length", "Duration" for the runtime. Columns the reader knows and does
/// not need (credits, viewers, ratings, production codes, summaries) are left unread without a word;
/// any other column is an ``ExtractionDiagnostic/Kind-swift.struct/unmappedColumn`` diagnostic.
struct EpisodeColumns {
    /// What one column holds.
    enum Role: Equatable {
        case overall, number, title, date, runtime
        /// A column the reader knows and has no use for ("Directed by", "U.S. viewers (millions)").
        case notNeeded
        /// A header the reader does not know.
        case unknown
    }

    var overall: Int?
    var number: Int?
    var title: Int?
    var date: Int?
    var runtime: Int?
    /// Every column's header text, in order ("" for a column without one).
    var headers: [String]
    /// Columns whose header the reader does not know, or a second column of a role already taken:
    /// (column, header, why).
    var unmapped: [(column: Int, header: String, reason: String)] = []

    /// The columns of `table`, from its header rows (rows of one cell across the table — "Season 1"
    /// above the column names — name no column).
    init(_ table: HTMLTable) {
        let namingRows = (0..<table.headerRowCount).filter { row in
            Set(table.grid[row].compactMap { $0?.element }).count > 1 || table.columnCount == 1
        }
        var headers: [String] = []
        for column in 0..<table.columnCount {
            var parts: [String] = []
            for row in namingRows {
                guard let cell = table.grid[row][column] else { continue }
                let text = CellText.text(of: cell.element)
                if parts.last != text { parts.append(text) }  // a cell spanning two header rows counts once
            }
            headers.append(parts.joined(separator: " ").trimmingCharacters(in: .whitespaces))
        }
        self.headers = headers
        for (column, header) in headers.enumerated() {
            var role = Self.role(ofHeader: header)
            if role == .title && Self.words(of: header) == ["episode"] && Self.holdsNumbers(column, of: table) {
                role = .number  // "Episode" over 1, 2, 3…
            }
            switch role {
            case .overall: overall = take(overall, column, header, "the overall number")
            case .number: number = take(number, column, header, "the number in season")
            case .title: title = take(title, column, header, "the title")
            case .date: date = take(date, column, header, "the air date")
            case .runtime: runtime = take(runtime, column, header, "the runtime")
            case .notNeeded: break
            case .unknown:
                unmapped.append((column, header, header.isEmpty ? "a column without a header" : "a column the reader does not know"))
            }
        }
    }

    /// `slot` when a column already has the role (this one is reported), else `column`.
    private mutating func take(_ slot: Int?, _ column: Int, _ header: String, _ what: String) -> Int {
        if let slot {
            unmapped.append((column, header, "a second column for \(what)"))
            return slot
        }
        return column
    }

    /// The header's words: lower-case letters and digits, `#` and `no` (for "№") as words of their own.
    static func words(of header: String) -> [String] {
        let folded = header.replacingOccurrences(of: "№", with: " no ")
            .replacingOccurrences(of: "#", with: " # ")
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
        return folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "#" }).map { word in
            word == "nº" || word == "no" || word == "n" || word == "nr" || word == "num" ? "no" : String(word)
        }
    }

    /// What a column headed `header` holds.
    static func role(ofHeader header: String) -> Role {
        let words = words(of: header)
        guard !words.isEmpty else { return .unknown }
        let set = Set(words)
        let numberWord = !set.isDisjoint(with: ["no", "number", "#"])
        // The overall number.
        if set.contains("overall") || set.contains("total") || (set.contains("series") && numberWord)
            || words == ["overall"]
        {
            return .overall
        }
        // The number in season.
        if (set.contains("season") && (numberWord || set.contains("in")))
            || (["episode", "ep", "eps"].contains(words[0]) && numberWord)
            || words == ["ep"] || words == ["no"] || words == ["#"] || words == ["number"]
        {
            return .number
        }
        // Known columns the reader does not need (checked before the title: "Director name").
        let notNeeded: Set<String> = [
            "directed", "director", "directors", "written", "writer", "writers", "story", "teleplay", "screenplay",
            "viewers", "viewership", "viewer", "rating", "ratings", "share", "code", "production", "prod",
            "storyboarded", "storyboard", "storyboards", "featured", "character", "characters", "guest", "guests",
            "starring", "cast", "music", "animation", "animated", "summary", "synopsis", "description", "notes",
            "note", "rank", "dvr", "timeslot", "slot", "network", "channel", "image", "ref", "refs", "references",
            "source", "sources", "nielsen", "audience", "millions", "uk", "us",
        ]
        let datesWords: Set<String> = ["date", "dates", "aired", "airdate", "airing", "release", "released", "premiere", "broadcast"]
        if !set.isDisjoint(with: notNeeded) && !set.contains("title") && set.isDisjoint(with: datesWords) {
            return .notNeeded
        }
        if set.contains("title") || set.contains("name") || words == ["episode"] { return .title }
        if !set.isDisjoint(with: datesWords) { return .date }
        if set.contains("runtime") || set.contains("length") || set.contains("duration") || (set.contains("running") && set.contains("time")) {
            return .runtime
        }
        if !set.isDisjoint(with: notNeeded) { return .notNeeded }
        return .unknown
    }

    /// Whether most non-empty body cells of `column` are short numbers ("1", "12", "3a").
    private static func holdsNumbers(_ column: Int, of table: HTMLTable) -> Bool {
        var numbers = 0, texts = 0
        for row in table.headerRowCount..<table.grid.count {
            guard column < table.grid[row].count, let cell = table.grid[row][column] else { continue }
            if Set(table.grid[row].compactMap { $0?.element }).count <= 1 { continue }  // full-width rows
            let text = CellText.text(of: cell.element)
            if text.isEmpty { continue }
            if text.count <= 6, text.first?.isNumber == true { numbers += 1 } else { texts += 1 }
        }
        return numbers > 0 && numbers >= texts
    }
}
