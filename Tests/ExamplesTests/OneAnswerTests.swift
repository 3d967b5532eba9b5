import AirdateTestSupport
import Foundation
import Testing

/// Issue 38, class 1 as a user meets it: numbers that answer one question agree, whichever command
/// (or program) prints them.
@Suite("one answer per question", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct OneAnswerTests {
    /// A MyAnimeList list with Mushishi (26 episodes) being watched, 5 seen.
    static let watchingAtFive = """
        <?xml version="1.0" encoding="UTF-8" ?>
        <myanimelist><myinfo><user_name>tester</user_name><user_export_type>1</user_export_type></myinfo>
        <anime><series_animedb_id>457</series_animedb_id><series_title><![CDATA[Mushishi]]></series_title>
        <series_episodes>26</series_episodes><my_watched_episodes>5</my_watched_episodes>
        <my_start_date>2022-11-01</my_start_date><my_finish_date>0000-00-00</my_finish_date>
        <my_status>Watching</my_status></anime></myanimelist>
        """

    @Test("animeplan: import at episode 5, watched through 8: stats, its show line, today and --json say 8 watched, 18 left")
    func importThenWatch() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.file("list.xml")
        try Data(Self.watchingAtFive.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try await AnimePlanTests.run(scratch, ["import", "--from", "mal", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let watched = try await AnimePlanTests.run(scratch, ["watched", "457", "8"])
        #expect(watched.status == 0, "\(watched.stderr)")
        let stats = try await AnimePlanTests.run(scratch, ["stats"])
        #expect(stats.stdout.contains("8 episodes watched (") && stats.stdout.contains("18 episodes left."), "\(stats.stdout)")
        #expect(stats.stdout.contains("8 watched, 18 left"), "\(stats.stdout)")
        let json = try #require(try await AnimePlanTests.run(scratch, ["stats", "--json"]).json() as? [String: Any])
        #expect(json["episodesWatched"] as? Int == 8 && json["episodesLeft"] as? Int == 18, "\(json)")
        #expect(json["minutesWatched"] as? Int == 8 * 25, "\(json)")
        let show = try #require((json["shows"] as? [[String: Any]])?.first)
        #expect(show["episodesWatched"] as? Int == 8 && show["episodesLeft"] as? Int == 18)
        let today = try #require(try await AnimePlanTests.run(scratch, ["today", "--json"]).json() as? [String: Any])
        let outlook = try #require((today["shows"] as? [[String: Any]])?.first, "\(today)")
        #expect(outlook["watchedThrough"] as? Int == 8 && outlook["episodeCount"] as? Int == 26)
    }
}
