import AirdateTestSupport
import Foundation
import Testing

@testable import HTMLScrape

/// XPath 1.0 on parsed documents. Expected values were worked out by hand from the XPath 1.0
/// recommendation (and agree with lxml where the trees agree; see Scripts/compare-xpath-lxml.py).
@Suite struct XPathTests {
    let page = Document(html: """
        <!DOCTYPE html><html lang="en"><head><title>Shows</title></head><body>
        <table id="eps" class="wikitable plainrowheaders wikiepisodetable">
        <tr><th>No.</th><th>Title</th><th>Viewers</th></tr>
        <tr class="vevent" id="ep1"><td>1</td><td class="summary">"Pilot"</td><td>4.5</td></tr>
        <tr class="vevent" id="ep2"><td>2</td><td class="summary">"Honor Thy Father"</td><td>4.1</td></tr>
        <tr class="vevent" id="ep3"><td>3</td><td class="summary">"Lone Gunmen"</td><td>3.6</td></tr>
        </table>
        <p lang="fr-CA">Un <a href="/a">lien</a> et <a href="/b" rel="next">un autre</a>.</p>
        <!-- note -->
        <svg viewBox="0 0 1 1"><a xlink:href="#x"><rect width="1"/></a><foreignObject><p>inside</p></foreignObject></svg>
        <template id="t"><span>kept</span></template>
        </body></html>
        """)

    private func strings(_ expression: String, _ document: Document? = nil) throws -> [String] {
        try (document ?? page).xpath(expression).map(\.stringValue)
    }

    private func value(_ expression: String, _ document: Document? = nil) throws -> XPathValue {
        try (document ?? page).evaluateXPath(expression)
    }

    @Test func locationPathsAndPredicates() throws {
        #expect(try strings("//tr[@class='vevent']/td[2]") == ["\"Pilot\"", "\"Honor Thy Father\"", "\"Lone Gunmen\""])
        #expect(try strings("//tr[2]/td[last()]") == ["4.5"])
        #expect(try strings("(//td[@class='summary'])[last()]") == ["\"Lone Gunmen\""])
        #expect(try strings("//tr[td[3] > 4]/@id") == ["ep1", "ep2"])
        #expect(try strings("//tr[position() > 1 and position() < 4]/@id") == ["ep1", "ep2"])
        #expect(try strings("/html/body/p/a/@href") == ["/a", "/b"])
        #expect(try strings("//a[@rel]/text()") == ["un autre"])
        #expect(try strings("//*[@id='ep2']/td[1]") == ["2"])
        #expect(try strings("//td[. = '3']/following-sibling::td[1]") == ["\"Lone Gunmen\""])
        #expect(try strings("//td[. = '3']/../preceding-sibling::tr[1]/@id") == ["ep2"])
        // Reverse axes number nearest first; the result is still in document order.
        #expect(try strings("//td[. = '3']/ancestor::*[3]/@id") == ["eps"])
        #expect(try strings("//td[. = '4.1']/preceding::td[2]") == ["2"])
        #expect(try strings("//td[. = '4.1']/following::td[1]") == ["3"])
        #expect(try page.xpath("//td[. = '4.1']/ancestor-or-self::*").map(\.name) == ["html", "body", "table", "tbody", "tr", "td"])
        #expect(try page.xpath("//comment()").map(\.stringValue) == [" note "])
        #expect(try page.xpath("/").first?.node == page.root)
        #expect(try strings("//tr[@id='ep1']/td/self::td[@class]") == ["\"Pilot\""])
        #expect(try page.xpath("//tr[1]/th/..//th").count == 3)
        #expect(try strings("//th | (//td[@class='summary'])[1]") == ["No.", "Title", "Viewers", "\"Pilot\""])
        #expect(try strings("id('ep3 ep1')/td[1]") == ["1", "3"])
    }

