import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

@Suite struct ExtractionTests {
    private func element(_ html: String, _ selector: String, url: String? = nil) throws -> Element {
        let document = Document(html: html, options: ParseOptions(url: url.flatMap(URL.init(string:))))
        return try #require(try document.selectFirst(selector))
    }

    @Test func textIsNormalisedLikeJsoup() throws {
        let div = try element(
            "<div id=d> Hello <b>big</b>\n world <p>para</p>x<br>y<script>var a</script><style>p{}</style></div>", "#d")
        #expect(div.text == "Hello big world para x y")
        #expect(div.ownText == "Hello world x y")
        #expect(try element("<p id=p>a<span>b</span>c</p>", "#p").text == "abc")
        #expect(try element("<p id=p>a<span>b</span>c</p>", "#p").ownText == "ac")
        #expect(try element("<table id=t><tr><td>a</td><td>b</td></tr></table>", "#t").text == "a b")
    }

    @Test func renderedTextKeepsLinesAndParagraphs() throws {
        let div = try element("""
        <div id=d><h2>Title</h2><p>One <b>two</b></p><p>Three<br>Four</p><ul><li>a</li><li>b</li></ul>\
        <pre>  x
          y</pre><script>hidden()</script></div>
        """, "#d")
        #expect(div.renderedText == "Title\n\nOne two\n\nThree\nFour\n\na\nb\n  x\n  y")
        let table = try element("<table id=t><tr><td>a</td><td>b</td></tr><tr><td>c</td><td> d </td></tr></table>", "#t")
        #expect(table.renderedText == "a\tb\nc\td")
    }

    @Test func plainTextFollowsInnerTextLineBreakCounts() {
        // HTML "rendered text collection steps" (innerText): a `p` requires 2 line breaks before and
        // after it, other block-level boxes (headings, div, li, tr…) require 1, and a run of required
        // breaks becomes as many newlines as the largest of them (never their sum).
        #expect(PlainText.from(html: "<h2>Cast</h2>Main roles") == "Cast\nMain roles")
        #expect(PlainText.from(html: "<h2>Cast</h2><div>Main roles</div>") == "Cast\nMain roles")
        #expect(PlainText.from(html: "<h2>Cast</h2><h3>Main</h3><ul><li>A</li></ul>") == "Cast\nMain\nA")
        #expect(PlainText.from(html: "<h2>Cast</h2><p>Main roles</p>") == "Cast\n\nMain roles")
        #expect(PlainText.from(html: "<p>One</p><h2>Cast</h2>") == "One\n\nCast")
        #expect(PlainText.from(html: "<div><p>One</p></div><div>Two</div>") == "One\n\nTwo")
        #expect(PlainText.from(html: "<b>Bold</b> <i>italic</i>") == "Bold italic")
    }

    @Test func plainTextFromSnippets() {
        #expect(PlainText.from(html: "<p>A <b>bold</b> start.</p><p>Then &amp; now.</p>") == "A bold start.\n\nThen & now.")
        #expect(PlainText.from(html: "<p>x</p><script>alert(1)</script><img src=x onerror=alert(1)>") == "x")
        #expect(PlainText.from(html: "Line<br>break &lt;tag&gt; &eacute;&nbsp;!") == "Line\nbreak <tag> é\u{A0}!")
        #expect(PlainText.from(html: "") == "")
        #expect(PlainText.from(html: "  plain   text  ") == "plain text")
    }

