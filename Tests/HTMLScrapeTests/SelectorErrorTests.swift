import Foundation
import Testing
@testable import HTMLScrape

@Suite struct SelectorErrorTests {
    private func failure(_ selector: String) -> SelectorError? {
        do {
            _ = try CSSSelector(selector)
            return nil
        } catch {
            return error
        }
    }

    @Test func messagesSayWhatAndWhere() throws {
        let error = try #require(failure("table[class=]"))
        #expect(error.description == "unexpected \"]\" at offset 12 in \"table[class=]\"")
        #expect(error.offset == 12)
        #expect((error as any LocalizedError).errorDescription == error.description)
        #expect(error.localizedDescription == error.description)
    }

    @Test(arguments: [
        ("div >", "unexpected end of selector", 5),
        ("", "unexpected end of selector", 0),
        ("p:hover", "unknown pseudo-class \":hover\"", 1),
        ("a[href", "unexpected end of selector", 6),
        ("div,", "unexpected end of selector", 4),
        (",div", "unexpected \",\"", 0),
        ("#123", "unexpected \"1\"", 1),
        ("p::before", "pseudo-elements are not supported", 1),
        ("[a=\"b", "unterminated string", 3),
        ("svg|rect", "namespace prefixes are not supported", 3),
        ("li:nth-child(2n+)", "invalid An+B expression \"2n+\"", 13),
        ("li:nth-child()", "unexpected \")\"", 13),
        ("div:not(p", "unexpected end of selector", 9),
        ("div:has()", "unexpected \")\"", 8),
        ("a > > b", "unexpected \">\"", 4),
        ("a[x=y z]", "unexpected \"z\"", 6),
        ("p:first-child(1)", "unknown pseudo-class \":first-child()\"", 1),
        ("p:not", "\":not\" needs an argument in parentheses", 1),
        ("div }", "unexpected \"}\"", 4),
        ("p.", "expected a class name after \".\", found end of selector", 2),
        (":matches([)", "invalid regular expression \"[\"", 9),
        // The column combinator is not a namespace prefix: say which it is, where it starts.
        ("col || td", "the column combinator \"||\" is not supported", 4),
        ("col||td", "the column combinator \"||\" is not supported", 3),
        ("*|td", "namespace prefixes are not supported", 1),
        // Selectors 4: `:has()` does not nest, directly or through another pseudo-class's list.
        ("div:has(:has(p))", "\":has()\" cannot be nested inside \":has()\"", 8),
        ("div:has(> a:not(:has(b)))", "\":has()\" cannot be nested inside \":has()\"", 16),
        ("p:dir()", "unexpected \")\"", 6),
        ("p:dir", "\":dir\" needs an argument in parentheses", 1),
    ])
    func errors(selector: String, reason: String, offset: Int) throws {
        let error = try #require(failure(selector))
        #expect(error.reason == reason)
        #expect(error.offset == offset)
        #expect(error.selector == selector)
    }

    @Test func validSelectorsParse() {
        for selector in [
            "*", "a", "a b", "a>b", "a+b", "a~b", "a , b", "[a]", "[a|=b]", "[a=\"]\"]", ":nth-child(2n+1 of .x, .y)",
            "a:not(:has(> b)):is(.c, #d)", "/* comment */ a /* x */ > b", "#\\31 23", ":-soup-contains-own(\"x\")",
            "td:matches(\\d+)", ":lang(\"*-CH\")", "p:contains(a (b) c)", "-foo", "--bar", "[a=1]",
            ":dir(rtl)", "p:dir(LTR)", ":dir(sideways)", "div:has(p):has(a)", ":is(:has(p))",
        ] {
            #expect(failure(selector) == nil, "\(selector)")
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: ":not(", count: 200) + "a" + String(repeating: ")", count: 200)
        #expect(failure(deep)?.reason == "selector nests too deeply")
    }
}
