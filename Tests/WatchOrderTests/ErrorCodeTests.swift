import AirdateCore
import AirdateStore
import Foundation
import Testing
@testable import WatchOrder

/// The errors are structs with codes: a code matches in a `catch`, the details are properties, the
/// underlying error is kept, and the text says what failed and what to do in one line.
@Suite("Error codes")
struct ErrorCodeTests {
    typealias H = HistoryTests

    @Test("WatchOrderStoreError: codes match in a catch; details and the underlying error are kept")
    func storeErrors() async throws {
        let store = try await H.store()
        do {
            try await store.chooseOrder("nope")
            Issue.record("an unknown order was chosen")
        } catch WatchOrderStoreError.Code.unknownOrder {
        } catch {
            Issue.record("expected unknownOrder, got \(error)")
        }
        let unknown = try await #require(throws: WatchOrderStoreError.self) { try await store.chooseOrder("nope") }
        #expect(unknown.code == .unknownOrder && unknown.orderID == "nope" && unknown.knownOrders == [])
        #expect(unknown.errorDescription == "There is no order \"nope\"; no named order is stored.")
        #expect(unknown == .unknownOrder("nope", known: []))
        #expect(unknown != .unknownOrder("other", known: []))

        let invalid = try await #require(throws: WatchOrderStoreError.self) { try await store.importProgress(Data("{".utf8)) }
        #expect(invalid.code == .invalidImport && invalid.reason == "it is not valid JSON")
        #expect(invalid.underlying is DecodingError)
        #expect(invalid.errorDescription == "The progress file cannot be imported: it is not valid JSON. Use a file written by export.")

        let overlap = try await #require(throws: WatchOrderStoreError.self) {
            try await store.startRewatch(named: "One")
            try await store.startRewatch(named: "Two", shows: ["alpha"])
        }
        #expect(overlap.code == .rewatchOverlaps && overlap.show == "alpha" && overlap.session == "One")
        // Any error matches a code in a switch, whatever its type.
        let anyError: any Error = overlap
        switch anyError {
        case WatchOrderStoreError.Code.unknownOrder: Issue.record("the wrong code matched")
        case WatchOrderStoreError.Code.rewatchOverlaps: break
        default: Issue.record("no code matched")
        }
        #expect(!(WatchOrderStoreError.Code.rewatchOverlaps ~= (CancellationError() as any Error)))

        // A store failure keeps the database's error, as the underlying one too.
        let folder = try TestSupport.temporaryDirectory()
        let blocked = folder.appendingPathComponent("file")
        try Data().write(to: blocked)
        let store2 = try #require(throws: WatchOrderStoreError.self) {
            try WatchOrderStore(path: blocked.appendingPathComponent("watch.sqlite").path)
        }
        #expect(store2.code == .store && store2.storeError != nil)
        #expect(store2.underlying as? StoreError == store2.storeError)
        #expect(store2.errorDescription == store2.storeError?.errorDescription)
    }

    @Test("WatchOrderError, EpisodeLookupError, NamedOrderError and SeriesCatalogError have codes and details")
    func modelErrors() throws {
        let cycle = WatchOrderError.contradictoryRules(cycle: ["A 1x01", "B 1x01"])
        #expect(cycle.code == .contradictoryRules && cycle.cycle == ["A 1x01", "B 1x01"])
        #expect(cycle.errorDescription == "The ordering rules contradict each other: A 1x01 → B 1x01 → A 1x01. Remove or correct one of these rules.")
        do { throw cycle } catch WatchOrderError.Code.contradictoryRules {} catch { Issue.record("\(error)") }
        #expect(WatchOrderStoreError.order(cycle).underlying as? WatchOrderError == cycle)

        let list = try WatchList.merge(HistoryTests.lists(), rules: [])
        let lookup = try #require(throws: EpisodeLookupError.self) { try list.episode(named: "Alpha 9x01") }
        #expect(lookup.code == .unknownSeason && lookup.show == "Alpha" && lookup.season == 9 && lookup.seasons == [1])
        #expect(lookup.errorDescription == "Alpha has no season 9; its seasons are 1.")
        let episode = try #require(throws: EpisodeLookupError.self) { try list.episode(named: "Alpha 1x09") }
        #expect(episode.code == .unknownEpisode && episode.text == "1x09" && episode.example == "1x01")
        do { _ = try list.show(named: "Zeta") } catch EpisodeLookupError.Code.unknownShow {} catch { Issue.record("\(error)") }

        let badID = try #require(throws: NamedOrderError.self) {
            try NamedOrder(definition: Data(#"{"id": "Not Valid", "rules": []}"#.utf8))
        }
        #expect(badID.code == .invalidID && badID.orderID == "Not Valid")
        let unreadable = try #require(throws: NamedOrderError.self) { try NamedOrder(definition: Data("[".utf8)) }
        #expect(unreadable.code == .unreadable && unreadable.underlying is DecodingError)
        let base = try #require(throws: NamedOrderError.self) {
            try NamedOrder(definition: Data(#"{"id": "x", "basedOn": "airing", "rules": []}"#.utf8))
        }
        #expect(base.code == .unknownBase && base.orderID == "airing" && base.knownOrders == [])

        let catalog = try #require(throws: SeriesCatalogError.self) { try SeriesCatalog(json: Data(#"{"version": 2, "series": []}"#.utf8)) }
        #expect(catalog.code == .unsupportedVersion && catalog.version == 2)
        #expect(catalog.errorDescription == "The series catalog has version 2; this release reads version 1. Update the app or the file.")
        let broken = try #require(throws: SeriesCatalogError.self) { try SeriesCatalog(json: Data("nope".utf8)) }
        #expect(broken.code == .unreadable && broken.underlying != nil && broken.reason == "it is not valid JSON")
    }
}
