import Testing
@testable import HTMLScrape

/// Selectors against hand-written trees; every expectation was worked out by hand from the markup.
@Suite struct SelectorMatchingTests {
    static let page = TestTree.document("""
    <html id="root" lang="en-GB"><head id="head"><title id="title">T</title></head>
    <body id="body">
    <div id="d1" class="x main">
      <p id="p1" class="x">one <a id="a1" href="/wiki/One">One</a></p>
      <p id="p2">two</p>
      <span id="s1" class="x"></span>
      <p id="p3" class="x y">three <b id="b1">bold</b></p>
      <p id="p4" class="x">four</p>
    </div>
    <ul id="list">
      <li id="l1">a</li><li id="l2" class="x">b</li><li id="l3">c</li><li id="l4" class="x">d</li><li id="l5">e</li><li id="l6" class="x">f</li>
    </ul>
    <table id="t1" class="wikitable"><tbody id="tb"><tr id="r1"><td id="c1">1</td><td id="c2">2</td></tr><tr id="r2"><th id="h1">H</th></tr></tbody></table>
    <div id="empty1"></div><div id="empty2"><!--c--></div><div id="notempty"> </div>
    </body></html>
    """)

    private func ids(_ selector: String) throws -> [String] { try Self.page.ids(selector) }

    @Test func typeUniversalIdAndClass() throws {
        #expect(try ids("p") == ["p1", "p2", "p3", "p4"])
        #expect(try ids("P") == ["p1", "p2", "p3", "p4"])
        #expect(try ids("#d1 > *") == ["p1", "p2", "s1", "p3", "p4"])
        #expect(try ids("#p2") == ["p2"])
        #expect(try ids(".x") == ["d1", "p1", "s1", "p3", "p4", "l2", "l4", "l6"])
        #expect(try ids(".x.y") == ["p3"])
        #expect(try ids("p.x") == ["p1", "p3", "p4"])
        #expect(try ids("#nope, nosuchtag, .nosuchclass") == [])
        #expect(try ids("#P2") == [])  // ids are case-sensitive outside quirks mode
    }

    @Test func combinators() throws {
        #expect(try ids("div p") == ["p1", "p2", "p3", "p4"])
        #expect(try ids("#d1 > p + span") == ["s1"])
        #expect(try ids("#s1 ~ p") == ["p3", "p4"])
        #expect(try ids("body > p") == [])
        #expect(try ids("html p b") == ["b1"])
        #expect(try ids("ul li + li + li") == ["l3", "l4", "l5", "l6"])
        #expect(try ids("body > div p > a") == ["a1"])
        #expect(try ids("div > p ~ p > b") == ["b1"])
        #expect(try ids("head ~ body > ul > li:first-child") == ["l1"])
        #expect(try ids("table td") == ["c1", "c2"])
        #expect(try ids("tr + tr th") == ["h1"])
    }

    @Test func listsAreInDocumentOrderWithoutDuplicates() throws {
        #expect(try ids("#p2, #a1, #p1") == ["p1", "a1", "p2"])
        #expect(try ids("p, .x") == ["d1", "p1", "p2", "s1", "p3", "p4", "l2", "l4", "l6"])
    }

    @Test func childPositionPseudoClasses() throws {
        #expect(try ids("li:first-child") == ["l1"])
        #expect(try ids("li:last-child") == ["l6"])
        #expect(try ids("#d1 > :first-child") == ["p1"])
        #expect(try ids(":only-child") == ["root", "title", "a1", "b1", "tb", "h1"])
        #expect(try ids("p:first-of-type") == ["p1"])
        #expect(try ids("p:last-of-type") == ["p4"])
        #expect(try ids("span:only-of-type") == ["s1"])
        #expect(try ids("td:last-of-type") == ["c2"])
        #expect(try ids("#d1 > :nth-of-type(1)") == ["p1", "s1"])
    }

