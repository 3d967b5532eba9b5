import Testing
@testable import HTMLScrape

/// Issue 38, class 6: plain text never runs two blocks together. Block elements, `<br>`, list items,
/// table rows and cells keep a boundary in every plain-text path: the text-only sanitizer (and any
/// policy that unwraps a block), `PlainText`, `Element.text`, `Element.ownText`, `renderedText` and
/// table cells.
@Suite("Block boundaries in plain text")
struct BlockBoundaryTests {
    static let list = "<ul><li>Arrow</li><li>The Flash (2014)</li><li>Constantine</li></ul>"

    private func clean(_ html: String, _ policy: SanitizerPolicy = .textOnly) -> String {
        HTMLSanitizer(policy: policy).sanitizedHTML(fragment: html)
    }

    @Test("textOnly keeps a line break where a block, a list item, a row or a <br> was; a tab between cells", arguments: [
        (list, "Arrow\nThe Flash (2014)\nConstantine"),
        ("<div><p>one</p><p>two</p></div>", "one\ntwo"),
        ("Arrow<br>The Flash", "Arrow\nThe Flash"),
        ("<h2>Arrow</h2>Season 1", "Arrow\nSeason 1"),
        ("<table><tr><td>1</td><td>Pilot</td></tr><tr><td>2</td><td>Honor Thy Father</td></tr></table>", "1\tPilot\n2\tHonor Thy Father"),
        ("<dl><dt>Network</dt><dd>The CW</dd></dl>", "Network\nThe CW"),
        ("<p>The <b>Doctor</b> returns.</p>", "The Doctor returns."),
        ("a<span>b</span>c", "abc"),
    ])
    func textOnly(html: String, expected: String) {
        let output = clean(html)
        #expect(output == expected)
        #expect(clean(output) == output, "sanitising again changes nothing")
        #expect(Document(fragment: output, options: ParseOptions(scriptingEnabled: true)).root.innerHTML == output, "a fixed point")
    }

    @Test("any policy that unwraps a block keeps its boundary, next to what it keeps")
    func unwrappedBlocksInOtherPolicies() {
        #expect(clean("<b>Arrow</b><div>The Flash</div>", .basicFormatting) == "<b>Arrow</b>\nThe Flash")
        #expect(clean("<p>Arrow</p><section>The Flash</section>", .basicFormatting) == "<p>Arrow</p>\nThe Flash")
        #expect(clean("<ul><li>Arrow</li></ul><h3>Flash</h3>", .basicFormatting) == "<ul><li>Arrow</li></ul>\nFlash")
        #expect(clean(Self.list, .relaxed) == Self.list, "kept blocks are left as they are")
    }

    @Test("PlainText, Element.text, ownText and renderedText keep the boundaries")
    func extraction() throws {
        #expect(PlainText.from(html: Self.list) == "Arrow\nThe Flash (2014)\nConstantine")
        #expect(PlainText.from(html: "<table><tr><th>No.</th><th>Title</th></tr><tr><td>1</td><td>Pilot</td></tr></table>") == "No.\tTitle\n1\tPilot")
        #expect(PlainText.from(html: "Arrow<br>Flash<hr>Legends") == "Arrow\nFlash\nLegends")
        let page = Document(html: "<div id=a>" + Self.list + "</div><table><tr><td id=c>Arrow<div>The Flash</div>Legends<p>Supergirl</p></td></tr></table>")
        #expect(try page.selectFirst("#a")?.text == "Arrow The Flash (2014) Constantine")
        #expect(try page.selectFirst("#a")?.renderedText == "Arrow\nThe Flash (2014)\nConstantine")
        #expect(try page.selectFirst("#c")?.text == "Arrow The Flash Legends Supergirl")
        #expect(try page.selectFirst("#c")?.ownText == "Arrow Legends", "a block child separates its neighbours as <br> does")
        let table = try #require(try page.selectFirst("table").flatMap(HTMLTable.init))
        #expect(table.grid.first?.first??.text == "Arrow The Flash Legends Supergirl")
    }
}
