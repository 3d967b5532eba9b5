import AirdateCore
import AirdateTestServer
import AirdateTestSupport
import Foundation
import Testing
import WatchOrder
import WatchOrderSync
import WatchOrderWiki

/// `Fixtures/arrowverse`: the franchise file, its rules and broadcast facts.
enum Arrowverse {
    static let folder = TestPaths.fixtures("arrowverse")
    static var file: URL { folder.appendingPathComponent(Franchise.fileName) }
    static func franchise() throws -> Franchise { try Franchise(contentsOf: file) }

    /// A copy of the whole folder (pages and all) to change.
    static func copy() throws -> URL {
        let copy = try TemporaryFiles.folder("franchise").appendingPathComponent("arrowverse")
        try FileManager.default.copyItem(at: folder, to: copy)
        return copy
    }
}

@Suite("Franchise: the franchise as data")
struct FranchiseTests {
    @Test("the Arrowverse's file: eleven shows in the rules' priority, their pages, ids, episode wiki and orders")
    func arrowverse() throws {
        let franchise = try Arrowverse.franchise()
        #expect(franchise.name == "Arrowverse")
        #expect(franchise.shows.map(\.name) == franchise.rules.shows, "the franchise's order is the rules' priority")
        #expect(franchise.shows.count == 11)
        #expect(franchise.showPriority == franchise.rules.shows.map(Show.slug))
        #expect(franchise.shows.compactMap(\.tvmazeID) == [4, 13, 1850, 1851, 37776, 20683, 44751, 37809])
        #expect(franchise.show(id: "constantine")?.tvmazeID == nil)
        #expect(franchise.show(id: "arrow")?.externalIDs == ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021"))
        let constantine = try #require(franchise.show(id: "constantine")?.pages.first)
        #expect(constantine.title == "Constantine_(TV_series)" && constantine.season == 1 && constantine.site == .englishWikipedia)
        #expect(franchise.pages.count == 11)
        #expect(franchise.pages.allSatisfy { $0.site == .englishWikipedia })
        #expect(franchise.episodeWiki == .fandom("arrow"))
        #expect(franchise.orders.map(\.id) == ["airing", "crossovers-together"])
        #expect(franchise.orders.allSatisfy { $0.origin == .builtIn })
        #expect(franchise.orders == franchise.rules.builtInOrders)
        let catalog = try #require(franchise.broadcasts)
        for series in catalog.series {
            let show = try #require(franchise.show(id: series.id), "\(series.id) is a franchise show")
            #expect(show.name == series.name)
            #expect(show.externalIDs.conflicts(with: series.externalIDs).isEmpty)
            #expect(show.pages.map(\.title) == series.pages.map(\.title), "\(series.name): one list of pages")
        }
        #expect(Set(franchise.shows.map(\.mark.glyph)).count == 11 && Set(franchise.shows.map(\.mark.symbol)).count == 11)
    }

    // MARK: Colours

    /// The airdate-web themes' backgrounds text sits on: page, card, watched row.
    static let lightBackgrounds = ["#ffffff", "#fbfbf8", "#eef6f0"].compactMap(RGBColor.init(hex:))
    static let darkBackgrounds = ["#121417", "#1a1d21", "#17261d"].compactMap(RGBColor.init(hex:))

