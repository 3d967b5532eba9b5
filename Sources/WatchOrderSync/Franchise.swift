public import AirdateCore
public import Foundation
public import WatchOrder
public import WatchOrderWiki

/// A franchise a watch order follows, as data: its shows (names, the wiki pages that list their
/// episodes, their ids on other services, a colour for light and dark themes, a mark), the wiki with
/// an article per episode, the ordering rules and the named orders — read from a JSON file, so that
/// following another franchise is a new file, not new code.
///
/// The file (`franchise.json`) names the rule file and the broadcast-facts file beside it, each in
/// its own documented format (`OrderingRuleSet`, `SeriesCatalog`):
///
/// ```json
/// {"version": 1,
///  "name": "Arrowverse",
///  "episodeWiki": "fandom:arrow",
///  "rules": "rules.json",
///  "broadcasts": "series.json",
///  "orders": ["airing", "crossovers-together"],
///  "shows": [
///    {"id": "arrow", "name": "Arrow",
///     "pages": [{"site": "wikipedia", "title": "List_of_Arrow_episodes"}],
///     "externalIDs": {"tvmaze": 4, "thetvdb": 257655, "imdb": "tt2193021"},
///     "color": {"light": "#1b6e3a", "dark": "#6fd394"},
///     "mark": {"glyph": "AR", "symbol": "bow"}},
///    …]}
/// ```
///
/// - `shows`, in priority order (the first breaks same-day ties first): `id` (a slug of the name
///   unless given), `name`, `pages` (each a `site` — `wikipedia`, or `fandom:<community>` — a
///   `title` as in the page's address, and the `season` for a page that names none),
///   `externalIDs` (`tvmaze`, `thetvdb`, `imdb`, …; TVMaze's id is the one broadcast times are
///   corroborated with), `color` (`#rrggbb` for text on a light and on a dark background) and
///   `mark` (`glyph`: one to three characters for lists and badges; `symbol`: the name of an icon
///   an app draws, lower-case letters, digits and dashes).
/// - `episodeWiki`: the wiki with one article per episode, linked from episodes whose list page
///   links none (optional).
/// - `rules`: the `OrderingRuleSet` file (crossovers, same-night orderings).
/// - `broadcasts`: the `SeriesCatalog` file of broadcast facts (optional; without it, same-day
///   episodes go by show priority). Its ids and names must be the franchise's.
/// - `orders`: the named orders, in the order an app offers them: `airing` and
///   `crossovers-together` are the ones the rules give (`OrderingRuleSet/builtInOrders`), and an
///   object is an order definition as a viewer writes one (`NamedOrder/init(definition:orders:)`),
///   its `basedOn` resolved against the orders before it. Without `orders`, the two the rules give.
///
/// ```swift
/// let franchise = try Franchise(contentsOf: folder.appendingPathComponent("franchise.json"))
/// let report = try await FranchiseSync(franchise: franchise, configuration: .init(pages: .snapshot(folder)))
///     .refresh(store)
/// ```
public struct Franchise: Sendable, Hashable {
    /// The format version this release reads and writes.
    public static let currentVersion = 1
    /// The file name a franchise folder holds it under.
    public static let fileName = "franchise.json"

    /// The franchise's name ("Arrowverse").
    public var name: String
    /// The shows, highest priority first.
    public var shows: [FranchiseShow]
    /// The wiki with an article per episode, or `nil`.
    public var episodeWiki: WikiSite?
    /// The ordering rules.
    public var rules: OrderingRuleSet
    /// The broadcast facts, or `nil` when the franchise has none.
    public var broadcasts: SeriesCatalog?
    /// The named orders an app offers, built-in first.
    public var orders: [NamedOrder]

    /// A franchise made in code; `orders` defaults to the two the rules give.
    public init(
        name: String, shows: [FranchiseShow], episodeWiki: WikiSite? = nil, rules: OrderingRuleSet,
        broadcasts: SeriesCatalog? = nil, orders: [NamedOrder]? = nil
    ) {
        self.name = name
        self.shows = shows
        self.episodeWiki = episodeWiki
        self.rules = rules
        self.broadcasts = broadcasts
        self.orders = orders ?? rules.builtInOrders
    }

