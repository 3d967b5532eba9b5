import AirdateCore
import Foundation
import TVMazeClient

/// `tvweek --json`: the week as the text shows it.
struct ListingDocument: Encodable {
    struct Airing: Encodable {
        var start: Date?
        var showID: Int?
        var show: String?
        var network: String?
        var episodeID: Int
        var code: String
        var name: String
    }
    struct Day: Encodable {
        var day: CalendarDay
        var airings: [Airing]
    }
    var country: String
    var timeZone: String
    var firstDay: CalendarDay
    var lastDay: CalendarDay
    var filter: String?
    var days: [Day]

    init(_ listing: WeekListing, country: String, zone: TimeZone, filter: String?) {
        self.country = country
        self.timeZone = zone.identifier
        self.firstDay = listing.week.firstDay
        self.lastDay = listing.week.lastDay
        self.filter = filter
        self.days = listing.days.map { day in
            Day(day: day.day, airings: day.airings.map { episode in
                Airing(start: episode.airstamp, showID: episode.show?.id, show: episode.show?.name,
                       network: episode.show?.broadcaster?.name, episodeID: episode.id, code: episode.code(.padded),
                       name: episode.name)
            })
        }
    }
}

/// `tvweek --details ID --json`: a show and its cast.
struct DetailsDocument: Encodable {
    struct Member: Encodable {
        var person: String
        var character: String
    }
    var id: Int
    var name: String
    var network: String?
    var status: String?
    var premiered: CalendarDay?
    var ended: CalendarDay?
    var genres: [String]
    var summary: String?
    var cast: [Member]

    init(_ details: ShowDetails) {
        let show = details.show
        id = show.id
        name = show.name
        network = show.broadcaster?.name
        status = show.status?.rawValue
        premiered = show.premiered
        ended = show.ended
        genres = show.genres
        summary = show.summaryText
        cast = details.cast.map { Member(person: $0.person.name, character: $0.character.name) }
    }
}