    @Test("every show's colour is text-legible (WCAG AA, 4.5:1) on the light and the dark backgrounds")
    func contrast() throws {
        let franchise = try Arrowverse.franchise()
        #expect(Self.lightBackgrounds.count == 3 && Self.darkBackgrounds.count == 3)
        for show in franchise.shows {
            for background in Self.lightBackgrounds {
                #expect(show.color.light.contrastRatio(with: background) >= 4.5,
                        "\(show.name) \(show.color.light) on \(background): \(show.color.light.contrastRatio(with: background))")
            }
            for background in Self.darkBackgrounds {
                #expect(show.color.dark.contrastRatio(with: background) >= 4.5,
                        "\(show.name) \(show.color.dark) on \(background): \(show.color.dark.contrastRatio(with: background))")
            }
        }
    }

    @Test("no two shows alike: every pair differs by at least 10 (CIEDE2000) in each theme; the blue-ish shows apart")
    func distinct() throws {
        let franchise = try Arrowverse.franchise()
        for theme in [\ShowColor.light, \ShowColor.dark] {
            for (index, a) in franchise.shows.enumerated() {
                for b in franchise.shows[(index + 1)...] {
                    let difference = ColorDifference.ciede2000(a.color[keyPath: theme], b.color[keyPath: theme])
                    #expect(difference >= 10, "\(a.name) \(a.color[keyPath: theme]) and \(b.name) \(b.color[keyPath: theme]): \(difference)")
                }
            }
        }
        // The shows a palette most easily makes all blue: three different hues.
        let hues = try ["supergirl", "superman-lois", "freedom-fighters-the-ray"].map { id in
            ColorDifference.hue(try #require(franchise.show(id: id)).color.light)
        }
        for (index, hue) in hues.enumerated() {
            for other in hues[(index + 1)...] {
                let apart = min(abs(hue - other), 360 - abs(hue - other))
                #expect(apart >= 40, "hues \(hues)")
            }
        }
    }

    @Test("RGBColor reads and writes #rrggbb; WCAG's extremes")
    func rgb() throws {
        let color = try #require(RGBColor(hex: "#1B6E3A"))
        #expect(color == RGBColor(red: 0x1b, green: 0x6e, blue: 0x3a))
        #expect(color.description == "#1b6e3a")
        #expect(RGBColor(hex: "1b6e3a") == color)
        for bad in ["#1b6e3", "#1b6e3az", "green", "", "#-1-1-1"] { #expect(RGBColor(hex: bad) == nil, "\(bad)") }
        let black = RGBColor(red: 0, green: 0, blue: 0), white = RGBColor(red: 255, green: 255, blue: 255)
        #expect(abs(black.contrastRatio(with: white) - 21) < 0.001)
        #expect(abs(white.contrastRatio(with: white) - 1) < 0.001)
        let data = try JSONEncoder().encode(ShowColor(light: black, dark: white))
        #expect(String(decoding: data, as: UTF8.self).contains("\"#000000\""))
        #expect(try JSONDecoder().decode(ShowColor.self, from: data) == ShowColor(light: black, dark: white))
    }

    // MARK: Invalid files

    /// The Arrowverse's file with `change` applied to its JSON object, read back (rules and facts
    /// from the real folder unless `files` replaces them).
    private func read(_ change: (inout [String: Any]) -> Void, files: [String: String] = [:]) throws(FranchiseError) -> Franchise {
        var object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: Arrowverse.file)) as? [String: Any]) ?? [:]
        change(&object)
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return try Franchise(json: data, path: "test.json") { name throws(FranchiseError) in
            if let text = files[name] { return (Data(text.utf8), name) }
            let url = Arrowverse.folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw FranchiseError(.fileUnreadable, path: url.path, detail: "it does not exist")
            }
            return (data, url.path)
        }
    }

    private func shows(_ object: [String: Any]) -> [[String: Any]] { object["shows"] as? [[String: Any]] ?? [] }

    @Test("what is wrong is said, with the file: version, duplicates, colours, marks, sites, rules, facts, orders",
          arguments: [
            ("version 2", FranchiseError.Code.unsupportedVersion, "version 2"),
            ("no shows", .invalid, "no show"),
            ("duplicate id", .invalid, "listed twice"),
            ("bad colour", .invalid, "shows[2].color.light"),
            ("shared glyph", .invalid, "glyph"),
            ("bad symbol", .invalid, "symbol"),
            ("bad site", .invalid, "site \"wikia\""),
            ("unknown rules show", .invalid, "Smallville"),
            ("unknown derived order", .invalid, "flash-first"),
            ("bad order definition", .invalid, "orders[2]"),
            ("missing rules", .fileUnreadable, "nothing.json"),
          ])
    func invalid(_ case: String, code: FranchiseError.Code, fragment: String) throws {
        let error = #expect(throws: FranchiseError.self) {
            _ = try self.read({ object in
                var shows = self.shows(object)
                switch `case` {
                case "version 2": object["version"] = 2
                case "no shows": shows = []
                case "duplicate id": shows[1]["id"] = "arrow"
                case "bad colour": shows[2]["color"] = ["light": "#12345", "dark": "#ffffff"]
                case "shared glyph": shows[3]["mark"] = ["glyph": "AR", "symbol": "other"]
                case "bad symbol": shows[3]["mark"] = ["glyph": "LT", "symbol": "Hour Glass"]
                case "bad site": shows[0]["pages"] = [["site": "wikia", "title": "X"]]
                case "unknown rules show": object["rules"] = "smallville.json"
                case "unknown derived order": object["orders"] = ["airing", "flash-first"]
                case "bad order definition": object["orders"] = ["airing", "crossovers-together", ["id": "x"]]
                case "missing rules": object["rules"] = "nothing.json"
                default: break
                }
                object["shows"] = shows
            }, files: ["smallville.json": #"{"shows": ["Arrow", "Smallville"], "crossovers": []}"#])
        }
        #expect(error?.code == code, "\(String(describing: error))")
        let text = error?.errorDescription ?? ""
        #expect(text.contains(fragment), "\(text)")
        #expect(!text.contains(".."), "\(text)")
    }

    @Test("series.json must be about the franchise's shows, with the same ids")
    func factsAgree() throws {
        let facts = #"{"version": 1, "series": [{"id": "arrow", "name": "Arrow", "externalIDs": {"tvmaze": 5}}]}"#
        let error = #expect(throws: FranchiseError.self) {
            _ = try self.read({ $0["broadcasts"] = "facts.json" }, files: ["facts.json": facts])
        }
        #expect(error?.errorDescription?.contains("tvmaze") == true, "\(String(describing: error))")
        let stranger = #"{"version": 1, "series": [{"id": "smallville", "name": "Smallville"}]}"#
        let other = #expect(throws: FranchiseError.self) {
            _ = try self.read({ $0["broadcasts"] = "facts.json" }, files: ["facts.json": stranger])
        }
        #expect(other?.errorDescription?.contains("smallville") == true)
        // Without broadcast facts a franchise still reads: same-day episodes go by priority.
        let without = try read { $0["broadcasts"] = nil }
        #expect(without.broadcasts == nil)
    }

    @Test("an order definition in the file: based on a built-in one, offered after it, built in")
    func definedOrder() throws {
        let franchise = try read { object in
            object["orders"] = ["airing", "crossovers-together", [
                "id": "flash-first", "title": "The Flash first", "basedOn": "crossovers-together", "showPriority": ["The Flash", "Arrow"],
                "rules": [],
            ] as [String: Any]]
        }
        #expect(franchise.orders.map(\.id) == ["airing", "crossovers-together", "flash-first"])
        let flashFirst = try #require(franchise.orders.last)
        #expect(flashFirst.origin == .builtIn)
        #expect(flashFirst.showPriority?.first == "The Flash")
        #expect(flashFirst.rules == franchise.orders[1].rules, "basedOn copied the rules")
    }

    @Test("a missing franchise file names the path and says it does not exist")
    func missingFile() throws {
        let url = try TemporaryFiles.folder("franchise").appendingPathComponent("franchise.json")
        let error = #expect(throws: FranchiseError.self) { _ = try Franchise(contentsOf: url) }
        #expect(error?.code == .fileUnreadable)
        #expect(error?.errorDescription?.contains(url.path) == true && error?.errorDescription?.contains("does not exist") == true)
        #expect({ () -> Bool in
            do { _ = try Franchise(contentsOf: url); return false } catch FranchiseError.Code.fileUnreadable { return true } catch { return false }
        }(), "a code matches in a catch")
    }
}

