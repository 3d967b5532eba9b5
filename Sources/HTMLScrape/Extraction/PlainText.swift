/// HTML snippets to plain text: what an app shows for an HTML summary (a TVMaze `summary`, an API's
/// description field).
///
/// The snippet is parsed as a fragment — nothing is executed or fetched — character references are
/// decoded, tags dropped, paragraphs separated by blank lines, `<br>` kept as line breaks and other
/// white space collapsed.
///
/// Line breaks follow the required line break counts of `innerText`: a `p` asks for two (a blank
/// line) before and after it, other block elements (headings, `div`, list items, table rows) for one,
/// and where several meet the largest count wins — so a heading followed by text or a `div` is one
/// line apart, and a heading followed by a `p` is a blank line apart, as in a browser.
public enum PlainText {
    /// The plain text of an HTML snippet.
    ///
    /// ```swift
    /// PlainText.from(html: "<p>A <b>bold</b> start.</p><p>Then &amp; now.</p>")
    /// // "A bold start.\n\nThen & now."
    /// ```
    public static func from(html: String) -> String {
        let document = Document(fragment: html, options: ParseOptions(collectsErrors: false))
        return TextRendering.renderedText(0, in: document.arena)
    }
}
