import Foundation
import Testing
@testable import HTMLScrape

@Suite struct MutableDocumentTests {
    private func fragment(_ html: String) -> MutableDocument {
        MutableDocument(fragment: html)
    }

    private func first(_ selector: String, in document: MutableDocument) throws -> MutableDocument.NodeID {
        try #require(try document.selectFirst(selector))
    }

    // MARK: Creating and inserting

    @Test func createsAndInsertsEveryKindOfNode() throws {
        var page = fragment("<ul><li>b</li></ul>")
        let list = try first("ul", in: page)
        let b = try first("li", in: page)
        let a = try page.createElement("LI", attributes: ["Class": "first"])
        try page.append(page.createText("a"), to: a)
        try page.prepend(a, to: list)
        let c = try page.createElement("li")
        try page.setText("c", of: c)
        try page.append(c, to: list)
        let zero = try page.createElement("li")
        try page.insert(zero, before: a)
        try page.insert(try page.createComment(" note "), after: b)
        #expect(page.html == #"<ul><li></li><li class="first">a</li><li>b</li><!-- note --><li>c</li></ul>"#)
        #expect(page.localName(of: a) == "li")
        #expect(page.attribute("CLASS", of: a) == "first")
        #expect(page.kind(of: zero) == .element)
        #expect(page.parent(of: zero) == list)
        #expect(page.children(of: list).count == 5)
        #expect(page.nextSibling(of: zero) == a && page.previousSibling(of: a) == zero)
        #expect(page.firstChild(of: list) == zero && page.data(of: page.lastChild(of: list).flatMap { page.firstChild(of: $0) } ?? page.root) == "c")
    }

    @Test func foreignElementsKeepTheirCase() throws {
        var page = fragment("<p></p>")
        let svg = try page.createElement("svg", namespace: .svg)
        let object = try page.createElement("foreignObject", namespace: .svg)
        try page.append(object, to: svg)
        try page.append(svg, to: try first("p", in: page))
        #expect(page.html == "<p><svg><foreignObject></foreignObject></svg></p>")
        #expect(Document(fragment: page.html).root.innerHTML == page.html)
    }