    /// Reads `franchise.json` at `url` and the files it names (relative to its folder), and checks
    /// them: a known version, shows with distinct ids, names, glyphs and symbols, colours as
    /// `#rrggbb`, a rule file that reads, broadcast facts about the franchise's shows only, and
    /// orders that resolve.
    ///
    /// - Throws: ``FranchiseError`` naming the file and what is wrong.
    public init(contentsOf url: URL) throws(FranchiseError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FranchiseError(.fileUnreadable, path: url.path, detail: FranchiseError.reason(error, path: url.path), underlying: error)
        }
        let folder = url.deletingLastPathComponent()
        try self.init(json: data, path: url.path) { name throws(FranchiseError) in
            let file = folder.appendingPathComponent(name)
            do {
                return (try Data(contentsOf: file), file.path)
            } catch {
                throw FranchiseError(.fileUnreadable, path: file.path, detail: FranchiseError.reason(error, path: file.path), underlying: error)
            }
        }
    }

    /// Reads a franchise from `json`; `file` gives the contents of a file the franchise names
    /// (`rules.json`, `series.json`) and the path to name in errors.
    ///
    /// - Throws: ``FranchiseError``.
    public init(json: Data, path: String = Franchise.fileName, file: (String) throws(FranchiseError) -> (Data, String)) throws(FranchiseError) {
        let document: FranchiseDocument
        do {
            document = try JSONDecoder().decode(FranchiseDocument.self, from: json)
        } catch let error as DecodingError {
            throw FranchiseError(.invalid, path: path, detail: FranchiseError.describe(error), underlying: error)
        } catch {
            throw FranchiseError(.invalid, path: path, detail: "it is not valid JSON", underlying: error)
        }
        guard document.version == Self.currentVersion else {
            throw FranchiseError(.unsupportedVersion, path: path, detail: "version \(document.version)")
        }
        func invalid(_ detail: String) -> FranchiseError { FranchiseError(.invalid, path: path, detail: detail) }
        guard !document.shows.isEmpty else { throw invalid("it lists no show") }
        var ids = Set<String>(), names = Set<String>(), glyphs = Set<String>(), symbols = Set<String>()
        var shows: [FranchiseShow] = []
        for (index, entry) in document.shows.enumerated() {
            let show = try entry.show(at: index, invalid: invalid)
            guard ids.insert(show.id).inserted else { throw invalid("the show id \"\(show.id)\" is listed twice") }
            guard names.insert(show.name.lowercased()).inserted else { throw invalid("the show \"\(show.name)\" is listed twice") }
            guard glyphs.insert(show.mark.glyph).inserted else { throw invalid("\(show.name)'s glyph \"\(show.mark.glyph)\" is another show's") }
            guard symbols.insert(show.mark.symbol).inserted else { throw invalid("\(show.name)'s symbol \"\(show.mark.symbol)\" is another show's") }
            shows.append(show)
        }
        let episodeWiki = try document.episodeWiki.map { text throws(FranchiseError) in
            guard let site = WikiSite(named: text) else { throw invalid("episodeWiki \"\(text)\" is not \"wikipedia\" or \"fandom:COMMUNITY\"") }
            return site
        }

        let (rulesData, rulesPath) = try file(document.rules)
        let rules: OrderingRuleSet
        do {
            rules = try OrderingRuleSet(json: rulesData)
        } catch let error as DecodingError {
            throw FranchiseError(.invalid, path: rulesPath, detail: FranchiseError.describe(error), underlying: error)
        } catch {
            throw FranchiseError(.invalid, path: rulesPath, detail: "it is not valid JSON", underlying: error)
        }
        for name in rules.shows where !shows.contains(where: { $0.name == name || $0.id == Show.slug(name) }) {
            throw FranchiseError(.invalid, path: rulesPath, detail: "it names the show \"\(name)\", which the franchise does not list")
        }

        var broadcasts: SeriesCatalog?
        if let name = document.broadcasts {
            let (data, catalogPath) = try file(name)
            do {
                broadcasts = try SeriesCatalog(json: data)
            } catch {
                throw FranchiseError(.invalid, path: catalogPath, detail: error.errorDescription ?? "\(error)", underlying: error)
            }
            for series in broadcasts?.series ?? [] {
                guard let index = shows.firstIndex(where: { $0.id == series.id }) else {
                    throw FranchiseError(.invalid, path: catalogPath, detail: "it has facts about \"\(series.id)\", which the franchise does not list")
                }
                let conflicts = shows[index].externalIDs.conflicts(with: series.externalIDs)
                guard conflicts.isEmpty else {
                    throw FranchiseError(.invalid, path: catalogPath,
                                         detail: "\(series.name)'s ids differ from the franchise's (\(conflicts.joined(separator: ", ")))")
                }
                shows[index].externalIDs.fill(from: series.externalIDs)
            }
        }

        var orders: [NamedOrder] = []
        let derived = rules.builtInOrders
        for (index, entry) in (document.orders ?? derived.map { FranchiseDocument.OrderEntry.derived($0.id) }).enumerated() {
            var order: NamedOrder
            switch entry {
            case .derived(let id):
                guard let found = derived.first(where: { $0.id == id }) else {
                    throw invalid("orders[\(index)] \"\(id)\" is not an order the rules give (\(derived.map(\.id).joined(separator: ", ")))")
                }
                order = found
            case .definition(let data):
                do {
                    order = try NamedOrder(definition: data, orders: orders)
                } catch {
                    throw invalid("orders[\(index)]: \(error.errorDescription ?? "\(error)")")
                }
                order.origin = .builtIn
            }
            guard !orders.contains(where: { $0.id == order.id }) else { throw invalid("the order \"\(order.id)\" is listed twice") }
            orders.append(order)
        }
        self.init(name: document.name, shows: shows, episodeWiki: episodeWiki, rules: rules, broadcasts: broadcasts, orders: orders)
    }

    /// The show with this id, or `nil`.
    public func show(id: String) -> FranchiseShow? { shows.first { $0.id == id } }

    /// The show ids, highest priority first: what `WatchOrderStorage/setShowPriority(_:)` takes.
    public var showPriority: [String] { shows.map(\.id) }

    /// Every show's list pages, in priority order: what a refresh from the network reads.
    public var pages: [WikiPage] { shows.flatMap(\.pages) }
}

