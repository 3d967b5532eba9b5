import AirdateTestSupport
import Foundation
import Testing
@testable import HTMLScrape

/// What the sanitiser must never let through, checked on the output *parsed again* (as a browser
/// would receive it), in the body context and with scripting on.
enum SafetyCheck {
    static let executableSchemes = ["javascript", "vbscript", "livescript", "data", "file", "blob", "filesystem"]

    /// Problems found in `html` parsed as a body fragment: script-like elements, event handlers,
    /// executable URLs, foreign content.
    static func problems(in html: String, context: FragmentContext = .body, strict: Bool = true) -> [String] {
        var found: [String] = []
        for scripting in [true, false] {
            let document = Document(
                fragment: html, context: context, options: ParseOptions(scriptingEnabled: scripting, collectsErrors: false))
            for element in document.root.descendants.compactMap(\.element) {
                if element.namespace != .html { found.append("foreign element <\(element.localName)>") }
                if ["script", "iframe", "object", "embed", "style", "template", "noscript", "base", "meta", "link",
                    "frame", "frameset", "applet", "svg", "math", "textarea", "xmp"].contains(element.localName) {
                    found.append("element <\(element.localName)>")
                }
                for attribute in element.attributes {
                    let name = attribute.localName.lowercased()
                    if name.hasPrefix("on") { found.append("handler \(name)") }
                    if (strict && name == "style") || name == "srcdoc" { found.append("attribute \(name)") }
                    let value = String(attribute.value.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
                    for scheme in executableSchemes where value.hasPrefix(scheme + ":") || value.contains("," + scheme + ":") {
                        // data: images are the one data: URL allowed, and only where a policy asks for it.
                        if scheme == "data" && value.hasPrefix("data:image/png") { continue }
                        found.append("URL \(attribute.value)")
                    }
                    if strict && (name == "id" || name == "name") { found.append("clobbering \(name)=\(attribute.value)") }
                }
            }
        }
        return found
    }
}

@Suite struct SanitizerTests {
    static let presets: [SanitizerPolicy] = [.textOnly, .basicFormatting, .basicWithImages, .relaxed]

    /// Sanitises with every preset and checks the output, parsed again, is harmless and stable.
    private func expectSafe(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for policy in Self.presets {
            let sanitizer = HTMLSanitizer(policy: policy)
            let output = sanitizer.sanitizedHTML(fragment: html)
            let problems = SafetyCheck.problems(in: output)
            #expect(problems.isEmpty, "\(problems) in \(output) from \(html)", sourceLocation: sourceLocation)
            #expect(sanitizer.sanitizedHTML(fragment: output) == output, "not idempotent: \(output)",
                    sourceLocation: sourceLocation)
            let reparsed = Document(fragment: output, options: ParseOptions(scriptingEnabled: true)).root.innerHTML
            #expect(reparsed == output, "not a fixed point: \(output)", sourceLocation: sourceLocation)
        }
    }

    private func clean(_ html: String, _ policy: SanitizerPolicy = .basicFormatting) -> String {
        HTMLSanitizer(policy: policy).sanitizedHTML(fragment: html)
    }

    // MARK: What is kept

