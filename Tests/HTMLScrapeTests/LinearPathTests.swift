import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

/// Public API paths that were once quadratic, pinned down without a clock: each test counts the
/// nodes the document's walks visited (`DocumentCache.nodesWalked`), or checks that no storage was
/// copied or allocated at the document's size, so that a path that turns quadratic again fails here
/// however fast or busy the machine is.
@Suite(.heavy) struct LinearPathTests {
    private static func page(_ body: String, url: URL? = nil) -> Document {
        Document(html: "<!DOCTYPE html><html><head><title>t</title></head><body>" + body + "</body></html>",
                 options: ParseOptions(collectsErrors: false, url: url))
    }

    private static let pageURL = URL(string: "https://example.org/wiki/Start")

    // MARK: Base URL

    @Test(arguments: ["<base target=\"_blank\">", "", "<base href=\"https://mirror.example.org/w/\">"])
    func absoluteURLsOfEveryLinkWalkTheTreeOnce(baseBefore: String) throws {
        let count = 20_000
        let links = (0..<count).map { "<a href=\"/wiki/P\($0)\">\($0)</a>" }.joined()
        // The base element, when there is one, comes before or (with an href) after the links.
        let body = baseBefore.contains("href") ? links + baseBefore : baseBefore + links
        let document = Self.page(body, url: Self.pageURL)
        let anchors = try document.select("a")
        let urls = anchors.compactMap { $0.absoluteURL(for: "href")?.absoluteString }
        #expect(urls.count == count)
        let prefix = baseBefore.contains("href") ? "https://mirror.example.org/wiki/P" : "https://example.org/wiki/P"
        #expect(urls.first == prefix + "0")
        #expect(urls.last == prefix + "\(count - 1)")
        // One walk at most: the first call finds (or fails to find) the <base href>, the rest reuse it
        // (the selection of the links built the element index, one pass, and looked at the links).
        #expect(document.cache.nodesWalked <= 3 * document.arena.nodes.count)
        if !baseBefore.isEmpty { #expect(document.cache.nodesWalked > document.arena.nodes.count) }
    }

    @Test func baseURLFollowsTheFirstBaseWithHref() {
        let document = Self.page(
            "<base target=x><p><base href=\"/first/\"></p><base href=\"/second/\">", url: Self.pageURL)
        #expect(document.baseURL?.absoluteString == "https://example.org/first/")
        #expect(document.baseURL?.absoluteString == "https://example.org/first/")
        #expect(Self.page("<base target=x>", url: Self.pageURL).baseURL == Self.pageURL)
        #expect(Self.page("<base href=\"relative/\">").baseURL == nil)
        #expect(Self.page("<base href=\" https://a.example/b/ \">").baseURL?.absoluteString == "https://a.example/b/")
    }

    // MARK: Text of every element

    /// N nested `<div>` with a word at the bottom (what `scrape div` meets), and with white space
    /// between the levels as indented markup has.
    private static func nested(_ count: Int, indented: Bool) -> Document {
        page((0..<count).map { _ in indented ? "<div>\n  " : "<div>" }.joined() + "word")
    }

    @Test(arguments: [false, true])
    func textOfEveryNestedElementIsLinear(indented: Bool) throws {
        let count = 20_000
        let document = Self.nested(count, indented: indented)
        let divs = try document.select("div")
        #expect(divs.count == count)
        let selection = document.cache.nodesWalked
        #expect(divs.allSatisfy { $0.text == "word" })
        Self.expectSelectionThenTextLinear(document, selection: selection)
    }

    /// The selection that found the elements builds the element index (one pass over the node
    /// records, counted as the document's size) and looks at its candidates (at most the document);
    /// the text calls after it walk one element at a time until those walks add up to the document
    /// (each walk at most the document, so at most twice its size), then build one index (the
    /// document's size) and answer every later call with a slice: at most three times the document
    /// for any number of calls, and at least twice (the walks, then the index).
    private static func expectSelectionThenTextLinear(
        _ document: Document, selection: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let nodes = document.arena.nodes.count
        #expect(selection <= 2 * nodes, sourceLocation: sourceLocation)
        let text = document.cache.nodesWalked - selection
        #expect(text <= 3 * nodes, sourceLocation: sourceLocation)
        #expect(text >= 2 * nodes, sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func textContentOfEveryNestedElementIsLinear(indented: Bool) throws {
        let document = Self.nested(20_000, indented: indented)
        let divs = try document.select("div")
        let selection = document.cache.nodesWalked
        let expected = indented ? "\n  " : ""
        #expect(divs.last?.node.textContent == expected + "word")
        #expect(divs.allSatisfy { $0.node.textContent.hasSuffix("word") })
        Self.expectSelectionThenTextLinear(document, selection: selection)
    }

    @Test(arguments: [false, true])
    func renderedTextOfEveryNestedElementIsLinear(indented: Bool) throws {
        let document = Self.nested(20_000, indented: indented)
        let divs = try document.select("div")
        let selection = document.cache.nodesWalked
        #expect(divs.allSatisfy { $0.renderedText == "word" })
        Self.expectSelectionThenTextLinear(document, selection: selection)
    }

    /// The indexes must give exactly what a walk of each element gives, on real pages and on markup
    /// built to trip the compression of the rendered-text index (spaces next to blocks, cells, `<br>`,
    /// `pre`, hidden elements, SVG, templates).
    @Test func indexesAgreeWithWalksOnEveryElement() throws {
        var pages: [Document] = []
        for folder in ["html", "arrowverse/fandom", "arrowverse/wikipedia"] {
            let url = TestData.fixtures.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where file.hasSuffix(".html") {
                pages.append(Document(bytes: try Data(contentsOf: url.appendingPathComponent(file))))
            }
        }
        pages.append(Self.page("""
            a <span> </span> <div> b <p>c</p> <p> </p>d</div><br> <br><b> e </b>\t<i> f</i>
            <table><tr><td>1</td> <td> </td><td>3<br></td></tr><tr><th>x</th><td><table><tr><td>in</td><td>ner</td></tr></table></td></tr></table>
            <pre>  keep   this
             </pre><div><pre><b> raw </b></pre> after</div><script>s()</script><style>p{}</style>
            <svg><text>svg <tspan>text</tspan></text></svg><template><p>hidden</p></template><noscript>ns</noscript>
            <ul><li> one </li><li>two<ul><li>three</li></ul></li></ul><div><div><div>  </div></div></div>z
            <textarea> t </textarea><p><span>p1</span>\n<span>p2</span></p><hr><div>\n<p>last</p>\n</div>
            """))
        for document in pages {
            let arena = document.arena
            let text = TextIndex(arena: arena, lowercased: false)
            let content = TextContentIndex(arena: arena)
            let rendered = RenderedTextIndex(arena: arena)
            var covered = 0
            for node in 0..<Int32(arena.nodes.count) where arena.nodes[Int(node)].kind == .element {
                if let slice = text.text(of: node) {
                    #expect(String(decoding: slice, as: UTF8.self) == TextRendering.text(node, in: arena))
                }
                if let slice = content.content(of: node) {
                    #expect(String(decoding: slice, as: UTF8.self)
                        == Node(document: document, index: node).textContentByWalking)
                }
                if let replayed = rendered.renderedText(of: node, in: arena) {
                    covered += 1
                    #expect(replayed == TextRendering.renderedText(node, in: arena),
                            "rendered text of <\(arena.names.spelling(of: arena.nodes[Int(node)].name))> \(node)")
                }
            }
            #expect(covered > 0)
        }
    }

    // MARK: Selecting in loops

    @Test func matchesOfEveryElementWithNthChildIsLinear() throws {
        let count = 20_000
        let document = Self.page("<ul>" + (0..<count).map { "<li>\($0)</li>" }.joined() + "</ul>")
        let items = try document.select("li")
        let selector = try CSSSelector("ul > li:nth-child(2n+1)")
        #expect(items.filter { $0.matches(selector) }.count == count / 2)
        let typed = try CSSSelector("li:nth-last-of-type(3n)")
        #expect(items.filter { $0.matches(typed) }.count == count / 3)
        // Children counted one parent per query until they add up to the document, then one table.
        #expect(document.cache.nodesWalked <= 8 * document.arena.nodes.count)
    }

    @Test func queriesUnderSmallElementsTouchOnlyWhatTheyLookAt() throws {
        let document = Self.page("<ul>" + (0..<20_000).map { "<li><span><a href=\"#\($0)\">\($0)</a></span></li>" }.joined())
        let items = try document.select("li")
        let selector = try CSSSelector("li > span > a, div a, :is(span) a:not(.x), a:has(b), span:nth-child(1) a")
        let item = items[0]
        let matcher = SelectorMatcher(selector, document: document, scope: item.node.index, region: item.node.index)
        #expect(matcher.select(under: item.node.index).count == 1)
        #expect(!matcher.allocatedNodeSizedStorage)
        let link = try #require(item.select(selector).first)
        // As `Element.matches` makes it: the region is the element's parent's subtree.
        let one = SelectorMatcher(selector, document: document, scope: link.node.index, region: link.node.record.parent)
        #expect(one.matches(link.node.index))
        #expect(!one.allocatedNodeSizedStorage)
        // The memos' buffers are the document's, lent cleared and given back cleared: a query after
        // the first of each kind allocates none, so a loop of small queries costs what they look at.
        #expect(items[1].select(selector).first?.matches(selector) == true)
        let allocated = document.cache.scratch.allocations
        for item in items.prefix(2_000) {
            #expect(item.select(selector).count == 1)
            #expect(item.select(selector).first.map { $0.matches(selector) } == true)
        }
        #expect(document.cache.scratch.allocations == allocated)
    }

    @Test func selectingInAMutableDocumentCopiesNothing() throws {
        var editor = MutableDocument(Self.page("<ul>" + (0..<2_000).map { "<li class=todo>\($0)</li>" }.joined() + "</ul>"))
        func nodesStorage() -> UnsafeRawPointer? { editor.arena.nodes.withUnsafeBytes { $0.baseAddress } }
        // The first edit makes the editor's own copy of the parsed document's arena; after that, a
        // selection and an edit in turns must leave the storage where it is.
        let first = try #require(try editor.selectFirst("li.todo"))
        try editor.removeClass("todo", from: first)
        let storage = nodesStorage()
        var rounds = 0
        while let item = try editor.selectFirst("ul > li.todo") {
            try editor.removeClass("todo", from: item)
            rounds += 1
            #expect(nodesStorage() == storage)
            if rounds == 50 { break }
        }
        #expect(rounds == 50)
        // Each selectFirst looked at the few nodes before its match, never the whole document.
        #expect(editor.walkCounter.nodesWalked < 50 * 100)
        #expect(editor.walkCounter.nodesWalked > 50)
        #expect(try editor.select("li.todo").count == 2_000 - 51)
        #expect(try editor.select("li:not(.todo)").count == 51)
    }

    @Test func languageDisabledAndDirectionOverDeepNestingAreLinear() throws {
        let count = 20_000
        let lang = Document(html: "<html lang=en-GB><body>" + String(repeating: "<div>", count: count),
                            options: ParseOptions(collectsErrors: false))
        #expect(try lang.select("div:lang(en)").count == count)
        let fieldsets = Self.page(String(repeating: "<fieldset><input>", count: count)
            + "<fieldset disabled><legend><input id=a></legend><input id=b></fieldset>")
        #expect(try fieldsets.select("input:disabled").map(\.id) == ["b"])
        #expect(try fieldsets.select("input:enabled").count == count + 1)
        let direction = Document(html: "<html dir=rtl><body>" + String(repeating: "<div>", count: count),
                                 options: ParseOptions(collectsErrors: false))
        #expect(try direction.select("div:dir(rtl)").count == count)
    }
}

