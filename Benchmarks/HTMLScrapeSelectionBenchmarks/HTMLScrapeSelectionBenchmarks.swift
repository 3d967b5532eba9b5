import Benchmark
import Foundation
import HTMLScrape

// Selection: the selectors `compare-selection.py` times against lexbor, one benchmark per selector
// and page, each page parsed once and the selector text compiled on every query (as lexbor's css()
// does); then the scale cases (100,000 siblings, 100,000 nested elements) and the first query on a
// freshly parsed page (which walks the tree; later queries use the document's element index).

/// The pages: the largest page of `../../shared/fixtures/wiki` (when present) and the project's
/// Fandom article and games-news page.
private func pages() -> [(name: String, bytes: [UInt8])] {
    let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let root = benchmarks.deletingLastPathComponent()
    var found: [(String, [UInt8])] = []
    let wiki = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/wiki")
    if let files = try? FileManager.default.contentsOfDirectory(atPath: wiki.path) {
        let largest = files.filter { $0.hasSuffix(".html") }.compactMap { file -> (String, [UInt8])? in
            guard let data = FileManager.default.contents(atPath: wiki.appendingPathComponent(file).path) else { return nil }
            return (file.replacingOccurrences(of: "wikipedia-2026-03_", with: "").replacingOccurrences(of: ".html", with: ""),
                    [UInt8](data))
        }.max { $0.1.count < $1.1.count }
        if let largest { found.append(largest) }
    }
    for file in ["fandom-article", "news-next"] {
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent("Fixtures/html/\(file).html").path) {
            found.append((file, [UInt8](data)))
        }
    }
    return found
}

/// The realistic set (the same as compare-selection.py's).
private let selectors = [
    "a", "td", ".reference", "span.mw-headline", "#firstHeading", "a[href]", "a[rel=\"nofollow\"]",
    "a[href^=\"/wiki/\"]", "img[src$=\".jpg\"]", "a[href*=\"action=edit\"]", "[class~=\"wikitable\"]",
    "div p a", "table tr td", "ul > li > a", "tr > td", "h2 + p", "h2 ~ p", "tr:nth-child(2n+1)",
    "li:nth-child(3)", "li:has(> a)", "tr:has(td)", ":is(h2, h3) span", ":where(ul, ol) > li",
    "a:not([href^=\"#\"])", "p:not(:first-child)",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 200
    )

    for page in pages() {
        let document = Document(bytes: page.bytes, options: ParseOptions(collectsErrors: false))
        for query in selectors {
            Benchmark("select \(query) on \(page.name)") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try document.select(query)) }
            }
        }
        Benchmark("parse + first select a on \(page.name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let fresh = Document(bytes: page.bytes, options: ParseOptions(collectsErrors: false))
                blackHole(try fresh.select("a"))
            }
        }
    }

    let wide = Document(html: "<ul>" + (0..<100_000).map { $0 % 10 == 0 ? "<li class=x>\($0)" : "<li>\($0)" }.joined())
    for query in ["li:nth-child(2n+1)", "li:nth-last-child(-n+3)", "li:nth-child(3 of .x)", "ul:has(li.x)", "li:has(+ li.x)"] {
        guard let selector = try? CSSSelector(query) else { continue }
        Benchmark("select \(query) on 100,000 <li>") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(wide.select(selector)) }
        }
    }
    let deep = Document(html: String(repeating: "<div>", count: 100_000) + "<span>x</span>")
    for query in ["div:has(span)", "div:not(:has(a))", "div > div div > div", "div", "div:lang(en)"] {
        guard let selector = try? CSSSelector(query) else { continue }
        Benchmark("select \(query) on 100,000 nested <div>") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(deep.select(selector)) }
        }
    }
    Benchmark("text of each of 100,000 nested <div>") { benchmark in
        for _ in benchmark.scaledIterations {
            let fresh = Document(html: String(repeating: "<div>", count: 100_000) + "x")
            blackHole(((try? fresh.select("div")) ?? []).reduce(0) { $0 + $1.text.utf8.count })
        }
    }
}
