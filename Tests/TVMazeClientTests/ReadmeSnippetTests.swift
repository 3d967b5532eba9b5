import AirdateCore
import Foundation
import Testing
import TVMazeClient

// README.md's TVMazeClient snippet, verbatim inside a function, so the build checks that it
// compiles as written with the README's imports. Not run: it would call the live API.
@available(*, deprecated, message: "compiled, never called")
private func readmeTVMazeSnippet() async throws {
    let tvmaze = TVMaze()                               // paced to 20 calls per 10 s, retried, cached
    let show = try await tvmaze.show(id: 82, embedding: [.cast, .nextEpisode])
    print(show.name, show.summaryText ?? "")           // the summary as plain text

    let week = WeekSchedule(client: tvmaze, clock: .system(timeZone: try .named("America/New_York")))
    for day in try await week.refresh().filtered(by: "hbo").days {   // Monday–Sunday, by the day each airing starts
        print(day.day, day.airings.map { "\($0.code(.padded)) \($0.name)" })
    }
}
