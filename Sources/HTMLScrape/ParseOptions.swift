public import Foundation

/// Settings for parsing.
public struct ParseOptions: Sendable, Hashable {
    /// The scripting flag. Off by default, as for a scraper that runs no script: `<noscript>`
    /// content is then parsed as markup. Turn it on to parse as a browser with scripting does.
    public var scriptingEnabled: Bool
    /// Whether ``Document/errors`` reports the parse errors. On by default, and free until read: the
    /// parse itself records none, and the first read of `errors` runs the tokenizer and tree builder
    /// once more over the kept input to find them (about the time of the parse). Off, `errors` is
    /// always empty.
    public var collectsErrors: Bool
    /// The address the page was fetched from, if known. Relative URLs in the document resolve against
    /// it (or against the document's `<base href>`, itself resolved against it): see
    /// ``Document/baseURL`` and ``Element/absoluteURL(for:)``.
    public var url: URL?

    /// Creates parse options.
    public init(scriptingEnabled: Bool = false, collectsErrors: Bool = true, url: URL? = nil) {
        self.scriptingEnabled = scriptingEnabled
        self.collectsErrors = collectsErrors
        self.url = url
    }
}