/// Colour differences as people see them, for the palette test.
enum ColorDifference {
    private static func linear(_ component: UInt8) -> Double {
        let value = Double(component) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// CIE L*a*b* (D65).
    static func lab(_ color: RGBColor) -> (l: Double, a: Double, b: Double) {
        let (r, g, b) = (linear(color.red), linear(color.green), linear(color.blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116.0 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// The hue angle in degrees (CIE LCh).
    static func hue(_ color: RGBColor) -> Double {
        let (_, a, b) = lab(color)
        let degrees = atan2(b, a) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// CIEDE2000 (Sharma, Wu and Dalal's formulation).
    static func ciede2000(_ first: RGBColor, _ second: RGBColor) -> Double {
        let (l1, a1, b1) = lab(first), (l2, a2, b2) = lab(second)
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - (pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hueAngle(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = degrees(atan2(b, a))
            return h < 0 ? h + 360 : h
        }
        let h1p = hueAngle(b1, a1p), h2p = hueAngle(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(radians(dhp / 2))
        let meanL = (l1 + l2) / 2, meanCp = (c1p + c2p) / 2
        var meanHp = h1p + h2p
        if c1p * c2p != 0 {
            meanHp = abs(h1p - h2p) <= 180 ? (h1p + h2p) / 2 : (h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2)
        }
        let t = 1 - 0.17 * cos(radians(meanHp - 30)) + 0.24 * cos(radians(2 * meanHp)) + 0.32 * cos(radians(3 * meanHp + 6))
            - 0.20 * cos(radians(4 * meanHp - 63))
        let dTheta = 30 * exp(-pow((meanHp - 275) / 25, 2))
        let rc = 2 * (pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / (20 + pow(meanL - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * dTheta)) * rc
        return (pow(dLp / sl, 2) + pow(dCp / sc, 2) + pow(dHp / sh, 2) + rt * (dCp / sc) * (dHp / sh)).squareRoot()
    }
}
