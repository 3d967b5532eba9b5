public import Foundation
import AirdateCore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A MyAnimeList anime list export: the XML file MyAnimeList hands out (gzipped) under Profile →
/// Export, which other trackers import and export too.
///
/// Reading (``init(xml:)``) is strict about the file and lenient about its entries: a file that is
/// not a well-formed anime list export throws ``MyAnimeListExportError`` and gives nothing, while an
/// entry that cannot be used is set aside in ``skipped`` with the reason, and a value that cannot be
/// read is left out with a note (``MyAnimeListEntry/notes``). Writing (``xmlData()``) produces the
/// same shape, which MyAnimeList's import page and other trackers read.
///
/// ```swift
/// let export = try MyAnimeListExport(xml: Data(contentsOf: file))
/// for entry in export.entries { print(entry.animeID ?? 0, entry.title, entry.status, entry.watchedEpisodes) }
/// try export.xmlData().write(to: copy)
/// ```
///
/// The format, as MyAnimeList writes it: a `<myanimelist>` root holding `<myinfo>` (the user) and one
/// `<anime>` per list entry, each with `series_animedb_id`, `series_title` (CDATA), `series_type`,
/// `series_episodes` (0 when unknown), `my_watched_episodes`, `my_start_date` and `my_finish_date`
/// (`YYYY-MM-DD`, `0000-00-00` when unset), `my_score`, `my_status` (Watching, Completed, On-Hold,
/// Dropped, Plan to Watch), `my_times_watched`, `update_on_import` and a few fields AnimePlanner does
/// not use (storage, priority, tags, comments).
public struct MyAnimeListExport: Sendable, Hashable {
    /// The list owner's name on MyAnimeList, when given.
    public var userName: String?
    /// The list owner's id on MyAnimeList, when given.
    public var userID: Int?
    /// The entries that could be read, in the file's order.
    public var entries: [MyAnimeListEntry]
    /// The entries that could not be used, with the reason, in the file's order.
    public var skipped: [MyAnimeListSkippedEntry]

    /// The largest file read: 64 MiB (an export of 10,000 anime is about 10 MiB).
    public static let maximumFileSize = 64 << 20
    /// The most entries read: 100,000.
    public static let maximumEntries = 100_000
    /// The longest title kept, in characters; longer ones are cut (with a note).
    public static let maximumTitleLength = 1_000

    /// Creates an export, for example to write with ``xmlData()``.
    public init(userName: String? = nil, userID: Int? = nil, entries: [MyAnimeListEntry], skipped: [MyAnimeListSkippedEntry] = []) {
        self.userName = userName
        self.userID = userID
        self.entries = entries
        self.skipped = skipped
    }

    /// Reads an export's XML (not gzipped).
    ///
    /// - Throws: ``MyAnimeListExportError`` when the data is empty, too large, still gzipped, not XML,
    ///   not well formed, cut short, declares a document type, is not a `<myanimelist>` export, is a
    ///   manga list or has too many entries.
    public init(xml data: Data) throws(MyAnimeListExportError) {
        try Self.checkBeforeParsing(data)
        let reader = ExportReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let finished = parser.parse()
        if let failure = reader.failure { throw failure }
        if !finished || parser.parserError != nil || reader.errorCode != nil || !reader.rootClosed {
            let code = reader.errorCode ?? (parser.parserError as NSError?)?.code
            let line = reader.errorLine ?? parser.lineNumber
            // libxml2 stops at the end of a cut file with "premature end" (5) or an unclosed tag.
            if code == 5 || code == nil || !reader.rootOpened {
                throw MyAnimeListExportError(.truncated, line: line)
            }
            throw MyAnimeListExportError(.malformed, line: line, column: reader.errorColumn ?? parser.columnNumber,
                                         detail: Self.describe(parserErrorCode: code))
        }
        userName = reader.userName
        userID = reader.userID
        entries = reader.entries
        skipped = reader.skipped
    }

