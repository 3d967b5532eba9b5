import Testing

@testable import HTMLScrape

/// Focused tests of tricky tokenizer rules. Every expected token stream is written by hand from the
/// WHATWG spec (§13.2.5).
@Suite struct TokenizerTests {
    /// A token, spelled for comparison.
    enum Token: Equatable {
        case chars(String)
        case null
        case start(String, [String], selfClosing: Bool = false)
        case end(String)
        case comment(String)
        case doctype(String?, publicID: String?, systemID: String?, forceQuirks: Bool)
    }

    /// Tokenizes `html` to the end (pending characters are not merged: the test sees what the tree
    /// builder sees), returning the tokens, the error codes and how many times `.endOfFile` repeated.
    static func tokenize(
        _ html: String, state: Tokenizer.ContentState = .data, lastStartTag: String? = nil,
        allowsCDATA: Bool = false, prepare: (inout Tokenizer) -> Void = { _ in }
    ) -> (tokens: [Token], errors: [String]) {
        var tokenizer = Tokenizer(input: Array(html.utf8))
        tokenizer.switchTo(state)
        if let lastStartTag { tokenizer.lastStartTagName = tokenizer.names.intern(lastStartTag) }
        prepare(&tokenizer)
        var tokens: [Token] = []
        while true {
            tokenizer.allowsCDATA = allowsCDATA
            switch tokenizer.next() {
            case .endOfFile:
                #expect(tokenizer.next() == .endOfFile)
                return (tokens, tokenizer.errors.map(\.code.publicCode.rawValue))
            case .characters:
                tokens.append(.chars(String(decoding: tokenizer.text, as: UTF8.self)))
            case .nullCharacter:
                tokens.append(.null)
            case .comment:
                tokens.append(.comment(String(decoding: tokenizer.text, as: UTF8.self)))
            case .doctype:
                let d = tokenizer.doctype
                tokens.append(.doctype(d.name, publicID: d.publicID, systemID: d.systemID, forceQuirks: d.forceQuirks))
            case .startTag:
                let attributes = tokenizer.attributes.map { attribute in
                    let value = tokenizer.attributeValue(attribute)
                    return tokenizer.names.spelling(of: attribute.name) + "=" + String(decoding: value, as: UTF8.self)
                }
                tokens.append(
                    .start(tokenizer.names.spelling(of: tokenizer.tagName), attributes, selfClosing: tokenizer.selfClosing))
            case .endTag:
                tokens.append(.end(tokenizer.names.spelling(of: tokenizer.tagName)))
            }
        }
    }

    @Test func legacyNamedReferenceWithoutSemicolonTakesLongestPrefix() {
        // `&notit;` is no name; the longest name it begins with is the legacy `&not` (no semicolon):
        // ¬ followed by "it;", with a missing-semicolon error. `&notin;` is a name of its own.
        let result = Self.tokenize("I'm &notit; I'm &notin;")
        #expect(result.tokens == [.chars("I'm \u{AC}it; I'm \u{2209}")])
        #expect(result.errors == ["missing-semicolon-after-character-reference"])
    }

    @Test func legacyReferenceInAttributeFollowedByEqualsOrAlphanumericStaysLiteral() {
        // In an attribute value, a reference without `;` followed by `=` or an alphanumeric is kept
        // as written (no error); `&amp;` is decoded; `&amp` before `"` is decoded with an error.
        let result = Self.tokenize("<a href=\"?x=1&amp=2&ampy=3&amp;z&amp\">")
        #expect(result.tokens == [.start("a", ["href=?x=1&amp=2&ampy=3&z&"])])
        #expect(result.errors == ["missing-semicolon-after-character-reference"])
        // In text the same reference is decoded.
        #expect(Self.tokenize("x&amp=y").tokens == [.chars("x&=y")])
    }

    @Test func commonReferencesDecodeInTextAndValues() {
        // `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&nbsp;` (decoded without the table), next to their
        // forms without `;` and longer names that start the same way (decoded through it).
        let text = Self.tokenize("&amp;&lt;&gt;&quot;&nbsp;|&amp&ltx&quot|&ampx;&nbsp&lt;")
        #expect(text.tokens == [.chars("&<>\"\u{A0}|&<x\"|&x;\u{A0}<")])
        #expect(text.errors == Array(repeating: "missing-semicolon-after-character-reference", count: 5))
        let value = Self.tokenize("<a title=\"&quot;a&nbsp;b&lt;c&gt;&amp;\" alt='&amp;&quot'>")
        #expect(value.tokens == [.start("a", ["title=\"a\u{A0}b<c>&", "alt=&\""])])
        #expect(value.errors == ["missing-semicolon-after-character-reference"])
        // At the very end of the input, shorter than the four bytes the quick test reads.
        #expect(Self.tokenize("a&lt;").tokens == [.chars("a<")])
        #expect(Self.tokenize("&gt;").tokens == [.chars(">")])
    }

    @Test func unknownNamedReferenceIsKeptWithError() {
        let result = Self.tokenize("&foo; &")
        #expect(result.tokens == [.chars("&foo; &")])
        #expect(result.errors == ["unknown-named-character-reference"])
    }

