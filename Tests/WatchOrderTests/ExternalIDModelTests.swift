import AirdateCore
import Foundation
import Testing
import WatchOrder

@Suite("External ids of shows and episodes")
struct ExternalIDModelTests {
    @Test("A show and an episode carry their ids through JSON, outside their identity")
    func roundTrip() throws {
        let show = Show(name: "Arrow", externalIDs: ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021"))
        #expect(show.id == "arrow")
        #expect(try JSONDecoder().decode(Show.self, from: JSONEncoder().encode(show)) == show)
        let episode = Episode(
            showID: "arrow", season: 1, number: 1, title: "Pilot", airDay: CalendarDay("2012-10-10"),
            externalIDs: ExternalIDs(tvmaze: 1, imdb: "tt2340185"))
        #expect(episode.id == Episode(showID: "arrow", season: 1, number: 1, title: "Pilot", airDay: nil).id)
        #expect(try JSONDecoder().decode(Episode.self, from: JSONEncoder().encode(episode)) == episode)
    }

    @Test("Documents written before the ids existed still decode, with no ids")
    func olderDocuments() throws {
        let show = try JSONDecoder().decode(Show.self, from: Data(#"{"id":"arrow","name":"Arrow"}"#.utf8))
        #expect(show.externalIDs.isEmpty)
        let episode = try JSONDecoder().decode(Episode.self, from: Data("""
            {"id":"arrow/s1e1","showID":"arrow","season":1,"number":1,"title":"Pilot","alternateTitles":[],
             "airDay":"2012-10-10"}
            """.utf8))
        #expect(episode.externalIDs.isEmpty)
        #expect(episode.airDay == CalendarDay("2012-10-10"))
        #expect(episode.broadcast == nil && episode.overall == nil)
        let list = try JSONDecoder().decode(EpisodeList.self, from: Data("""
            {"show":{"id":"arrow","name":"Arrow"},"diagnostics":[],"episodes":[{"id":"arrow/s1e1","showID":"arrow",
             "season":1,"number":1,"title":"Pilot","alternateTitles":[]}]}
            """.utf8))
        #expect(list.episodes.count == 1 && list.show.externalIDs == .none)
    }
}
