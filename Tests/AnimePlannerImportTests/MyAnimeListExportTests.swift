import AirdateTestSupport
import AirdateCore
import Foundation
import Testing
@testable import AnimePlannerImport

/// The files in `Fixtures/myanimelist/`, written here in the shape of MyAnimeList's anime list export.
enum MALFixtures {
    static let folder = TestPaths.fixtures("myanimelist")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(text) ?? .earliest }
}

@Suite struct MyAnimeListExportTests {
    @Test("the full export: the user, nine entries with every value AnimePlanner uses")
    func readsAFullExport() throws {
        let export = try MyAnimeListExport(xml: try MALFixtures.data("animelist.xml"))
        #expect(export.userName == "airdate_tester" && export.userID == 4_242_424)
        #expect(export.entries.count == 9 && export.skipped.isEmpty)
        let mushishi = try #require(export.entries.first)
        #expect(mushishi == MyAnimeListEntry(animeID: 457, title: "Mushishi", type: "TV", episodeCount: 26, watchedEpisodes: 26,
                                             status: .completed, startDate: MALFixtures.day("2021-03-01"),
                                             finishDate: MALFixtures.day("2021-04-10"), score: 9, timesRewatched: 1))
        #expect(export.entries.map(\.status) == [.completed, .watching, .planToWatch, .onHold, .dropped, .completed, .watching, .watching, .watching])
        // An unknown total is 0 in the export; an id of 0 (lists converted from other sites) is none.
        #expect(export.entries[3].episodeCount == nil && export.entries[3].title == "Mob Psycho 100 III")
        #expect(export.entries[7].animeID == nil && export.entries[7].name == "Blue Lock")
        #expect(export.entries[2].score == nil && export.entries[2].startDate == nil && export.entries[2].finishDate == nil)
        #expect(export.entries.allSatisfy { $0.notes.isEmpty })
    }

    @Test("the fewest tags importers need: a missing status is Plan to Watch, a missing title names the id")
    func readsAMinimalExport() throws {
        let export = try MyAnimeListExport(xml: try MALFixtures.data("animelist_minimal.xml"))
        #expect(export.entries.map(\.animeID) == [457, 5114])
        #expect(export.entries.map(\.status) == [.watching, .planToWatch])
        #expect(export.entries[0].watchedEpisodes == 3 && export.entries[0].title.isEmpty && export.entries[0].name == "anime 457")
        #expect(export.userName == nil)
    }

    @Test("entries that cannot be used are set aside with their reason; unreadable values are left out with a note")
    func oddValues() throws {
        let export = try MyAnimeListExport(xml: try MALFixtures.data("animelist_odd_values.xml"))
        #expect(export.userName == "odd_values")
        #expect(export.entries.map(\.animeID) == [49596, 457, 50172])
        #expect(export.entries[0].startDate == nil && export.entries[0].notes == ["Its start date, \"2022-13-45\", is not a day and was left out."])
        #expect(export.entries[1].status == .completed, "status 2 is Completed in older exports")
        #expect(export.entries[2].status == .onHold, "\"on hold\" is On-Hold")
        #expect(export.skipped.map(\.position) == [1, 2, 3, 5])
        #expect(export.skipped[0].reason.contains("\"abc\"") && export.skipped[0].name == "Mushishi")
        #expect(export.skipped[1].reason.contains("\"-3\""))
        #expect(export.skipped[2].reason.contains("\"Rewatching\"") && export.skipped[2].reason.contains("Plan to Watch"))
        #expect(export.skipped[3].reason == "It has neither an id nor a title." && export.skipped[3].name == "entry 5")
    }

    @Test("statuses as exports and converters write them")
    func statuses() {
        let cases: [(String, MyAnimeListStatus?)] = [
            ("Watching", .watching), ("COMPLETED", .completed), ("On-Hold", .onHold), ("on hold", .onHold), ("onhold", .onHold),
            ("Dropped", .dropped), ("Plan to Watch", .planToWatch), ("plantowatch", .planToWatch), ("1", .watching),
            ("2", .completed), ("3", .onHold), ("4", .dropped), ("6", .planToWatch), ("5", nil), ("Reading", nil), ("", nil),
        ]
        for (text, status) in cases { #expect(MyAnimeListStatus(exportText: text) == status, "\(text)") }
    }

    @Test("files that are not an anime list export are refused with what they are, and nothing is read",
          arguments: [
              ("animelist_truncated.xml", MyAnimeListExportError.Code.truncated),
              ("mangalist.xml", .mangaList),
              ("not_xml.json", .notXML),
              ("animelist_entities.xml", .documentType),
          ])
    func refusedFiles(name: String, code: MyAnimeListExportError.Code) throws {
        let data = try MALFixtures.data(name)
        #expect(throws: MyAnimeListExportError.self) { try MyAnimeListExport(xml: data) }
        do {
            _ = try MyAnimeListExport(xml: data)
        } catch {
            #expect(error.code == code, "\(name): \(error)")
            let text = try #require(error.errorDescription)
            #expect(!text.contains("NSXMLParserErrorDomain") && !text.contains("Code="), "raw parser text: \(text)")
            #expect(text.count < 200)
        }
    }

    @Test("empty, gzipped, ZIP, HTML, mismatched tags, a text file, too large, deeply nested")
    func otherBadInput() throws {
        func code(_ data: Data) -> MyAnimeListExportError.Code? {
            do {
                _ = try MyAnimeListExport(xml: data)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code(Data()) == .empty)
        #expect(code(Data("   \n".utf8)) == .empty)
        #expect(code(Data([0x1F, 0x8B, 0x08, 0x00, 0x00])) == .gzipped)
        #expect(code(Data([0x50, 0x4B, 0x03, 0x04, 0x14])) == .notXML)
        #expect(code(Data("Mushishi,26,Completed\n".utf8)) == .notXML)
        #expect(code(Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8)) == .documentType)
        #expect(code(Data("<html><body>Sign in</body></html>".utf8)) == .notAnExport)
        let mismatched = "<?xml version=\"1.0\"?>\n<myanimelist>\n<anime><series_title>A</series_type></anime>\n</myanimelist>\n"
        do {
            _ = try MyAnimeListExport(xml: Data(mismatched.utf8))
            Issue.record("mismatched tags were read")
        } catch {
            #expect(error.code == .malformed && error.line == 3, "\(error)")
            #expect(error.errorDescription?.contains("line 3") == true)
        }
        #expect(code(Data(repeating: 0x20, count: MyAnimeListExport.maximumFileSize + 1)) == .tooLarge)
        let deep = "<myanimelist><anime>" + String(repeating: "<a>", count: 50_000) + String(repeating: "</a>", count: 50_000)
            + "</anime></myanimelist>"
        let deepCode = code(Data(deep.utf8))
        #expect(deepCode == nil || deepCode == .malformed, "deep nesting is read or refused, never a crash")
        let many = "<myanimelist>" + String(repeating: "<anime><series_animedb_id>1</series_animedb_id></anime>",
                                            count: MyAnimeListExport.maximumEntries + 1) + "</myanimelist>"
        #expect(code(Data(many.utf8)) == .tooManyEntries)
    }

    @Test("a long title is cut with a note; a value longer than a field holds is not kept whole")
    func bounds() throws {
        let title = String(repeating: "長", count: 1_500)
        let xml = "<myanimelist><anime><series_animedb_id>1</series_animedb_id><series_title><![CDATA[\(title)]]></series_title>"
            + "<my_status>Watching</my_status><my_comments><![CDATA[\(String(repeating: "x", count: 200_000))]]></my_comments></anime></myanimelist>"
        let export = try MyAnimeListExport(xml: Data(xml.utf8))
        #expect(export.entries.first?.title.count == MyAnimeListExport.maximumTitleLength)
        #expect(export.entries.first?.notes.first?.contains("was cut") == true)
    }

    @Test("writing and reading again keeps every entry; titles with CDATA ends, markup and control characters survive")
    func roundTrip() throws {
        let entries = [
            MyAnimeListEntry(animeID: 457, title: "Mushishi", type: "TV", episodeCount: 26, watchedEpisodes: 26, status: .completed,
                             startDate: MALFixtures.day("2021-03-01"), finishDate: MALFixtures.day("2021-04-10"), score: 9, timesRewatched: 1),
            MyAnimeListEntry(animeID: 47917, title: "ぼっち・ざ・ろっく！ ]]> & <b>bold</b>", episodeCount: 12, watchedEpisodes: 4, status: .watching),
            MyAnimeListEntry(animeID: 50172, title: "Mob\u{1B}[31m Psycho", watchedEpisodes: 3, status: .onHold),
            MyAnimeListEntry(animeID: 44511, title: "Chainsaw Man", episodeCount: 12, watchedEpisodes: 2, status: .dropped),
            MyAnimeListEntry(animeID: 5114, title: "Fullmetal Alchemist: Brotherhood", episodeCount: 64, status: .planToWatch),
        ]
        let xml = MyAnimeListExport(userName: "tester & co", userID: 7, entries: entries).xmlData()
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<myanimelist>\n\t<myinfo>\n"))
        #expect(text.contains("<user_total_anime>5</user_total_anime>") && text.contains("<user_total_watching>1</user_total_watching>"))
        #expect(text.contains("<my_status>On-Hold</my_status>") && text.contains("<my_status>Plan to Watch</my_status>"))
        #expect(text.contains("<update_on_import>1</update_on_import>"))
        let read = try MyAnimeListExport(xml: xml)
        #expect(read.userName == "tester & co" && read.userID == 7)
        var expected = entries
        expected[2].title = "Mob[31m Psycho"  // the escape character is not allowed in XML 1.0
        for index in expected.indices where expected[index].type == nil { expected[index].type = "Unknown" }
        #expect(read.entries == expected)
    }
}
