import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

/// Selectors on 100,000-element documents, wide and deep: these finish quickly only if `:has()`,
/// `:nth-*()` and combinators stay linear, and at all only if nothing recurses per level.
@Suite(.heavy) struct SelectorScaleTests {
    static let wide: Document = {
        var html = "<ul id=list>"
        for i in 0..<100_000 { html += i % 10 == 0 ? "<li class=x>\(i)</li>" : "<li>\(i)</li>" }
        return Document(html: html + "</ul>", options: ParseOptions(collectsErrors: false))
    }()

    static let deep: Document = {
        // Parsing nested divs is the tree builder's business; build the chain straight into an arena.
        var arena = NodeArena()
        var parent: Int32 = 0
        for _ in 0..<100_000 {
            let div = arena.createElement(.div, namespace: .html)
            arena.append(div, to: parent)
            parent = div
        }
        let span = arena.createElement(.span, namespace: .html)
        arena.append(span, to: parent)
        Array("x".utf8).withUnsafeBufferPointer { arena.appendText($0, to: span) }
        return Document(arena: arena, errors: [], quirksMode: .noQuirks, encoding: .utf8, scriptingEnabled: false)
    }()

    @Test func wideDocuments() async throws {
        // Computed on a thread of its own (see `runOnOwnThread`), checked here.
        let counts = try await runOnOwnThread { () throws -> [Int] in
            let document = Self.wide
            return try [
                "li:nth-child(2n+1)", "ul:has(li.x)", "li:has(+ li.x)", "li:has(~ li.x)", "li.x ~ li.x",
                "li:not(:has(*))",
                // An earlier-sibling search that never succeeds: each answer is remembered, not re-walked.
                "li.nope ~ li, li:not(.x) ~ li:not(li) ~ li", "li.x ~ li + li.x",
            ].map { try document.select($0).count }
        }
        #expect(counts == [50_000, 1, 9_999, 99_990, 9_999, 100_000, 0, 9_999])
        let texts = try await runOnOwnThread { () throws -> [[String]] in
            let document = Self.wide
            return try ["li:nth-last-child(-n+3)", "li:nth-child(3 of .x)", "li:nth-last-of-type(1)"]
                .map { try document.select($0).map(\.text) }
        }
        #expect(texts == [["99997", "99998", "99999"], ["20"], ["99999"]])
    }

    @Test func deepDocuments() async throws {
        let counts = try await runOnOwnThread { () throws -> [Int] in
            let document = Self.deep
            return try [
                "div:has(span)", "div:not(:has(a))", "div div div > span", "div a span, p span",
                "div:first-child:only-child", "div:has(> span)",
                // An ancestor search that never succeeds, from every one of 100,000 nested divs.
                "div p div, span div", "div > div div > div", ":not(div div div div)",
                // Text tests read one index of the document's text, not each element's subtree again.
                "div:contains(X)", "div:-soup-contains(\"X\"), div:containsOwn(x)",
            ].map { try document.select($0).count }
        }
        #expect(counts == [100_000, 100_000, 1, 0, 100_000, 1, 0, 99_997, 4, 100_000, 0])
        let (closest, matchesRoot, text) = try await runOnOwnThread { () throws -> (String?, Bool, String?) in
            let document = Self.deep
            guard let span = try document.selectFirst("span") else { return (nil, false, nil) }
            return (try span.closest("body, :root")?.localName, try span.matches(":root span"), document.documentElement?.text)
        }
        #expect(closest == "div")
        #expect(matchesRoot)
        #expect(text == "x")
    }
}
