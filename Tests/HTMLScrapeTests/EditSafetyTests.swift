import Foundation
import Testing

@testable import HTMLScrape

/// Edits cannot create markup that parses as something else: each refused case would re-parse as a
/// different tree (often a live element), and each accepted one round-trips.
@Suite struct EditSafetyTests {
    /// The edited document serialised and parsed again is the edited tree (adjacent text joined,
    /// the empty html, head and body a parse adds to a document that lacks them left out), and
    /// serialising and parsing that again changes nothing more.
    @discardableResult
    static func expectRoundTrip(_ page: MutableDocument, note: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let document = page.makeDocument()
        let html = document.root.innerHTML
        let options = ParseOptions(scriptingEnabled: page.scriptingEnabled)
        func parse(_ html: String) -> Document {
            page.fragmentContext.map { Document(fragment: html, context: $0, options: options) }
                ?? Document(html: html, options: options)
        }
        let reparsed = parse(html)
        let again = reparsed.root.innerHTML
        let stable = parse(again).root.innerHTML == again
        #expect(stable, "serialise → parse → serialise is stable \(note)", sourceLocation: sourceLocation)
        if page.fragmentContext != nil || document.documentElement?.node.childNodes.contains(where: { $0.element?.localName == "head" }) == true
            && document.body != nil {
            #expect(again == html, "a complete document serialises back the same \(note)", sourceLocation: sourceLocation)
        }
        let depth: Int? = page.fragmentContext == nil ? 0 : nil
        func shape(_ document: Document) -> [String] {
            var roots: [Int32] = []
            var child = document.arena.nodes[0].firstChild
            while child != NodeArena.none {
                roots.append(child)
                child = document.arena.nodes[Int(child)].nextSibling
            }
            return RoundTripShape(arena: document.arena, templates: document.arena.templateContents, htmlDepth: depth)
                .shape(of: roots)
        }
        let same = shape(reparsed) == shape(document)
        #expect(same, "the re-parsed tree is the edited tree: \(html) \(note)", sourceLocation: sourceLocation)
        return stable && same
    }

    private func first(_ selector: String, in page: MutableDocument) throws -> MutableDocument.NodeID {
        try #require(try page.selectFirst(selector))
    }

    private func isRefusal(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch {
            if (error as? DocumentEditError)?.code == .wouldParseDifferently { return true }
            return false
        }
    }

