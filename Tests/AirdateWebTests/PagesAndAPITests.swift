import AirdateCore
import AirdateWebApp
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WatchOrder
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("airdate-web: pages, forms and API over HTTP", .serialized)
struct PagesAndAPITests {
    @Test("/ lists all 828 episodes in watch order, server-rendered, every asset from the server itself")
    func listPage() async throws {
        let (web, store, _) = try await WebTest.app()
        let order = try await store.watchList().episodes.map(\.id.rawValue)
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            let html = WebTest.text(response)
            #expect(WebTest.rowIDs(html) == order)
            #expect(order.count == 828)
            // No address of another host is loaded: every src and stylesheet is a path of this server.
            for attribute in ["src=\"", "rel=\"stylesheet\" href=\""] {
                for piece in html.components(separatedBy: attribute).dropFirst() {
                    #expect(piece.hasPrefix("/"), "\(attribute)\(piece.prefix(60))")
                }
            }
            // Crossover parts are marked; titles link to each episode's own page, not the list page.
            #expect(html.contains("Flash vs. Arrow 2/2"))
            #expect(html.contains("href=\"https://arrow.fandom.com/wiki/Pilot_(The_Flash)\""))
            #expect(!html.contains("List_of_Arrow_episodes\" rel=\"external\""))
            // Each checkbox has a label naming its episode.
            #expect(html.contains("<label for=\"w-arrow/s3e8\"><span class=\"sr-only\">Watched Arrow 3x08 “The Brave and the Bold”</span></label>"))
        }
    }

    @Test("hide_show (this view only), newest_first, from_date and to_date choose the rows; days and order are remembered until reset")
    func filters() async throws {
        let (web, store, _) = try await WebTest.app()
        let list = try await store.watchList()
        try await WebTest.withRouter(web) { client in
            let hidden = try await client.execute(uri: "/?hide_show=Arrow&hide_show=the-flash&newest_first=1", method: .get)
            let ids = WebTest.rowIDs(WebTest.text(hidden))
            #expect(ids.count == 828 - 170 - 184)
            #expect(!ids.contains { $0.hasPrefix("arrow/") || $0.hasPrefix("the-flash/") })
            // A link's hide_show= is a filter of this view: the cookie keeps the order and days, never the shows
            // (shows are hidden with the stored setting, shared with arrowverse).
            let cookie = try #require(hidden.headers[.setCookie])
            #expect(cookie.hasPrefix("airdate_filters=newest_first=1;"), "\(cookie)")
            let value = String(cookie.prefix { $0 != ";" })
            let again = try await client.execute(uri: "/", method: .get, headers: [.cookie: value])
            #expect(WebTest.rowIDs(WebTest.text(again)).count == 828)
            // A cookie of an earlier release that hid shows hides nothing now.
            let old = try await client.execute(uri: "/", method: .get, headers: [.cookie: "airdate_filters=hide_show=Arrow"])
            #expect(WebTest.rowIDs(WebTest.text(old)).count == 828)
            // Up next and progress take the view's hide_show= too.
            let progress = WebTest.text(try await client.execute(uri: "/progress?hide_show=Arrow", method: .get))
            #expect(!progress.contains("id=\"p-arrow\"") && progress.contains("id=\"p-supergirl\""))
            // Reset forgets it.
            let reset = try await client.execute(uri: "/?reset=1", method: .get, headers: [.cookie: value])
            #expect(reset.status == .seeOther)
            #expect(reset.headers[.setCookie]?.hasPrefix("airdate_filters=; Path=/; Max-Age=0") == true)

            let newest = WebTest.rowIDs(WebTest.text(try await client.execute(uri: "/?newest_first=1", method: .get)))
            #expect(newest == list.episodes.map(\.id.rawValue).reversed())
            let range = WebTest.rowIDs(WebTest.text(try await client.execute(uri: "/?from_date=2014-12-01&to_date=2014-12-03", method: .get)))
            #expect(range == ["the-flash/s1e8", "arrow/s3e8"])
            // A date left blank in the form is no date.
            let blank = WebTest.rowIDs(WebTest.text(try await client.execute(uri: "/?from_date=&to_date=2012-10-17", method: .get)))
            #expect(blank == ["arrow/s1e1", "arrow/s1e2"])
        }
    }

    @Test("A malformed parameter is a 400 naming it, as one line of JSON")
    func badParameters() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let cases: [(String, String)] = [
                ("/?from_date=2014-13-01", "from_date"), ("/?to_date=yesterday", "to_date"),
                ("/api/episodes?from_date=2015-01-01&to_date=2014-01-01", "from_date"),
                ("/?hide_show=Smallville", "hide_show"), ("/calendar.ics?newest_first=maybe", "newest_first"),
                ("/recent_episodes.atom?to_date=2014-02-30", "to_date"), ("/?from_date=%zz", "from_date"),
                ("/api/next?from_date=" + String(repeating: "9", count: 5000), "from_date"),
            ]
            for (uri, parameter) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let text = WebTest.text(response)
                #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1, "one line: \(text)")
                let message = try WebTest.json(response)["error"] as? String ?? ""
                #expect(message.hasPrefix("\(parameter):"), "\(uri): \(message)")
                #expect(message.count < 400)
            }
        }
    }

    @Test("Unknown episodes and paths are 404s with one line of JSON")
    func notFound() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            for (uri, method) in [("/api/episodes/arrow/s99e1", HTTPRequest.Method.get), ("/nowhere", .get), ("/assets/evil.js", .get)] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .notFound, "\(uri)")
                #expect(WebTest.text(response).filter { $0 == "\n" }.count == 1)
                #expect(try WebTest.json(response)["error"] is String)
            }
            for path in ["/watch", "/unwatch", "/watch-through"] {
                let response = try await client.execute(uri: path, method: .post, headers: WebTest.formHeaders,
                                                        body: WebTest.form([("episode", "arrow/s99e1")]))
                #expect(response.status == .notFound, "\(path)")
                #expect((try WebTest.json(response)["error"] as? String)?.contains("arrow/s99e1") == true)
            }
            let season = try await client.execute(uri: "/watch-season", method: .post, headers: WebTest.formHeaders,
                                                  body: WebTest.form([("show", "arrow"), ("season", "12")]))
            #expect(season.status == .notFound)
            #expect((try WebTest.json(season)["error"] as? String)?.contains("its seasons are 1, 2, 3, 4, 5, 6, 7, 8") == true)
            let missing = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders, body: ByteBuffer())
            #expect(missing.status == .badRequest)
            #expect((try WebTest.json(missing)["error"] as? String)?.hasPrefix("episode:") == true)
            let notANumber = try await client.execute(uri: "/unwatch-season", method: .post, headers: WebTest.formHeaders,
                                                      body: WebTest.form([("show", "arrow"), ("season", "three")]))
            #expect(notANumber.status == .badRequest)
            #expect((try WebTest.json(notANumber)["error"] as? String)?.hasPrefix("season:") == true)
        }
    }

    @Test("Forms mark and unmark an episode, through an episode and a season, and redirect back; scripts get JSON")
    func marks() async throws {
        let (web, store, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let form = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders,
                                                body: WebTest.form([("episode", "arrow/s3e8"), ("return", "/?hide_show=Vixen")]))
            #expect(form.status == .seeOther)
            #expect(form.headers[.location] == "/?hide_show=Vixen")
            #expect(try await store.state().checklist.isWatched(EpisodeID(rawValue: "arrow/s3e8")))
            // A return address elsewhere is not followed.
            let away = try await client.execute(uri: "/unwatch", method: .post, headers: WebTest.formHeaders,
                                                body: WebTest.form([("episode", "arrow/s3e8"), ("return", "//evil.example/")]))
            #expect(away.headers[.location] == "/")
            #expect(try await !store.state().checklist.isWatched(EpisodeID(rawValue: "arrow/s3e8")))

            let through = try await client.execute(uri: "/watch-through", method: .post, headers: WebTest.jsonFormHeaders,
                                                   body: WebTest.form([("episode", "the-flash/s1e8")]))
            #expect(through.status == .ok)
            let watched = try WebTest.json(through)["watched"] as? [String] ?? []
            let list = try await store.watchList()
            let upTo = try #require(list.position(of: EpisodeID(rawValue: "the-flash/s1e8")))
            #expect(watched == list.episodes[...upTo].map(\.id.rawValue))
            let season = try await client.execute(uri: "/watch-season", method: .post, headers: WebTest.jsonFormHeaders,
                                                  body: WebTest.form([("show", "Supergirl"), ("season", "2")]))
            #expect((try WebTest.json(season)["watched"] as? [String])?.count == 22)
            let unseason = try await client.execute(uri: "/unwatch-season", method: .post, headers: WebTest.jsonFormHeaders,
                                                    body: WebTest.form([("show", "supergirl"), ("season", "2")]))
            #expect((try WebTest.json(unseason)["unwatched"] as? [String])?.count == 22)
            let state = try await store.state()
            #expect(state.checklist.watched.count == upTo + 1)
            #expect(!state.checklist.watched.contains { $0.rawValue.hasPrefix("supergirl/s2") })
        }
    }

    @Test("Mark through leaves out the shows the viewer hides")
    func throughHidden() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.setStatus(.hidden, ofShow: "constantine")
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(
                uri: "/watch-through", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
                body: WebTest.form([("episode", "arrow/s3e10")]))
            let watched = try WebTest.json(response)["watched"] as? [String] ?? []
            #expect(!watched.isEmpty && !watched.contains { $0.hasPrefix("constantine/") })
            #expect(try await store.state().checklist.watched.count == watched.count)
        }
    }

    @Test("The no-JavaScript checklist form applies what changed since the page was rendered, and keeps marks made meanwhile")
    func checklistForm() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.watch([EpisodeID(rawValue: "arrow/s1e1"), EpisodeID(rawValue: "arrow/s1e2")])
        try await WebTest.withRouter(web) { client in
            let page = WebTest.text(try await client.execute(uri: "/", method: .get))
            #expect(WebTest.checkedIDs(page) == ["arrow/s1e1", "arrow/s1e2"])
            // Another tab marks 1x03 after this page was rendered.
            try await store.watch([EpisodeID(rawValue: "arrow/s1e3")])
            // This page: untick 1x01, tick 1x04; its "was" fields say what it showed ticked.
            let response = try await client.execute(uri: "/checklist", method: .post, headers: WebTest.formHeaders, body: WebTest.form([
                ("return", "/"), ("watched", "arrow/s1e2"), ("was", "arrow/s1e2"), ("was", "arrow/s1e1"), ("watched", "arrow/s1e4"),
            ]))
            #expect(response.status == .seeOther)
            let watched = try await store.state().checklist.watched.map(\.rawValue).sorted()
            #expect(watched == ["arrow/s1e2", "arrow/s1e3", "arrow/s1e4"])
            // "Up to here" in the same form.
            let through = try await client.execute(uri: "/checklist", method: .post, headers: WebTest.formHeaders,
                                                   body: WebTest.form([("through", "arrow/s1e6")]))
            #expect(through.status == .seeOther)
            #expect(try await store.state().checklist.watched.count == 6)
        }
    }

    @Test("/api/episodes, /api/episodes/ID, /api/progress and /api/next")
    func api() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.watch([EpisodeID(rawValue: "arrow/s1e1"), EpisodeID(rawValue: "the-flash/s1e1")])
        try await WebTest.withRouter(web) { client in
            let all = try WebTest.json(try await client.execute(uri: "/api/episodes", method: .get))
            let episodes = try #require(all["episodes"] as? [[String: Any]])
            #expect(episodes.count == 828)
            #expect(["UTC", "GMT"].contains(all["timeZone"] as? String ?? ""))
            let keys: Set<String> = ["position", "code", "id", "show", "season", "number", "title", "airDay", "broadcast", "runtime", "watched", "aired", "wikiURL", "crossover"]
            #expect(episodes.allSatisfy { Set($0.keys) == keys })
            #expect(episodes.allSatisfy { ($0["wikiURL"] as? String)?.hasPrefix("https://") == true })
            #expect(Set(episodes.compactMap { $0["wikiURL"] as? String }).count > 700)
            let first = episodes[0]
            #expect(first["code"] as? String == "Arrow 1x01" && first["watched"] as? Bool == true && first["airDay"] as? String == "2012-10-10")
            let filtered = try WebTest.json(try await client.execute(uri: "/api/episodes?hide_show=Arrow&newest_first=1&to_date=2013-01-01", method: .get))
            let codes = (filtered["episodes"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(codes.isEmpty)
            let one = try WebTest.json(try await client.execute(uri: "/api/episodes/arrow/s3e8", method: .get))
            #expect(one["title"] as? String == "The Brave and the Bold")
            #expect((one["crossover"] as? [String: Any])?["name"] as? String == "Flash vs. Arrow")

            let progress = try WebTest.json(try await client.execute(uri: "/api/progress?hide_show=Vixen", method: .get))
            #expect((progress["overall"] as? [String: Any])?["watched"] as? Int == 2)
            let shows = progress["shows"] as? [[String: Any]] ?? []
            #expect(shows.count == 10 && !shows.contains { $0["show"] as? String == "Vixen" })
            let arrow = try #require(shows.first { $0["show"] as? String == "Arrow" })
            #expect((arrow["seasons"] as? [[String: Any]])?.count == 8)
            #expect(((arrow["seasons"] as? [[String: Any]])?.first?["progress"] as? [String: Any])?["watched"] as? Int == 1)

            let next = try WebTest.json(try await client.execute(uri: "/api/next", method: .get))
            #expect((next["next"] as? [String: Any])?["code"] as? String == "Arrow 1x02")
            let byShow = next["byShow"] as? [[String: Any]] ?? []
            let days = byShow.compactMap { ($0["episode"] as? [String: Any])?["airDay"] as? String }
            #expect(days.count == 11 && days == days.sorted())
            #expect(byShow.first?["show"] as? String == "Arrow")
        }
    }

    @Test("/recent_episodes.atom: Atom 1.0, the 15 most recent aired episodes, hide_show respected")
    func atom() async throws {
        let (web, store, _) = try await WebTest.app()
        let list = try await store.watchList()
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/recent_episodes.atom?hide_show=Superman%20%26%20Lois", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
            let xml = WebTest.text(response)
            let ids = xml.components(separatedBy: "<id>tag:airdate.local,2024:arrowverse/episode/").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(ids.count == 15)
            let shown = list.episodes.filter { $0.showID != "superman-lois" && $0.airDay != nil }
            let expected = shown.sorted {
                ($0.airDay ?? .earliest, list.position(of: $0.id) ?? 0) > ($1.airDay ?? .earliest, list.position(of: $1.id) ?? 0)
            }.prefix(15).map(\.id.rawValue)
            #expect(ids == Array(expected))
            #expect(xml.contains("<link href=\"http://localhost/recent_episodes.atom?hide_show=Superman%20%26%20Lois\" rel=\"self\"")
                || xml.contains("rel=\"self\""))
            let parser = XMLParser(data: Data(xml.utf8))
            #expect(parser.parse())
        }
    }

    @Test("/calendar.ics: one event per dated episode, the list's filters applied")
    func calendar() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/calendar.ics?hide_show=Arrow", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = WebTest.text(response)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 828 - 170)
            #expect(!text.contains("UID:arrow/"))
            #expect(text.contains("UID:the-flash/s1e8@airdate.local\r\n"))
            #expect(text.split(separator: "\r\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 75 })
        }
    }

    @Test("Assets are served by the app with their types, cached by version, 304 when unchanged")
    func assets() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let page = WebTest.text(try await client.execute(uri: "/", method: .get))
            for (name, type) in [("app.css", "text/css"), ("app.js", "text/javascript"), ("icon.svg", "image/svg+xml")] {
                let path = try #require(page.components(separatedBy: "/assets/\(name)?v=").dropFirst().first.map { "/assets/\(name)?v=" + $0.prefix { $0 != "\"" } })
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix(type) == true)
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                let etag = try #require(response.headers[.eTag])
                let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)
            }
        }
    }

    @Test("Bodies are bounded; a body that is not a form is refused; a theme is remembered")
    func bodiesAndTheme() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: 300 * 1024)
            let tooLarge = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try WebTest.json(tooLarge)["error"] is String)
            let json = try await client.execute(uri: "/watch", method: .post, headers: [.contentType: "application/json"],
                                                body: ByteBuffer(string: "{\"episode\":\"arrow/s1e1\"}"))
            #expect(json.status == .unsupportedMediaType)
            let theme = try await client.execute(uri: "/theme", method: .post, headers: WebTest.formHeaders,
                                                 body: WebTest.form([("theme", "dark"), ("return", "/progress")]))
            #expect(theme.status == .seeOther && theme.headers[.location] == "/progress")
            let cookie = String(try #require(theme.headers[.setCookie]).prefix { $0 != ";" })
            #expect(cookie == "airdate_theme=dark")
            let page = WebTest.text(try await client.execute(uri: "/next", method: .get, headers: [.cookie: cookie]))
            #expect(page.contains("<html lang=\"en\" data-theme=\"dark\">"))
            let bad = try await client.execute(uri: "/theme", method: .post, headers: WebTest.formHeaders, body: WebTest.form([("theme", "pink")]))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("A locked database answers 503 with Retry-After, and the server goes on answering")
    func lockedDatabase() async throws {
        let (web, _, path) = try await WebTest.app(busyTimeout: .seconds(1))
        let lock = try DatabaseLock(path: path)
        try await WebTest.withRouter(web) { client in
            try await lock.hold()
            let response = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders,
                                                    body: WebTest.form([("episode", "arrow/s1e1")]))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "2")
            #expect((try WebTest.json(response)["error"] as? String)?.isEmpty == false)
            // Reads go on while the writer is locked out (WAL), and writes again once the lock is gone.
            #expect(try await client.execute(uri: "/api/next", method: .get).status == .ok)
            try await lock.release()
            let after = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders,
                                                 body: WebTest.form([("episode", "arrow/s1e1")]))
            #expect(after.status == .seeOther)
        }
    }

    @Test("/next lists each show's next episode by air date; /progress has a mark and unmark per season; /summary is the box alone")
    func nextProgressSummary() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.watch([EpisodeID(rawValue: "arrow/s1e1"), EpisodeID(rawValue: "arrow/s1e2")])
        try await WebTest.withRouter(web) { client in
            let next = WebTest.text(try await client.execute(uri: "/next", method: .get))
            let values = next.components(separatedBy: "name=\"episode\" value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            // The summary's "next overall" first, then one per show, furthest behind first.
            #expect(values.first == "arrow/s1e3")
            #expect(Array(values.dropFirst().prefix(3)) == ["arrow/s1e3", "the-flash/s1e1", "constantine/s1e1"])
            #expect(values.count == 1 + 11)
            let progress = WebTest.text(try await client.execute(uri: "/progress", method: .get))
            #expect(progress.components(separatedBy: "action=\"/watch-season\"").count - 1 == 49)
            #expect(progress.components(separatedBy: "action=\"/unwatch-season\"").count - 1 == 49)
            #expect(progress.contains("2/23 aired watched (9%)"))
            let summary = try await client.execute(uri: "/summary?hide_show=Arrow", method: .get)
            let box = WebTest.text(summary)
            #expect(box.hasPrefix("<section id=\"summary\"") && !box.contains("<html"))
            #expect(box.contains("The Flash 1x01"))
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
        }
    }

    @Test("Whatever a client puts in the address, every endpoint answers 200, 400 or 404 — never a failure of its own")
    func oddInput() async throws {
        let (web, _, _) = try await WebTest.app()
        let values = [
            "", "%00", "%", "%C3%28", "%E2%80%AE", "\u{1F3AC}", String(repeating: "x", count: 4000), "..%2F..%2Fetc%2Fpasswd",
            "1e309", "-1", "2014-02-29", "0000-01-01", "9999-12-31", "<script>", "Arrow&hide_show=Arrow&hide_show=arrow",
        ].map { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&="))) ?? "" }
        let raw = ["%00", "%", "%C3%28", "%zz", "a=b=c", "&&&", "=x"]
        try await WebTest.withRouter(web) { client in
            for path in ["/", "/next", "/progress", "/summary", "/api/episodes", "/api/progress", "/api/next", "/recent_episodes.atom", "/calendar.ics", "/events/x"] {
                for name in ["hide_show", "from_date", "to_date", "newest_first", "since", "v"] {
                    for value in values {
                        let response = try await client.execute(uri: "\(path)?\(name)=\(value)", method: .get)
                        #expect([.ok, .badRequest, .notFound, .seeOther].contains(response.status), "\(path)?\(name)=\(value.prefix(40)): \(response.status)")
                    }
                }
                for query in raw {
                    let response = try await client.execute(uri: "\(path)?\(query)", method: .get)
                    #expect([.ok, .badRequest, .notFound].contains(response.status), "\(path)?\(query): \(response.status)")
                }
            }
            for path in ["/watch", "/unwatch", "/watch-through", "/watch-season", "/unwatch-season", "/checklist", "/theme"] {
                for body in ["episode=%zz", "episode=" + String(repeating: "a", count: 5000), "show=arrow&season=99999999999999999999",
                             "watched=arrow%2Fs1e1&was=nope", "%%%", "theme=dark&theme=light", "through="] {
                    let response = try await client.execute(uri: path, method: .post, headers: WebTest.formHeaders, body: ByteBuffer(string: body))
                    #expect([.seeOther, .ok, .badRequest, .notFound].contains(response.status), "\(path) \(body.prefix(40)): \(response.status)")
                }
            }
        }
    }
}