    @Test func attributesAndNamespaceNodesAreNodes() throws {
        let link = try #require(try page.xpath("//p/a[1]/@*").first)
        guard case let .attribute(element, attribute) = link else {
            Issue.record("expected an attribute node, got \(link)")
            return
        }
        #expect(element.localName == "a" && attribute.name == "href" && attribute.value == "/a")
        #expect(try strings("//p/a[2]/@*") == ["/b", "next"])
        #expect(try strings("//p/a[2]/@*/..") == ["un autre"])
        // An attribute's following axis starts with its element's children.
        #expect(try strings("//p/a[2]/@rel/following::node()[1]") == ["un autre"])
        #expect(try page.xpath("//p[@lang]/namespace::*").map(\.name) == ["xml"])
        #expect(try value("name(//svg:a/@xlink:href)").string == "xlink:href")
        #expect(try value("local-name(//svg:a/@xlink:href)").string == "href")
        #expect(try value("namespace-uri(//svg:a/@xlink:href)").string == "http://www.w3.org/1999/xlink")
    }

    @Test func unprefixedNamesMatchHTMLElementsOnly() throws {
        // Unprefixed: HTML elements only, ignoring case, as `document.evaluate` in browsers.
        #expect(try page.xpath("//rect").isEmpty)
        #expect(try page.xpath("//svg").isEmpty)
        #expect(try page.xpath("//TABLE").count == 1)
        #expect(try page.xpath("//foreignObject").isEmpty)
        #expect(try page.xpath("//svg:foreignObject").count == 1)
        #expect(try page.xpath("//svg:foreignobject").isEmpty)
        // `a` is an HTML element twice and an SVG element once.
        #expect(try page.xpath("//a").count == 2)
        #expect(try page.xpath("//html:a").count == 2)
        #expect(try page.xpath("//svg:a").count == 1)
        #expect(try page.xpath("//*[local-name() = 'a']").count == 3)
        #expect(try page.xpath("//svg:*").map(\.name) == ["svg", "a", "rect", "foreignObject"])
        #expect(try strings("//svg:foreignObject/html:p") == ["inside"])
        #expect(try strings("//svg:foreignObject/p") == ["inside"])
        #expect(try value("namespace-uri(//svg:rect)").string == "http://www.w3.org/2000/svg")
        // The document's title, not an icon's.
        let icon = Document(html: "<title>Page</title><svg><title>Icon</title></svg><math><mi>x</mi></math>")
        #expect(try icon.xpath("//title").map(\.stringValue) == ["Page"])
        #expect(try icon.xpath("//svg:title").map(\.stringValue) == ["Icon"])
        #expect(try icon.xpath("//mi").isEmpty)
        #expect(try icon.xpath("//math:mi").count == 1)
        // A mapping of one's own.
        let custom = try XPath("//s:rect/@width", namespaces: ["s": "http://www.w3.org/2000/svg"])
        #expect(try page.xpath(custom).map(\.stringValue) == ["1"])
        #expect(throws: XPathError.self) { try XPath("//s:rect") }
    }

    @Test func templateContentsAreChildren() throws {
        #expect(try strings("//template[@id='t']/span") == ["kept"])
        #expect(try strings("//span/parent::*/@id") == ["t"])
        #expect(try value("string(//template)").string == "kept")
    }