    @Test func numericReferences() {
        // 0x80 maps to € (the windows-1252 table), 0 to U+FFFD, and astral code points work.
        let result = Self.tokenize("&#x80;&#0;&#128512;&#65")
        #expect(result.tokens == [.chars("\u{20AC}\u{FFFD}\u{1F600}A")])
        #expect(
            result.errors == [
                "control-character-reference", "null-character-reference",
                "missing-semicolon-after-character-reference",
            ])
    }

    @Test func cdataSectionOnlyInForeignContent() {
        // Allowed (adjusted current node in SVG or MathML): the section's text is characters.
        #expect(Self.tokenize("<![CDATA[x<y]]>", allowsCDATA: true).tokens == [.chars("x<y")])
        // In HTML content: a bogus comment holding "[CDATA[" and the rest up to the first `>`.
        let html = Self.tokenize("<![CDATA[x<y]]>z")
        #expect(html.tokens == [.comment("[CDATA[x<y]]"), .chars("z")])
        #expect(html.errors == ["cdata-in-html-content"])
    }

    @Test func scriptDataDoubleEscape() {
        // Inside `<!--<script>` … `</script>` … `-->` the inner `</script>` does not end the script;
        // after `-->` the next `</script>` does.
        let result = Self.tokenize(
            "<!--<script>a</script>b-->c</script>d", state: .scriptData, lastStartTag: "script")
        #expect(result.tokens == [.chars("<!--<script>a</script>b-->c"), .end("script"), .chars("d")])
        #expect(result.errors.isEmpty)
    }

    @Test func appropriateEndTagInRCDATA() {
        // `</title >` is an appropriate end tag (whitespace after the name); `</titlex>` is text.
        let result = Self.tokenize("a</titlex></title >b", state: .rcdata, lastStartTag: "title")
        #expect(result.tokens == [.chars("a</titlex>"), .end("title"), .chars("b")])
        // Without a last start tag no end tag is appropriate.
        #expect(Self.tokenize("a</title>", state: .rawtext).tokens == [.chars("a</title>")])
    }

    @Test func charactersComeBeforeTheTagThatEndsThem() {
        let result = Self.tokenize("ab<b class=x>c</b>")
        #expect(result.tokens == [.chars("ab"), .start("b", ["class=x"]), .chars("c"), .end("b")])
    }

    @Test func nullCharacters() {
        // In the data state a NUL is a token of its own (the tree builder decides); in RCDATA it is
        // replaced by U+FFFD.
        let data = Self.tokenize("a\u{0}b")
        #expect(data.tokens == [.chars("a"), .null, .chars("b")])
        #expect(data.errors == ["unexpected-null-character"])
        #expect(Self.tokenize("a\u{0}b", state: .rcdata).tokens == [.chars("a\u{FFFD}b")])
    }

    @Test func duplicateAttributesKeepTheFirst() {
        let result = Self.tokenize("<a x=1 X=2 y='3'/>")
        #expect(result.tokens == [.start("a", ["x=1", "y=3"], selfClosing: true)])
        #expect(result.errors == ["duplicate-attribute"])
    }

    @Test func megabyteAttributeValue() {
        let value = String(repeating: "abcdefghij", count: 100_000)
        var tokenizer = Tokenizer(input: Array("<p title=\"\(value)\">x".utf8))
        #expect(tokenizer.next() == .startTag)
        #expect(tokenizer.attributes.count == 1)
        #expect(tokenizer.attributes.first?.valueCount == 1_000_000)
        // A quoted value without references is a slice of the input: nothing is copied.
        #expect(tokenizer.attributes.first?.inInput == true)
        #expect(tokenizer.attributeBytes.isEmpty)
        #expect(tokenizer.attributes.first.map { tokenizer.attributeValue($0).elementsEqual(value.utf8) } == true)
        #expect(tokenizer.next() == .characters)
        #expect(tokenizer.text == Array("x".utf8))
        #expect(tokenizer.next() == .endOfFile)
    }

    @Test func unterminatedCommentAtEndOfFile() {
        let result = Self.tokenize("<!--abc")
        #expect(result.tokens == [.comment("abc")])
        #expect(result.errors == ["eof-in-comment"])
    }

    @Test func doctype() {
        let result = Self.tokenize("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" 'http://x'>")
        #expect(
            result.tokens == [
                .doctype("html", publicID: "-//W3C//DTD HTML 4.01//EN", systemID: "http://x", forceQuirks: false)
            ])
        #expect(Self.tokenize("<!doctype>").tokens == [.doctype(nil, publicID: nil, systemID: nil, forceQuirks: true)])
    }

    @Test func manyDistinctAttributesStayLinear() {
        var html = "<a"
        for index in 0..<20_000 { html += " a\(index)=v" }
        html += " a0=dup>"
        let result = Self.tokenize(html)
        guard case .start(let name, let attributes, _)? = result.tokens.first else {
            Issue.record("expected a start tag")
            return
        }
        #expect(name == "a")
        #expect(attributes.count == 20_000)
        #expect(result.errors == ["duplicate-attribute"])
    }

    @Test func arbitraryInputTerminates() {
        // A deterministic pseudo-random walk over bytes that matter to the tokenizer, from every
        // content state: tokenizing must end, and every character of the input is accounted for.
        let alphabet = Array("<>/!-?&#;=\"' \n\u{0}[]aAzxX0;scriptSCRIPTamp".utf8) + [0xC3, 0xA9]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for round in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<(round % 97) {
                seed ^= seed << 13
                seed ^= seed >> 7
                seed ^= seed << 17
                bytes.append(alphabet[Int(seed % UInt64(alphabet.count))])
            }
            // Keep the input valid UTF-8: drop a lone lead or continuation byte.
            let input = Array(String(decoding: bytes, as: UTF8.self).utf8)
            for state in [Tokenizer.ContentState.data, .rcdata, .rawtext, .scriptData, .plaintext] {
                var tokenizer = Tokenizer(input: input)
                tokenizer.switchTo(state)
                tokenizer.lastStartTagName = .script
                tokenizer.allowsCDATA = round % 2 == 0
                var calls = 0
                while tokenizer.next() != .endOfFile {
                    calls += 1
                    if calls > input.count + 2 {
                        Issue.record("no end of file for \(input)")
                        break
                    }
                }
            }
        }
    }
}