    /// Refuses, before parsing, what an export never is.
    private static func checkBeforeParsing(_ data: Data) throws(MyAnimeListExportError) {
        guard !data.isEmpty else { throw MyAnimeListExportError(.empty) }
        guard data.count <= maximumFileSize else { throw MyAnimeListExportError(.tooLarge, detail: "64 MiB") }
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0x1F, 0x8B]) { throw MyAnimeListExportError(.gzipped) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw MyAnimeListExportError(.notXML, detail: "a ZIP archive") }
        // The prolog: white space, a byte-order mark, the XML declaration, comments. A document type
        // (and with it entities: "billion laughs", external files) is refused here.
        let text = String(decoding: data.prefix(65_536), as: UTF8.self)
        var rest = Substring(text).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard let first = rest.first else { throw MyAnimeListExportError(.empty) }
        guard first == "<" else {
            let kind = first == "{" || first == "[" ? "JSON" : "plain text"
            throw MyAnimeListExportError(.notXML, detail: kind)
        }
        while rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
            let end = rest.hasPrefix("<?") ? "?>" : "-->"
            guard let close = rest.range(of: end) else { break }
            rest = rest[close.upperBound...].drop { $0.isWhitespace }
        }
        if rest.uppercased().hasPrefix("<!DOCTYPE") || rest.uppercased().hasPrefix("<!ENTITY") {
            throw MyAnimeListExportError(.documentType)
        }
    }

    private static func describe(parserErrorCode code: Int?) -> String? {
        switch code {
        case 76?: "a closing tag does not match its opening tag"
        case 73?, 74?: "a tag is not closed"
        case 9?: "a character that XML does not allow"
        case 26?: "an unknown entity such as &nbsp;"
        case 68?: "a name was expected"
        case 41?: "an attribute is not written right"
        case 5?: nil
        default: nil
        }
    }

    // MARK: Writing

    /// The export as MyAnimeList writes it: UTF-8 XML, a `<myinfo>` with the totals per status, one
    /// `<anime>` per entry with every field (unused ones empty or at their defaults) and
    /// `update_on_import` 1, so that importing it on MyAnimeList updates entries already there.
    public func xmlData() -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<myanimelist>\n\t<myinfo>\n"
        if let userID { xml += "\t\t<user_id>\(userID)</user_id>\n" }
        if let userName { xml += "\t\t<user_name>\(Self.escaped(userName))</user_name>\n" }
        xml += "\t\t<user_export_type>1</user_export_type>\n"
        xml += "\t\t<user_total_anime>\(entries.count)</user_total_anime>\n"
        let totals: [(String, MyAnimeListStatus)] = [("watching", .watching), ("completed", .completed), ("onhold", .onHold),
                                                     ("dropped", .dropped), ("plantowatch", .planToWatch)]
        for (name, status) in totals {
            xml += "\t\t<user_total_\(name)>\(entries.count { $0.status == status })</user_total_\(name)>\n"
        }
        xml += "\t</myinfo>\n"
        for entry in entries {
            func date(_ day: CalendarDay?) -> String { day?.description ?? "0000-00-00" }
            xml += "\t<anime>\n"
            xml += "\t\t<series_animedb_id>\(entry.animeID ?? 0)</series_animedb_id>\n"
            xml += "\t\t<series_title>\(Self.cdata(entry.title))</series_title>\n"
            xml += "\t\t<series_type>\(Self.escaped(entry.type ?? "Unknown"))</series_type>\n"
            xml += "\t\t<series_episodes>\(entry.episodeCount ?? 0)</series_episodes>\n"
            xml += "\t\t<my_id>0</my_id>\n"
            xml += "\t\t<my_watched_episodes>\(entry.watchedEpisodes)</my_watched_episodes>\n"
            xml += "\t\t<my_start_date>\(date(entry.startDate))</my_start_date>\n"
            xml += "\t\t<my_finish_date>\(date(entry.finishDate))</my_finish_date>\n"
            xml += "\t\t<my_rated></my_rated>\n"
            xml += "\t\t<my_score>\(entry.score ?? 0)</my_score>\n"
            xml += "\t\t<my_storage></my_storage>\n"
            xml += "\t\t<my_storage_value>0.00</my_storage_value>\n"
            xml += "\t\t<my_status>\(entry.status.rawValue)</my_status>\n"
            xml += "\t\t<my_comments><![CDATA[]]></my_comments>\n"
            xml += "\t\t<my_times_watched>\(entry.timesRewatched)</my_times_watched>\n"
            xml += "\t\t<my_rewatch_value></my_rewatch_value>\n"
            xml += "\t\t<my_priority>LOW</my_priority>\n"
            xml += "\t\t<my_tags><![CDATA[]]></my_tags>\n"
            xml += "\t\t<my_rewatching>0</my_rewatching>\n"
            xml += "\t\t<my_rewatching_ep>0</my_rewatching_ep>\n"
            xml += "\t\t<my_discuss>1</my_discuss>\n"
            xml += "\t\t<my_sns>default</my_sns>\n"
            xml += "\t\t<update_on_import>1</update_on_import>\n"
            xml += "\t</anime>\n"
        }
        xml += "</myanimelist>\n"
        return Data(xml.utf8)
    }

    /// Text without the characters XML 1.0 does not allow (controls other than tab, new line and
    /// carriage return).
    private static func allowed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }.filter { $0.value != 0xFFFE && $0.value != 0xFFFF }))
    }

    /// `text` in a CDATA section (a `]]>` inside it split over two sections).
    private static func cdata(_ text: String) -> String {
        "<![CDATA[" + allowed(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    /// `text` with XML's special characters escaped.
    private static func escaped(_ text: String) -> String {
        allowed(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Collects the export while `XMLParser` reads it.
private final class ExportReader: NSObject, XMLParserDelegate {
    var userName: String?
    var userID: Int?
    var entries: [MyAnimeListEntry] = []
    var skipped: [MyAnimeListSkippedEntry] = []
    var failure: MyAnimeListExportError?
    var rootOpened = false
    var rootClosed = false
    var depth = 0
    /// The first parse error: its code and where it was found (libxml2 reports later places after it).
    var errorCode: Int?
    var errorLine: Int?
    var errorColumn: Int?

    /// The element at depth 1 being read (`myinfo`, `anime`), and its fields.
    private var record: String?
    private var fields: [String: String] = [:]
    private var field: String?
    private var text = ""
    private var position = 0
    /// Field text kept at most (comments and tags may be long; nothing AnimePlanner reads is).
    private static let fieldLimit = 4_096

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        depth += 1
        switch depth {
        case 1:
            guard elementName == "myanimelist" else { return fail(parser, MyAnimeListExportError(.notAnExport, detail: String(elementName.prefix(40)))) }
            rootOpened = true
        case 2:
            if elementName == "manga" { return fail(parser, MyAnimeListExportError(.mangaList)) }
            record = elementName
            fields = [:]
            if elementName == "anime" {
                position += 1
                if position > MyAnimeListExport.maximumEntries {
                    return fail(parser, MyAnimeListExportError(.tooManyEntries, detail: "\(MyAnimeListExport.maximumEntries)"))
                }
            }
        case 3:
            field = elementName
            text = ""
        default:
            break  // nothing an export nests deeper is read
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard errorCode == nil else { return }
        errorCode = (parseError as NSError).code
        errorLine = parser.lineNumber
        errorColumn = parser.columnNumber
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard field != nil, text.utf8.count < Self.fieldLimit else { return }
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard field != nil, text.utf8.count < Self.fieldLimit else { return }
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        defer { depth -= 1 }
        switch depth {
        case 1:
            rootClosed = true
        case 2:
            if record == "myinfo" { readUser() } else if record == "anime" { readEntry() }
            record = nil
        case 3:
            if let field { fields[field] = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            field = nil
        default:
            break
        }
    }

    private func fail(_ parser: XMLParser, _ error: MyAnimeListExportError) {
        guard failure == nil else { return }
        failure = error
        parser.abortParsing()
    }

    private func readUser() {
        userName = fields["user_name"].flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        userID = fields["user_id"].flatMap { Int($0) }
        if fields["user_export_type"] == "2" { failure = failure ?? MyAnimeListExportError(.mangaList) }
    }

    private func readEntry() {
        let idText = fields["series_animedb_id"]
        var title = fields["series_title"] ?? ""
        var notes: [String] = []
        func skip(_ reason: String) {
            skipped.append(MyAnimeListSkippedEntry(position: position, idText: idText.flatMap { $0.isEmpty ? nil : String($0.prefix(40)) },
                                                   title: title.isEmpty ? nil : title, reason: reason))
        }
        if title.count > MyAnimeListExport.maximumTitleLength {
            title = String(title.prefix(MyAnimeListExport.maximumTitleLength))
            notes.append("The title is longer than \(MyAnimeListExport.maximumTitleLength) characters and was cut.")
        }
        var animeID: Int?
        if let idText, !idText.isEmpty {
            guard let id = Int(idText), id >= 0 else { return skip("Its id \"\(idText.prefix(40))\" is not a MyAnimeList id.") }
            animeID = id == 0 ? nil : id
        }
        guard animeID != nil || !title.isEmpty else { return skip("It has neither an id nor a title.") }
        var watched = 0
        if let text = fields["my_watched_episodes"], !text.isEmpty {
            guard let count = Int(text), count >= 0 else {
                return skip("Its episodes watched, \"\(text.prefix(20))\", is not a number of episodes.")
            }
            watched = count
        }
        var status = MyAnimeListStatus.planToWatch
        if let text = fields["my_status"], !text.isEmpty {
            guard let read = MyAnimeListStatus(exportText: text) else {
                return skip("Its status \"\(text.prefix(40))\" is none of Watching, Completed, On-Hold, Dropped and Plan to Watch.")
            }
            status = read
        }
        func count(_ key: String, _ what: String) -> Int? {
            guard let text = fields[key], !text.isEmpty else { return nil }
            guard let value = Int(text), value >= 0 else {
                notes.append("Its \(what), \"\(text.prefix(20))\", is not a number and was left out.")
                return nil
            }
            return value
        }
        func day(_ key: String, _ what: String) -> CalendarDay? {
            guard let text = fields[key], !text.isEmpty, text != "0000-00-00" else { return nil }
            guard let value = CalendarDay(text) else {
                notes.append("Its \(what), \"\(text.prefix(20))\", is not a day and was left out.")
                return nil
            }
            return value
        }
        let episodes = count("series_episodes", "episode count")
        let score = count("my_score", "score")
        entries.append(MyAnimeListEntry(
            animeID: animeID, title: title, type: fields["series_type"].flatMap { $0.isEmpty ? nil : String($0.prefix(40)) },
            episodeCount: episodes == 0 ? nil : episodes, watchedEpisodes: watched, status: status,
            startDate: day("my_start_date", "start date"), finishDate: day("my_finish_date", "finish date"),
            score: score.flatMap { (1...10).contains($0) ? $0 : nil }, timesRewatched: count("my_times_watched", "rewatch count") ?? 0,
            notes: notes))
    }
}
