import JikanClient
import Foundation
import AirdateCore

// README.md's JikanClient snippet, verbatim inside a function, so the build checks that it
// compiles as written with the README's import. Not run: it would call the live API.
@available(*, deprecated, message: "compiled, never called")
private func readmeJikanSnippet() async throws {
    let jikan = Jikan()                                // paced to 3 req/s and 60 req/min, cached 24 h
    let mushishi = try await jikan.animeFull(id: 457)
    print(mushishi.preferredTitle, mushishi.duration?.description ?? "?")
    for try await anime in jikan.allScheduled(on: JikanScheduleDay(.sunday)) {   // every page, each anime once
        if let next = anime.nextBroadcast(after: .now) { print(anime.preferredTitle, next) }
    }
    let listing = await jikan.allScheduled(on: JikanScheduleDay(.sunday)).listing()
    print(listing.items.count, listing.end.isComplete ? "complete" : "truncated: \(listing.end)")
}