/// One show of a ``Franchise``.
public struct FranchiseShow: Sendable, Hashable, Identifiable {
    /// The show's identity (`Show/id`).
    public var id: String
    /// The name shown to viewers.
    public var name: String
    /// The wiki pages that together list every episode.
    public var pages: [WikiPage]
    /// The show's ids on other services (TVMaze's corroborates broadcast times).
    public var externalIDs: ExternalIDs
    /// Its colour for text on light and on dark backgrounds.
    public var color: ShowColor
    /// Its mark: a short glyph and an icon's name.
    public var mark: ShowMark

    /// A show; `id` defaults to a slug of the name.
    public init(
        name: String, id: String? = nil, pages: [WikiPage] = [], externalIDs: ExternalIDs = .none, color: ShowColor, mark: ShowMark
    ) {
        self.name = name
        self.id = id ?? Show.slug(name)
        self.pages = pages
        self.externalIDs = externalIDs
        self.color = color
        self.mark = mark
    }

    /// The show as WatchOrder knows it, with its external ids.
    public var show: Show { Show(name: name, id: id, externalIDs: externalIDs) }

    /// Its id on TVMaze, when it has one there.
    public var tvmazeID: Int? { externalIDs.tvmaze }
}

/// A show's colour: one for text on a light background, one for text on a dark one.
public struct ShowColor: Sendable, Hashable, Codable {
    /// For light themes.
    public var light: RGBColor
    /// For dark themes.
    public var dark: RGBColor

