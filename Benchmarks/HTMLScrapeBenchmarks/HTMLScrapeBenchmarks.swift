import Benchmark
import Foundation
@_spi(Benchmarking) import HTMLScrape

// Throughput: each benchmark's name carries the size of its input; MB/s = size / wall clock
// (see Benchmarks/README.md). Memory: peak resident memory and the number of mallocs per run.

/// The read-only `../shared/fixtures/wiki` pages beside the package checkout (absent elsewhere).
private func wikiPages() -> [(name: String, bytes: [UInt8])] {
    let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let folder = benchmarks.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/wiki")
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return files.filter { $0.hasSuffix(".html") }.sorted().compactMap { file in
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else {
            return nil
        }
        let name = file.replacingOccurrences(of: "wikipedia-2026-03_", with: "")
            .replacingOccurrences(of: ".html", with: "")
        return (name, [UInt8](data))
    }
}

/// About `megabytes` MB of realistic markup: sections with headings, paragraphs with inline markup and
/// links, lists, nested divs, and episode tables with row spans. Deterministic.
private func generatedDocument(megabytes: Int) -> [UInt8] {
    var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Generated</title>"
    html += "<style>td { padding: 2px }</style></head>\n<body class=\"mediawiki\">\n"
    var section = 0
    while html.utf8.count < megabytes * 1_000_000 {
        section += 1
        html += "<div class=\"section\" id=\"s\(section)\"><h2><span class=\"mw-headline\">Season \(section)</span></h2>\n"
        html += "<div class=\"hatnote\"><div><p>Main article: <a href=\"/wiki/Season_\(section)\" title=\"Season\">Season \(section)</a></p></div></div>\n"
        for paragraph in 0..<4 {
            html += "<p>The <b>season \(section)</b> premiered on <a href=\"/wiki/Network\">the network</a> &amp; ran for "
            html += "<i>\(paragraph + 10) episodes</i>, with &quot;café&quot; scenes — “quoted” text<sup class=\"reference\"><a href=\"#cite-\(paragraph)\">[\(paragraph)]</a></sup>.</p>\n"
        }
        html += "<ul>" + (0..<5).map { "<li><a href=\"/wiki/Cast_\($0)\">Cast member \($0)</a> as Role \($0)</li>" }.joined() + "</ul>\n"
        html += "<table class=\"wikitable plainrowheaders wikiepisodetable\"><tbody><tr><th>No.</th><th>Title</th><th>Directed by</th><th>Air date</th></tr>\n"
        for episode in 1...12 {
            html += "<tr class=\"vevent\"><th scope=\"row\" id=\"ep\(section)_\(episode)\">\(episode)</th>"
            html += "<td class=\"summary\">\"<a href=\"/wiki/Ep_\(section)_\(episode)\">Episode \(episode)</a>\"</td>"
            if episode % 4 == 1 { html += "<td rowspan=\"4\">Director \(episode)</td>" }
            html += "<td>October \(episode), 2012<span style=\"display:none\"> (<span class=\"published\">2012-10-\(episode)</span>)</span></td></tr>\n"
        }
        html += "</tbody></table></div>\n"
    }
    html += "</body></html>\n"
    return Array(html.utf8)
}