extension Node {
    /// `textContent` computed by a walk, as it was before the index (for comparing with it).
    var textContentByWalking: String {
        let arena = document.arena
        var bytes: [UInt8] = []
        var current = arena.following(index, within: index)
        while current != NodeArena.none {
            let record = arena.nodes[Int(current)]
            if record.kind == .text {
                bytes.append(contentsOf: arena.bytes(start: record.dataStart, count: record.dataCount))
            }
            current = arena.following(current, within: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The element and class indexes must change what a query costs, never what it finds: every query
/// runs on a document that walks its tree and on one that has both indexes.
@Suite(.heavy) struct ElementIndexTests {
    static let selectors = [
        "a", "td", ".reference", "span.mw-headline", "#firstHeading", "a[href]", "a[rel=\"nofollow\"]",
        "a[href^=\"/wiki/\"]", "img[src$=\".jpg\"]", "a[href*=\"action=edit\"]", "[class~=\"wikitable\"]",
        "div p a", "table tr td", "ul > li > a", "tr > td", "h2 + p", "h2 ~ p", "tr:nth-child(2n+1)",
        "li:nth-child(3)", "li:has(> a)", "tr:has(td)", ":is(h2, h3) span", ":where(ul, ol) > li",
        "a:not([href^=\"#\"])", "p:not(:first-child)", "a, p, a", "p.x.y", "*.reference", "svg", "path",
        "symbol use", "[class~=\"a b\"]", "[class~=reference i]", ".REFERENCE", "li:has(+ li)", "div:has(~ p)",
        "p:has(a, img)", "span, #toc, .navbox a", "template p", "use", "SVG", "clipPath", "clippath",
        ":is(h2, h3, h4) a", ":where(li, td) > a", ":is(H2, clipPath) path", ":is(h2, .x) span", "p b, li a",
        ":not(a, span, li)", "#content a", ".reference > a", "table.wikitable td a", "ul li",
    ]

    private static func pages() throws -> [Document] {
        var pages: [Document] = []
        for folder in ["html", "arrowverse/wikipedia"] {
            let url = TestData.fixtures.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where file.hasSuffix(".html") {
                pages.append(Document(bytes: try Data(contentsOf: url.appendingPathComponent(file))))
            }
        }
        // Quirks mode (no doctype): classes and ids match without case, so the index must not be used
        // for them; foreign elements keep their case; templates are outside the tree.
        pages.append(Document(html: """
            <p class=Reference id=FirstHeading>x<a href=/wiki/A class="reference REFERENCE">a</a></p>
            <svg><clipPath id=c><path d=M0/></clipPath><use href=#c /></svg><template><p class=reference>t</p></template>
            <ul><li><a>1</a><li>2<li><a class="a b">3</a></ul><h2>h</h2><p>p<p class="x y">q
            """))
        // Nodes the parser did not create in document order: text foster-parented before a table,
        // the adoption agency's moves, an `<a>` closing an `<a>`, a `<meta>` put back in the head.
        pages.append(Document(html: """
            <!DOCTYPE html><html><head></head> <meta name=late><body>
            <table class=reference>x<tr><td>a<a href=/wiki/T>t</a></td></tr>y<span class=reference>s</span></table>
            <b><p id=firstHeading>c<a href=/wiki/B>b</b>d</p><a href=#1><div><a class=reference href=#2>n</a></div></a>
            <ul><li><i><li>two</i><li><a>3</a></ul><h2>h<span class=mw-headline>x</span></h2><p>after</p>
            """))
        return pages
    }

    @Test func documentOrderAgreesWithAWalk() throws {
        for (markup, inOrder) in [
            ("<!DOCTYPE html><ul><li>a<li>b</ul><p>x<b>y</b></p><!-- c -->", true),
            ("<!DOCTYPE html><table>x<tr><td>a</td></tr></table>", false),
            ("<!DOCTYPE html><b><p>c</b>d</p>", false),
            ("<!DOCTYPE html><template><p>t</p></template><p>u</p>", false),
        ] {
            let document = Document(html: markup)
            let index = ElementIndex(arena: document.arena)
            #expect(index.isInCreationOrder == inOrder, "\(markup)")
            // Positions as a walk numbers the nodes, and each subtree's end after its last descendant.
            var expected: [Int32] = [0]
            var node = document.arena.following(0, within: 0)
            while node != NodeArena.none {
                expected.append(node)
                node = document.arena.following(node, within: 0)
            }
            #expect(expected.indices.map { index.node(at: Int32($0)) } == expected, "\(markup)")
            for (position, node) in expected.enumerated() {
                #expect(index.position(of: node) == Int32(position))
                let inside = try #require(index.positions(inside: node))
                var descendants = 0
                var below = document.arena.following(node, within: node)
                while below != NodeArena.none {
                    descendants += 1
                    below = document.arena.following(below, within: node)
                }
                #expect(inside == Int32(position + 1)..<Int32(position + 1 + descendants), "\(markup) node \(node)")
            }
        }
    }

    @Test func queriesFindTheSameWithTheIndex() throws {
        for page in try Self.pages() {
            // The same markup parsed twice: one document keeps walking, the other gets its index.
            let indexed = Document(html: page.root.innerHTML, options: ParseOptions(collectsErrors: false))
            let sameTree = Document(html: page.root.innerHTML, options: ParseOptions(collectsErrors: false))
            #expect(indexed.cache.countedSelection(1 << 20, in: indexed.arena) != nil)
            sameTree.cache.disableIndexes()
            #expect(sameTree.cache.elementIndex(for: sameTree.arena) == nil)
            for text in Self.selectors {
                let selector = try CSSSelector(text)
                let expected = sameTree.select(selector).map(\.node.index)
                #expect(indexed.select(selector).map(\.node.index) == expected, "\(text)")
                #expect(indexed.selectFirst(selector)?.node.index == expected.first, "\(text)")
                // Under a few elements too (the index's candidates are cut to the subtree).
                for root in try sameTree.select("body, ul, table, div, svg").prefix(12) {
                    let expectedBelow = root.select(selector).map(\.node.index)
                    let indexedRoot = Element(node: Node(document: indexed, index: root.node.index))
                    #expect(indexedRoot.select(selector).map(\.node.index) == expectedBelow, "\(text) under \(root.localName)")
                }
            }
        }
    }
}