    @Test func numbersStringsAndBooleans() throws {
        #expect(try value("count(//tr)") == .number(4))
        #expect(try value("sum(//tr/td[3])").number == 4.5 + 4.1 + 3.6)
        #expect(try value("1 div 0").string == "Infinity")
        #expect(try value("-1 div 0").string == "-Infinity")
        #expect(try value("0 div 0").string == "NaN")
        #expect(try value("string(-0)").string == "0")
        #expect(try value("1 div 3").string == "0.3333333333333333")
        #expect(try value("1000000 * 1000000 * 1000000 * 1000000").string == "1000000000000000000000000")
        #expect(try value("1 div 1000000000").string == "0.000000001")
        #expect(try value("5 mod 2") == .number(1))
        #expect(try value("-5 mod 2") == .number(-1))
        #expect(try value("round(2.5)") == .number(3))
        #expect(try value("round(-2.5)") == .number(-2))
        #expect(try value("round(-0.4)").number.sign == .minus)
        #expect(try value("floor(-1.5) + ceiling(1.2)") == .number(0))
        #expect(try value("number(' 12.5 ')") == .number(12.5))
        #expect(try value("number('1e3')").number.isNaN)
        #expect(try value("number('-.5')") == .number(-0.5))
        #expect(try value("--3") == .number(3))
        #expect(try value("string-length('çà')") == .number(2))
        #expect(try value("substring('12345', 1.5, 2.6)") == .string("234"))
        #expect(try value("substring('12345', 0, 3)") == .string("12"))
        #expect(try value("substring('12345', 0 div 0, 3)") == .string(""))
        #expect(try value("substring('12345', -42, 1 div 0)") == .string("12345"))
        #expect(try value("substring('12345', -1 div 0, 1 div 0)") == .string(""))
        #expect(try value("substring('abc', 10000000000000000000000)") == .string(""))
        #expect(try value("substring-before('1999/04/01', '/')") == .string("1999"))
        #expect(try value("substring-after('1999/04/01', '/')") == .string("04/01"))
        #expect(try value("translate('--aaa--', 'abc-', 'ABC')") == .string("AAA"))
        #expect(try value("normalize-space('  a \n b  ')") == .string("a b"))
        #expect(try value("concat('a', 1, true())") == .string("a1true"))
        #expect(try value("starts-with('abc', 'ab') and contains('abc', 'bc') and not(contains('abc', 'x'))") == .boolean(true))
        #expect(try value("boolean(//nothing)") == .boolean(false))
        #expect(try value("//tr/@id = 'ep2'") == .boolean(true))
        #expect(try value("//tr/@id != 'ep2'") == .boolean(true))
        #expect(try value("//td < 2") == .boolean(true))
        #expect(try value("//th = //td") == .boolean(false))
        #expect(try value("//td[1] = //td[1]") == .boolean(true))
        #expect(try value("true() = 'x'") == .boolean(true))
        #expect(try value("1 = '1.0'") == .boolean(true))
        #expect(try value("'a' < 'b'") == .boolean(false))
        #expect(try value("lang('fr')", page) == .boolean(false))
        #expect(try strings("//a[lang('fr')]") == ["lien", "un autre"])
        #expect(try strings("(//td[lang('EN')])[1]") == ["1"])
    }

    @Test func variablesAndElementContexts() throws {
        let row = try #require(try page.xpath("//tr[@id='ep2']").first?.element)
        #expect(try row.xpath("td[@class='summary']").map { $0.stringValue } == ["\"Honor Thy Father\""])
        #expect(try row.evaluateXPath("count(preceding-sibling::tr)") == .number(2))
        #expect(try row.xpath("/html/head/title").map { $0.stringValue } == ["Shows"])
        let query = try XPath("//tr[@id = $id]/td[$column]")
        #expect(try page.xpath(query, variables: ["id": .string("ep3"), "column": .number(3)]).map(\.stringValue) == ["3.6"])
        let rows = try page.evaluateXPath(XPath("//tr[@class='vevent']"))
        #expect(try page.evaluateXPath(XPath("count($rows[td[3] > 4])"), variables: ["rows": rows]) == .number(2))
        #expect(throws: XPathError.self) { try page.evaluateXPath(query) }
    }

