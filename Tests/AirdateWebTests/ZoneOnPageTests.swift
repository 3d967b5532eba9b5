import AirdateCore
import AirdateWebApp
import CountdownKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 38, class 5 on the web: one zone per page, said on the page, and the schedule's default
/// zone is the command line's (`tvweek`: the country's zone), not the server's.
@Suite("airdate-web: one zone per page, said on the page")
struct ZoneOnPageTests {
    @Test("/schedule without tz= is in the country's zone, as tvweek; the page says it; tz= still chooses")
    func scheduleDefaultZone() async throws {
        let (web, _, _) = try await WebTest.app()  // the server's clock is in UTC
        try await WebTest.withRouter(web) { client in
            let us = WebTest.text(try await client.execute(uri: "/schedule", method: .get))
            #expect(us.contains("<span>America/New_York</span>"), "the US week in New York time")
            let days = ScheduleTests.days(us)
            #expect(days.map(\.starts.count) == [50, 51, 47, 19, 15, 5, 53], "the same days as ?tz=America/New_York")
            let gb = WebTest.text(try await client.execute(uri: "/schedule?country=GB", method: .get))
            #expect(gb.contains("<span>Europe/London</span>"))
            let chosen = WebTest.text(try await client.execute(uri: "/schedule?tz=Asia/Tokyo", method: .get))
            #expect(chosen.contains("<span>Asia/Tokyo</span>"))
        }
    }

    @Test("/shows/{id} says the zone of the times it lists")
    func showPageNamesZone() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            for zone in ["America/New_York", "Asia/Tokyo"] {
                let html = WebTest.text(try await client.execute(uri: "/shows/363?tz=\(zone)", method: .get))
                #expect(html.contains("Times in \(zone)"), "\(zone)")
            }
        }
    }

    @Test("/countdowns/{id} says the page's zone, and the zone the time was entered in")
    func countdownPageNamesZones() async throws {
        let (web, store, _) = try await CountdownTests.app()
        let frieren = try Countdown(title: "Frieren S2", target: .wallClock(LocalDateTime(day: try #require(CalendarDay("2027-01-16")),
                                                                                          time: try TimeOfDay(hour: 23, minute: 0)),
                                                                          in: try #require(TimeZone(identifier: "Asia/Tokyo"))),
                                    created: CountdownTests.now)
        try await store.insert(frieren)
        try await WebTest.withRouter(web) { client in
            let html = WebTest.text(try await client.execute(uri: "/countdowns/\(frieren.id.uuidString.lowercased())", method: .get))
            #expect(html.contains("Times in \(WebTest.clock.timeZone.identifier)"), "the page's zone")
            #expect(html.contains("14:00") && html.contains("(23:00 Asia/Tokyo)"), "the time where it was entered")
            let list = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            #expect(list.contains("times in \(WebTest.clock.timeZone.identifier)") && list.contains("(23:00 Asia/Tokyo)"))
        }
    }
}
