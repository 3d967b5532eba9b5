import ArgumentParser
import Foundation
import WatchOrder

/// Options every sub-command takes.
struct CommonOptions: ParsableArguments {
    @Option(help: "The progress database (default: arrowverse.sqlite in the user's data directory).")
    var db: String?
    @Option(help: "The offline snapshot folder (default: Fixtures/arrowverse of the package).")
    var snapshot: String?
    @Flag(help: "Fetch the real Wikipedia pages instead of the offline snapshot.")
    var live = false
    @Option(help: "The viewer's time zone, such as Europe/Paris (default: the system's).")
    var timeZone: String?

    var zone: TimeZone {
        get throws {
            guard let timeZone else { return .current }
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("--time-zone \"\(timeZone)\" is not a time zone identifier such as Europe/Paris.")
            }
            return zone
        }
    }

    func databasePath() -> String {
        if let db { return db }
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate").appendingPathComponent("arrowverse.sqlite").path
    }

    func snapshotFolder() throws -> URL {
        if let snapshot { return URL(fileURLWithPath: snapshot) }
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures/arrowverse"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/arrowverse"),
        ]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("rules.json").path) })
        else { throw CommandLineError.snapshotNotFound(candidates[0].path) }
        return found
    }

    /// Opens the store; loads the episodes (live with --live, else from the snapshot when the store
    /// has none yet) and the crossover rules.
    func openStore() async throws -> WatchOrderStore {
        let store = try WatchOrderStore(path: databasePath())
        let folder = try snapshotFolder()
        let rulesURL = folder.appendingPathComponent("rules.json")
        let ruleSet: OrderingRuleSet
        do {
            ruleSet = try OrderingRuleSet(json: Data(contentsOf: rulesURL))
        } catch {
            throw CommandLineError.unreadableFile(rulesURL.path, error.localizedDescription)
        }
        let isEmpty = try await store.state().lists.isEmpty
        if live {
            let lists = try await LivePages.fetch()
            try await store.refresh(lists)
        } else if isEmpty {
            try await store.refresh(try SnapshotPages.read(folder))
        }
        try await store.setRules(ruleSet.rules)
        try await store.setShowPriority(ruleSet.shows.map(Show.slug))
        return store
    }
}
