import AirdateCore
public import Foundation
public import HTMLScrape
public import WatchOrder

/// Reads episode lists from MediaWiki pages: Wikipedia's "List of … episodes" and season pages
/// (`table.wikiepisodetable`, `tr.vevent` rows) and Fandom season pages (`table.wikitable`).
///
/// Columns are found by their header text, in the many spellings wikis have used ("No. in season",
/// "Season NO.", "Episode NO.", "#"; "No. overall", "Series NO."; "Title", "Episode name"; "Original
/// air date", "Original release date", "First aired"; "Runtime" — see `EpisodeColumns`); a column the
/// reader does not know is an `unmappedColumn` diagnostic. The air day comes from the ISO
/// `published`/`dtstart` span when there is one, else from the human date ("October 10, 2012",
/// "10 October 2012", "Oct. 10th, 2012"); a misspelled month ("Febuary") is read with a
/// `correctedValue` diagnostic, and a date cell that cannot be read at all is an `unreadableCell`
/// diagnostic, never a silent "no air date". Results that look wrong — a season of nothing but
/// specials, two episodes with one number, numbers missing, air days running backwards — are
/// `implausibleResult` diagnostics. The season comes
/// from a "Season N" row inside the table, the table's caption or the section heading above it, then
/// the page title — never from the table's position. Headings are read in every skin: the 2024+
/// `<div class="mw-heading"><h2 id=…>`, the older `<span class="mw-headline">` and the 2015 Fandom
/// shape whose edit link runs into the text ("Season 1Edit", "Season 1[edit]"). Rows that cannot be
/// read become WatchOrder's `ExtractionDiagnostic`s, and a page without any recognisable episode
/// table gives a `noEpisodeTable` diagnostic (`EpisodeList.isUnreadable`), so a caller never
/// mistakes it for a show without episodes.
///
/// It lives in WatchOrderWiki, beside the fetching of pages, so that WatchOrder — episode lists,
/// merging, checklist, store — never links the HTML parser.
///
/// ```swift
/// import HTMLScrape
/// import WatchOrder
/// import WatchOrderWiki
///
/// let list = MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "Arrow"))
/// ```
public enum MediaWikiEpisodeList {
    /// Reads a Wikipedia page's `table.wikiepisodetable`s.
    ///
    /// - Parameters:
    ///   - document: the parsed page.
    ///   - show: the show the page lists.
    ///   - season: the season to use for a table whose season no heading, caption or page title names
    ///     (a season page fetched without its title, say).
    ///   - sourceURL: recorded on each episode.
    ///   - baseURL: the page's address on its wiki, against which the links of title cells are
    ///     resolved into each episode's `Episode.pageURL`; `sourceURL` unless given (pass it when
    ///     `sourceURL` is a saved copy's file).
    public static func wikipedia(
        _ document: Document, show: Show, season: Int? = nil, sourceURL: URL? = nil, baseURL: URL? = nil
    ) -> EpisodeList {
        read(document, show: show, season: season, sourceURL: sourceURL, baseURL: baseURL ?? sourceURL, tableClass: "wikiepisodetable")
    }

    /// Reads a Fandom season page's `table.wikitable`s (plain dates, linked titles, "#" numbers).
    ///
    /// - Parameters:
    ///   - document: the parsed page.
    ///   - show: the show the page lists.
    ///   - season: the season, when the page title ("Season 5 (…)") does not say it.
    ///   - sourceURL: recorded on each episode.
    ///   - baseURL: the page's address on its wiki, against which the links of title cells are
    ///     resolved into each episode's `Episode.pageURL`; `sourceURL` unless given.
    public static func fandom(
        _ document: Document, show: Show, season: Int? = nil, sourceURL: URL? = nil, baseURL: URL? = nil
    ) -> EpisodeList {
        read(document, show: show, season: season, sourceURL: sourceURL, baseURL: baseURL ?? sourceURL, tableClass: "wikitable")
    }

    // MARK: Tables and seasons

