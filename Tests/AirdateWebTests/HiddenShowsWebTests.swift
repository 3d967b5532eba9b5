import AirdateCore
import AirdateWebApp
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WatchOrder

/// Issue 38, class 2 on the web: one "hidden" setting, stored with the progress and shared with
/// `arrowverse shows --hide`: a hidden show is on no page, feed, calendar or API answer; the list
/// page's "Hidden shows" form writes the stored setting, never a cookie.
@Suite("airdate-web: hidden shows are the stored setting")
struct HiddenShowsWebTests {
    @Test("a show hidden from the command line (the store) is left out of /, /next, /progress, the API, the feed and the calendar")
    func hiddenEverywhere() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.setStatus(.hidden, ofShow: "constantine")   // what `arrowverse shows --hide Constantine` writes
        try await store.setStatus(.dropped, ofShow: "vixen")
        try await WebTest.withRouter(web) { client in
            let list = WebTest.text(try await client.execute(uri: "/", method: .get))
            #expect(!WebTest.rowIDs(list).contains { $0.hasPrefix("constantine") }, "not on the list page")
            #expect(WebTest.rowIDs(list).contains { $0.hasPrefix("vixen") }, "a dropped show is listed")
            let episodes = try WebTest.json(try await client.execute(uri: "/api/episodes", method: .get))["episodes"] as? [[String: Any]] ?? []
            #expect(!episodes.isEmpty && !episodes.contains { $0["show"] as? String == "Constantine" })
            let progress = WebTest.text(try await client.execute(uri: "/api/progress", method: .get))
            #expect(!progress.contains("Constantine") && progress.contains("Vixen"))
            let next = WebTest.text(try await client.execute(uri: "/api/next", method: .get))
            #expect(!next.contains("Constantine") && !next.contains("Vixen"))
            for page in ["/next", "/progress"] {
                let html = WebTest.text(try await client.execute(uri: page, method: .get))
                #expect(!html.contains(">Constantine<"), "\(page)")
            }
            let atom = WebTest.text(try await client.execute(uri: "/recent_episodes.atom", method: .get))
            #expect(atom.contains("<entry>") && !atom.contains("Constantine"))
            let calendar = WebTest.text(try await client.execute(uri: "/calendar.ics", method: .get))
            #expect(calendar.contains("BEGIN:VEVENT") && !calendar.contains("Constantine"))
        }
    }

    @Test("the list page's Hidden shows form stores the setting (what arrowverse reads), sets no cookie, and unticking shows the show again")
    func formStoresTheSetting() async throws {
        let (web, store, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let page = WebTest.text(try await client.execute(uri: "/", method: .get))
            #expect(page.contains("action=\"/hidden-shows\""))
            let hide = try await client.execute(uri: "/hidden-shows", method: .post, headers: WebTest.formHeaders,
                                                body: WebTest.form([("hidden", "constantine"), ("hidden", "vixen"), ("return", "/")]))
            #expect(hide.status == .seeOther)
            #expect(hide.headers[.setCookie] == nil, "no cookie: the setting is stored")
            let state = try await store.state()
            #expect(state.checklist.hiddenShows == ["constantine", "vixen"])
            let list = WebTest.text(try await client.execute(uri: "/", method: .get))
            #expect(!WebTest.rowIDs(list).contains { $0.hasPrefix("constantine") || $0.hasPrefix("vixen") })
            _ = try await client.execute(uri: "/hidden-shows", method: .post, headers: WebTest.formHeaders,
                                         body: WebTest.form([("hidden", "vixen")]))
            #expect(try await store.state().checklist.hiddenShows == ["vixen"])
            let bad = try await client.execute(uri: "/hidden-shows", method: .post, headers: WebTest.formHeaders,
                                               body: WebTest.form([("hidden", "doctor-who")]))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a selection of shows stored by an earlier `arrowverse shows --only` is honoured by the pages as by arrowverse, shown ticked, and saving turns it into the hidden setting")
    func selectionIsTheSameSetting() async throws {
        let (web, store, _) = try await WebTest.app()
        try await store.setSelectedShows(["arrow", "the-flash"])
        try await WebTest.withRouter(web) { client in
            let page = WebTest.text(try await client.execute(uri: "/", method: .get))
            #expect(Set(WebTest.rowIDs(page).map { $0.split(separator: "/")[0] }) == ["arrow", "the-flash"])
            #expect(page.contains("value=\"constantine\" checked"), "an unselected show is ticked as hidden")
            #expect(!page.contains("value=\"arrow\" checked"))
            let next = WebTest.text(try await client.execute(uri: "/api/next", method: .get))
            #expect(!next.contains("Supergirl"))
            _ = try await client.execute(uri: "/hidden-shows", method: .post, headers: WebTest.formHeaders,
                                         body: WebTest.form([("hidden", "constantine")]))
            let state = try await store.state()
            #expect(state.checklist.selectedShows == nil && state.checklist.hiddenShows == ["constantine"])
            #expect(WebTest.rowIDs(WebTest.text(try await client.execute(uri: "/", method: .get))).count == 828 - 13)
        }
    }
}
