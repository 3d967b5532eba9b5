import Foundation
import Testing
@testable import WatchOrder

/// The sentences of the change log are written from its data, by the presentation layer.
@Suite("Change summaries")
struct ChangeSummaryTests {
    static func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }

    @Test("Each action says what it did, with its counts, episode, show and season")
    func sentences() {
        let cases: [(ChangeDetail, String)] = [
            (ChangeDetail(.watch, count: 3, alreadyWatched: 2, unknown: 1), "Marked 3 episodes watched (2 already watched, 1 unknown)"),
            (ChangeDetail(.watchThrough, count: 1, episode: Self.id("arrow/s3e8")), "Marked 1 episode watched through arrow/s3e8"),
            (ChangeDetail(.watchShow, count: 23, show: "arrow", season: 3), "Marked 23 episodes watched of arrow season 3"),
            (ChangeDetail(.watchNext, count: 1, episode: Self.id("arrow/s3e9")), "Marked arrow/s3e9 watched (the next one)"),
            (ChangeDetail(.rewatch, count: 2), "Recorded another watch of 2 episodes"),
            (ChangeDetail(.unwatch, count: 1), "Unmarked 1 episode"),
            (ChangeDetail(.unwatchLast, count: 0), "Removed the last watch of 0 episodes"),
            (ChangeDetail(.unwatchThrough, count: 4, episode: Self.id("arrow/s1e4")), "Unmarked 4 episodes through arrow/s1e4"),
            (ChangeDetail(.unwatchShow, count: 5, show: "the-flash"), "Unmarked 5 episodes of the-flash"),
            (ChangeDetail(.skip, count: 2), "Skipped 2 episodes"),
            (ChangeDetail(.unskip, count: 1), "Unskipped 1 episode"),
            (ChangeDetail(.showStatus, show: "batwoman", statusBefore: .watching, statusAfter: .hidden), "batwoman: watching → hidden"),
            (ChangeDetail(.startRewatch, rewatchName: "Second run"), "Started the rewatch \"Second run\""),
            (ChangeDetail(.endRewatch, rewatchName: "Second run"), "Ended the rewatch \"Second run\""),
            (ChangeDetail(.removeRewatch, rewatchName: "Oops", watches: 1), "Removed the rewatch \"Oops\" and its 1 watch"),
            (ChangeDetail(.removeRewatch, rewatchName: "Oops", watches: 3), "Removed the rewatch \"Oops\" and its 3 watches"),
            (ChangeDetail(.hidesSpecials, hidesSpecials: true), "Specials hidden"),
            (ChangeDetail(.hidesSpecials, hidesSpecials: false), "Specials shown"),
            (ChangeDetail(.selectedShows, selectedShows: ["arrow", "the-flash"]), "Following arrow, the-flash"),
            (ChangeDetail(.selectedShows), "Following every show"),
            (ChangeDetail(.importProgress, count: 23, settingsChanged: true), "Imported 23 episodes watched; settings changed"),
            (ChangeDetail(.importWatches, count: 13, source: "trakt", showsHidden: 1), "Imported 13 watches from trakt, 1 show hidden or dropped"),
            (ChangeDetail(.hiddenShows, hiddenShows: ["constantine", "vixen"]), "Hidden: constantine, vixen"),
            (ChangeDetail(.hiddenShows, hiddenShows: []), "No show hidden"),
            (ChangeDetail(.importWatches, count: 1, source: "tvtime"), "Imported 1 watch from tvtime"),
        ]
        for (detail, sentence) in cases {
            #expect(detail.summary == sentence, "\(detail.action)")
        }
    }

    @Test("A record says its detail's sentence; a change logged before details says the sentence it kept")
    func records() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fresh = ChangeRecord(id: 2, madeAt: now, kind: .skip, detail: ChangeDetail(.skip, count: 1), rowsChanged: 1)
        #expect(fresh.summary == "Skipped 1 episode")
        let old = ChangeRecord(id: 1, madeAt: now, kind: .watch, detail: nil, loggedSummary: "Marked 5 episodes watched", rowsChanged: 5)
        #expect(old.summary == "Marked 5 episodes watched")
        // An action a later release logs, read by this one: its identifier rather than nothing.
        #expect(ChangeDetail(ChangeDetail.Action(rawValue: "renameShow")).summary == "renameShow")
    }
}