    private static func read(
        _ document: Document, show: Show, season fallbackSeason: Int?, sourceURL: URL?, baseURL: URL?, tableClass: String
    ) -> EpisodeList {
        var list = EpisodeList(show: show, episodes: [])
        let pageSeason = pageTitleSeason(document)
        var headingSeason: Int?
        var tablesRead = 0
        var tables: [TableRead] = []
        for node in document.root.descendants {
            guard let element = node.element else { continue }
            switch element.localName {
            case "h1", "h2", "h3", "h4", "h5":
                if element.id == "firstHeading" || element.classNames.contains("page-header__title") { continue }
                let text = CellText.collapse(element.node.textContent)
                headingSeason = seasonNumber(in: text)
                if headingSeason == nil && text.lowercased().hasPrefix("special") { headingSeason = 0 }
            case "table" where element.classNames.contains(tableClass):
                guard let table = HTMLTable(element) else { continue }
                let caption = element.children.first { $0.localName == "caption" }
                    .map { CellText.collapse($0.node.textContent) }
                let captionSeason = caption.flatMap(seasonNumber(in:))
                let season = openingSeasonRow(of: table) ?? captionSeason ?? headingSeason ?? pageSeason ?? fallbackSeason
                guard let season else {
                    list.diagnostics.append(ExtractionDiagnostic(
                        kind: .seasonNotFound,
                        message: "An episode table has no season in its caption, heading or page title; pass season:",
                        text: caption ?? String(CellText.text(of: element).prefix(80))))
                    continue
                }
                if readTable(
                    table, season: season, show: show, sourceURL: sourceURL, baseURL: baseURL,
                    reportsMissingColumns: tableClass == "wikiepisodetable", into: &list, tables: &tables)
                {
                    tablesRead += 1
                }
            default:
                continue
            }
        }
        if tablesRead == 0 && list.episodes.isEmpty {
            list.diagnostics.append(ExtractionDiagnostic(
                kind: .noEpisodeTable,
                message: "No episode table could be read for \(show.name) (none with a season and a Title or "
                    + "Episode name column); check that this is the show's episode list",
                text: CellText.collapse(document.title)))
        }
        list.diagnostics += Plausibility.check(list.episodes, tables: tables)
        return list
    }

    /// "Season 3", "season 8", "Series 2", "Season 1Edit" (a 2015 Fandom heading whose edit link runs
    /// into the text) → the number.
    static func seasonNumber(in text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        for (index, word) in words.enumerated() where (word == "season" || word == "series") && index + 1 < words.count {
            let digits = words[index + 1].prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, digits.count <= 4, let number = Int(digits) { return number }
        }
        return nil
    }

    /// The season named by the table's first row of one cell across the table ("Season 1"), above or
    /// below the column names: such a table says its own season.
    private static func openingSeasonRow(of table: HTMLTable) -> Int? {
        for row in table.grid {
            let cells = Set(row.compactMap { $0?.element })
            guard cells.count == 1, let cell = cells.first else {
                if row.contains(where: { $0?.isHeader == false }) { return nil }  // the first episode row
                continue  // the column names
            }
            return seasonRowNumber(in: CellText.text(of: cell))
        }
        return nil
    }

    /// A row inside a table that only names a season ("Season 2", "Season 2 (2013–14)"), the way some
    /// Fandom lists keep every season in one table. Summary rows ("Arrow season 3, episode 2.") are not.
    static func seasonRowNumber(in text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard words.count >= 2, words.count <= 5, words[0] == "season" || words[0] == "series" else { return nil }
        guard !words.contains("episode") else { return nil }
        return seasonNumber(in: text)
    }

    private static func pageTitleSeason(_ document: Document) -> Int? {
        if let heading = document.root.descendants.lazy.compactMap(\.element).first(where: { $0.id == "firstHeading" }),
            let season = seasonNumber(in: heading.node.textContent)
        {
            return season
        }
        return seasonNumber(in: document.title)
    }

    // MARK: Rows

