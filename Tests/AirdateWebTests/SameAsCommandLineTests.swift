import AirdateCore
import AirdateStore
import AirdateTestSupport
import AirdateWebApp
import CountdownKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 38, class 7: the web and the command line agree — an id `countdowns list` prints names the
/// same countdown on the web, and an offline anime search finds the same shows in `animeplan` and
/// on `/anime/search`.
@Suite("airdate-web and the command line agree", .timeLimit(.minutes(10)))
struct SameAsCommandLineTests {
    @Test("the short ids `countdowns list` prints open, archive and delete the countdown on the web; none or several is 404")
    func shortCountdownIDs() async throws {
        let countdowns = try #require(WebPrograms.path("countdowns"), "the countdowns example is built with the tests")
        let (web, store, path) = try await CountdownTests.app()
        #expect(try await WebPrograms.run(countdowns, ["add", "From the terminal", "2027-03-01", "--db", path]) == 0)
        let (code, output) = try await WebPrograms.output(countdowns, ["list", "--db", path, "--json"])
        #expect(code == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let listed = try #require((document["countdowns"] as? [[String: Any]])?.first)
        let short = try #require(listed["shortID"] as? String)
        let full = try #require(listed["id"] as? String)
        #expect(short.count == 8 && full.lowercased().hasPrefix(short))
        // Two more whose ids share a prefix: a prefix both have is ambiguous.
        let twins = try ["0badc0de-0000-4000-8000-000000000001", "0badc0de-0000-4000-8000-000000000002"].map { text in
            try Countdown(id: try #require(UUID(uuidString: text)), title: "Twin \(text.suffix(1))",
                          target: .allDay(try #require(CalendarDay("2027-04-01"))), created: CountdownTests.now)
        }
        try await store.insert(contentsOf: twins)
        try await WebTest.withRouter(web) { client in
            for id in [short, short.uppercased(), full, full.uppercased(), String(short.prefix(5))] {
                let page = try await client.execute(uri: "/countdowns/\(id)", method: .get)
                #expect(page.status == .ok, "/countdowns/\(id)")
                #expect(WebTest.text(page).contains("From the terminal"), "/countdowns/\(id)")
            }
            #expect(WebTest.text(try await client.execute(uri: "/countdowns/\(full)", method: .get)).contains("<code>\(short)</code>"),
                    "the page gives the short id the command line prints")
            let archived = try await CountdownTests.post(client, "/countdowns/\(short)/archive", [("return", "/countdowns")])
            #expect(archived.status == .seeOther)
            #expect(try await store.all().first { $0.title == "From the terminal" }?.isArchived == true)
            let one = try await client.execute(uri: "/countdowns/0badc0de-0000-4000-8000-000000000002", method: .get)
            #expect(one.status == .ok && WebTest.text(one).contains("Twin 2"))
            let ambiguous = try await client.execute(uri: "/countdowns/0badc0de", method: .get)
            #expect(ambiguous.status == .notFound)
            #expect(WebTest.text(ambiguous).contains("2 countdowns have ids starting with 0badc0de"))
            let none = try await client.execute(uri: "/countdowns/ffffffff", method: .get)
            #expect(none.status == .notFound)
            let deleted = try await CountdownTests.post(client, "/countdowns/\(short)/delete", [("return", "/countdowns")])
            #expect(deleted.status == .seeOther)
        }
        #expect(try await store.all().map(\.title).sorted() == ["Twin 1", "Twin 2"])
    }

    /// The MyAnimeList ids of the shows a search page lists, in order.
    static func ids(_ html: String) -> [Int] {
        html.matches(of: /href="\/anime\/plan\?id=(\d+)"/).compactMap { Int($0.1) }
    }

    @Test("an offline anime search finds the same shows in `animeplan search --offline` and on /anime/search", arguments: [
        "Mushishi", "mushishi", "BOCCHI", "mob psycho", "Fullmetal", "  your   NAME ", "kimi no", "no such anime",
    ])
    func offlineAnimeSearch(_ query: String) async throws {
        let animeplan = try #require(WebPrograms.path("animeplan"), "the animeplan example is built with the tests")
        let (code, output) = try await WebPrograms.output(animeplan, ["search", query, "--offline", "--json"])
        var found: [Int] = []
        if code == 0 {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            found = try #require(document["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        let command = found
        let (web, _, _) = try await AnimeTests.app()
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        try await WebTest.withRouter(web) { client in
            let page = WebTest.text(try await client.execute(uri: "/anime/search?q=\(encoded)", method: .get))
            #expect(Self.ids(page) == command, "\(query): web \(Self.ids(page)), animeplan \(command)")
            if query == "no such anime" {
                #expect(command.isEmpty && page.contains("The offline snapshot has no anime found by") && page.contains("it records the searches"))
            } else {
                #expect(!command.isEmpty, "\(query) finds a show offline")
            }
        }
    }
}