    /// A pair of colours.
    public init(light: RGBColor, dark: RGBColor) {
        self.light = light
        self.dark = dark
    }
}

/// An sRGB colour, written `#rrggbb`.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// A colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` (or `rrggbb`, either case) read; `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower-case.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The relative luminance WCAG 2 defines: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG 2 contrast ratio with `other`, from 1 (none) to 21 (black on white). Text needs 4.5
    /// (level AA).
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Decodes `"#rrggbb"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a colour as #rrggbb")
        }
        self = color
    }

    /// Encodes `"#rrggbb"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A show's mark: a short glyph for lists and badges, and the name of an icon an app draws.
public struct ShowMark: Sendable, Hashable, Codable {
    /// One to three characters ("AR").
    public var glyph: String
    /// An icon's name: lower-case ASCII letters, digits and dashes ("bow").
    public var symbol: String

    /// A mark.
    public init(glyph: String, symbol: String) {
        self.glyph = glyph
        self.symbol = symbol
    }

    /// Whether the glyph has one to three characters and the symbol is a name.
    var isValid: Bool {
        (1...3).contains(glyph.count) && glyph.allSatisfy { !$0.isWhitespace }
            && !symbol.isEmpty && symbol.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

extension WikiSite {
    /// `wikipedia` (the English Wikipedia) or `fandom:<community>`; `nil` for anything else.
    init?(named text: String) {
        if text == "wikipedia" {
            self = .englishWikipedia
        } else if text.hasPrefix("fandom:"), case let community = String(text.dropFirst(7)), !community.isEmpty,
                  community.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            self = .fandom(community)
        } else {
            return nil
        }
    }
}

// MARK: The file's shape

/// `franchise.json` as written.
struct FranchiseDocument: Decodable {
    struct Page: Decodable {
        var site: String
        var title: String
        var season: Int?
    }

    struct ShowEntry: Decodable {
        var id: String?
        var name: String
        var pages: [Page]?
        var externalIDs: ExternalIDs?
        var color: ShowColor
        var mark: ShowMark

        func show(at index: Int, invalid: (String) -> FranchiseError) throws(FranchiseError) -> FranchiseShow {
            let name = name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw invalid("shows[\(index)] has no name") }
            if let id, id.isEmpty || id != Show.slug(id) {
                throw invalid("\(name)'s id \"\(id)\" is not a slug (lower-case letters, digits and dashes)")
            }
            guard mark.isValid else {
                throw invalid("\(name)'s mark needs a glyph of one to three characters and a symbol of lower-case letters, digits and dashes")
            }
            var show = FranchiseShow(name: name, id: id, externalIDs: externalIDs ?? .none, color: color, mark: mark)
            for page in pages ?? [] {
                guard let site = WikiSite(named: page.site) else {
                    throw invalid("\(name)'s page site \"\(page.site)\" is not \"wikipedia\" or \"fandom:COMMUNITY\"")
                }
                guard !page.title.isEmpty else { throw invalid("\(name) has a page without a title") }
                show.pages.append(WikiPage(site: site, title: page.title, show: show.show, season: page.season))
            }
            return show
        }
    }

    /// An entry of `orders`: the id of an order the rules give, or a definition.
    enum OrderEntry: Decodable {
        case derived(String)
        case definition(Data)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let id = try? container.decode(String.self) {
                self = .derived(id)
            } else {
                // Re-encoded as the definition a viewer writes, for NamedOrder's own reader.
                let object = try container.decode(JSONValue.self)
                self = .definition(try JSONEncoder().encode(object))
            }
        }
    }

    var version: Int
    var name: String
    var episodeWiki: String?
    var rules: String
    var broadcasts: String?
    var orders: [OrderEntry]?
    var shows: [ShowEntry]
}

/// Any JSON value, to carry an order definition through to its own reader unchanged.
enum JSONValue: Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
