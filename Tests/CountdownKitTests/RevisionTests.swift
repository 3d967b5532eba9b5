import AirdateCore
import AirdateStore
import Foundation
import Testing
@testable import CountdownKit

/// `Countdown.revision` and the version-checked edits and deletes that take it: a change made
/// against a revision the countdown no longer has is refused and changes nothing.
@Suite struct RevisionTests {
    private static func countdown() -> Countdown {
        Fixture.countdown(1, "Finale", .allDay(Fixture.day("2027-05-01")), tags: Fixture.tags("TV"), note: "Watch live")
    }

    @Test func theRevisionChangesWithEveryFieldAndReadsBackFromItsText() throws {
        let original = Self.countdown()
        #expect(original.revision == Self.countdown().revision, "the same countdown, the same revision (in every process)")
        var renamed = original
        try renamed.rename("Season finale")
        var noted = original
        noted.note = "Watch live!"
        var moved = original
        moved.target = .allDay(Fixture.day("2027-05-02"))
        var touched = original
        touched.modified = original.modified.addingTimeInterval(1)
        let revisions = [original, renamed, noted, moved, touched].map(\.revision)
        #expect(Set(revisions).count == revisions.count, "\(revisions)")

        let text = original.revision.description
        #expect(text.count == 16 && text.allSatisfy(\.isHexDigit))
        #expect(CountdownRevision(text) == original.revision)
        #expect(CountdownRevision("not-a-revision") == nil && CountdownRevision("") == nil && CountdownRevision(text + "0") == nil)
        let coded = try JSONEncoder().encode([original.revision])
        #expect(String(decoding: coded, as: UTF8.self) == "[\"\(text)\"]")
        #expect(try JSONDecoder().decode([CountdownRevision].self, from: coded) == [original.revision])
    }

    @Test func anEditAgainstAnOldRevisionIsRefusedAndChangesNothing() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        try await store.insert(Self.countdown())
        let id = Fixture.id(1)
        let seen = try #require(try await store.countdown(id: id)).revision

        // Changed elsewhere (another tab, another program) after the user saw it.
        try await store.update(id: id) { countdown in countdown.note = "Changed elsewhere" }
        let current = try #require(try await store.countdown(id: id))
        #expect(current.revision != seen)

        await #expect(throws: CountdownStoreError.conflict(id: id, expected: seen, current: current.revision)) {
            try await store.update(id: id, expecting: seen) { countdown in try countdown.rename("Stale edit") }
        }
        await #expect(throws: CountdownStoreError.conflict(id: id, expected: seen, current: current.revision)) {
            try await store.delete(id: id, expecting: seen)
        }
        #expect(try await store.countdown(id: id) == current, "neither the stale edit nor the stale delete changed anything")

        // Against the current revision both go through; the code is matched in a `catch`.
        try await store.update(id: id, expecting: current.revision) { countdown in try countdown.rename("Fresh edit") }
        let edited = try #require(try await store.countdown(id: id))
        #expect(edited.title == "Fresh edit")
        let refused = await #expect(throws: CountdownStoreError.self) { try await store.delete(id: id, expecting: current.revision) }
        #expect(refused.map { CountdownStoreError.Code.conflict ~= $0 } == true, "a delete against the revision before the edit")
        try await store.delete(id: id, expecting: edited.revision)
        #expect(try await store.countdown(id: id) == nil)
        await #expect(throws: CountdownStoreError.notFound(id)) { try await store.delete(id: id, expecting: edited.revision) }
    }

    @Test func aConflictSaysWhatHappenedAndWhatToDo() {
        let error = CountdownStoreError.conflict(id: Fixture.id(1), expected: CountdownRevision(value: 1), current: CountdownRevision(value: 2))
        let message = error.errorDescription ?? ""
        #expect(message.contains("changed elsewhere") && message.contains("0000000000000001") && message.contains("0000000000000002"))
        #expect(message.contains("Read it again"))
        #expect(!message.contains("\n"))
    }
}
