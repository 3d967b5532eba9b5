import AirdateCore
@_spi(Internals) import AirdateHTTP
import Foundation
import Testing
import TVMazeClient

@Suite("TVMaze model shapes")
struct ModelDecodingTests {
    let decoder = JSONBodyDecoder()

    @Test("unknown enum values decode instead of failing the array")
    func unknownEnums() throws {
        let json = #"""
        [{"id": 1, "name": "A", "type": "Hologram Drama", "status": "Paused Forever", "schedule": {"time": "", "days": ["Someday", "Friday"]}},
         {"id": 2, "name": "B", "type": "Scripted", "status": "Running"}]
        """#
        let shows = try decoder.decode([TVMazeShow].self, from: Data(json.utf8))
        #expect(shows.count == 2)
        #expect(shows[0].type == TVMazeShowType(rawValue: "Hologram Drama"))
        #expect(shows[0].status?.rawValue == "Paused Forever")
        #expect(shows[0].schedule.days == [.friday])
        #expect(shows[0].schedule.time == nil)
        #expect(shows[1].status == .running)
    }

    @Test("nullable everything: network, webChannel, image, rating, runtime, summary, links")
    func nulls() throws {
        let json = #"""
        {"id": 3, "url": null, "name": "C", "type": null, "language": null, "genres": null, "status": null, "runtime": null,
         "premiered": null, "ended": null, "officialSite": null, "schedule": null, "rating": {"average": null}, "weight": null,
         "network": null, "webChannel": null, "externals": null, "image": null, "summary": null, "updated": null}
        """#
        let show = try decoder.decode(TVMazeShow.self, from: Data(json.utf8))
        #expect(show.network == nil && show.webChannel == nil && show.broadcaster == nil)
        #expect(show.rating == nil && show.runtime == nil && show.summary == nil && show.summaryText == nil)
        #expect(show.genres.isEmpty && show.previousEpisodeID == nil && show.url == nil)
    }

    @Test("summary text: paragraphs, line breaks and entities")
    func summaryText() throws {
        let json = #"{"id": 4, "name": "D", "summary": "<p><b>A</b> &amp; B<br />C</p>\n<p>D &#8211; &quot;E&quot;</p>"}"#
        let show = try decoder.decode(TVMazeShow.self, from: Data(json.utf8))
        #expect(show.summaryText == "A & B\nC\n\nD – \"E\"")
    }

    @Test("an empty airdate and a null airstamp decode as absent")
    func unairedEpisode() throws {
        let json = #"{"id": 5, "name": "TBA", "season": 2, "number": null, "airdate": "", "airtime": "", "airstamp": null, "runtime": null}"#
        let episode = try decoder.decode(TVMazeEpisode.self, from: Data(json.utf8))
        #expect(episode.airdate == nil && episode.airtime == nil && episode.airstamp == nil)
        #expect(episode.code(.padded) == "S02 special")
    }
}