    @Test func keepsAllowedFormattingAndUnwrapsTheRest() {
        #expect(clean(#"<p class="x">A <b>bold</b> <font color="red">move</font>.</p>"#)
                == "<p>A <b>bold</b> move.</p>")
        #expect(clean(#"<p>A <a href="https://www.tvmaze.com/shows/1" onclick="x()">link</a></p>"#)
                == #"<p>A <a href="https://www.tvmaze.com/shows/1">link</a></p>"#)
        #expect(clean("<div><p>one</p><p>two</p></div>", .textOnly) == "onetwo")
        #expect(clean("a &lt;script&gt; b", .textOnly) == "a &lt;script&gt; b")
    }

    @Test func removesTheContentOfScriptsStylesAndTemplatesOnly() {
        #expect(clean("<p>a<script>alert(1)</script>b<style>p{}</style>c<template><b>t</b></template>d</p>")
                == "<p>abcd</p>")
        #expect(clean("<p><blink>kept</blink> <iframe>gone</iframe><noscript>gone</noscript></p>") == "<p>kept </p>")
        #expect(clean("<p>x<svg><text>gone</text></svg><math><mi>gone</mi></math>y</p>") == "<p>xy</p>")
    }

    @Test func customPolicyRemovesMoreWithContent() {
        var policy = SanitizerPolicy.basicFormatting
        policy.removedWithContent = ["kbd", "b"]
        #expect(clean("<p>a<kbd>ad</kbd>b<b>c</b></p>", policy) == "<p>ab</p>")
    }

    @Test func tablesGetTheirImpliedBody() {
        #expect(clean("<table><tr><td>1</td></tr></table>", .relaxed)
                == "<table><tbody><tr><td>1</td></tr></tbody></table>")
    }

    @Test func tableRowsStayWhereCellsAreAllowed() {
        // A policy that names the table and its cells but not the rows keeps the rows, which the
        // parser would put back anyway; it used to drop the whole table, which never settled.
        let cells = SanitizerPolicy(allowedElements: ["table", "td", "th"])
        #expect(clean("<table><tr><th>A</th><td>1</td></tr><tr><td>2</td></tr></table>", cells)
                == "<table><tbody><tr><th>A</th><td>1</td></tr><tr><td>2</td></tr></tbody></table>")
        // Without the table, nothing implies rows: they are unwrapped with the cells.
        #expect(clean("<table><tr><td>1</td></tr></table>", SanitizerPolicy(allowedElements: ["td", "p"])) == "1")
        #expect(clean("<table><tr><td>1</td></tr></table>", SanitizerPolicy(allowedElements: ["p"])) == "1")
    }

    // MARK: Script elements and handlers

    @Test(arguments: [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<img src=x onerror=alert(1)>",
        "<IMG SRC=\"x\" ONERROR=\"alert(1)\">",
        "<body onload=alert(1)>",
        "<div onmouseover='alert(1)'>hover</div>",
        "<a href=\"#\" onclick=\"alert(1)\">x</a>",
        "<img src=x:alert(alt) onerror=eval(src) alt=0>",
        "<input autofocus onfocus=alert(1)>",
        "<details open ontoggle=alert(1)>",
        "<video><source onerror=alert(1)></video>",
        "<marquee onstart=alert(1)>x</marquee>",
        "<p/onclick=alert(1)>slash</p>",
        "<iframe src=javascript:alert(1)></iframe>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "<object data=javascript:alert(1)></object>",
        "<embed src=javascript:alert(1)>",
        "<base href=javascript:alert(1)//>",
        "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
        "<link rel=stylesheet href=javascript:alert(1)>",
        "<form action=javascript:alert(1)><button>x</button></form>",
        "<button formaction=javascript:alert(1)>x</button>",
        "<isindex action=javascript:alert(1) type=image>",
        "<frameset onload=alert(1)>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<div style=\"width: expression(alert(1))\">x</div>",
    ])
    func scriptsAndHandlersNeverSurvive(_ vector: String) {
        expectSafe(vector)
    }

    // MARK: URL schemes and their obfuscation

    @Test(arguments: [
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"  javascript:alert(1)\">x</a>",
        "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
        "<a href=\"jav&#x0A;ascript:alert(1)\">x</a>",
        "<a href=\"jav\tascript:alert(1)\">x</a>",
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)\">x</a>",
        "<a href=\"&#0000106&#0000097vascript:alert(1)\">x</a>",
        "<a href=\"javascript&colon;alert(1)\">x</a>",
        "<a href=\"\u{0}javascript:alert(1)\">x</a>",
        "<a href=\"&#0;javascript:alert(1)\">x</a>",
        "<a href=\"\u{1}\u{2}javascript:alert(1)\">x</a>",
        "<a href=\"java\u{0}script:alert(1)\">x</a>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<a href=\"VBScript:msgbox(1)\">x</a>",
        "<a href=\"livescript:x\">x</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
        "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
        "<img src=\"javascript:alert(1)\">",
        "<img src=x srcset=\"javascript:alert(1) 1x, https://ok.example/a.png 2x\">",
        "<img srcset=\"https://ok.example/a.png 1x,javascript:alert(1) 2x\">",
        "<blockquote cite=\"javascript:alert(1)\">q</blockquote>",
        "<a href=\"java&Tab;script:alert(1)\">x</a>",
        "<a href=\"&#14;javascript:alert(1)\">x</a>",
        "<a href=\"javascript\u{3000}:alert(1)\">x</a>",
    ])
    func executableURLsNeverSurvive(_ vector: String) {
        expectSafe(vector)
        let output = clean(vector, .relaxed)
        #expect(!output.lowercased().contains("script:"), "\(output)")
    }

    @Test func urlChecksKeepHarmlessLinksAndNormaliseThem() {
        #expect(clean("<a href=\" https://example.com/a\tb \">x</a>") == #"<a href="https://example.com/ab">x</a>"#)
        #expect(clean("<a href=\"mailto:someone@example.com\">m</a>") == #"<a href="mailto:someone@example.com">m</a>"#)
        #expect(clean("<a href=\"ftp://example.com\">f</a>") == "<a>f</a>")
        #expect(clean("<a href=\"/shows/1\">r</a>") == #"<a href="/shows/1">r</a>"#)
        var strict = SanitizerPolicy.basicFormatting
        strict.allowsRelativeURLs = false
        #expect(clean("<a href=\"/shows/1\">r</a>", strict) == "<a>r</a>")
    }

    @Test func relativeURLsBecomeAbsoluteAgainstTheBase() {
        var policy = SanitizerPolicy.basicWithImages
        policy.baseURL = URL(string: "https://en.wikipedia.org/wiki/List_of_episodes")
        #expect(clean(##"<a href="/wiki/Pilot">p</a> <a href="#s1">s</a> <img src="//upload.example/a.png">"##, policy)
                == ##"<a href="https://en.wikipedia.org/wiki/Pilot">p</a> <a href="https://en.wikipedia.org/wiki/List_of_episodes#s1">s</a> <img src="https://upload.example/a.png">"##)
    }

    @Test func dataImagesPassOnlyWhereAllowed() {
        var policy = SanitizerPolicy.basicWithImages
        #expect(clean(#"<img src="data:image/png;base64,iVBO">"#, policy) == "<img>")
        policy.urlSchemes["src", default: []].insert("data")
        #expect(clean(#"<img src="data:image/png;base64,iVBO">"#, policy) == #"<img src="data:image/png;base64,iVBO">"#)
        #expect(clean(#"<img src="data:image/svg+xml;base64,PHN2Zz4=">"#, policy) == "<img>")
        #expect(clean(#"<img src="data:text/html,x">"#, policy) == "<img>")
    }

    @Test func srcsetIsCheckedCandidateByCandidate() {
        let output = clean(#"<img src="a.png" srcset=" https://x.example/a.png  1x ,https://x.example/b.png 2x">"#, .relaxed)
        #expect(output == #"<img src="a.png" srcset="https://x.example/a.png 1x, https://x.example/b.png 2x">"#)
        #expect(clean(#"<img srcset="https://x.example/a.png 1x, https://x.example/b.png onerror">"#, .relaxed) == "<img>")
    }

    @Test func styleKeepsOnlyPlainAllowedDeclarations() {
        var policy = SanitizerPolicy.relaxed
        policy.allowedAttributes["span"] = ["style"]
        policy.allowedStyleProperties = ["color", "font-weight"]
        #expect(clean(#"<span style="COLOR: red; position: fixed; font-weight:bold">x</span>"#, policy)
                == #"<span style="color: red; font-weight: bold">x</span>"#)
        #expect(clean(#"<span style="color: url(https://x.example/t.png)">x</span>"#, policy) == "<span>x</span>")
        #expect(clean(#"<span style="color: re\64">x</span>"#, policy) == "<span>x</span>")
        #expect(clean(#"<span style="color: red">x</span>"#, .relaxed) == "<span>x</span>")
    }

    @Test func blankTargetsGetNoopener() {
        #expect(clean(#"<a href="https://x.example" target="_blank" rel="nofollow">x</a>"#, .relaxed)
                == #"<a href="https://x.example" target="_blank" rel="nofollow noopener noreferrer">x</a>"#)
        var policy = SanitizerPolicy.relaxed
        policy.addsNoopenerToBlankTargets = false
        #expect(clean(#"<a target="_BLANK">x</a>"#, policy) == #"<a target="_BLANK">x</a>"#)
    }

    @Test func enforcedAttributesAreSet() {
        var policy = SanitizerPolicy.basicFormatting
        policy.enforcedAttributes = ["a": ["rel": "nofollow ugc"]]
        #expect(clean(#"<a href="https://x.example" rel="me">x</a>"#, policy)
                == #"<a href="https://x.example" rel="nofollow ugc">x</a>"#)
    }

    // MARK: DOM clobbering

    @Test func identifiersAreDroppedOrPrefixed() {
        var policy = SanitizerPolicy.relaxed
        policy.allowedAttributes["*", default: []].formUnion(["id", "name"])
        let vector = #"<form id="location"><img name="cookie" id="x"></form><a id="defaultView" name="getElementById">x</a>"#
        let dropped = clean(vector, policy)
        #expect(SafetyCheck.problems(in: dropped).isEmpty, "\(dropped)")
        #expect(!dropped.contains("id="))
        policy.identifiers = .prefix("user-content-")
        let prefixed = clean(vector, policy)
        #expect(prefixed == #"<img name="user-content-cookie" id="user-content-x"><a id="user-content-defaultView" name="user-content-getElementById">x</a>"#)
        #expect(clean(prefixed, policy) == prefixed)
    }

    // MARK: SVG, MathML and mutation XSS

    @Test(arguments: [
        "<svg><script>alert(1)</script></svg>",
        "<svg onload=alert(1)>",
        "<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
        "<svg><animate attributeName=href values=javascript:alert(1) /><a><text>x</text></a></svg>",
        "<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
        "<math href=\"javascript:alert(1)\">x</math>",
        // noscript: the title's text becomes markup when the parser's scripting flag differs.
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
        // template: contents are inert, but a round trip through innerHTML must not revive them.
        "<template><img src=x onerror=alert(1)></template>",
        "<template><script>alert(1)</script></template><p>after</p>",
        // style raw text: markup inside it is text, until a parser reads it in another context.
        "<style><img src=x onerror=alert(1)></style>",
        "<svg><style><img src=x onerror=alert(1)></style></svg>",
        "<math><style><img src=x onerror=alert(1)></style></math>",
        // comments: `--!>` ends a comment, and an attribute may hold what looks like one.
        "<!--><img src=x onerror=alert(1)>-->",
        "<!-- --!><img src=x onerror=alert(1)> -->",
        "<p title=\"<!--\">x</p><img src=x onerror=alert(1)>-->",
        // CDATA is text in HTML but markup in foreign content.
        "<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>",
        "<![CDATA[><img src=x onerror=alert(1)>]]>",
        "<math><![CDATA[</math><img src=x onerror=alert(1)>]]></math>",
        // namespace confusion: an HTML integration point, a select, a form that is closed and reopened.
        "<svg></p><style><a id=\"</style><img src=1 onerror=alert(1)>\">",
        "<svg><p><style><img src=x onerror=alert(1)></style></p></svg>",
        "<math><mi><mglyph><svg><mtext><textarea><path id=\"</textarea><img onerror=alert(1) src=1>\">",
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<select><template><style><!--</style><a rel=\"--></style></template></select><img src=x onerror=alert(1)>\">",
        "<table><caption><svg><title><table><img src=x onerror=alert(1)>",
        "<xmp><p title=\"</xmp><img src=x onerror=alert(1)>\">",
        "<textarea><p title=\"</textarea><img src=x onerror=alert(1)>\">",
        "<iframe><p title=\"</iframe><img src=x onerror=alert(1)>\">",
        "<noembed><p title=\"</noembed><img src=x onerror=alert(1)>\">",
        "<title><p title=\"</title><img src=x onerror=alert(1)>\">",
        "<listing>&lt;img src=x onerror=alert(1)&gt;</listing>",
        "<a href=\"&#x6a;avascript:alert(1)\"><svg><a xlink:href=\"javascript:alert(2)\">y</a></svg></a>",
        "<p><svg><desc><p><a href=javascript:alert(1)>x</a></desc></svg>",
    ])
    func foreignContentAndMutationVectorsAreNeutralised(_ vector: String) {
        expectSafe(vector)
    }

    // MARK: Documents and contexts

    @Test func wholeDocumentsKeepTheirStructureOnly() {
        let page = Document(html: """
            <!DOCTYPE html><html lang="en" onload="x()"><head><title>T</title><script>x()</script>
            <base href="javascript:alert(1)//"></head><body class="b" onload="x()"><h1>Title</h1>
            <p>Text <a href="/a">link</a></p></body></html>
            """)
        let html = HTMLSanitizer(policy: .basicFormatting).sanitizedHTML(page)
        #expect(html == "<!DOCTYPE html><html><head></head><body>Title\n<p>Text <a href=\"/a\">link</a></p></body></html>")
        #expect(Document(html: html).root.innerHTML == html)
    }

    @Test func wholeDocumentsWithAQuotedNoscriptEndKeepTheirContent() {
        // A noscript whose attribute holds "</noscript>", in the head or the body, parsed with
        // scripting off or on: the page's other content is all kept (the noscript itself goes).
        let pages = [
            "<!DOCTYPE html><html><head><noscript><link rel=x title=\"</noscript>\"></noscript></head><body><h1>Show</h1><p>Summary</p></body></html>",
            "<!DOCTYPE html><h1>Show</h1><noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">No JS</p></noscript><p>Summary</p>",
            "<noscript><p title=\"</noscript>\">x</p></noscript><h1>Show</h1><p>Summary</p>",
        ]
        for html in pages {
            for scripting in [false, true] {
                let document = Document(html: html, options: ParseOptions(scriptingEnabled: scripting))
                for policy in [SanitizerPolicy.relaxed, .basicFormatting, .textOnly] {
                    let output = HTMLSanitizer(policy: policy).sanitize(document)
                    let text = output.body?.node.textContent ?? ""
                    #expect(text.contains("Show") && text.contains("Summary"), "\(html) scripting \(scripting): \(output.root.innerHTML)")
                    #expect(!output.root.innerHTML.contains("onerror"))
                }
            }
        }
    }

    @Test func fragmentsAreCheckedInTheirOwnContext() throws {
        let sanitizer = HTMLSanitizer(policy: .relaxed)
        let row = sanitizer.sanitize(fragment: "<td onclick=x()>1</td><td>2<script>x()</script></td>", context: FragmentContext(localName: "tr"))
        #expect(row.fragmentContext == FragmentContext(localName: "tr"))
        #expect(row.root.innerHTML == "<td>1</td><td>2</td>")
        let inPre = sanitizer.sanitizedHTML(fragment: "\n\nline", context: FragmentContext(localName: "pre"))
        #expect(Document(fragment: inPre, context: FragmentContext(localName: "pre")).root.innerHTML == inPre)
    }

    @Test func treesThatDoNotSurviveARoundTripAreCleanedAgain() {
        // Unwrapping the button leaves <div> in <p>, which re-parses differently: a second round settles it.
        let output = clean("<p><button><div>x</div></button></p>", .relaxed)
        #expect(output == "<p></p><div>x</div><p></p>")
        // A leading newline in <pre> is eaten by the parser.
        let pre = clean("<pre>\n\nx</pre>", .relaxed)
        #expect(Document(fragment: pre).root.innerHTML == pre)
        // Nested lists lose their list element: <li> in <li> re-parses as siblings.
        let list = clean("<ul><li>a<ol><li>b</li></ol></li></ul>", SanitizerPolicy(allowedElements: ["li"]))
        #expect(Document(fragment: list).root.innerHTML == list)
    }

    @Test func partsThatNeverSettleAreDroppedAndTheRestKept() {
        // Columns without their group: the parser adds a <colgroup> on every round and the policy
        // takes it away again.
        let policy = SanitizerPolicy(allowedElements: ["table", "col", "p"])
        let output = clean("a<table><colgroup><col></colgroup></table>b<p>after</p>", policy)
        #expect(output == "ab<p>after</p>")
        #expect(clean(output, policy) == output)
    }

    @Test func presetsAreFoundByName() {
        #expect(SanitizerPolicy.presets.map(\.key) == ["textOnly", "basicFormatting", "basicWithImages", "relaxed"])
        #expect(SanitizerPolicy.preset(named: "relaxed") == .relaxed)
        #expect(SanitizerPolicy.preset(named: "none") == nil)
    }

    @Test func commentsAreKeptOnlyWhenAskedAndHarmless() {
        var policy = SanitizerPolicy.basicFormatting
        #expect(clean("<p>a<!-- note -->b</p>", policy) == "<p>ab</p>")
        policy.keepsComments = true
        #expect(clean("<p>a<!-- note -->b</p>", policy) == "<p>a<!-- note -->b</p>")
        #expect(clean("<p>a<!--[if IE]><script>x()</script><![endif]-->b</p>", policy) == "<p>ab</p>")
    }

    // MARK: Properties

    /// Random markup from pieces that are known to be troublesome: raw-text and foreign elements,
    /// table parts, formatting elements the adoption agency reorders, comments, CDATA, entities,
    /// event handlers and scheme tricks.
    static func randomHTML(_ generator: inout SeededGenerator) -> String {
        let tags = ["p", "div", "b", "i", "a", "span", "table", "tr", "td", "tbody", "li", "ul", "ol", "pre", "svg",
                    "math", "mi", "mtext", "style", "script", "noscript", "template", "textarea", "title", "select",
                    "option", "form", "button", "img", "br", "font", "h1", "blockquote", "xmp", "iframe", "desc",
                    "foreignObject", "annotation-xml", "caption", "col", "frameset", "object", "listing", "code"]
        let attributes = ["href=\"javascript:alert(1)\"", "href=\"/ok\"", "href=https://x.example/",
                          "onclick=\"x()\"", "title=\"</style><img src=x onerror=alert(1)>\"", "class=c",
                          "src=\"jav&#x09;ascript:x\"", "id=cookie", "style=\"color:red\"", "target=_blank",
                          "srcset=\"a.png 1x, javascript:x 2x\"", "name=forms", "xlink:href=\"javascript:x\""]
        let texts = ["text", " ", "\n", "&amp;", "&lt;b&gt;", "<!-- c -->", "<!--><b>", "<![CDATA[x]]>", "]]>",
                     "&#106;s", "\u{0}", "<", "--!>", "é", "&nbsp;"]
        var html = ""
        var open: [String] = []
        for _ in 0..<Int.random(in: 5...40, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                let tag = tags.randomElement(using: &generator) ?? "p"
                var attrs = ""
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    attrs += " " + (attributes.randomElement(using: &generator) ?? "")
                }
                html += "<\(tag)\(attrs)>"
                open.append(tag)
            case 4..<6:
                if let tag = open.popLast() { html += "</\(tag)>" }
            default:
                html += texts.randomElement(using: &generator) ?? ""
            }
        }
        return html
    }

    /// A policy with awkward lists: list items without lists, cells without rows, forms, comments,
    /// prefixed identifiers and styles.
    static let awkward = SanitizerPolicy(
        allowedElements: ["li", "td", "table", "p", "a", "form", "button", "pre", "b", "option", "caption"],
        allowedAttributes: ["*": ["id", "name", "style", "title"], "a": ["href", "target"], "form": ["action"],
                            "button": ["formaction"]],
        identifiers: .prefix("user-"), keepsComments: true, allowedStyleProperties: ["color"])

    @Test func sanitisingIsIdempotentAndItsOutputIsAFixedPoint() async throws {
        let failures = try await runOnOwnThread { () -> [String] in
            var generator = SeededGenerator(seed: 20_261_124)
            var failures: [String] = []
            for _ in 0..<400 {
                let input = Self.randomHTML(&generator)
                for policy in Self.presets + [Self.awkward] {
                    let sanitizer = HTMLSanitizer(policy: policy)
                    let once = sanitizer.sanitizedHTML(fragment: input)
                    let twice = sanitizer.sanitizedHTML(fragment: once)
                    let reparsed = Document(fragment: once, options: ParseOptions(scriptingEnabled: true)).root.innerHTML
                    let problems = SafetyCheck.problems(in: once, strict: policy != Self.awkward)
                    if once != twice || reparsed != once || !problems.isEmpty {
                        failures.append("input \(input.debugDescription) → \(once.debugDescription) \(problems)")
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func deeplyNestedInputIsSanitisedWithoutRecursion() async throws {
        let output = try await runOnOwnThread {
            let html = String(repeating: "<span><q>", count: 50_000) + "de<font>ep</font>"
            return HTMLSanitizer(policy: .basicFormatting).sanitize(fragment: html).root.textContent
        }
        #expect(output == "deep")
    }

    @Test(.enabled(if: TestData.hasShared("fixtures/wiki"), "needs the wiki pages in ../shared/fixtures/wiki"))
    func realWikiPagesComeOutSafeAndStable() async throws {
        let folder = try #require(TestData.shared).appendingPathComponent("fixtures/wiki")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
        #expect(!files.isEmpty)
        for file in files.sorted() {
            let html = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let result = try await runOnOwnThread { () -> (String, String, Int, Int, [String]) in
                var policy = SanitizerPolicy.relaxed
                policy.baseURL = URL(string: "https://en.wikipedia.org/wiki/Page")
                let sanitizer = HTMLSanitizer(policy: policy)
                let once = sanitizer.sanitizedHTML(fragment: html)
                let links = Document(fragment: once).root.descendants.compactMap(\.element).filter { $0.localName == "a" }
                let relative = links.filter { link in
                    guard let href = link.attribute("href") else { return false }
                    return !["https://", "http://", "mailto:"].contains { href.hasPrefix($0) }
                }.count
                return (once, sanitizer.sanitizedHTML(fragment: once), links.count, relative,
                        SafetyCheck.problems(in: once))
            }
            #expect(result.4.isEmpty, "\(file): \(result.4.prefix(3))")
            #expect(result.1 == result.0, "\(file): sanitising twice differs")
            #expect(result.2 > 50, "\(file): links kept")
            #expect(result.3 == 0, "\(file): every kept href is absolute")
        }
    }
}
