extension SanitizerPolicy {
    /// Text only: every element goes (its text stays, except that of scripts, styles and the like);
    /// where a block, a list item, a table row or a `<br>` was, the text keeps a line break, and a
    /// tab where a table cell was.
    public static let textOnly = SanitizerPolicy()

    /// Inline formatting, paragraphs, lists, quotes and links (`http`, `https`, `mailto`): what a
    /// show or episode summary needs.
    public static let basicFormatting = SanitizerPolicy(
        allowedElements: [
            "a", "abbr", "b", "blockquote", "br", "cite", "code", "dd", "dl", "dt", "em", "i", "li", "mark",
            "ol", "p", "pre", "q", "s", "small", "span", "strike", "strong", "sub", "sup", "u", "ul",
        ],
        allowedAttributes: [
            "a": ["href", "title"], "abbr": ["title"], "blockquote": ["cite"], "q": ["cite"],
        ],
        urlSchemes: ["href": ["http", "https", "mailto"], "cite": ["http", "https"]])

    /// ``basicFormatting`` and images (`http` and `https` sources).
    public static let basicWithImages: SanitizerPolicy = {
        var policy = basicFormatting
        policy.allowedElements.insert("img")
        policy.allowedAttributes["img"] = ["src", "alt", "title", "width", "height"]
        policy.urlSchemes["src"] = ["http", "https"]
        return policy
    }()

    /// Most of HTML's content: ``basicWithImages`` with headings, sections, tables, figures, details,
    /// edits and the global `title`, `lang`, `dir` and `class` attributes.
    public static let relaxed: SanitizerPolicy = {
        var policy = basicWithImages
        policy.allowedElements.formUnion([
            "article", "aside", "bdi", "bdo", "big", "caption", "col", "colgroup", "data", "del", "details",
            "dfn", "div", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
            "ins", "kbd", "main", "nav", "rp", "rt", "ruby", "samp", "section", "summary", "table", "tbody",
            "td", "tfoot", "th", "thead", "time", "tr", "tt", "var", "wbr",
        ])
        policy.allowedAttributes["*"] = ["title", "lang", "dir", "class"]
        policy.allowedAttributes["a", default: []].formUnion(["hreflang", "target", "rel"])
        policy.allowedAttributes["img", default: []].formUnion(["srcset", "sizes", "loading"])
        policy.allowedAttributes["td"] = ["colspan", "rowspan", "headers", "abbr"]
        policy.allowedAttributes["th"] = ["colspan", "rowspan", "headers", "abbr", "scope"]
        policy.allowedAttributes["col"] = ["span"]
        policy.allowedAttributes["colgroup"] = ["span"]
        policy.allowedAttributes["ol"] = ["start", "reversed", "type"]
        policy.allowedAttributes["ul"] = ["type"]
        policy.allowedAttributes["li"] = ["value"]
        policy.allowedAttributes["time"] = ["datetime"]
        policy.allowedAttributes["data"] = ["value"]
        policy.allowedAttributes["del"] = ["cite", "datetime"]
        policy.allowedAttributes["ins"] = ["cite", "datetime"]
        policy.allowedAttributes["details"] = ["open"]
        policy.urlSchemes["srcset"] = ["http", "https"]
        return policy
    }()

    /// The presets by the names the `scrape --sanitize` command takes, in order.
    public static let presets: KeyValuePairs<String, SanitizerPolicy> = [
        "textOnly": textOnly,
        "basicFormatting": basicFormatting,
        "basicWithImages": basicWithImages,
        "relaxed": relaxed,
    ]

    /// The preset with this name (`textOnly`, `basicFormatting`, `basicWithImages`, `relaxed`), or `nil`.
    public static func preset(named name: String) -> SanitizerPolicy? {
        presets.first { $0.key == name }?.value
    }
}