    @Test func nthPseudoClasses() throws {
        #expect(try ids("li:nth-child(2n+1)") == ["l1", "l3", "l5"])
        #expect(try ids("li:nth-child(odd)") == ["l1", "l3", "l5"])
        #expect(try ids("li:nth-child(EVEN)") == ["l2", "l4", "l6"])
        #expect(try ids("li:nth-child(-n+3)") == ["l1", "l2", "l3"])
        #expect(try ids("li:nth-child( 2n + 1 )") == ["l1", "l3", "l5"])
        #expect(try ids("li:nth-child(3)") == ["l3"])
        #expect(try ids("li:nth-child(n+5)") == ["l5", "l6"])
        #expect(try ids("li:nth-child(0n+0)") == [])
        #expect(try ids("li:nth-child(-2n+4)") == ["l2", "l4"])
        #expect(try ids("li:nth-last-child(2)") == ["l5"])
        #expect(try ids("li:nth-last-child(-n+2)") == ["l5", "l6"])
        #expect(try ids("li:nth-child(2n+1 of .x)") == ["l2", "l6"])
        #expect(try ids("li:nth-child(2 of .x)") == ["l4"])
        #expect(try ids("li:nth-last-child(1 of .x)") == ["l6"])
        #expect(try ids("#d1 > p:nth-of-type(2)") == ["p2"])
        #expect(try ids("#d1 > p:nth-last-of-type(1)") == ["p4"])
        #expect(try ids("#d1 > p:nth-of-type(n+3)") == ["p3", "p4"])
    }

    @Test func anBPatterns() {
        #expect(SelectorParser.nth(from: "odd") == NthPattern(a: 2, b: 1))
        #expect(SelectorParser.nth(from: "-n+3") == NthPattern(a: -1, b: 3))
        #expect(SelectorParser.nth(from: "+n") == NthPattern(a: 1, b: 0))
        #expect(SelectorParser.nth(from: "n- 1") == NthPattern(a: 1, b: -1))
        #expect(SelectorParser.nth(from: "-7") == NthPattern(a: 0, b: -7))
        #expect(SelectorParser.nth(from: "3n") == NthPattern(a: 3, b: 0))
        #expect(SelectorParser.nth(from: "- n") == nil)
        #expect(SelectorParser.nth(from: "3 n") == nil)
        #expect(SelectorParser.nth(from: "2n+") == nil)
        #expect(SelectorParser.nth(from: "n++1") == nil)
    }

    @Test func logicalPseudoClasses() throws {
        #expect(try ids("#d1 > :not(p)") == ["s1"])
        #expect(try ids("p:not(.x)") == ["p2"])
        #expect(try ids("p:not(.y, #p1)") == ["p2", "p4"])
        #expect(try ids(":is(#p2, #s1)") == ["p2", "s1"])
        #expect(try ids(":where(ul) > li.x") == ["l2", "l4", "l6"])
        #expect(try ids(":is(ul, table) :is(li, td):last-child") == ["l6", "c2"])
        #expect(try ids("p:not(:not(.y))") == ["p3"])
        // `:is()` and `:where()` forgive what they cannot parse; `:not()` does not.
        #expect(try ids("#d1 > :is(span, ::before)") == ["s1"])
        #expect(try ids(":is(:hover, #p2, p:nth-child(x), [a=\"),\"])") == ["p2"])
        #expect(try ids(":where(), :where(::after)") == [])
        #expect(throws: SelectorError.self) { try CSSSelector(":not(p, ::before)") }
        #expect(throws: SelectorError.self) { try CSSSelector(":is(p, [)") }
        #expect(throws: SelectorError.self) { try CSSSelector(":is(p, a") }
    }

