import Foundation
import Testing
@testable import HTMLScrape

/// Selectors on 100,000-element documents, wide and deep: these finish quickly only if `:has()`,
/// `:nth-*()` and combinators stay linear, and at all only if nothing recurses per level.
@Suite struct SelectorScaleTests {
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

    @Test func wideDocuments() throws {
        let document = Self.wide
        #expect(try document.select("li:nth-child(2n+1)").count == 50_000)
        #expect(try document.select("li:nth-last-child(-n+3)").map(\.text) == ["99997", "99998", "99999"])
        #expect(try document.select("li:nth-child(3 of .x)").map(\.text) == ["20"])
        #expect(try document.select("li:nth-last-of-type(1)").map(\.text) == ["99999"])
        #expect(try document.select("ul:has(li.x)").count == 1)
        #expect(try document.select("li:has(+ li.x)").count == 9_999)
        #expect(try document.select("li:has(~ li.x)").count == 99_990)
        #expect(try document.select("li.x ~ li.x").count == 9_999)
        #expect(try document.select("li:not(:has(*))").count == 100_000)
        // An earlier-sibling search that never succeeds: each answer is remembered, not re-walked.
        #expect(try document.select("li.nope ~ li, li:not(.x) ~ li:not(li) ~ li").isEmpty)
        #expect(try document.select("li.x ~ li + li.x").count == 9_999)
    }

    @Test func deepDocuments() throws {
        let document = Self.deep
        #expect(try document.select("div:has(span)").count == 100_000)
        #expect(try document.select("div:not(:has(a))").count == 100_000)
        #expect(try document.select("div div div > span").count == 1)
        #expect(try document.select("div a span, p span").isEmpty)
        #expect(try document.select("div:first-child:only-child").count == 100_000)
        #expect(try document.select("div:has(> span)").count == 1)
        // An ancestor search that never succeeds, from every one of 100,000 nested divs.
        #expect(try document.select("div p div, span div").isEmpty)
        #expect(try document.select("div > div div > div").count == 99_997)
        #expect(try document.select(":not(div div div div)").count == 4)
        let span = try #require(try document.selectFirst("span"))
        #expect(try span.closest("body, :root")?.localName == "div")
        #expect(try span.matches(":root span"))
        #expect(document.documentElement?.text == "x")
        // Text tests read one index of the document's text, not each element's subtree again.
        #expect(try document.select("div:contains(X)").count == 100_000)
        #expect(try document.select("div:-soup-contains(\"X\"), div:containsOwn(x)").isEmpty)
    }
}
