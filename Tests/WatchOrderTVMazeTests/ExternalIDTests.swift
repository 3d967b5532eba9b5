import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import TVMazeClient
import Testing
import WatchOrder
import WatchOrderTVMaze

@Suite("TVMaze ids → WatchOrder", .serialized)
struct ExternalIDTests {
    @Test("A show is found by TVMaze's id, TheTVDB's or IMDb's; a stale TVMaze id falls back to the others")
    func showMatchingIDs() async throws {
        let gameOfThrones = ExternalIDs(tvmaze: 82, theTVDB: 121361, imdb: "tt0944947")
        try await withTVMaze("tvmaze") { tvmaze in
            for ids in [ExternalIDs(tvmaze: 82), ExternalIDs(theTVDB: 121361), ExternalIDs(imdb: "tt0944947"),
                        ExternalIDs(tvmaze: 999_999, imdb: "tt0944947"), ExternalIDs(theTVDB: 5, imdb: "tt0944947")] {
                let found = try #require(try await tvmaze.show(matching: ids), "\(ids)")
                #expect(ExternalIDs(found) == gameOfThrones, "\(ids)")
                #expect(Show(found).externalIDs == gameOfThrones && Show(found).name == "Game of Thrones")
            }
            // Ids TVMaze does not know, or none: nil, not an error.
            #expect(try await tvmaze.show(matching: ExternalIDs(theTVDB: 5)) == nil)
            #expect(try await tvmaze.show(matching: ExternalIDs(tvmaze: 999_999)) == nil)
            #expect(try await tvmaze.show(matching: .none) == nil)
            // An import's ids are completed with TVMaze's, keeping its own.
            var imported = ExternalIDs(theTVDB: 121361, trakt: 1390)
            imported.fill(from: ExternalIDs(try #require(try await tvmaze.show(matching: imported))))
            #expect(imported == ExternalIDs(tvmaze: 82, theTVDB: 121361, imdb: "tt0944947", trakt: 1390))
        }
    }

    @Test("TVMaze's episode and show ids travel onto the wiki's episodes with the broadcast times")
    func idsCopiedOntoMatchedEpisodes() async throws {
        let tvmazeList = try await withTVMaze("tvmaze/arrowverse") { tvmaze in
            try await tvmaze.episodeList(ofShow: 1850, as: Show(name: "Supergirl"))
        }
        #expect(tvmazeList.show.externalIDs.tvmaze == 1850)
        #expect(tvmazeList.episodes.allSatisfy { $0.externalIDs.tvmaze != nil }, "every TVMaze episode carries its id")
        let wiki = EpisodeList(show: Show(name: "Supergirl", externalIDs: ExternalIDs(imdb: "tt4016454")), episodes: [
            Episode(showID: "supergirl", season: 3, number: 8, title: "Crisis on Earth-X, Part 1", airDay: try CalendarDay(parsing: "2017-11-27")),
            Episode(showID: "supergirl", season: 3, number: 99, title: "Not on TVMaze", airDay: try CalendarDay(parsing: "2017-11-27")),
        ])
        let corroborated = wiki.addingBroadcasts(from: tvmazeList, sourceName: "TVMaze")
        #expect(corroborated.list.show.externalIDs == ExternalIDs(tvmaze: 1850, imdb: "tt4016454"))
        let part1 = corroborated.list.episodes[0]
        let fromTVMaze = try #require(tvmazeList.episodes.first { $0.id == part1.id })
        #expect(part1.externalIDs.tvmaze == fromTVMaze.externalIDs.tvmaze && part1.externalIDs.tvmaze != nil)
        #expect(corroborated.list.episodes[1].externalIDs.isEmpty, "an unmatched episode gains no id")
        #expect(corroborated.unmatched == [corroborated.list.episodes[1].id])
    }
}