    /// `:is()`, `:where()` and `:not()` of bare type selectors compile to a set of names, and a
    /// descendant or child combinator whose left side is such a set (or a type, class or id) narrows
    /// the subjects through the element index: each expectation is checked on a document that walks
    /// its tree and on one that uses the index, and must follow the type selectors' own rules (HTML
    /// names without case, SVG and MathML names as written; a name the document lacks matches nothing).
    @Test func typeListsFollowTheTypeSelectorRules() throws {
        // 60 spans outside any heading, so that the index narrows `… span` to the few inside one.
        let filler = String(repeating: "<span></span>", count: 60)
        let markup = """
        <div id="top"><h2 id="h2a"><span id="s1">a</span></h2><h3 id="h3a"><b id="b"><span id="s2">b</span></b></h3>\
        <p id="p" class="x"><span id="s3">c</span></p>\
        <svg id="svg"><H2 id="fh2"><span id="s4"></span></H2><h3 id="fh3"><span id="s5"></span></h3>\
        <clipPath id="cp"><span id="s6"/></clipPath></svg>\
        <h2 id="h2b"><h3 id="h3b"><span id="s7"></span></h3></h2><div id="filler">\(filler)</div></div>
        """
        func both(_ selector: String, under rootID: String? = nil) throws -> [String] {
            let walking = TestTree.document(markup)
            let indexed = TestTree.document(markup)
            #expect(indexed.cache.countedSelection(1 << 20, in: indexed.arena) != nil)
            // The root is found in the indexed document, so that the walking one's first query is this one.
            let rootNode = try rootID.map { try #require(try indexed.selectFirst("#\($0)")).node.index }
            func run(_ document: Document) throws -> [String] {
                guard let rootNode else { return try document.ids(selector) }
                let root = Element(node: Node(document: document, index: rootNode))
                return try root.select(selector).map { $0.id ?? $0.localName }
            }
            walking.cache.disableIndexes()
            #expect(walking.cache.elementIndex(for: walking.arena) == nil)
            let walked = try run(walking)
            #expect(try run(indexed) == walked, "\(selector): the index changes what is found")
            return walked
        }
        #expect(try both(":is(h2, h3) span") == ["s1", "s2", "s5", "s7"])
        #expect(try both(":where(h2, h3) span") == ["s1", "s2", "s5", "s7"])
        #expect(try both(":is(h2, h3) span") == both("h2 span, h3 span"))
        // "H2" matches HTML h2 without case and the SVG element written "H2" exactly.
        #expect(try both(":is(H2, h3) span") == ["s1", "s2", "s4", "s5", "s7"])
        #expect(try both(":is(clipPath) span") == ["s6"])
        #expect(try both(":is(clippath, CLIPPATH) span") == [])
        #expect(try both(":is(CLIPPATH, p) span") == ["s3"])
        // Not only types: the general path.
        #expect(try both(":where(h2, .x) span") == ["s1", "s3", "s7"])
        #expect(try both(":is(h2, #b) span") == ["s1", "s2", "s7"])
        #expect(try both(":is(h2, *) > span").count == 67)
        // Names the document never uses match nothing; the others still do.
        #expect(try both(":is(h2, nosuchtag) > span") == ["s1"])
        #expect(try both(":is(nosuchtag, neither) span") == [])
        // A namespace prefix does not parse, and the forgiving list drops it.
        #expect(try both(":is(svg|h3, h2) span") == ["s1", "s7"])
        #expect(try both(":is(h2, h3, svg) > span") == ["s1", "s5", "s7"])
        #expect(try both(":is(h2, h3, svg) > span") == both("h2 > span, h3 > span, svg > span"))
        #expect(try both(":not(h2, h3, span, div, p, svg, b)") == ["fh2", "cp"])
        #expect(try both(":not(nosuchtag)").count == 79)
        #expect(try both("svg :is(h2, h3)") == ["fh3"])
        #expect(try both("span:is(h2, h3)") == [])
        #expect(try both(":is(h2, h3):has(span)") == ["h2a", "h3a", "fh3", "h2b", "h3b"])
        // Ancestors above the element searched count, as for any combinator.
        #expect(try both(":is(h2) span", under: "h3b") == ["s7"])
        #expect(try both(":is(h2, h3) span", under: "svg") == ["s5"])
        #expect(try both("div p span", under: "p") == ["s3"])
        #expect(try both("div span", under: "p") == ["s3"])
    }

    @Test func hasWithRelativeSelectors() throws {
        #expect(try ids("div:has(a)") == ["d1"])
        #expect(try ids("p:has(> b)") == ["p3"])
        #expect(try ids("#d1 > p:not(:has(a))") == ["p2", "p3", "p4"])
        #expect(try ids("p:has(+ span)") == ["p2"])
        #expect(try ids("p:has(~ span)") == ["p1", "p2"])
        #expect(try ids("tr:has(> th)") == ["r2"])
        #expect(try ids("table:has(td + td)") == ["t1"])
        #expect(try ids("body:has(> ul > li.x)") == ["body"])
        #expect(try ids("div:has(.nope)") == [])
        #expect(try ids(":has(> #a1)") == ["p1"])
        #expect(try ids("ul:has(li:nth-child(6))") == ["list"])
        #expect(try ids("div:has(p b, #zzz)") == ["d1"])
        #expect(try ids("div:has(> p > b)") == ["d1"])
        #expect(try ids("div:has(> b)") == [])
        #expect(try ids("li:has(+ li.x + li:not(.x))") == ["l1", "l3"])
        // Selectors 4 forbids `:has()` inside `:has()`; the same question is written with a descendant.
        #expect(throws: SelectorError.self) { try ids("div:has(p:has(b))") }
        #expect(try ids("div:has(p b)") == ["d1"])
        #expect(try ids("#d1 > p:has(a, b)") == ["p1", "p3"])
        #expect(try ids("#d1 > p:has(nosuchtag, b)") == ["p3"])
        #expect(try ids(":is(div, ul):has(> .x:last-child)") == ["d1", "list"])
        #expect(try ids("#d1 > :has(~ :is(span, #p4)):not(:has(*))") == ["p2", "s1"])
    }

    @Test func whitespaceAndCommentsBetweenParts() throws {
        #expect(try ids("  #d1  >  p  +  span  ") == ["s1"])
        #expect(try ids("#d1/* the div */>/**/p.y") == ["p3"])
        #expect(try ids("ul\n\tli:first-child") == ["l1"])
        #expect(try ids("#p1,#p2 ,#p3 , #p4") == ["p1", "p2", "p3", "p4"])
    }

    @Test func attributeSelectors() throws {
        #expect(try ids("[href]") == ["a1"])
        #expect(try ids("a[href^=\"/wiki/\"]") == ["a1"])
        #expect(try ids("[href$=One]") == ["a1"])
        #expect(try ids("[href*='iki/O']") == ["a1"])
        #expect(try ids("[href*='iki/o']") == [])
        #expect(try ids("[href*='iki/o' i]") == ["a1"])
        #expect(try ids("[class~=y]") == ["p3"])
        #expect(try ids("[class~=\"x y\"]") == [])
        #expect(try ids("[class=x]") == ["p1", "s1", "p4", "l2", "l4", "l6"])
        #expect(try ids("[CLASS=x]") == ["p1", "s1", "p4", "l2", "l4", "l6"])
        #expect(try ids("[class=\"X\" i]") == ["p1", "s1", "p4", "l2", "l4", "l6"])
        #expect(try ids("[class=\"X\"]") == [])
        #expect(try ids("[class=\"X\" s]") == [])
        #expect(try ids("[lang|=en]") == ["root"])
        #expect(try ids("[lang|=en-GB]") == ["root"])
        #expect(try ids("[lang|=e]") == [])
        #expect(try ids("[href^=\"\"], [href$=''], [href*=\"\"]") == [])
        #expect(try ids("[ id = p2 ]") == ["p2"])
    }

    /// `[attr*=value]` finds the value at every position of the attribute (first, inside, last, the
    /// whole value), not past its end, after a partial match that fails (`aab` in `aaab`), and with
    /// the `i` flag in every ASCII letter's case; a longer value never matches.
    @Test func substringAttributeAtEveryPosition() throws {
        let value = "xxaab-Zq\u{00E9}"
        for length in 1...4 {
            for start in 0...(value.utf8.count - length) {
                let bytes = Array(value.utf8)[start..<(start + length)]
                guard let needle = String(validating: bytes, as: UTF8.self) else { continue }
                let document = Document(html: "<p id=a title=\"\(value)\"></p><p id=b title=\"\(value.dropLast())\"></p>")
                let found = try document.select("[title*=\"\(needle)\"]").compactMap { $0.attribute("id") }
                let expected = (holds(Array(value.utf8), bytes) ? ["a"] : []) + (holds(Array(value.dropLast().utf8), bytes) ? ["b"] : [])
                #expect(found == expected, "\(needle)")
            }
        }
        let document = Document(html: "<p id=a title=aaab></p><p id=b title=AAAB></p><p id=c title=ab></p>")
        #expect(try document.select("[title*=aab]").compactMap { $0.attribute("id") } == ["a"])
        #expect(try document.select("[title*=aab i]").compactMap { $0.attribute("id") } == ["a", "b"])
        #expect(try document.select("[title*=aAb i]").compactMap { $0.attribute("id") } == ["a", "b"])
        #expect(try document.select("[title*=abc]").isEmpty)
        #expect(try document.select("[title*=xaaab]").isEmpty)
    }

    /// Whether `part` occurs in `whole`, position by position (the test's own naive search).
    private func holds(_ whole: [UInt8], _ part: ArraySlice<UInt8>) -> Bool {
        guard part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { Array(whole[$0..<($0 + part.count)]) == Array(part) }
    }

    @Test func quotedValuesAndEscapes() throws {
        let document = TestTree.document("""
        <div><span id="s1" data-x="a]b"></span><span id="123"></span><span id="a.b" class="1st"></span>\
        <span id="q" title='say "hi"'></span><span id="c" data-x="a,b)"></span></div>
        """)
        #expect(try document.ids("[data-x=\"a]b\"]") == ["s1"])
        #expect(try document.ids("[data-x='a,b)']") == ["c"])
        #expect(try document.ids("#\\31 23") == ["123"])
        #expect(try document.ids("#\\000031 23") == ["123"])
        #expect(try document.ids("#a\\.b") == ["a.b"])
        #expect(try document.ids(".\\31 st") == ["a.b"])
        #expect(try document.ids("[title=\"say \\\"hi\\\"\"]") == ["q"])
        #expect(try document.ids("[title='say \"hi\"']") == ["q"])
        #expect(try document.ids("span:is([data-x=\"a]b\"], [id=\"123\"])") == ["s1", "123"])
    }

    @Test func namesFollowHTMLAndForeignCaseRules() throws {
        let document = TestTree.document("""
        <div id="d" DATA-Kind="Box"><svg id="svg1"><foreignObject id="fo"></foreignObject>\
        <clipPath id="cp" viewBox="0 0 1 1"></clipPath></svg><math id="m"><mi id="mi" mathVariant="bold">x</mi></math></div>
        """)
        #expect(try document.ids("DIV") == ["d"])
        #expect(try document.ids("[data-kind]") == ["d"])
        #expect(try document.ids("[DATA-KIND=Box]") == ["d"])
        #expect(try document.ids("[data-kind=box]") == [])
        #expect(try document.ids("foreignObject") == ["fo"])
        #expect(try document.ids("foreignobject") == [])
        #expect(try document.ids("FOREIGNOBJECT") == [])
        #expect(try document.ids("svg clipPath[viewBox]") == ["cp"])
        #expect(try document.ids("[viewbox]") == [])
        #expect(try document.ids("SVG") == [])
        #expect(try document.ids("svg") == ["svg1"])
        #expect(try document.ids("mi[mathVariant=bold]") == ["mi"])
        #expect(try document.ids("mi[mathvariant]") == [])
    }

    @Test func rootEmptyAndScope() throws {
        #expect(try ids(":root") == ["root"])
        #expect(try ids(":empty") == ["s1", "empty1", "empty2"])
        let d1 = try #require(try Self.page.selectFirst("#d1"))
        #expect(try d1.select(":scope > p").map { $0.id ?? "" } == ["p1", "p2", "p3", "p4"])
        #expect(try d1.select("div p").map { $0.id ?? "" } == ["p1", "p2", "p3", "p4"])
        #expect(try d1.select("div").isEmpty)
        #expect(try ids(":scope") == ["root"])
    }

    @Test func formStatesLinksAndLanguage() throws {
        let document = TestTree.document("""
        <html><body><form id="f">\
        <input id="i1" type="checkbox" checked><input id="i2" type="RADIO" checked><input id="i3" type="text" checked>\
        <input id="i4" disabled>\
        <select id="sel"><optgroup id="og" disabled><option id="o1" selected>x</option></optgroup><option id="o2">y</option></select>\
        <fieldset id="fs" disabled><legend id="lg"><input id="i5"></legend><input id="i6"></fieldset>\
        <a id="k1" href="x">x</a><a id="k2">no</a><area id="ar" href="y">\
        <div lang="fr-CA" id="fr"><p id="frp">x</p><p id="dep" lang="de">y</p><p id="none" lang="">z</p></div>\
        <button id="btn">b</button></form></body></html>
        """)
        #expect(try document.ids(":checked") == ["i1", "i2", "o1"])
        #expect(try document.ids("[type=radio]") == ["i2"])
        #expect(try document.ids("[type=radio s]") == [])
        #expect(try document.ids(":disabled") == ["i4", "og", "o1", "fs", "i6"])
        #expect(try document.ids(":enabled") == ["i1", "i2", "i3", "sel", "o2", "i5", "btn"])
        #expect(try document.ids(":link") == ["k1", "ar"])
        #expect(try document.ids("a:any-link") == ["k1"])
        #expect(try document.ids(":lang(fr)") == ["fr", "frp"])
        #expect(try document.ids("p:lang(FR)") == ["frp"])
        #expect(try document.ids(":lang(en)") == [])
        #expect(try document.ids(":lang(de, en)") == ["dep"])
        #expect(try document.ids("p:lang(\"*-CA\")") == ["frp"])
        #expect(try document.ids("p:lang(fr-CA)") == ["frp"])
        #expect(try document.ids("p:lang(fr-C)") == [])
    }

    @Test func textPseudoClasses() throws {
        #expect(try ids("p:contains(THREE)") == ["p3"])
        #expect(try ids("p:contains(bold)") == ["p3"])
        #expect(try ids("p:containsOwn(bold)") == [])
        #expect(try ids("p:containsOwn(three)") == ["p3"])
        #expect(try ids("p:-soup-contains(\"Three\")") == [])
        #expect(try ids("p:-soup-contains(\"three\", \"four\")") == ["p3", "p4"])
        #expect(try ids("p:-soup-contains-own('bold')") == [])
        #expect(try ids("p:matches(^t(wo|hree))") == ["p2", "p3"])
        #expect(try ids("p:matches(\"^one One$\")") == ["p1"])
        #expect(try ids("p:matchesOwn(bold)") == [])
        #expect(try ids("p:matchesOwn(^one$)") == ["p1"])
        #expect(try ids("li:matches(^[a-c]$)") == ["l1", "l2", "l3"])
    }

    @Test func scriptTextFollowsOneRulePerFlavour() throws {
        let document = TestTree.document("""
        <div id="d"><p id="p">visible</p><script id="s">var token = 1;</script><style id="st">.token {}</style></div>
        """)
        // soupsieve counts every text node, scripts and styles included: the script and each
        // ancestor match alike.
        #expect(try document.ids(":-soup-contains(\"var token\")") == ["d", "s"])
        #expect(try document.ids(":-soup-contains(\".token\")") == ["d", "st"])
        #expect(try document.ids("script:-soup-contains-own(\"var token\")") == ["s"])
        // jsoup never counts script or style text: neither the ancestors nor the script itself match.
        #expect(try document.ids(":contains(var token)") == [])
        #expect(try document.ids(":containsOwn(var token)") == [])
        #expect(try document.ids(":matches(token)") == [])
        #expect(try document.ids(":contains(visible)") == ["d", "p"])
        // The same answers through the whole-document index (an unqualified `*` test uses it).
        #expect(try document.ids("*:-soup-contains(\"token\")") == ["d", "s", "st"])
        #expect(try document.ids("*:contains(token)") == [])
    }

    @Test func directionalityFollowsHTML() throws {
        let document = Document(html: """
        <!DOCTYPE html><html><body>
        <p id=plain>x</p>
        <div id=rtl dir=rtl><p id=inherits>x</p><p id=back dir=ltr><span id=deep>y</span></p>
          <input id=tel type=tel><input id=text type=text><p id=invalid dir=sideways>z</p></div>
        <p id=autoHebrew dir=auto>123 שלום abc</p>
        <p id=autoLatin dir=AUTO>... abc שלום</p>
        <p id=autoEmpty dir=auto>123</p>
        <div dir=rtl><p id=autoSkips dir=auto><span dir=ltr>abc</span><bdi>def</bdi><script>x</script>مرحبا</p></div>
        <div dir=rtl><bdi id=bdiLatin>abc</bdi><bdi id=bdiArabic>مرحبا</bdi><bdi id=bdiDir dir=rtl>abc</bdi></div>
        <input id=inputAuto dir=auto value="שלום"><input id=inputAutoEmpty dir=auto>
        <textarea id=areaAuto dir=auto>مرحبا</textarea>
        <svg dir=rtl><g id=svgChild></g></svg>
        </body></html>
        """)
        let rtl = try document.select(":dir(rtl)").compactMap(\.id)
        #expect(rtl == ["rtl", "inherits", "text", "invalid", "autoHebrew", "autoSkips", "bdiArabic", "bdiDir",
                        "inputAuto", "areaAuto"])
        let ltr = Set(try document.select(":dir(ltr)").compactMap(\.id))
        for id in ["plain", "back", "deep", "tel", "autoLatin", "autoEmpty", "bdiLatin", "inputAutoEmpty",
                   "svgChild"] {
            #expect(ltr.contains(id), "\(id)")
        }
        #expect(ltr.isDisjoint(with: rtl))
        #expect(try document.ids(":dir(sideways)") == [])
        // Deep inheritance is answered once per element, not once per ancestor.
        let deep = Document(html: "<div dir=rtl>" + String(repeating: "<div>", count: 50_000) + "<p id=leaf>x")
        #expect(try deep.ids("p:dir(rtl)") == ["leaf"])
        #expect(try deep.select("div:dir(rtl)").count == 50_001)
    }

    @Test func quirksModeMatchesIdsAndClassesWithoutCase() throws {
        let document = TestTree.document("<div id=\"Main\" class=\"Box\"></div>", quirks: true)
        #expect(try document.ids("#main.box") == ["Main"])
        let standards = TestTree.document("<div id=\"Main\" class=\"Box\"></div>")
        #expect(try standards.ids("#main.box") == [])
    }

    @Test func elementMatchesAndClosest() throws {
        let a1 = try #require(try Self.page.selectFirst("a"))
        #expect(a1.id == "a1")
        #expect(try a1.matches("#d1 a[href]"))
        #expect(try !a1.matches("ul a"))
        #expect(try a1.closest("div")?.id == "d1")
        #expect(try a1.closest("p")?.id == "p1")
        #expect(try a1.closest("a")?.id == "a1")
        #expect(try a1.closest("table") == nil)
        // :has() inside an element's query: on subjects, and on ancestors outside the element.
        let d1 = try #require(try Self.page.selectFirst("#d1"))
        #expect(try d1.select("p:has(b)").map { $0.id ?? "" } == ["p3"])
        #expect(try d1.select("div:has(a) p:not(:has(*))").map { $0.id ?? "" } == ["p2", "p4"])
        #expect(try d1.select(":has(+ span)").map { $0.id ?? "" } == ["p2"])
        let table = try #require(try Self.page.selectFirst("table"))
        #expect(try table.select("tr:has(+ tr) td").map { $0.id ?? "" } == ["c1", "c2"])
        let p2 = try #require(try Self.page.selectFirst("#p2"))
        #expect(try p2.matches(":has(+ span)"))
        #expect(try p2.matches("body:has(table) p"))
        #expect(try !p2.matches(":has(~ p > a)"))
        #expect(try a1.closest(":has(> ul)")?.id == "body")
        let selector = try CSSSelector("li.x")
        #expect(Self.page.select(selector).count == 3)
        #expect(Self.page.selectFirst(selector)?.id == "l2")
        #expect(selector.description == "li.x")
    }
}