    /// Reads one table's rows; `false` when the table has no title column (not an episode table).
    @discardableResult
    private static func readTable(
        _ table: HTMLTable, season tableSeason: Int, show: Show, sourceURL: URL?, baseURL: URL?, reportsMissingColumns: Bool,
        into list: inout EpisodeList, tables: inout [TableRead]
    ) -> Bool {
        let columns = EpisodeColumns(table)
        guard columns.title != nil else {
            guard reportsMissingColumns else { return false }
            list.diagnostics.append(ExtractionDiagnostic(
                kind: .missingColumn, message: "An episode table has no Title column; it was left out",
                text: columns.headers.joined(separator: " | ")))
            return false
        }
        for unmapped in columns.unmapped {
            let header = unmapped.header.isEmpty ? "column \(unmapped.column + 1)" : "\"\(unmapped.header)\""
            list.diagnostics.append(ExtractionDiagnostic(
                kind: .unmappedColumn,
                message: "An episode table's \(header) is \(unmapped.reason); its cells were not read",
                text: columns.headers.joined(separator: " | ")))
        }
        let firstEpisode = list.episodes.count
        var season = tableSeason
        // A "Season N" header row above the column names sets the season of the whole table.
        for row in 0..<table.headerRowCount {
            let cells = Set(table.grid[row].compactMap { $0?.element })
            if cells.count == 1, let cell = cells.first, let number = seasonRowNumber(in: CellText.text(of: cell)) {
                season = number
            }
        }
        let hasVevent = table.rows.contains { $0.classNames.contains("vevent") }
        // Spans counted in episode rows only: some pages give `rowspan="2"` to a cell shared by two
        // episodes although a summary row sits between them. Used for rows the HTML table model
        // leaves with holes.
        var pending: [Int: (cell: Element, rows: Int)] = [:]
        for index in table.headerRowCount..<table.grid.count {
            let rowElement = table.rows[index]
            let gridRow = table.grid[index].map { $0?.element }
            let distinct = Set(gridRow.compactMap { $0 })
            if distinct.count <= 1 {
                // A "Season N" row starts that season's episodes; any other full-width row is a summary.
                if let cell = distinct.first, let number = seasonRowNumber(in: CellText.text(of: cell)) {
                    season = number
                }
                continue
            }
            if hasVevent && !rowElement.classNames.contains("vevent") { continue }
            if rowElement.classNames.contains("expand-child") { continue }
            if table.grid[index].allSatisfy({ $0?.isHeader ?? true }) { continue }
            let episodeRow = slotsCountingEpisodeRows(rowElement, width: table.columnCount, pending: &pending)
            let row = gridRow.contains(where: { $0 == nil }) ? episodeRow : gridRow
            readRow(row, columns: columns, season: season, show: show, sourceURL: sourceURL, baseURL: baseURL, into: &list)
        }
        tables.append(TableRead(episodes: firstEpisode..<list.episodes.count, columns: columns))
        return true
    }

    private static func slotsCountingEpisodeRows(
        _ row: Element, width: Int, pending: inout [Int: (cell: Element, rows: Int)]
    ) -> [Element?] {
        var slots = [Element?](repeating: nil, count: width)
        var column = 0
        func takePending() {
            while column < width, let span = pending[column] {
                slots[column] = span.cell
                pending[column] = span.rows > 1 ? (span.cell, span.rows - 1) : nil
                column += 1
            }
        }
        for cell in row.children where cell.localName == "td" || cell.localName == "th" {
            takePending()
            let columnSpan = max(1, min(1000, Int(cell.attribute("colspan") ?? "") ?? 1))
            let rowSpan = max(1, min(100, Int(cell.attribute("rowspan") ?? "") ?? 1))
            for offset in 0..<columnSpan where column + offset < width {
                slots[column + offset] = cell
                if rowSpan > 1 { pending[column + offset] = (cell, rowSpan - 1) }
            }
            column += columnSpan
        }
        takePending()
        return slots
    }