    @Test func invalidNamesAndCommentsAreRefused() {
        var page = fragment("")
        for name in ["", "1a", "a b", "a/b", "a>b", "<a", "a\"b"] {
            #expect(throws: DocumentEditError.invalidName(name)) { try page.createElement(name) }
        }
        #expect(throws: DocumentEditError.invalidName("on click")) {
            try page.createElement("p", attributes: ["on click": "x"])
        }
        #expect(throws: DocumentEditError.invalidCommentData("a-->b")) { try page.createComment("a-->b") }
        #expect(throws: DocumentEditError.invalidCommentData("->")) { try page.createComment("->") }
    }

    // MARK: Moving, removing, replacing

    @Test func insertingANodeThatIsInTheTreeMovesIt() throws {
        var page = fragment("<div id=a><p>x</p></div><div id=b></div>")
        let p = try first("p", in: page)
        let b = try first("#b", in: page)
        try page.append(p, to: b)
        #expect(page.html == #"<div id="a"></div><div id="b"><p>x</p></div>"#)
        try page.append(p, to: b)
        #expect(page.html == #"<div id="a"></div><div id="b"><p>x</p></div>"#)
        #expect(page.makeDocument().root.descendants.filter { $0.element?.localName == "p" }.count == 1)
    }

    @Test func cyclesAreRefusedAndChangeNothing() throws {
        var page = fragment("<div><section><p>x</p></section></div>")
        let div = try first("div", in: page)
        let p = try first("p", in: page)
        let before = page.html
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.append(div, to: p) }
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.append(div, to: div) }
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.insert(div, before: p) }
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.replace(p, with: div) }
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.wrap(p, in: div) }
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.wrap(div, in: div) }
        #expect(page.html == before)
    }

    @Test func cyclesThroughTemplateContentsAreRefused() throws {
        var page = fragment("<template><p>x</p></template>")
        let template = try #require(page.children(of: page.root).first)
        let content = try #require(page.templateContent(of: template))
        let p = try #require(page.children(of: content).first)
        #expect(throws: DocumentEditError.wouldCreateCycle) { try page.append(template, to: p) }
        let b = try page.createElement("b")
        try page.append(b, to: template)
        #expect(page.html == "<template><p>x</p><b></b></template>")
    }

    @Test func hierarchyRulesAreKept() throws {
        var page = MutableDocument(html: "<!DOCTYPE html><p>x</p>")
        let root = page.root
        let text = page.createText("t")
        #expect(throws: DocumentEditError.cannotInsert(.text, into: .document)) { try page.append(text, to: root) }
        #expect(throws: DocumentEditError.documentAlreadyHasElement) { try page.append(try page.createElement("html"), to: root) }
        let doctype = try #require(page.children(of: root).first)
        let p = try first("p", in: page)
        #expect(throws: DocumentEditError.cannotInsert(.documentType, into: .element)) { try page.append(doctype, to: p) }
        #expect(throws: DocumentEditError.cannotInsert(.element, into: .text)) {
            try page.append(try page.createElement("b"), to: try #require(page.firstChild(of: p)))
        }
        #expect(throws: DocumentEditError.cannotInsert(.document, into: .element)) { try page.append(root, to: p) }
        #expect(throws: DocumentEditError.noParent) { try page.insert(text, before: root) }
        #expect(throws: DocumentEditError.notAnElement(.text)) { try page.setAttribute("a", to: "b", on: text) }
        let other = MutableDocument(fragment: "<p></p>")
        #expect(throws: DocumentEditError.unknownNode) { try page.append(other.root, to: p) }
        #expect(throws: DocumentEditError.unknownNode) { try page.node(for: Document(html: "").root) }
    }

    @Test func removeReplaceAndReinsert() throws {
        var page = fragment("<p>a</p><p>b</p><p>c</p>")
        let paragraphs = try page.select("p")
        try page.remove(paragraphs[1])
        #expect(page.html == "<p>a</p><p>c</p>")
        #expect(page.parent(of: paragraphs[1]) == nil)
        try page.append(paragraphs[1], to: page.root)
        #expect(page.html == "<p>a</p><p>c</p><p>b</p>")
        let heading = try page.createElement("h2")
        try page.setText("A", of: heading)
        try page.replace(paragraphs[0], with: heading)
        #expect(page.html == "<h2>A</h2><p>c</p><p>b</p>")
        try page.replace(heading, with: paragraphs[1])
        #expect(page.html == "<p>b</p><p>c</p>")
        try page.removeChildren(of: page.root)
        #expect(page.html == "")
    }

    @Test func wrapAndUnwrap() throws {
        var page = fragment("<p>one <b>two</b> three</p>")
        let b = try first("b", in: page)
        let wrapper = try page.wrap(b, inHTML: #"<span class="outer"><em></em></span>"#)
        #expect(page.html == #"<p>one <span class="outer"><em><b>two</b></em></span> three</p>"#)
        let first = try page.unwrap(wrapper)
        #expect(page.html == "<p>one <em><b>two</b></em> three</p>")
        #expect(page.localName(of: try #require(first)) == "em")
        let em = try self.first("em", in: page)
        try page.unwrap(em)
        try page.unwrap(b)
        #expect(page.html == "<p>one two three</p>")
        #expect(page.makeDocument().root.firstChild?.childNodes.map(\.kind) == [.text, .text, .text])
        let section = try page.createElement("section")
        try page.wrap(try self.first("p", in: page), in: section)
        #expect(page.html == "<section><p>one two three</p></section>")
    }

    // MARK: Attributes, classes, text

    @Test func attributesAndClasses() throws {
        var page = fragment(#"<a href="/a" class="x y" title="t">link</a>"#)
        let a = try first("a", in: page)
        try page.setAttribute("HREF", to: "/b", on: a)
        try page.setAttribute("data-id", to: "7", on: a)
        #expect(try page.removeAttribute("title", from: a))
        #expect(try !page.removeAttribute("title", from: a))
        try page.addClass("z", to: a)
        try page.addClass("x", to: a)
        try page.removeClass("y", from: a)
        #expect(try page.toggleClass("w", on: a))
        #expect(try !page.toggleClass("x", on: a))
        #expect(page.html == #"<a href="/b" class="z w" data-id="7">link</a>"#)
        #expect(page.attributes(of: a).map(\.localName) == ["href", "class", "data-id"])
        try page.removeClass("z", from: a)
        try page.removeClass("w", from: a)
        #expect(page.attribute("class", of: a) == nil)
        #expect(try page.makeDocument().select("a[data-id='7']").count == 1)
    }

    @Test func setTextEscapesAndReplacesChildren() throws {
        var page = fragment("<p>old <b>bold</b></p><!--c-->")
        let p = try first("p", in: page)
        try page.setText("<script>x()</script> & more", of: p)
        #expect(page.html == "<p>&lt;script&gt;x()&lt;/script&gt; &amp; more</p><!--c-->")
        try page.setText("", of: p)
        #expect(page.children(of: p).isEmpty)
        let comment = try #require(page.lastChild(of: page.root))
        try page.setText("new", of: comment)
        #expect(throws: DocumentEditError.invalidCommentData("-->x")) { try page.setText("-->x", of: comment) }
        #expect(page.html == "<p></p><!--new-->")
        #expect(page.textContent(of: page.root) == "")
    }

    // MARK: HTML

    @Test func innerHTMLParsesInTheElementsContext() throws {
        var page = MutableDocument(html: "<table><tbody><tr><td>1</td></tr></tbody></table><title>x</title>")
        let row = try first("tr", in: page)
        let cells = try page.setInnerHTML("<td>a</td><td>b", of: row)
        #expect(cells.count == 2 && cells.allSatisfy { page.localName(of: $0) == "td" })
        let title = try first("title", in: page)
        try page.setInnerHTML("<b>not bold</b>", of: title)
        #expect(page.textContent(of: title) == "<b>not bold</b>")
        #expect(page.children(of: title).count == 1)
        let body = try first("body", in: page)
        try page.insertHTML("<p>end</p>", .beforeEnd, relativeTo: body)
        try page.insertHTML("<p>start</p>", .afterBegin, relativeTo: body)
        let table = try first("table", in: page)
        try page.insertHTML("<hr>", .beforeBegin, relativeTo: table)
        try page.insertHTML("<br>", .afterEnd, relativeTo: table)
        #expect(page.makeDocument().body?.innerHTML
                == "<p>start</p><hr><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><br><title>&lt;b&gt;not bold&lt;/b&gt;</title><p>end</p>")
    }

    @Test func outerHTMLReplacesTheNode() throws {
        var page = fragment("<ul><li>old</li></ul>")
        let item = try first("li", in: page)
        let new = try page.setOuterHTML("<li>one</li><li>two</li>", of: item)
        #expect(new.count == 2)
        #expect(page.html == "<ul><li>one</li><li>two</li></ul>")
        #expect(page.outerHTML(of: item) == "<li>old</li>")
        #expect(page.innerHTML(of: try first("ul", in: page)) == "<li>one</li><li>two</li>")
        #expect(throws: DocumentEditError.noParent) { try page.setOuterHTML("<p>", of: item) }
        var document = MutableDocument(html: "<p>x</p>")
        let html = try first("html", in: document)
        #expect(throws: DocumentEditError.cannotInsert(.documentFragment, into: .document)) {
            try document.setOuterHTML("<p>", of: html)
        }
        try document.setInnerHTML("<title>new</title><p>page", of: document.root)
        #expect(document.makeDocument().title == "new")
    }

    @Test func templateInnerHTMLGoesToItsContents() throws {
        var page = fragment("<template></template>")
        let template = try #require(page.children(of: page.root).first)
        try page.setInnerHTML("<tr><td>cell</td></tr>", of: template)
        #expect(page.children(of: template).isEmpty)
        #expect(page.html == "<template><tr><td>cell</td></tr></template>")
        #expect(page.makeDocument().root.firstChild?.element?.templateContent?.firstChild?.element?.localName == "tr")
    }

    // MARK: Documents

    @Test func editingNeverChangesTheOriginalDocument() throws {
        let original = Document(html: "<p class=a>x</p>")
        var page = MutableDocument(original)
        let p = try page.node(for: try #require(try original.selectFirst("p")).node)
        try page.setText("changed", of: p)
        try page.addClass("b", to: p)
        #expect(original.body?.innerHTML == #"<p class="a">x</p>"#)
        let edited = page.makeDocument()
        #expect(edited.body?.innerHTML == #"<p class="a b">changed</p>"#)
        var copy = page
        try copy.remove(p)
        #expect(page.makeDocument().body?.innerHTML == #"<p class="a b">changed</p>"#)
        #expect(copy.makeDocument().body?.innerHTML == "")
    }

    @Test func makeDocumentCompactsAndSupportsSelectors() throws {
        var page = fragment("<div><p>a</p><p>b</p></div>")
        for p in try page.select("p") { try page.remove(p) }
        for i in 0..<3 {
            let item = try page.createElement("span", attributes: ["class": "n\(i)"])
            try page.append(item, to: try first("div", in: page))
        }
        let document = page.makeDocument()
        #expect(document.arena.nodes.count == 5)
        #expect(try document.select("div > span").map { $0.classNames } == [["n0"], ["n1"], ["n2"]])
        #expect(try document.select("span:nth-child(2)").first?.attribute("class") == "n1")
        #expect(document.fragmentContext == .body)
    }

    @Test func importAndCloneCopyAcrossDocuments() throws {
        let source = Document(html: #"<div class="card" data-x="1"><custom-tag>t</custom-tag><template><b>c</b></template></div>"#)
        var page = fragment("<main></main>")
        let main = try first("main", in: page)
        let card = try page.importNode(try #require(try source.selectFirst("div")).node)
        try page.append(card, to: main)
        let twin = try page.clone(card)
        try page.append(twin, to: main)
        #expect(page.html == #"<main><div class="card" data-x="1"><custom-tag>t</custom-tag><template><b>c</b></template></div><div class="card" data-x="1"><custom-tag>t</custom-tag><template><b>c</b></template></div></main>"#)
        var other = fragment("")
        let moved = try other.importNode(card, from: page)
        try other.append(moved, to: other.root)
        try page.remove(card)
        #expect(try page.select("custom-tag").count == 1)
        #expect(try other.select("custom-tag").count == 1)
        #expect(throws: DocumentEditError.cannotInsert(.document, into: .element)) { try page.importNode(source.root) }
    }

    @Test func hundredThousandDeepTreesAreEditedWithoutRecursion() async throws {
        let result = try await runOnOwnThread { () -> (Int, String, Int) in
            var page = MutableDocument(fragment: "")
            var parent = page.root
            var deepest = parent
            for _ in 0..<100_000 {
                let child = try page.createElement("div")
                try page.append(child, to: parent)
                parent = child
                deepest = child
            }
            try page.setText("leaf", of: deepest)
            let top = try #require(page.firstChild(of: page.root))
            // Moving the top into its deepest descendant must be refused, after walking 100k ancestors.
            var refused = 0
            do { try page.append(top, to: deepest) } catch { refused = 1 }
            let wrapper = try page.createElement("section")
            try page.wrap(top, in: wrapper)
            let clone = try page.clone(wrapper)
            try page.append(clone, to: page.root)
            let document = page.makeDocument()
            let html = document.root.innerHTML
            return (refused, document.root.textContent, html.utf8.count)
        }
        #expect(result.0 == 1)
        #expect(result.1 == "leafleaf")
        #expect(result.2 == 2 * ("<section></section>".utf8.count + 100_000 * "<div></div>".utf8.count + 4))
    }
}
