import Testing
@testable import HTMLScrape

@Test func scratchSanitize() throws {
    for html in ["<!DOCTYPE html><html><head><title>t</title></head><body><noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></p></noscript><p>keep me</p></body></html>",
                 "<html><body><p>a</p><noscript><span title='</noscript>'>x</span></noscript><p>b</p>"] {
        let document = Document(html: html)
        print("INPUT", html)
        print("TREE", document.root.innerHTML)
        print("OUT ", HTMLSanitizer(policy: .relaxed).sanitizedHTML(document))
        print("OUT2", HTMLSanitizer(policy: .basicFormatting).sanitizedHTML(document))
    }
}