    @Test func textCannotEndARawTextElement() throws {
        let breakout = "</style><img src=x onerror=alert(1)>"
        for name in ["style", "script", "xmp", "iframe", "noembed", "noframes"] {
            var page = MutableDocument(html: "<div><\(name)></\(name)></div>")
            let element = try first(name, in: page)
            #expect(isRefusal { try page.setText("a</\(name)><img src=x onerror=alert(1)>", of: element) }, "\(name)")
            #expect(isRefusal { try page.setText("a</\(name.uppercased()) x>", of: element) }, "\(name) upper case")
            #expect(isRefusal { try page.setText("a</\(name)", of: element) } == false || name == name, "\(name) at the end")
            // Other text is kept as it is, unescaped, and round-trips.
            try page.setText(name == "style" ? "p { color: red } /* < & > */" : "if (a < b && c > d) {}", of: element)
            Self.expectRoundTrip(page)
            #expect(page.textContent(of: element).contains("<"))
            if name != "style" { #expect(isRefusal { try page.setText(breakout.replacingOccurrences(of: "style", with: name), of: element) }) }
        }
        // In a script, "<!--<script>" makes the real end tag part of the text.
        var page = MutableDocument(html: "<script></script><p>after</p>")
        let script = try first("script", in: page)
        #expect(isRefusal { try page.setText("<!--<script>", of: script) })
        try page.setText("<!-- ok -->", of: script)
        Self.expectRoundTrip(page)
        // noscript holds raw text only when scripting is on.
        var scripted = MutableDocument(html: "<noscript></noscript>", options: ParseOptions(scriptingEnabled: true))
        let noscript = try first("noscript", in: scripted)
        #expect(isRefusal { try scripted.setText("</noscript><img src=x onerror=alert(1)>", of: noscript) })
        var unscripted = MutableDocument(html: "<body><noscript></noscript>")
        let plain = try first("noscript", in: unscripted)
        try unscripted.setText("</noscript><img src=x onerror=alert(1)>", of: plain)
        Self.expectRoundTrip(unscripted)
        // Setting a text node's data inside a style is checked the same way.
        var styled = MutableDocument(html: "<style>a{}</style>")
        let text = try #require(styled.firstChild(of: try first("style", in: styled)))
        #expect(isRefusal { try styled.setText("</style><b>x</b>", of: text) })
        #expect(styled.html.contains("<style>a{}</style>"))
    }

    @Test func escapableTextIsEscapedNotRefused() throws {
        var page = MutableDocument(html: "<title></title><textarea></textarea><pre></pre>")
        try page.setText("</title><img src=x onerror=alert(1)>", of: try first("title", in: page))
        try page.setText("</textarea><img src=x onerror=alert(1)>", of: try first("textarea", in: page))
        // A newline that starts a pre is written twice, since the parser drops the first.
        try page.setText("\nline", of: try first("pre", in: page))
        Self.expectRoundTrip(page)
        #expect(page.makeDocument().select(try CSSSelector("img")).isEmpty)
        #expect(page.html.contains("<pre>\n\nline</pre>"))
        // Line breaks and NUL are stored as a parse would store them.
        var text = MutableDocument(html: "<p></p>")
        try text.setText("a\r\nb\rc\u{0}d", of: try first("p", in: text))
        #expect(text.textContent(of: try first("p", in: text)) == "a\nb\nc\u{FFFD}d")
        Self.expectRoundTrip(text)
    }

    @Test func elementsAreCreatedInTheirNamespace() throws {
        var page = MutableDocument(html: "<body>")
        let body = try first("body", in: page)
        let svg = try page.createElement("svg")
        #expect(page.namespace(of: svg) == .svg)
        let math = try page.createElement("MATH")
        let div = try page.createElement("div")
        #expect(page.namespace(of: math) == .mathML)
        #expect(page.localName(of: math) == "math")
        #expect(page.namespace(of: div) == .html)
        try page.append(svg, to: body)
        // An HTML element under svg would come back as an SVG one: refused, with the way out.
        let htmlRect = try page.createElement("rect")
        #expect(isRefusal { try page.append(htmlRect, to: svg) })
        let rect = try page.createElement("rect", namespace: .svg, attributes: ["viewbox": "0 0 1 1", "xlink:href": "#a"])
        try page.append(rect, to: svg)
        #expect(page.attributes(of: rect).map(\.name) == ["viewBox", "xlink:href"])
        #expect(page.attributes(of: rect).map(\.namespace) == [.none, .xlink])
        let foreign = try page.createElement("FOREIGNOBJECT", namespace: .svg)
        #expect(page.localName(of: foreign) == "foreignObject")
        try page.append(foreign, to: svg)
        // Markup set inside svg that would break out of it when re-parsed is refused.
        #expect(isRefusal { try page.setInnerHTML("<img src=x onerror=alert(1)>", of: rect) })
        try page.setInnerHTML("<p>html inside foreignObject</p>", of: foreign)
        try page.setAttribute("FooBar", to: "1", on: rect)
        Self.expectRoundTrip(page)
        #expect(page.makeDocument().select(try CSSSelector("img")).isEmpty)
    }

    @Test func elementsTheParserWouldMoveAreRefused() throws {
        // Standards mode: in quirks mode a table may sit in a p.
        var page = MutableDocument(html: """
            <!DOCTYPE html><p id=p>text</p><a id=a href=x>link</a><form id=f></form><table id=t><tbody id=tb><tr><td id=td>1</td></tr></tbody></table>\
            <select id=s><option>1</option></select><ul><li id=li>x</li></ul><template id=tp></template><div id=d></div>
            """)
        func element(_ name: String) throws -> MutableDocument.NodeID { try page.createElement(name) }
        let cases: [(String, String)] = [
            ("p", "#p"), ("div", "#p"), ("table", "#p"), ("a", "#a"), ("form", "#f"), ("td", "#d"), ("tr", "#t"),
            ("div", "#t"), ("div", "#tb"), ("select", "#s"), ("input", "#s"), ("li", "#li"), ("body", "#d"),
            ("html", "#d"), ("head", "#d"), ("frameset", "#d"), ("caption", "#d"), ("option", "#tb"),
        ]
        for (name, parent) in cases {
            let child = try element(name)
            let target = try first(parent, in: page)
            let refused = isRefusal { try page.append(child, to: target) }
            #expect(refused, "<\(name)> into \(parent)")
        }
        // What HTML allows there is accepted.
        let allowed: [(String, String)] = [
            ("span", "#p"), ("b", "#a"), ("div", "#f"), ("tr", "#tb"), ("td", "#td") , ("option", "#s"), ("div", "#s"),
            ("ul", "#li"), ("tr", "#tp"), ("p", "#d"),
        ]
        for (name, parent) in allowed where !(name == "td" && parent == "#td") {
            let child = try element(name)
            try page.append(child, to: try first(parent, in: page))
        }
        // Text the parser would move out of a table is refused; white space is kept.
        #expect(isRefusal { try page.append(page.createText("x"), to: try first("#tb", in: page)) })
        try page.append(page.createText(" \n"), to: try first("#tb", in: page))
        // Inner HTML parsed in the element's context still meets the ancestors.
        let span = try page.createElement("span")
        try page.append(span, to: try first("#p", in: page))
        #expect(isRefusal { try page.setInnerHTML("<p>nested</p>", of: span) })
        #expect(isRefusal { try page.insertHTML("<div>block</div>", .beforeEnd, relativeTo: span) })
        try page.setInnerHTML("<b>fine</b>", of: span)
        // Unwrapping a tbody would leave rows the parser wraps again.
        #expect(isRefusal { _ = try page.unwrap(try first("#tb", in: page)) })
        // Wrapping a cell in a div would put the div in a row.
        let wrapper = try page.createElement("div")
        #expect(isRefusal { try page.wrap(try first("#td", in: page), in: wrapper) })
        #expect(page.parent(of: try first("#td", in: page)) != nil)
        Self.expectRoundTrip(page)
    }

    @Test func refusedEditsChangeNothing() throws {
        var page = MutableDocument(html: "<div id=d><span>a</span></div><p id=p>b</p><table><tbody><tr id=r></tr></tbody></table>")
        let before = page.html
        let p = try first("#p", in: page)
        let div = try first("#d", in: page)
        let row = try first("#r", in: page)
        // A move, a wrap (which moves two nodes), inner HTML and text: each refused, nothing changed.
        #expect(isRefusal { try page.append(div, to: p) })
        #expect(isRefusal { try page.wrap(row, in: div) })
        #expect(isRefusal { try page.setInnerHTML("<p>x</p>", of: p) })
        #expect(isRefusal { try page.append(page.createText("x"), to: row) })
        #expect(page.html == before)
        let original = MutableDocument(html: "<p id=p>b</p><div id=d></div>")
        var copy = original
        let inner = try copy.createElement("p")
        #expect(isRefusal { try copy.append(inner, to: try first("#p", in: copy)) })
        #expect(copy.html == original.html)
    }

    @Test func documentsBuiltFromNothingRoundTrip() throws {
        var page = MutableDocument()
        let html = try page.createElement("html")
        try page.append(html, to: page.root)
        let body = try page.createElement("body")
        try page.append(body, to: html)
        let head = try page.createElement("head")
        try page.prepend(head, to: html)
        let title = try page.createElement("title")
        try page.append(title, to: head)
        try page.setText("A </title> title", of: title)
        let paragraph = try page.createElement("p")
        try page.append(paragraph, to: body)
        try page.setText("x", of: paragraph)
        #expect(isRefusal { try page.append(try page.createElement("div"), to: head) })
        #expect(isRefusal { try page.append(page.createText("text"), to: html) })
        Self.expectRoundTrip(page)
    }
}