    @Test func errorsSayWhatAndWhere() {
        func failure(_ expression: String) -> XPathError? {
            do throws(XPathError) {
                _ = try page.evaluateXPath(expression)
                return nil
            } catch {
                return error
            }
        }
        let cases: [(String, Int, String)] = [
            ("//div/", 6, "expected a step"),
            ("//div[", 6, "expected an expression"),
            ("//div[1", 7, "expected \"]\""),
            ("foo()", 0, "unknown function \"foo\""),
            ("count()", 0, "count() takes 1 argument, not 0"),
            ("substring('a')", 0, "takes 2 or 3 arguments"),
            ("//x:p", 2, "undeclared namespace prefix \"x\""),
            ("'abc", 0, "unterminated string literal"),
            ("p:", 1, "unexpected \":\""),
            ("p:3", 2, "expected a local name or \"*\" after \"p:\""),
            ("sideways::p", 0, "unknown axis \"sideways\""),
            ("1 + ", 4, "expected an expression"),
            ("//p foo", 4, "expected an operator"),
            ("$missing", 0, "the variable \"$missing\" is not bound"),
            ("count('a')", 0, "count() needs a node-set argument"),
            ("'a'/b", 0, "a path step applies to node-sets only"),
            ("1 | //p", 2, "both sides of \"|\" must be node-sets"),
            ("!p", 0, "unexpected \"!\""),
            ("", 0, "empty expression"),
            ("//é:p", 2, "undeclared namespace prefix"),
        ]
        for (expression, offset, reason) in cases {
            let error = failure(expression)
            #expect(error?.offset == offset, "\(expression): \(String(describing: error))")
            #expect(error?.reason.contains(reason) == true, "\(expression): \(String(describing: error))")
            #expect(error?.expression == expression)
        }
        #expect(failure("//div/")?.description == "expected a step after \"/\" at offset 6 in \"//div/\"")
        #expect(throws: XPathError.self) { try page.xpath("count(//p)") }
    }

    @Test func nestingIsBoundedWithATypedError() throws {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: XPathError.self) { try XPath(deep) }
        let predicates = "//p" + String(repeating: "[p", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(throws: XPathError.self) { try XPath(predicates) }
        let functions = String(repeating: "not(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        #expect(throws: XPathError.self) { try XPath(functions) }
        // Nesting up to the bound compiles and evaluates; long flat chains are loops, not nesting.
        let allowed = String(repeating: "(", count: XPath.maximumNesting - 1) + "1" + String(repeating: ")", count: XPath.maximumNesting - 1)
        #expect(try page.evaluateXPath(XPath(allowed)) == .number(1))
        let chain = Array(repeating: "1", count: 50_000).joined(separator: " + ")
        #expect(try page.evaluateXPath(XPath(chain)) == .number(50_000))
        let unary = String(repeating: "-", count: 50_001) + "2"
        #expect(try page.evaluateXPath(XPath(unary)) == .number(-2))
        let steps = "/" + Array(repeating: "*", count: 20_000).joined(separator: "/")
        #expect(try page.xpath(XPath(steps)).isEmpty)
    }

    @Test(.heavy) func deepAndWideTreesEvaluateInLinearTime() async throws {
        let results = try await runOnOwnThread {
            let depth = 100_000
            let nested = Document(html: String(repeating: "<div>", count: depth) + "<p>x</p>")
            let wide = Document(html: "<body>" + String(repeating: "<div><p>x</p></div>", count: depth) + "</body>")
            return [
                try nested.xpath("//div//div").count,
                try nested.xpath("//div/ancestor::div").count,
                try nested.xpath("//p/ancestor::*").count,
                try nested.xpath("//div/following::p").count,
                try nested.xpath("//p/preceding::div").count,
                try wide.xpath("//div/following-sibling::div").count,
                try wide.xpath("//div/preceding-sibling::div").count,
                try wide.xpath("//p/following::p").count,
                try wide.xpath("//p/preceding::p").count,
                Int(try wide.evaluateXPath("count(//div[p])").number),
                try nested.evaluateXPath("string(//p)").string.count,
            ]
        }
        #expect(results == [99_999, 99_999, 100_002, 0, 0, 99_999, 99_999, 99_999, 99_999, 100_000, 1])
    }
}
