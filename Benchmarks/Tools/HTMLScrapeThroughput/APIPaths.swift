import Foundation
import HTMLScrape

/// One way of using the public API on an input of size N whose cost must grow linearly with N: the
/// input is built (and parsed) by `prepare`, outside the timing; `run` is what is timed.
struct APIPath {
    /// A short name (for `path NAME SIZE`).
    let name: String
    /// What is done, in words.
    let summary: String
    /// Builds the input of size N and returns the timed part, which returns a count (kept, so that
    /// the work is not optimised away).
    let prepare: (Int) -> Prepared

    struct Prepared {
        let run: () -> Int
    }
}

/// `<html><body>` + `body` + `</body></html>`, parsed without error collection.
private func page(_ body: String, url: URL? = nil) -> Document {
    Document(html: "<!DOCTYPE html><html><head><title>x</title></head><body>" + body + "</body></html>",
             options: ParseOptions(collectsErrors: false, url: url))
}

private func links(_ count: Int) -> String {
    (0..<count).map { "<a href=\"/wiki/Page_\($0)\">\($0)</a>\n" }.joined()
}

private let pageURL = URL(string: "https://example.org/wiki/Start")

/// Every path the benchmark times. Each should double its time when N doubles.
func apiPaths() -> [APIPath] { [
    APIPath(name: "absolute-urls-no-base", summary: "absoluteURL(for: \"href\") of N links, no <base>") { n in
        let document = page(links(n), url: pageURL)
        let anchors = (try? document.select("a")) ?? []
        return .init { anchors.reduce(0) { $0 + ($1.absoluteURL(for: "href") == nil ? 0 : 1) } }
    },
    APIPath(name: "absolute-urls-base-without-href", summary: "absoluteURL(for:) of N links, <base target> without href") { n in
        let document = page("<base target=\"_blank\">" + links(n), url: pageURL)
        let anchors = (try? document.select("a")) ?? []
        return .init { anchors.reduce(0) { $0 + ($1.absoluteURL(for: "href") == nil ? 0 : 1) } }
    },
    APIPath(name: "absolute-urls-late-base", summary: "absoluteURL(for:) of N links, <base href> after them") { n in
        let document = page(links(n) + "<base href=\"https://mirror.example.org/w/\">", url: pageURL)
        let anchors = (try? document.select("a")) ?? []
        return .init { anchors.reduce(0) { $0 + ($1.absoluteURL(for: "href") == nil ? 0 : 1) } }
    },
    APIPath(name: "mutable-select-first-then-remove", summary: "N rounds of MutableDocument.selectFirst(\"ul > li\") + remove, N items") { n in
        let document = page("<ul>" + (0..<n).map { "<li class=\"todo\">item \($0)</li>" }.joined() + "</ul>")
        return .init {
            var editor = MutableDocument(document)
            var removed = 0
            while let item = try? editor.selectFirst("ul > li.todo") {
                try? editor.remove(item)
                removed += 1
            }
            return removed
        }
    },
    APIPath(name: "mutable-select-then-edit", summary: "N rounds of MutableDocument.selectFirst(\"#main > p\") + setAttribute, N paragraphs") { n in
        let document = page("<div id=\"main\"><p>first</p></div>" + (0..<n).map { "<p>paragraph \($0)</p>" }.joined())
        return .init {
            var editor = MutableDocument(document)
            var edited = 0
            for round in 0..<n {
                // The match is near the start: a round costs O(1) unless the editor copies.
                guard let first = try? editor.selectFirst("#main > p") else { break }
                try? editor.setAttribute("data-round", to: String(round), on: first)
                edited += 1
            }
            return edited
        }
    },
    APIPath(name: "mutable-edit-then-freeze", summary: "setAttribute on each of N elements, then makeDocument()") { n in
        let document = page((0..<n).map { "<p class=\"x\">paragraph \($0)</p>" }.joined())
        let paragraphs = ((try? document.select("p")) ?? []).map(\.node)
        return .init {
            var editor = MutableDocument(document)
            for node in paragraphs {
                guard let id = try? editor.node(for: node) else { continue }
                try? editor.setAttribute("data-seen", to: "1", on: id)
            }
            return editor.makeDocument().root.descendants.reduce(0) { count, _ in count + 1 }
        }
    },
    APIPath(name: "select-nested-divs", summary: "select(\"div\") over N nested <div>") { n in
        let document = page(String(repeating: "<div>", count: n) + "x")
        return .init { ((try? document.select("div")) ?? []).count }
    },
    APIPath(name: "text-of-nested-divs", summary: "Element.text of each of N nested <div> (what `scrape div` prints)") { n in
        let document = page(String(repeating: "<div>", count: n) + "x")
        let divs = (try? document.select("div")) ?? []
        return .init { divs.reduce(0) { $0 + $1.text.utf8.count } }
    },
    APIPath(name: "text-content-of-nested-divs", summary: "Node.textContent of each of N nested <div>") { n in
        let document = page(String(repeating: "<div>", count: n) + "x")
        let divs = (try? document.select("div")) ?? []
        return .init { divs.reduce(0) { $0 + $1.node.textContent.utf8.count } }
    },
    APIPath(name: "rendered-text-of-nested-divs", summary: "Element.renderedText of each of N nested <div>") { n in
        let document = page(String(repeating: "<div>", count: n) + "x")
        let divs = (try? document.select("div")) ?? []
        return .init { divs.reduce(0) { $0 + $1.renderedText.utf8.count } }
    },
    APIPath(name: "rendered-text-wide-row", summary: "renderedText of a table row of N cells") { n in
        let document = page("<table><tr>" + String(repeating: "<td>x</td>", count: n) + "</tr></table>")
        let row = try? document.selectFirst("tr")
        return .init { row?.renderedText.utf8.count ?? 0 }
    },
    APIPath(name: "text-deep-tree", summary: "Element.text of the <body> of N nested <div> each holding a word") { n in
        let document = page(String(repeating: "<div>word ", count: n))
        let body = document.body
        return .init { body?.text.utf8.count ?? 0 }
    },
    APIPath(name: "outer-html-deep-tree", summary: "outerHTML of the <body> of N nested <div>") { n in
        let document = page(String(repeating: "<div class=\"a&amp;b\">x&lt;", count: n))
        let body = document.body
        return .init { body?.outerHTML.utf8.count ?? 0 }
    },
    APIPath(name: "outer-html-each-of-wide", summary: "outerHTML of each of N sibling <p>") { n in
        let document = page((0..<n).map { "<p title=\"\($0)\">para &amp; \($0)</p>" }.joined())
        let paragraphs = (try? document.select("p")) ?? []
        return .init { paragraphs.reduce(0) { $0 + $1.outerHTML.utf8.count } }
    },
    APIPath(name: "element-select-in-loop", summary: "li.select(\"a\") for each of N list items") { n in
        let document = page("<ul>" + (0..<n).map { "<li><a href=\"#\($0)\">\($0)</a></li>" }.joined() + "</ul>")
        let items = (try? document.select("li")) ?? []
        guard let selector = try? CSSSelector("span > a, a") else { return .init { 0 } }
        return .init { items.reduce(0) { $0 + $1.select(selector).count } }
    },
    APIPath(name: "element-matches-in-loop", summary: "matches(\"ul > li:nth-child(2n+1)\") of each of N list items") { n in
        let document = page("<ul>" + (0..<n).map { "<li>\($0)</li>" }.joined() + "</ul>")
        let items = (try? document.select("li")) ?? []
        guard let selector = try? CSSSelector("ul > li:nth-child(2n+1)") else { return .init { 0 } }
        return .init { items.reduce(0) { $0 + ($1.matches(selector) ? 1 : 0) } }
    },
    APIPath(name: "closest-in-loop", summary: "closest(\"section\") of each of N links, 3 levels deep") { n in
        let document = page("<section><ul>" + (0..<n).map { "<li><a href=\"#\">\($0)</a></li>" }.joined() + "</ul></section>")
        let anchors = (try? document.select("a")) ?? []
        guard let selector = try? CSSSelector("section") else { return .init { 0 } }
        return .init { anchors.reduce(0) { $0 + ($1.closest(selector) == nil ? 0 : 1) } }
    },
    APIPath(name: "select-lang-nested", summary: "select(\"div:lang(en)\") over N nested <div> under <html lang=en>") { n in
        let document = Document(html: "<html lang=\"en\"><body>" + String(repeating: "<div>", count: n),
                                options: ParseOptions(collectsErrors: false))
        return .init { ((try? document.select("div:lang(en)")) ?? []).count }
    },
    APIPath(name: "select-disabled-nested", summary: "select(\"input:disabled\") over N nested <fieldset><input> (none disabled)") { n in
        let document = page(String(repeating: "<fieldset><input>", count: n))
        return .init { ((try? document.select("input:disabled")) ?? []).count }
    },
    APIPath(name: "select-dir-nested", summary: "select(\"div:dir(rtl)\") over N nested <div> under <html dir=rtl>") { n in
        let document = Document(html: "<html dir=\"rtl\"><body>" + String(repeating: "<div>", count: n),
                                options: ParseOptions(collectsErrors: false))
        return .init { ((try? document.select("div:dir(rtl)")) ?? []).count }
    },
    APIPath(name: "select-has-nested", summary: "select(\"div:has(> span)\") over N nested <div>") { n in
        let document = page(String(repeating: "<div>", count: n) + "<span>x</span>")
        return .init { ((try? document.select("div:has(> span)")) ?? []).count }
    },
    APIPath(name: "select-descendant-nested", summary: "select(\"div div span\") over N nested <div>") { n in
        let document = page(String(repeating: "<div>", count: n) + "<span>x</span>")
        return .init { ((try? document.select("div div span")) ?? []).count }
    },
    APIPath(name: "select-sibling-wide", summary: "select(\"li ~ li.x\") over N sibling <li>") { n in
        let document = page("<ul>" + (0..<n).map { $0 % 7 == 0 ? "<li class=\"x\">\($0)" : "<li>\($0)" }.joined() + "</ul>")
        return .init { ((try? document.select("li ~ li.x")) ?? []).count }
    },
    APIPath(name: "html-table-rows", summary: "HTMLTable of N rows with row spans, then its records") { n in
        let rows = (0..<n).map { $0 % 3 == 0 ? "<tr><td rowspan=\"3\">\($0)</td><td>a</td></tr>" : "<tr><td>b\($0)</td></tr>" }
        let document = page("<table><tr><th>n</th><th>v</th></tr>" + rows.joined() + "</table>")
        let table = try? document.selectFirst("table")
        return .init { table.flatMap(HTMLTable.init)?.records.count ?? 0 }
    },
    APIPath(name: "sanitize-deep-tree", summary: "HTMLSanitizer(.relaxed).sanitize of N nested <div><b>") { n in
        let document = page(String(repeating: "<div><b onclick=\"x()\">", count: n))
        let sanitizer = HTMLSanitizer(policy: .relaxed)
        return .init { sanitizer.sanitize(document).root.descendants.reduce(0) { count, _ in count + 1 } }
    },
] }

