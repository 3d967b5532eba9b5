import AirdateCore
import AirdateTestSupport
import AnimePlanner
import Foundation
import Testing
@testable import AnimePlannerImport

/// Importing a MyAnimeList list into AnimePlanner: matched by id, then by title; already tracked
/// shows left alone; unmatched entries with reasons; what is added is what the list says.
@Suite struct MyAnimeListImportTests {
    /// 2022-11-14, noon UTC: the offline snapshot's day.
    static let planner = ViewingPlanner(clock: .fixed(at: Date(timeIntervalSince1970: 1_668_427_200), timeZone: .gmt))
    static var today: CalendarDay { planner.today }

    /// The shows a lookup knows (facts of the real shows; lengths in minutes), as a catalog would give them.
    static let catalog: [Int: AnimeShow] = [
        457: show(457, "Mushi-Shi", 26, 25),
        47917: show(47917, "Bocchi the Rock!", 12, 23),
        5114: show(5114, "Fullmetal Alchemist: Brotherhood", 64, 24),
        50172: AnimeShow(id: 50172, title: "Mob Psycho 100 III", episodeCount: nil, episodeLength: .seconds(23 * 60),
                         release: .releasedSoFar(6), myAnimeListID: 50172),
        44511: show(44511, "Chainsaw Man", 12, 24),
        32281: show(32281, "Your Name.", 1, 106),
        49596: show(49596, "Blue Lock", 24, 24),
        41467: show(41467, "Bleach: Thousand-Year Blood War", 13, 24),
    ]
    static let titles: [String: Int] = ["blue lock": 49596, "mushishi": 457]

    static func show(_ id: Int, _ title: String, _ episodes: Int, _ minutes: Int) -> AnimeShow {
        AnimeShow(id: id, title: title, episodeCount: episodes, episodeLength: .seconds(minutes * 60), myAnimeListID: id)
    }

    /// By id, then by title, as an app's catalog answers.
    static func lookUp(_ entry: MyAnimeListEntry) -> MyAnimeListLookup {
        if let id = entry.animeID, let show = catalog[id] { return .found(show, by: .myAnimeListID) }
        if let id = titles[entry.title.lowercased()], let show = catalog[id] { return .found(show, by: .title) }
        return .notFound(reason: "No anime \(entry.animeID.map(String.init) ?? "-") and none titled \"\(entry.title)\".")
    }

    static func prepare(_ file: String, tracked: [TrackedShow] = [], goal: PlanGoal = .episodesPerDay(1)) async throws -> MyAnimeListImport {
        let export = try MyAnimeListExport(xml: try MALFixtures.data(file))
        return await MyAnimeListImport.prepare(export, tracked: tracked, planner: planner, goal: goal) { lookUp($0) }
    }