private func sizeLabel(_ count: Int) -> String {
    count >= 1_000_000
        ? String(format: "%.1f MB", Double(count) / 1_000_000) : String(format: "%.0f KB", Double(count) / 1_000)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 50
    )

    for page in wikiPages() {
        Benchmark("parse wiki \(page.name) (\(sizeLabel(page.bytes.count)))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Document(bytes: page.bytes))
            }
        }
        Benchmark("decode+preprocess wiki \(page.name) (\(sizeLabel(page.bytes.count)))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Document.decodeForBenchmark(page.bytes))
            }
        }
    }

    let large = generatedDocument(megabytes: 10)
    Benchmark("parse generated (\(sizeLabel(large.count)))", configuration: .init(maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document(bytes: large))
        }
    }
    Benchmark("decode+preprocess generated UTF-8 (\(sizeLabel(large.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document.decodeForBenchmark(large))
        }
    }
    Benchmark("decode+preprocess generated as windows-1252 (\(sizeLabel(large.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document.decodeForBenchmark(large, transportEncoding: "windows-1252"))
        }
    }
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in String(decoding: large, as: UTF8.self).utf16 {
        utf16.append(UInt8(truncatingIfNeeded: unit))
        utf16.append(UInt8(truncatingIfNeeded: unit >> 8))
    }
    Benchmark("decode+preprocess generated UTF-16LE (\(sizeLabel(utf16.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document.decodeForBenchmark(utf16))
        }
    }

    // Pathological inputs.
    let nested = String(repeating: "<div>", count: 100_000)
    Benchmark("pathological 100,000 nested <div> (\(sizeLabel(nested.utf8.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            let document = Document(html: nested)
            var count = 0
            for _ in document.root.descendants { count += 1 }
            blackHole(count)
        }
    }
    let formatting = String(repeating: "<b><i>", count: 50_000)
    Benchmark("pathological 50,000 unclosed <b><i> (\(sizeLabel(formatting.utf8.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document(html: formatting))
        }
    }
    let tables = String(repeating: "<table>", count: 50_000)
    Benchmark("pathological 50,000 <table> (\(sizeLabel(tables.utf8.count)))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Document(html: tables))
        }
    }

    // Misnesting at depth, each at N, 2N and 4N: linear parsing keeps each doubling near 2× (the
    // adoption agency once scanned and shifted the whole stack per step: 0.31/0.93/3.6 s for the first).
    let scaling: [(name: String, make: (Int) -> String)] = [
        ("<a> + N <div> + N </a>", { "<a>" + String(repeating: "<div>", count: $0) + String(repeating: "</a>", count: $0) }),
        ("<a><b><i> + N <div> + N </i></b></a>", {
            "<a><b><i>" + String(repeating: "<div>", count: $0) + String(repeating: "</i></b></a>", count: $0)
        }),
        ("N <a><div> + N </a>", { String(repeating: "<a><div>", count: $0) + String(repeating: "</a>", count: $0) }),
        ("N <b><i> + N </b></i>", { String(repeating: "<b><i>", count: $0) + String(repeating: "</b></i>", count: $0) }),
        ("N <table>", { String(repeating: "<table>", count: $0) }),
        ("N <table><tr><td>", { String(repeating: "<table><tr><td>", count: $0) }),
    ]
    for pattern in scaling {
        for size in [10_000, 20_000, 40_000] {
            let html = pattern.make(size)
            let name = pattern.name.replacingOccurrences(of: "N", with: size.formatted())
            Benchmark("pathological scaling \(name)", configuration: .init(maxIterations: 10)) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(Document(html: html, options: ParseOptions(collectsErrors: false)))
                }
            }
        }
    }

    // MARK: Sanitising and editing (HTMLScrape IV), next to parsing the same page.

    if let page = wikiPages().max(by: { $0.bytes.count < $1.bytes.count }) {
        let document = Document(bytes: page.bytes)
        let label = "\(page.name) (\(sizeLabel(page.bytes.count)))"
        Benchmark("sanitize: parse \(label)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(Document(bytes: page.bytes)) }
        }
        let relaxed = HTMLSanitizer(policy: .relaxed)
        Benchmark("sanitize: relaxed, parsed \(label)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(relaxed.sanitize(document)) }
        }
        let basic = HTMLSanitizer(policy: .basicFormatting)
        Benchmark("sanitize: basicFormatting, parsed \(label)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(basic.sanitize(document)) }
        }
        // The URLs are resolved once, outside the loop: what is measured is the editing.
        let base = URL(string: "https://en.wikipedia.org/wiki/List_of_The_100_episodes")
        let links = ((try? document.select("a[href]")) ?? []).compactMap { link -> (Node, String)? in
            guard let href = link.attribute("href"), let url = URL(string: href, relativeTo: base) else { return nil }
            return (link.node, url.absoluteString)
        }
        Benchmark("edit: \(links.count) links made absolute + makeDocument \(label)") { benchmark in
            for _ in benchmark.scaledIterations {
                var editor = MutableDocument(document)
                for (node, url) in links {
                    guard let id = try? editor.node(for: node) else { continue }
                    try? editor.setAttribute("href", to: url, on: id)
                }
                blackHole(editor.makeDocument())
            }
        }
    }
}