/// Runs the timed part of a path once: a function of its own, so that `valgrind --tool=callgrind
/// --toggle-collect='*runPath*'` counts the instructions of that part alone (`api-paths.py`).
@inline(never)
func runPath(_ prepared: APIPath.Prepared) -> Int {
    prepared.run()
}

/// Times every path (or those named) at N, 2N and 4N, best of three each, and prints the ratios.
func measureAPIPaths(base: Int, only names: [String]) {
    print("path\tN\t2N\t4N\t2N/N\t4N/2N\twhat")
    for path in apiPaths() where names.isEmpty || names.contains(path.name) {
        var times: [Double] = []
        for size in [base, 2 * base, 4 * base] {
            // A fresh input for every timing: documents keep what they work out (base URL, text
            // indexes), so a second run on the same one would not pay for it again.
            var fastest = Double.infinity
            for _ in 0..<3 {
                let prepared = path.prepare(size)
                fastest = min(fastest, best(of: 1) { _ = prepared.run() })
            }
            times.append(fastest)
        }
        let cells = times.map { String(format: "%.4fs", $0) }
        print("\(path.name)\t" + cells.joined(separator: "\t")
              + String(format: "\t%.2f\t%.2f", times[1] / times[0], times[2] / times[1]) + "\t\(path.summary)")
    }
}