    @Test("the full list: seven matched (one by title), two unmatched with reasons; each status becomes its state")
    func importsEveryStatus() async throws {
        let prepared = try await Self.prepare("animelist.xml")
        #expect(prepared.addedCount == 7 && prepared.alreadyTrackedCount == 0 && prepared.unmatchedCount == 2)
        let added = Dictionary(uniqueKeysWithValues: prepared.added.map { ($0.id, $0) })
        // Completed: every episode logged on the finish day.
        let mushishi = try #require(added[457])
        #expect(mushishi.isCompleted && mushishi.completedOn == MALFixtures.day("2021-04-10"))
        #expect(mushishi.log == [WatchEntry(day: MALFixtures.day("2021-04-10"), episodes: 1...26)])
        #expect(try #require(added[32281]).completedOn == MALFixtures.day("2017-01-20"))
        // Watching: the episodes watched, the rest planned from today, one a day.
        let bocchi = try #require(added[47917])
        #expect(bocchi.isActive && bocchi.watchedThrough == 4 && bocchi.watchedBeforeTracking == 4)
        #expect(bocchi.upcomingPlan(from: Self.today).days.first == PlannedDay(day: Self.today, episodes: 5...5))
        #expect(bocchi.projectedFinish == Self.today.adding(days: 7))
        // On-Hold paused, Dropped dropped, Plan to Watch queued, today.
        #expect(try #require(added[50172]).state == .paused(since: Self.today))
        #expect(try #require(added[50172]).watchedThrough == 3)
        #expect(try #require(added[44511]).state == .dropped(on: Self.today))
        #expect(try #require(added[5114]).state == .queued(since: Self.today))
        #expect(try #require(added[5114]).upcomingPlan(from: Self.today).days.isEmpty)
        // An entry without an id, matched by its title.
        let blueLock = try #require(prepared.items.first { $0.name == "Blue Lock" })
        guard case .added(let show, let by) = blueLock.outcome else { throw Expectation.failed("Blue Lock: \(blueLock.outcome)") }
        #expect(show.id == 49596 && by == .title && show.watchedThrough == 5)
        // Unmatched, with reasons.
        let reasons = prepared.items.compactMap { item -> String? in
            if case .unmatched(let reason) = item.outcome { return "\(item.name): \(reason)" } else { return nil }
        }
        #expect(reasons == ["Sousou no Frieren: No anime 52991 and none titled \"Sousou no Frieren\".",
                            "Bleach: Sennen Kessen-hen: The list has 20 episodes watched, more than the 13 the show has."])
        // Every added show carries its MyAnimeList id.
        #expect(prepared.added.allSatisfy { $0.show.myAnimeListID == $0.id })
    }

    @Test("shows already tracked are matched by MyAnimeList id, or by title when tracked without one, and left alone")
    func alreadyTracked() async throws {
        var tracked = try TrackedShow(show: Self.catalog[47917] ?? Self.show(1, "", 1, 1), goal: .episodesPerDay(2),
                                      options: PlanOptions(start: Self.today), planner: Self.planner)
        try tracked.watch(through: 2, on: Self.today, planner: Self.planner)
        // An app's own id, no MyAnimeList id: "Mushishi" on the list is "Mushi-Shi" here.
        let ownID = try TrackedShow(show: AnimeShow(id: 9_000_001, title: "Mushi-Shi", episodeCount: 26, episodeLength: .seconds(1_500)),
                                    goal: .episodesPerDay(1), options: PlanOptions(start: Self.today), planner: Self.planner)
        let prepared = try await Self.prepare("animelist.xml", tracked: [tracked, ownID])
        #expect(prepared.alreadyTrackedCount == 2 && prepared.addedCount == 5)
        let outcomes = prepared.items.filter {
            if case .alreadyTracked = $0.outcome { true } else { false }
        }.map(\.outcome)
        #expect(outcomes == [
            .alreadyTracked(showID: 9_000_001, title: "Mushi-Shi", matchedBy: .title,
                            difference: "The list has 26 episodes watched, AnimePlanner 0; the list says Completed, AnimePlanner Watching."),
            .alreadyTracked(showID: 47917, title: "Bocchi the Rock!", matchedBy: .myAnimeListID,
                            difference: "The list has 4 episodes watched, AnimePlanner 2."),
        ])
        #expect(!prepared.added.contains { $0.id == 47917 || $0.id == 457 })
    }

    @Test("External ids: a tracked show known by its AniList id is the show the lookup finds; a tracked show whose MyAnimeList id differs is not matched by title")
    func externalIDs() async throws {
        // Tracked from another tracker: the app's own id, AniList's id of Bocchi the Rock!, a Japanese title.
        let fromAniList = try TrackedShow(
            show: AnimeShow(id: 9_000_002, title: "ぼっち・ざ・ろっく！", episodeCount: 12, episodeLength: .seconds(23 * 60),
                            externalIDs: ExternalIDs(aniList: 130003)),
            goal: .episodesPerDay(1), options: PlanOptions(start: Self.today), planner: Self.planner)
        // Another anime that happens to carry the title "Mushi-Shi" here (MyAnimeList id 999).
        let other = try TrackedShow(show: AnimeShow(id: 999, title: "Mushi-Shi", episodeCount: 1, episodeLength: nil, myAnimeListID: 999),
                                    goal: .episodesPerDay(1), options: PlanOptions(start: Self.today), planner: Self.planner)
        let xml = """
            <myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>
            <anime><series_animedb_id>47917</series_animedb_id><series_title>Bocchi the Rock!</series_title><my_status>Watching</my_status><my_watched_episodes>4</my_watched_episodes></anime>
            <anime><series_animedb_id>457</series_animedb_id><series_title>Mushi-Shi</series_title><my_status>Completed</my_status><my_watched_episodes>26</my_watched_episodes></anime>
            </myanimelist>
            """
        let prepared = await MyAnimeListImport.prepare(try MyAnimeListExport(xml: Data(xml.utf8)), tracked: [fromAniList, other], planner: Self.planner) { entry in
            guard var show = Self.catalog[entry.animeID ?? 0] else { return .notFound(reason: "none") }
            if show.id == 47917 { show.externalIDs.aniList = 130003 }   // as Jikan's external links name it
            return .found(show, by: .myAnimeListID)
        }
        #expect(prepared.items.map(\.outcome).first == .alreadyTracked(
            showID: 9_000_002, title: "ぼっち・ざ・ろっく！", matchedBy: .externalID,
            difference: "The list has 4 episodes watched, AnimePlanner 0."))
        #expect(prepared.added.map(\.id) == [457], "Mushishi is added: the tracked Mushi-Shi is anime 999")
        #expect(prepared.added.first?.show.externalIDs == ExternalIDs(myAnimeList: 457))
    }

    @Test("AnimeShow carries ExternalIDs: stored shows from before read their MyAnimeList id into them; the id is still written for earlier versions")
    func storedIDs() throws {
        let old = #"{"id": 457, "title": "Mushi-Shi", "episodeCount": 26, "release": {"allReleased": {}}, "myAnimeListID": 457}"#
        let show = try JSONDecoder().decode(AnimeShow.self, from: Data(old.utf8))
        #expect(show.externalIDs == ExternalIDs(myAnimeList: 457) && show.myAnimeListID == 457)
        var withAniList = show
        withAniList.externalIDs.aniList = 457
        let written = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(withAniList)) as? [String: Any])
        #expect(written["myAnimeListID"] as? Int == 457)
        #expect((written["externalIDs"] as? [String: Any])?["anilist"] as? Int == 457)
        #expect(try JSONDecoder().decode(AnimeShow.self, from: JSONEncoder().encode(withAniList)) == withAniList)
    }

    @Test("the same show twice in a list: the first is imported, the second is unmatched")
    func duplicates() async throws {
        let xml = """
            <myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>
            <anime><series_animedb_id>457</series_animedb_id><series_title>Mushishi</series_title><my_status>Watching</my_status><my_watched_episodes>2</my_watched_episodes></anime>
            <anime><series_animedb_id>0</series_animedb_id><series_title>Mushishi</series_title><my_status>Completed</my_status></anime>
            </myanimelist>
            """
        let prepared = await MyAnimeListImport.prepare(try MyAnimeListExport(xml: Data(xml.utf8)), tracked: [], planner: Self.planner) {
            Self.lookUp($0)
        }
        #expect(prepared.addedCount == 1 && prepared.unmatchedCount == 1)
        #expect(prepared.items[1].outcome == .unmatched(reason: "It is the same show as Mushishi, listed before it; that one is imported."))
    }

    @Test("entries the reader set aside are unmatched with its reason; good entries of the same file go through")
    func oddValues() async throws {
        let prepared = try await Self.prepare("animelist_odd_values.xml")
        #expect(prepared.addedCount == 3 && prepared.unmatchedCount == 4)
        #expect(prepared.items.first?.notes == ["Its start date, \"2022-13-45\", is not a day and was left out."])
    }

    @Test("a goal that cannot be met plans one a day, with a note; a completed show of unknown total ends where the list says")
    func fallbacks() async throws {
        let xml = """
            <myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>
            <anime><series_animedb_id>47917</series_animedb_id><my_status>Watching</my_status><my_watched_episodes>1</my_watched_episodes></anime>
            <anime><series_animedb_id>50172</series_animedb_id><my_status>Completed</my_status><my_watched_episodes>12</my_watched_episodes><my_finish_date>2022-11-10</my_finish_date></anime>
            <anime><series_animedb_id>5114</series_animedb_id><my_status>Watching</my_status><my_watched_episodes>64</my_watched_episodes></anime>
            </myanimelist>
            """
        let export = try MyAnimeListExport(xml: Data(xml.utf8))
        // By 2022-11-15 at most one a day cannot fit 11 episodes.
        let prepared = await MyAnimeListImport.prepare(export, tracked: [], planner: Self.planner,
                                                       goal: .finish(by: Self.today.adding(days: 1)),
                                                       options: PlanOptions(start: Self.today, maximumPerDay: 1)) { Self.lookUp($0) }
        #expect(prepared.addedCount == 3)
        #expect(prepared.items[0].notes.first?.hasPrefix("Planned one episode a day:") == true)
        let mob = prepared.added[1]
        #expect(mob.show.episodeCount == 12 && mob.isCompleted && mob.completedOn == MALFixtures.day("2022-11-10"))
        #expect(prepared.added[2].isCompleted, "watching with every episode watched is completed")
        #expect(prepared.items[2].notes == ["Every episode is watched, so it is imported as completed."])
    }

    @Test("a lookup that fails ends the import: nothing is prepared")
    func lookupFailure() async throws {
        struct Offline: Error {}
        let export = try MyAnimeListExport(xml: try MALFixtures.data("animelist.xml"))
        var asked = 0
        await #expect(throws: Offline.self) {
            _ = try await MyAnimeListImport.prepare(export, tracked: [], planner: Self.planner) { _ in
                asked += 1
                throw Offline()
            }
        }
        #expect(asked == 1, "stops at the first failure")
    }

    @Test("export, then import into an empty planner: the same states, counts and days")
    func roundTrip() async throws {
        let prepared = try await Self.prepare("animelist.xml")
        let export = MyAnimeListExport(trackedShows: prepared.added, on: Self.today, userName: "airdate_tester")
        #expect(export.entries.count == 7)
        let again = await MyAnimeListImport.prepare(try MyAnimeListExport(xml: export.xmlData()), tracked: [], planner: Self.planner) {
            Self.lookUp($0)
        }
        #expect(again.addedCount == 7 && again.unmatchedCount == 0)
        for (first, second) in zip(prepared.added, again.added) {
            #expect(first.id == second.id && first.state == second.state && first.watchedThrough == second.watchedThrough)
            #expect(first.completedOn == second.completedOn && first.isCompleted == second.isCompleted)
        }
        // Exported statuses and counts, as MyAnimeList reads them.
        #expect(export.entries.map(\.status) == [.completed, .watching, .planToWatch, .onHold, .dropped, .completed, .watching])
        #expect(export.entries.map(\.watchedEpisodes) == [26, 4, 0, 3, 2, 1, 5])
        #expect(export.entries[0].finishDate == MALFixtures.day("2021-04-10") && export.entries[0].startDate == MALFixtures.day("2021-04-10"))
        #expect(export.entries[4].finishDate == Self.today, "a dropped show's finish day is the day it was dropped")
        // Shows without a MyAnimeList id are left out unless the app says what theirs is.
        let own = try TrackedShow(show: AnimeShow(id: 77, title: "Own", episodeCount: 2, episodeLength: nil), goal: .episodesPerDay(1),
                                  options: PlanOptions(start: Self.today), planner: Self.planner)
        #expect(MyAnimeListExport(trackedShows: [own], on: Self.today).entries.isEmpty)
        #expect(MyAnimeListExport(trackedShows: [own], on: Self.today, myAnimeListID: { $0.id }).entries.map(\.animeID) == [77])
    }

    @Test("storing an import is one transaction: all shows, or none when one is already stored")
    func storeAllOrNothing() async throws {
        let prepared = try await Self.prepare("animelist.xml")
        let path = TemporaryFiles.path("animeplanner-mal", "plan.sqlite")
        let store = try PlannerStore(path: path)
        let clash = try #require(prepared.added.last)
        try await store.insert(clash)
        await #expect(throws: PlannerStoreError.duplicate(clash.id)) { try await store.insert(contentsOf: prepared.added) }
        #expect(try await store.all().map(\.id) == [clash.id], "nothing of the failed import was written")
        try await store.delete(id: clash.id)
        try await store.insert(contentsOf: prepared.added)
        let stored = try await store.all()
        #expect(stored == prepared.added, "read back as prepared, in the list's order")
        await #expect(throws: PlannerStoreError.duplicate(457)) {
            try await PlannerStore(path: path).insert(contentsOf: [stored[0], stored[0]])
        }
    }

    @Test("titles match ignoring case, accents, width, spaces and punctuation, never when empty")
    func titles() {
        #expect(MyAnimeListImport.titlesMatch("Mushishi", "Mushi-Shi"))
        #expect(MyAnimeListImport.titlesMatch("Bocchi the Rock!", "BOCCHI THE ROCK"))
        #expect(MyAnimeListImport.titlesMatch("Pokémon", "Pokemon"))
        #expect(MyAnimeListImport.titlesMatch("ＳＰＹ×ＦＡＭＩＬＹ", "SPY FAMILY"))
        #expect(MyAnimeListImport.titlesMatch("ぼっち・ざ・ろっく！", "ぼっち ざ ろっく"))
        #expect(!MyAnimeListImport.titlesMatch("Mob Psycho 100 II", "Mob Psycho 100 III"))
        #expect(!MyAnimeListImport.titlesMatch("!!!", "???"))
    }
}

private enum Expectation: Error {
    case failed(String)
}
