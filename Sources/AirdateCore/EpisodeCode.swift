/// An episode's code — its season and number — written in one of the package's named styles: the
/// one formatter every product and example uses, so an episode reads the same everywhere.
///
/// | style | numbered | special (2nd of the show) | special (place unknown) |
/// |---|---|---|---|
/// | ``Style/compact`` | `S3E08` | `S3 special` | `S3 special` |
/// | ``Style/padded`` | `S03E08` | `S03 special` | `S03 special` |
/// | ``Style/crossSeason`` | `3x08` | `special 2` | `S3 special` |
/// | ``Style/withShow`` | `Arrow 3x08` | `Arrow special 2` | `Arrow S3 special` |
///
/// ``Style/withShow`` is what the command-line programs print and read back (WatchOrder's
/// `WatchList.episode(named:)`); ``init(parsing:)`` reads `3x08`, `S3E08` and `s03e8`.
///
/// ```swift
/// let code = EpisodeCode(season: 3, number: 8, show: "Arrow")
/// code.formatted(.compact)     // "S3E08"
/// code.formatted(.padded)      // "S03E08"
/// code.formatted(.crossSeason) // "3x08"
/// code.formatted(.withShow)    // "Arrow 3x08"
/// ```
public struct EpisodeCode: Sendable, Hashable, CustomStringConvertible {
    /// The season; `nil` when not known.
    public var season: Int?
    /// The number in season; `nil` for a special, or when not known (see ``isSpecial``).
    public var number: Int?
    /// Whether an episode without a ``number`` is a special (`S3 special`) rather than one whose
    /// number is not known (`S03`, `3x?`).
    public var isSpecial: Bool
    /// For an episode without a number: its place among its show's specials (1 for the first), when
    /// known — ``Style/crossSeason`` then writes `special 2`.
    public var specialIndex: Int?
    /// The show's name, written first by ``Style/withShow``.
    public var show: String?

    /// A code of the episode `number` of `season`; without a number, a special unless `isSpecial`
    /// says the number is only not known.
    public init(season: Int?, number: Int?, isSpecial: Bool? = nil, specialIndex: Int? = nil, show: String? = nil) {
        self.season = season
        self.number = number
        self.isSpecial = isSpecial ?? (number == nil)
        self.specialIndex = specialIndex
        self.show = show
    }

    /// Reads a code as ``Style/crossSeason`` or ``Style/compact``/``Style/padded`` write it:
    /// `3x08`, `S3E08`, `s03e8`; `nil` for anything else.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        let parts: [Substring]
        if lower.hasPrefix("s"), lower.contains("e") {
            parts = lower.dropFirst().split(separator: "e", omittingEmptySubsequences: false)
        } else {
            parts = lower.split(separator: "x", omittingEmptySubsequences: false)
        }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let season = Int(parts[0]), let number = Int(parts[1]), season >= 0, number >= 0
        else { return nil }
        self.init(season: season, number: number)
    }

    /// A way of writing a code. New styles may be added: compare with `==`.
    public struct Style: Sendable, Hashable, CustomStringConvertible {
        /// The style's name, as in `EpisodeCode.Style.padded`.
        public let description: String

        private init(_ name: String) { description = name }

        /// `S3E08`: the season as is, the number on two digits (WatchOrder's `Episode.code(_:)` default).
        public static let compact = Style("compact")
        /// `S03E08`: both on two digits, as TV guides write them (TVMaze, the schedule pages, countdowns).
        public static let padded = Style("padded")
        /// `3x08`; a special of known place `special 2`: the code a watch order's list shows.
        public static let crossSeason = Style("crossSeason")
        /// `Arrow 3x08`, `Legends special 1`: the show's name and ``crossSeason`` — what the
        /// command-line programs print and take.
        public static let withShow = Style("withShow")
    }

    /// The code written in `style`.
    public func formatted(_ style: Style) -> String {
        switch style {
        case .padded:
            return seasonAndNumber(season: season.map(Self.twoDigits))
        case .crossSeason:
            return crossSeason
        case .withShow:
            guard let show, !show.isEmpty else { return crossSeason }
            return "\(show) \(crossSeason)"
        default:
            return seasonAndNumber(season: season.map(String.init))
        }
    }

    /// ``Style/compact``.
    public var description: String { formatted(.compact) }

    private var crossSeason: String {
        if number == nil, isSpecial {
            if let specialIndex { return "special \(specialIndex)" }
            return seasonAndNumber(season: season.map(String.init))
        }
        return "\(season.map(String.init) ?? "?")x\(number.map(Self.twoDigits) ?? "?")"
    }

    /// `S3E08`; `S3 special`; `S3` (a number not known); `E08` (a season not known).
    private func seasonAndNumber(season: String?) -> String {
        switch (season, number) {
        case (let season?, let number?): return "S\(season)E\(Self.twoDigits(number))"
        case (let season?, nil): return isSpecial ? "S\(season) special" : "S\(season)"
        case (nil, let number?): return "E\(Self.twoDigits(number))"
        case (nil, nil): return isSpecial ? "special" : "?"
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value >= 0 && value < 10 ? "0\(value)" : "\(value)"
    }
}