    private static func readRow(
        _ row: [Element?], columns: EpisodeColumns, season: Int, show: Show, sourceURL: URL?, baseURL: URL?,
        into list: inout EpisodeList
    ) {
        func cell(_ column: Int?) -> Element? {
            guard let column, column < row.count else { return nil }
            return row[column]
        }
        let rowText = CellText.collapse(row.compactMap { $0 }.reduce(into: [Element]()) { cells, cell in
            if cells.last != cell { cells.append(cell) }
        }.map { CellText.text(of: $0) }.joined(separator: " | "))
        func note(_ kind: ExtractionDiagnostic.Kind, _ message: String) {
            list.diagnostics.append(ExtractionDiagnostic(kind: kind, message: message, text: rowText))
        }
        guard let titleCell = cell(columns.title) else {
            note(.unreadableRow, "A row has no title cell; it was left out")
            return
        }
        func parts(_ column: Int?) -> [String] {
            cell(column).map { CellText.pieces(of: $0).map { $0.joined(separator: " ") } } ?? []
        }
        let titleParts = CellText.pieces(of: titleCell)
        let titleLinks = CellText.links(in: titleCell)
        let numberParts = parts(columns.number)
        let overallParts = parts(columns.overall)
        let dateCell = cell(columns.date)
        let dateParts = parts(columns.date)
        let runtimeParts = parts(columns.runtime)
        let isoDays = dateCell.map(CellText.isoDays(in:)) ?? []
        let count = max(titleParts.count, numberParts.count, overallParts.count)
        for part in 0..<count {
            func piece(_ parts: [String]) -> String? {
                parts.isEmpty ? nil : parts[min(part, parts.count - 1)]
            }
            let lines = titleParts.isEmpty ? [] : titleParts[min(part, titleParts.count - 1)]
            let title = lines.first.map(CellText.title) ?? ""
            let alternates = lines.dropFirst().map(CellText.title).filter { !$0.isEmpty }
            let number = piece(numberParts).flatMap(leadingNumber)
            let overall = piece(overallParts).flatMap(leadingNumber)
            if title.isEmpty && number == nil && overall == nil {
                note(.unreadableRow, "A row has neither a title nor a number; it was left out")
                continue
            }
            if let numberText = piece(numberParts), number == nil, !isDash(numberText) {
                note(.unreadableRow, "A row's number in season (\"\(numberText)\") is not a number; it was left out")
                continue
            }
            if let overallText = piece(overallParts), overall == nil, !isDash(overallText) {
                note(.unreadableCell, "A row's overall number (\"\(overallText)\") is not a number; the episode was kept without it")
            }
            var airDay: CalendarDay?
            if !isoDays.isEmpty {
                airDay = HumanDate.isoDay(isoDays[min(part, isoDays.count - 1)])
            }
            if airDay == nil {
                let text = piece(dateParts) ?? ""
                switch HumanDate.read(text) {
                case .day(let day):
                    airDay = day
                case .corrected(let day, let written, let month):
                    airDay = day
                    note(.correctedValue, "The air date \"\(text)\" was read as \(day), taking \"\(written)\" for \(month)")
                case .notAnnounced:
                    note(.dateToBeAnnounced, columns.date == nil
                        ? "No air date column; kept as unaired" : "No air date; kept as unaired")
                case .unreadable(let reason):
                    note(.unreadableCell, "The air date \"\(text)\" cannot be read (\(reason)); the episode was kept as unaired")
                }
            }
            var runtime: Duration?
            if let text = piece(runtimeParts), !isDash(text) {
                runtime = RuntimeText.duration(text)
                if runtime == nil {
                    note(.unreadableCell, "The runtime \"\(text)\" cannot be read; the episode was kept without it")
                }
            }
            let displayTitle = title.isEmpty ? "TBA" : title
            if isToBeAnnounced(displayTitle) {
                note(.titleToBeAnnounced, "Title to be announced; kept as \(displayTitle)")
            }
            let links = part < titleLinks.count ? titleLinks[part] : []
            list.episodes.append(Episode(
                showID: show.id, season: season, number: number, overall: overall, title: displayTitle,
                alternateTitles: alternates, airDay: airDay, runtime: runtime, sourceURL: sourceURL,
                pageURL: title.isEmpty ? nil : articleLink(titled: title, among: links, base: baseURL)))
        }
    }

    /// The address of the first link whose text is the whole title (so a link on one word of it —
    /// a character's name — is not taken): the episode's own article. Footnotes, in-page anchors,
    /// edit links and red links (pages that do not exist) are not articles; a relative link needs
    /// `base`, and only `http`/`https` addresses are kept.
    static func articleLink(titled title: String, among links: [CellText.Link], base: URL?) -> URL? {
        for link in links where CellText.title(link.text) == title {
            let href = link.href.trimmingCharacters(in: .whitespacesAndNewlines)
            if href.isEmpty || href.hasPrefix("#") || href.contains("action=edit") || href.contains("redlink=1") { continue }
            guard let url = URL(string: href, relativeTo: base)?.absoluteURL,
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
            else { continue }
            return url
        }
        return nil
    }

    private static func leadingNumber(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces).prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return Int(digits)
    }

    private static func isDash(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || ["—", "–", "-", "N/A", "TBA", "Special", "special"].contains(trimmed)
    }

    private static func isToBeAnnounced(_ title: String) -> Bool {
        ["tba", "tbd", "tba.", "untitled"].contains(title.lowercased())
    }
}

/// One episode table as read: which of the list's episodes came from it, and its columns (for
/// plausibility checks that name the headers).
struct TableRead {
    var episodes: Range<Int>
    var columns: EpisodeColumns
}
