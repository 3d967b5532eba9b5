import Testing
import HTMLScrape

/// The public DOM API on parsed documents. Expected trees follow the HTML spec's tree construction
/// (implied `html`/`head`/`body`, attribute order, entity decoding), written out by hand.
@Suite struct DocumentTests {
    @Test func impliedStructureAndNavigation() throws {
        let doc = Document(html: "<!DOCTYPE html><title>A  &amp;\n B</title><p id=first class='x y x'>Hi <b>there</b><p>Two")
        #expect(doc.doctype?.name == "html")
        #expect(doc.quirksMode == .noQuirks)
        let html = try #require(doc.documentElement)
        #expect(html.localName == "html")
        #expect(html.children.map(\.localName) == ["head", "body"])
        #expect(doc.title == "A & B")
        let body = try #require(doc.body)
        let paragraphs = Array(body.children)
        #expect(paragraphs.map(\.localName) == ["p", "p"])
        #expect(paragraphs[0].id == "first")
        #expect(paragraphs[0].classNames == ["x", "y"])
        #expect(paragraphs[0].attributes.map(\.name) == ["id", "class"])
        #expect(paragraphs[0].node.textContent == "Hi there")
        #expect(paragraphs[0].nextElementSibling == paragraphs[1])
        #expect(paragraphs[1].previousElementSibling == paragraphs[0])
        #expect(paragraphs[1].parent == body)
        #expect(paragraphs[1].node.textContent == "Two")
        #expect(paragraphs[0].node.isDescendant(of: html.node))
        #expect(!html.node.isDescendant(of: paragraphs[0].node))
    }

    @Test func quirksModeComesFromTheDoctype() {
        #expect(Document(html: "<p>no doctype").quirksMode == .quirks)
        #expect(Document(html: "<!DOCTYPE html>").quirksMode == .noQuirks)
        #expect(Document(html: #"<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">"#).quirksMode == .limitedQuirks)
    }

    @Test func descendantsAreInDocumentOrder() {
        let doc = Document(html: "<div><p><a>1</a><b>2</b></p><i>3</i></div><span>4</span>")
        let names = doc.root.descendants.compactMap(\.element).map(\.localName)
        #expect(names == ["html", "head", "body", "div", "p", "a", "b", "i", "span"])
        let texts = doc.root.descendants.compactMap { $0.kind == .text ? $0.data : nil }
        #expect(texts == ["1", "2", "3", "4"])
    }

    @Test func attributesAreCaseInsensitiveForHTMLAndExactForSVG() throws {
        let doc = Document(html: #"<div DATA-X="1"></div><svg viewBox="0 0 1 1"></svg>"#)
        let body = try #require(doc.body)
        let kids = Array(body.children)
        #expect(kids[0].attribute("data-x") == "1")
        #expect(kids[0].attribute("DATA-X") == "1")
        #expect(kids[1].namespace == .svg)
        #expect(kids[1].attribute("viewBox") == "0 0 1 1")
        #expect(kids[1].attribute("viewbox") == nil)
    }

    @Test func serialisationRoundTripsAParsedPage() throws {
        let source = #"<ul><li class="a">One &amp; two</li><li>3 &lt; 4</li></ul><img src="x.png" alt="">"#
        let doc = Document(html: source)
        let body = try #require(doc.body)
        #expect(body.innerHTML == source)
        let reparsed = Document(html: body.innerHTML)
        #expect(reparsed.body?.innerHTML == source)
    }

    @Test func fragmentsParseInTheirContext() {
        let cells = Document(fragment: "<td>a</td><td>b</td>", context: FragmentContext(localName: "tr"))
        #expect(cells.root.kind == .documentFragment)
        #expect(cells.root.childNodes.compactMap(\.element).map(\.localName) == ["td", "td"])
        // In a body context, table cells outside a table are dropped: only their text stays.
        let body = Document(fragment: "<td>a</td><td>b</td>")
        #expect(body.root.childNodes.compactMap(\.element).isEmpty)
        #expect(body.root.textContent == "ab")
        let title = Document(fragment: "<b>not bold</b>", context: FragmentContext(localName: "title"))
        #expect(title.root.textContent == "<b>not bold</b>")
    }

    @Test func errorsCarryLineAndColumn() throws {
        let doc = Document(html: "<!DOCTYPE html>\n<p>\u{0}</p>")
        let error = try #require(doc.errors.first { $0.code.rawValue == "unexpected-null-character" })
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(Document(html: "<!DOCTYPE html>\n<p>\u{0}</p>", options: ParseOptions(collectsErrors: false)).errors.isEmpty)
    }

    @Test func documentsAreSendable() async {
        let doc = Document(html: "<p>shared</p>")
        let text = await Task.detached { doc.body?.node.textContent }.value
        #expect(text == "shared")
    }
}