    @Test func urlsResolveAgainstThePageAndBase() throws {
        let page = "https://en.wikipedia.org/wiki/Y"
        #expect(try element("<a href='/wiki/X'>x</a>", "a", url: page).absoluteURL(for: "href")?.absoluteString
                == "https://en.wikipedia.org/wiki/X")
        #expect(try element("<a href=' //upload.example.org/i.png '>x</a>", "a", url: page)
            .absoluteURL(for: "HREF")?.absoluteString == "https://upload.example.org/i.png")
        #expect(try element("<base href='https://example.org/dir/'><a href='page'>x</a>", "a", url: page)
            .absoluteURL(for: "href")?.absoluteString == "https://example.org/dir/page")
        #expect(try element("<base href='/sub/'><a href='p?q=1#f'>x</a>", "a", url: "https://a.com/x/y")
            .absoluteURL(for: "href")?.absoluteString == "https://a.com/sub/p?q=1#f")
        #expect(try element("<a href='/wiki/X'>x</a>", "a").absoluteURL(for: "href") == nil)
        #expect(try element("<a href='https://x.org/a'>x</a>", "a").absoluteURL(for: "href")?.absoluteString
                == "https://x.org/a")
        #expect(try element("<a>x</a>", "a", url: page).absoluteURL(for: "href") == nil)
        let document = Document(html: "<p>", options: ParseOptions(url: URL(string: page)))
        #expect(document.url?.absoluteString == page)
        #expect(document.baseURL?.absoluteString == page)
        // An SVG `base`, or one without href, is not the document's base.
        let foreign = Document(html: "<svg><base href='https://x.org/'></svg><base>", options: ParseOptions(url: URL(string: page)))
        #expect(foreign.baseURL?.absoluteString == page)
        // A base added by editing counts once the edited document is made.
        var edited = MutableDocument(document)
        let head = try #require(try edited.selectFirst("head"))
        let base = try edited.createElement("base", attributes: ["href": "https://example.org/dir/"])
        try edited.append(base, to: head)
        #expect(edited.makeDocument().baseURL?.absoluteString == "https://example.org/dir/")
    }

    /// The whole-document text index that `:contains()` uses gives every element the same text as
    /// `text` does.
    @Test func textIndexAgreesWithText() throws {
        var pages = [
            "<div> Hello <b>big</b>\n world <p>para</p>x<br>y<script>var a</script></div><p>  <i> a </i>b<table><td>c<td>d</table>",
            "<ul><li>One<li><b>Two</b> three<li></ul><svg><text>In SVG</text></svg><template><p>t</template>É<p>ÀB",
        ]
        // A real page of the project's own fixtures always; a saved Wikipedia page too where ../shared has it.
        pages.append(String(decoding: try Data(contentsOf: TestData.fixtures.appendingPathComponent("arrowverse/wikipedia/List_of_Arrow_episodes.html")), as: UTF8.self))
        if let folder = TestData.sharedFolder("fixtures/wiki") {
            let data = try Data(contentsOf: folder.appendingPathComponent("wikipedia-2026-03_Game_of_Thrones_season_8.page.html"))
            pages.append(String(decoding: data, as: UTF8.self))
        }
        for html in pages {
            let document = Document(html: html)
            let exact = TextIndex(arena: document.arena, lowercased: false)
            let lowered = TextIndex(arena: document.arena, lowercased: true)
            var checked = 0
            for element in document.root.descendants.compactMap(\.element) {
                guard let slice = exact.text(of: element.node.index) else { continue }
                #expect(String(decoding: slice, as: UTF8.self) == element.text)
                let lowerSlice = try #require(lowered.text(of: element.node.index))
                #expect(String(decoding: lowerSlice, as: UTF8.self) == element.text.lowercased())
                checked += 1
            }
            #expect(checked > 5)
        }
    }

    @Test func selectorsRunOnParsedHTML() throws {
        let document = Document(html: """
        <!DOCTYPE html><TABLE class=wikitable><TR><TD>1<TD>2<TR><TD>3</TABLE>
        <svg viewBox="0 0 1 1"><foreignObject><p id=inside>x</p></foreignObject></svg>
        """)
        #expect(try document.select("table.wikitable > tbody > tr").count == 2)
        #expect(try document.select("tr:first-child td:nth-child(2)").map(\.text) == ["2"])
        #expect(try document.select("svg[viewBox] foreignObject > p").map { $0.id } == ["inside"])
        #expect(try document.select("[viewbox]").isEmpty)
        #expect(try document.select("td:has(+ td)").map(\.text) == ["1"])
    }
}
