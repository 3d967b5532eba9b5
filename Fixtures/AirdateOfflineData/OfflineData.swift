public import Foundation

/// The recorded data the example programs run on offline, shipped with them as SwiftPM resources
/// (a `Airdate_AirdateOfflineData.resources` bundle beside the executable), so that an installed
/// program needs neither the network nor the source tree.
///
/// The folders are the package's own `Fixtures/arrowverse`, `Fixtures/tvmaze` and `Fixtures/jikan`
/// (the tests read the same files there): this target's path is `Fixtures/`, and only those three
/// folders are its resources.
public enum OfflineData {
    /// The Arrowverse: `franchise.json` (with `rules.json` and `series.json`) and the wiki snapshot
    /// (`pages.tsv` and the saved pages) — what `arrowverse` and `airdate-web` read offline.
    public static var arrowverse: URL? { folder("arrowverse") }

    /// TVMaze's recorded answers: the US week of 15 to 21 July 2019 (`tvweek --offline`, the web
    /// schedule) and, in `arrowverse/`, the Arrowverse shows' episodes (`arrowverse --tvmaze`).
    public static var tvmaze: URL? { folder("tvmaze") }

    /// The recorded Jikan answers `animeplan --offline` and the web's anime pages share.
    public static var jikan: URL? { folder("jikan") }

    /// A day of the week TVMaze's recording holds (its Monday): the week an offline schedule shows.
    public static let tvmazeRecordedDay = "2019-07-15"

    /// The resource folder `name`, or `nil` when the program was installed without its resource
    /// bundle. SwiftPM's accessor (`Bundle.module`, which stops the program when it finds no bundle)
    /// is asked only once the bundle is known to sit beside the executable, where an installed
    /// program keeps it and where `swift build` puts it.
    static func folder(_ name: String) -> URL? {
        let candidates = ["Airdate_AirdateOfflineData.resources", "Airdate_AirdateOfflineData.bundle"].flatMap { bundleName in
            [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()].compactMap { $0?.appendingPathComponent(bundleName) }
        }
        guard candidates.contains(where: { FileManager.default.fileExists(atPath: $0.path) }) else { return nil }
        guard let url = Bundle.module.url(forResource: name, withExtension: nil),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }
}
