import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import TVMazeClient

/// The paths of TVMaze's public API documentation (https://www.tvmaze.com/api), as of 2026:
/// search, schedule, shows, seasons, episodes, people and updates. Kept here so that a new
/// documented endpoint shows up as a missing row.
let tvmazeDocumentedPaths = [
    "/search/shows", "/singlesearch/shows", "/lookup/shows", "/search/people",
    "/schedule", "/schedule/web", "/schedule/full",
    "/shows/:id", "/shows/:id/episodes", "/shows/:id/alternatelists", "/alternatelists/:id",
    "/alternatelists/:id/alternateepisodes", "/alternateepisodes/:id", "/shows/:id/episodebynumber",
    "/shows/:id/episodesbydate", "/shows/:id/seasons", "/seasons/:id", "/seasons/:id/episodes",
    "/shows/:id/cast", "/shows/:id/crew", "/shows/:id/akas", "/shows/:id/images", "/shows",
    "/episodes/:id", "/episodes/:id/guestcast", "/episodes/:id/guestcrew",
    "/people/:id", "/people/:id/castcredits", "/people/:id/crewcredits", "/people/:id/guestcastcredits", "/people",
    "/updates/shows", "/updates/people",
]

/// Each documented path's client call, returning how many items (or 1 for a value) it decoded.
let tvmazeEndpointTable: [String: @Sendable (TVMaze) async throws -> Int] = [
    "/search/shows": { try await $0.searchShows("under the dome").count },
    "/singlesearch/shows": { try await $0.singleSearch("under the dome", embedding: [.episodes]) == nil ? 0 : 1 },
    "/lookup/shows": { try await $0.lookupShow(.imdb("tt0944947")) == nil ? 0 : 1 },
    "/search/people": { try await $0.searchPeople("mike vogel").count },
    "/schedule": { try await $0.schedule(country: "US", date: CalendarDay(year: 2019, month: 7, day: 15)).count },
    "/schedule/web": { try await $0.webSchedule(date: CalendarDay(year: 2019, month: 7, day: 4)).count },
    "/schedule/full": { try await $0.fullSchedule().count },
    "/shows/:id": { _ = try await $0.show(id: 1); return 1 },
    "/shows/:id/episodes": { try await $0.episodes(ofShow: 1).count },
    "/shows/:id/alternatelists": { try await $0.alternateLists(ofShow: 82).count },
    "/alternatelists/:id": { _ = try await $0.alternateList(id: 9); return 1 },
    "/alternatelists/:id/alternateepisodes": { try await $0.alternateEpisodes(inList: 9).count },
    "/alternateepisodes/:id": { try await $0.alternateEpisode(id: 125).episode == nil ? 0 : 1 },
    "/shows/:id/episodebynumber": { try await $0.episode(ofShow: 1, season: 1, number: 3) == nil ? 0 : 1 },
    "/shows/:id/episodesbydate": { try await $0.episodes(ofShow: 1, airedOn: CalendarDay(year: 2013, month: 7, day: 8)).count },
    "/shows/:id/seasons": { try await $0.seasons(ofShow: 1).count },
    "/seasons/:id": { try await $0.season(id: 1).id == 1 ? 1 : 0 },
    "/seasons/:id/episodes": { try await $0.episodes(inSeason: 1).count },
    "/shows/:id/cast": { try await $0.cast(ofShow: 1).count },
    "/shows/:id/crew": { try await $0.crew(ofShow: 1).count },
    "/shows/:id/akas": { try await $0.akas(ofShow: 1).count },
    "/shows/:id/images": { try await $0.images(ofShow: 1).count },
    "/shows": { var pages = 0; for try await _ in $0.showIndex() { pages += 1 }; return pages },
    "/episodes/:id": { _ = try await $0.episode(id: 1, embedding: [.show]); return 1 },
    "/episodes/:id/guestcast": { try await $0.guestCast(ofEpisode: 4952).count },
    "/episodes/:id/guestcrew": { try await $0.guestCrew(ofEpisode: 4952).count },
    "/people/:id": { _ = try await $0.person(id: 1); return 1 },
    "/people/:id/castcredits": { try await $0.castCredits(ofPerson: 1).count },
    "/people/:id/crewcredits": { try await $0.crewCredits(ofPerson: 24046).count },
    "/people/:id/guestcastcredits": { try await $0.guestCastCredits(ofPerson: 36924).count },
    "/people": { var pages = 0; for try await _ in $0.peopleIndex() { pages += 1 }; return pages },
    "/updates/shows": { try await $0.showUpdates(since: .day).count },
    "/updates/people": { try await $0.personUpdates(since: .day).count },
]

@Suite("Every documented TVMaze endpoint has a client method that decodes its answer")
struct TVMazeCoverageTests {
    @Test("each documented path is in the table; the coverage line says N/M")
    func everyPathHasAMethod() {
        let missing = tvmazeDocumentedPaths.filter { tvmazeEndpointTable[$0] == nil }
        print("tvmaze endpoints covered: \(tvmazeDocumentedPaths.count - missing.count)/\(tvmazeDocumentedPaths.count)")
        #expect(missing.isEmpty, "no client method for: \(missing.joined(separator: ", "))")
        #expect(Set(tvmazeEndpointTable.keys) == Set(tvmazeDocumentedPaths))
    }

    @Test("each method decodes its fixture answer over loopback, with nothing skipped")
    func everyMethodDecodes() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withTVMaze(configure: { $0.diagnostics = diagnostics; $0.rateLimits = [] }) { tvmaze, _ in
            for path in tvmazeDocumentedPaths {
                guard let call = tvmazeEndpointTable[path] else { continue }
                do {
                    let count = try await call(tvmaze)
                    #expect(count > 0, "\(path) decoded to nothing")
                } catch {
                    Issue.record("\(path): \(error)")
                }
            }
        }
        #expect(diagnostics.issues.isEmpty, "issues: \(diagnostics.issues.map(\.description))")
    }
}
