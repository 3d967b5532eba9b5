import AirdateCore
import Foundation
import JikanClient
import Testing

@Suite("Helpers: durations, broadcast slots, titles, images")
struct HelperTests {
    @Test("durations from MyAnimeList's text", arguments: [
        ("24 min per ep", 24 * 60, true),
        ("1 hr 55 min", 115 * 60, false),
        ("2 hr", 7200, false),
        ("30 sec per ep", 30, true),
        ("1 hr per ep", 3600, true),
        ("2 min 5 sec per ep", 125, true),
        ("23 min", 23 * 60, false),
    ])
    func durations(text: String, seconds: Int, perEpisode: Bool) throws {
        let duration = try #require(JikanAnimeDuration(parsing: text))
        #expect(duration.length == .seconds(seconds))
        #expect(duration.isPerEpisode == perEpisode)
        #expect(duration.description == text)
    }

    @Test("unknown or meaningless durations are nil", arguments: ["Unknown", "", "per ep", "0 min", "min", "N/A"])
    func unknownDurations(text: String) {
        #expect(JikanAnimeDuration(parsing: text) == nil)
    }

    @Test("total running time")
    func totals() throws {
        let perEpisode = try #require(JikanAnimeDuration(parsing: "24 min per ep"))
        #expect(perEpisode.total(episodes: 12) == .seconds(12 * 24 * 60))
        #expect(perEpisode.total(episodes: nil) == nil)
        let film = try #require(JikanAnimeDuration(parsing: "1 hr 46 min"))
        #expect(film.total(episodes: 1) == .seconds(106 * 60))
        #expect(film.total(episodes: nil) == .seconds(106 * 60))
    }

    @Test("a broadcast statement becomes a JST slot and the next broadcast instant")
    func broadcastSlot() throws {
        let broadcast = JikanBroadcast(day: "Sundays", time: "00:00", timeZoneIdentifier: "Asia/Tokyo", text: "Sundays at 00:00 (JST)")
        let slot = try #require(broadcast.slot)
        #expect(slot.weekday == .sunday)
        #expect(slot.time == TimeOfDay("00:00"))
        #expect(slot.timeZone.identifier == "Asia/Tokyo")

        // Monday 2022-11-14 09:00 JST → Sunday 2022-11-20 00:00 JST (Saturday 15:00 UTC).
        let monday = try #require(ISO8601Instant("2022-11-14T00:00:00Z")?.date)
        let next = slot.nextBroadcast(after: monday)
        #expect(next == ISO8601Instant("2022-11-19T15:00:00Z")?.date)
        // At the broadcast itself, the next one is a week later; a second before, it is that one.
        #expect(slot.nextBroadcast(after: next) == next.addingTimeInterval(7 * 86_400))
        #expect(slot.nextBroadcast(after: next.addingTimeInterval(-1)) == next)
        // Seen from New York it is Saturday 10:00.
        let newYork = try TimeZone.named("America/New_York")
        let local = slot.local(in: newYork, after: monday)
        #expect(local.day.weekday == .saturday)
        #expect(local.time == TimeOfDay("10:00"))
    }

    @Test("odd broadcast statements", arguments: [
        JikanBroadcast(day: nil, time: nil, timeZoneIdentifier: nil, text: nil),
        JikanBroadcast(day: "Unknown", time: nil, timeZoneIdentifier: nil, text: "Unknown"),
        JikanBroadcast(day: "Mondays", time: "25:99", timeZoneIdentifier: "Asia/Tokyo"),
        JikanBroadcast(day: "Mondays", time: "10:15", timeZoneIdentifier: "Mars/Olympus_Mons"),
    ])
    func oddBroadcasts(broadcast: JikanBroadcast) {
        #expect(broadcast.slot == nil)
    }

    @Test("a slot without a time zone is Japan's; 'Monday' reads like 'Mondays'")
    func defaultZone() throws {
        let slot = try #require(JikanBroadcast(day: "Monday", time: "10:15").slot)
        #expect(slot.weekday == .monday)
        #expect(slot.timeZone.identifier == "Asia/Tokyo")
    }

    @Test("next broadcast only for airing anime that have not ended")
    func nextBroadcastOfAnime() throws {
        var anime = JikanAnime(malID: 47917, title: "Bocchi the Rock!")
        anime.broadcast = JikanBroadcast(day: "Sundays", time: "00:00", timeZoneIdentifier: "Asia/Tokyo")
        let monday = try #require(ISO8601Instant("2022-11-14T00:00:00Z")?.date)
        #expect(anime.nextBroadcast(after: monday) == nil)  // not airing
        anime.isAiring = true
        #expect(anime.nextBroadcast(after: monday) == ISO8601Instant("2022-11-19T15:00:00Z")?.date)
        anime.aired = JikanAiredPeriod(from: CalendarDay("2022-10-09"), to: CalendarDay("2022-11-13"))
        #expect(anime.nextBroadcast(after: monday) == nil)  // ended
    }

    @Test("preferred title: English, then default, then Japanese")
    func preferredTitle() {
        var anime = JikanAnime(malID: 457, title: "Mushishi")
        anime.titles = [JikanAnimeTitle(type: .default, title: "Mushishi"), JikanAnimeTitle(type: .japanese, title: "蟲師"),
                        JikanAnimeTitle(type: .english, title: "Mushi-Shi")]
        #expect(anime.preferredTitle == "Mushi-Shi")
        #expect(anime.preferredTitle(order: [.japanese]) == "蟲師")

        anime.titles = [JikanAnimeTitle(type: .japanese, title: "蟲師"), JikanAnimeTitle(type: .default, title: "Mushishi")]
        #expect(anime.preferredTitle == "Mushishi")

        var untitled = JikanAnime(malID: 1, title: "")
        untitled.titles = []
        untitled.titleJapanese = "蟲師"
        #expect(untitled.preferredTitle == "蟲師")

        var onlyField = JikanAnime(malID: 2, title: "Shingeki no Kyojin")
        onlyField.titles = []
        onlyField.titleEnglish = "Attack on Titan"
        #expect(onlyField.preferredTitle == "Attack on Titan")
    }

    @Test("image choice: size, then format, then nearest size; placeholders skipped")
    func imageChoice() throws {
        let jpgLarge = try #require(URL(string: "https://cdn.myanimelist.net/images/anime/2/73862l.jpg"))
        let jpgSmall = try #require(URL(string: "https://cdn.myanimelist.net/images/anime/2/73862t.jpg"))
        let webpLarge = try #require(URL(string: "https://cdn.myanimelist.net/images/anime/2/73862l.webp"))
        let images = JikanImageSet(jpg: JikanImageURLs(regular: nil, small: jpgSmall, large: jpgLarge), webp: JikanImageURLs(large: webpLarge))
        #expect(images.url() == jpgLarge)
        #expect(images.url(.large, preferring: .webp) == webpLarge)
        #expect(images.url(.small) == jpgSmall)
        #expect(images.url(.small, preferring: .webp) == jpgSmall)
        #expect(images.url(.regular) == jpgLarge)
        #expect(JikanImageSet().url() == nil)
    }

    @Test("schedule days and search limits")
    func parameters() {
        #expect(JikanScheduleDay(.monday).rawValue == "monday")
        #expect(JikanScheduleDay(.sunday) == JikanScheduleDay(rawValue: "sunday"))
        var search = JikanAnimeSearch(limit: 0)
        #expect(search.limit == 1)
        search.limit = 100
        #expect(search.limit == 25)
    }
}
