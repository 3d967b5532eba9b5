public import Foundation

/// What an ``HTMLSanitizer`` keeps: an allow-list of elements, of attributes per element and of URL
/// schemes per attribute, and a few rules on top. Anything not allowed goes.
///
/// The rules, whatever the lists say:
/// - Only HTML elements are ever kept. SVG and MathML elements are removed with everything inside
///   them, and so are the elements that run code, embed documents or parse their contents as raw
///   text (``alwaysRemovedWithContent``). Comments go unless ``keepsComments`` is on.
/// - Other elements that are not allowed are *unwrapped*: the element goes, its allowed content stays
///   in its place. Add a name to ``removedWithContent`` to drop an element's content too.
/// - Event-handler attributes (`on…`), `srcdoc`, `ping` and attributes in a namespace never pass.
/// - URL attributes (`href`, `src`, `cite`, `action`, `poster`…) pass only when, after the character
///   references are decoded, tabs and newlines are removed and leading and trailing spaces and control
///   characters are stripped, the URL is relative (and ``allowsRelativeURLs``) or its scheme is in
///   ``urlSchemes`` for that attribute (`http` and `https` when the attribute has no entry). A `data:`
///   URL passes only as a PNG, GIF, JPEG or WebP image, and only where `data` is an allowed scheme.
///   `srcset` is checked candidate by candidate.
/// - `style` passes only with the declarations whose property is in ``allowedStyleProperties`` and
///   whose value is plain (no `url(`, `expression`, quotes, escapes or comments).
/// - `id` and `name` (which scripts on the page could be confused by: DOM clobbering) follow
///   ``identifiers``, and are dropped by default even when allowed.
public struct SanitizerPolicy: Sendable, Hashable {
    /// What to do with allowed `id` and `name` attributes.
    public enum IdentifierRule: Sendable, Hashable {
        /// Drop them (the default).
        case drop
        /// Keep them with this prefix (such as `user-content-`), unless they already start with it.
        case prefix(String)
        /// Keep them as they are.
        case keep
    }

    /// The HTML elements kept (lower-case local names). `tbody` is kept wherever `table` is, and `tr`
    /// wherever `table` and `td` or `th` are: the parser would put them back, so a table without them
    /// could not be kept. (`col` needs `colgroup` in the list: a table whose columns lose their group
    /// does not survive the round trip and is dropped.)
    public var allowedElements: Set<String>
    /// The attributes kept, by element name; the key `"*"` lists attributes kept on every allowed element.
    public var allowedAttributes: [String: Set<String>]
    /// The URL schemes allowed (lower case, without the colon), by attribute name; an allowed URL
    /// attribute without an entry accepts `http` and `https`.
    public var urlSchemes: [String: Set<String>]
    /// Whether relative URLs (`/wiki/Foo`, `#notes`, `//host/path`) pass.
    public var allowsRelativeURLs: Bool
    /// When set, relative URLs that pass are made absolute against it.
    public var baseURL: URL?
    /// Whether links kept with `target="_blank"` get `rel="noopener noreferrer"` (merged into any
    /// `rel` they keep), so that the opened page cannot reach back to the opener.
    public var addsNoopenerToBlankTargets: Bool
    /// What to do with allowed `id` and `name` attributes (DOM clobbering).
    public var identifiers: IdentifierRule
    /// Whether comments are kept (never those holding an old IE conditional, `[if`).
    public var keepsComments: Bool
    /// The CSS properties kept in `style` attributes (where `style` is allowed); empty drops `style`.
    public var allowedStyleProperties: Set<String>
    /// Elements removed together with their content (other elements that are not allowed are
    /// unwrapped). Comes on top of ``alwaysRemovedWithContent``.
    public var removedWithContent: Set<String>
    /// Attributes set on kept elements whatever the input had, by element name (such as
    /// `["a": ["rel": "nofollow"]]`).
    public var enforcedAttributes: [String: [String: String]]

    /// Elements never kept and always removed with their content: they run code, embed other
    /// documents, or parse their content as raw text (the usual routes of mutation XSS).
    public static let alwaysRemovedWithContent: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "frame", "frameset", "object", "embed",
        "applet", "noembed", "noframes", "xmp", "plaintext", "title", "textarea", "select", "portal",
        "fencedframe",
    ]

    /// Elements never kept whatever the allow-list says (their content is unwrapped unless removed
    /// with it): the ones above, those that change the whole page, and the document structure.
    public static let neverAllowed: Set<String> = alwaysRemovedWithContent.union([
        "base", "basefont", "meta", "link", "param", "html", "head", "body", "image", "isindex", "math", "svg",
    ])

    /// Creates a policy. Everything not listed is removed.
    public init(
        allowedElements: Set<String> = [],
        allowedAttributes: [String: Set<String>] = [:],
        urlSchemes: [String: Set<String>] = [:],
        allowsRelativeURLs: Bool = true,
        baseURL: URL? = nil,
        addsNoopenerToBlankTargets: Bool = true,
        identifiers: IdentifierRule = .drop,
        keepsComments: Bool = false,
        allowedStyleProperties: Set<String> = [],
        removedWithContent: Set<String> = [],
        enforcedAttributes: [String: [String: String]] = [:]
    ) {
        self.allowedElements = allowedElements
        self.allowedAttributes = allowedAttributes
        self.urlSchemes = urlSchemes
        self.allowsRelativeURLs = allowsRelativeURLs
        self.baseURL = baseURL
        self.addsNoopenerToBlankTargets = addsNoopenerToBlankTargets
        self.identifiers = identifiers
        self.keepsComments = keepsComments
        self.allowedStyleProperties = allowedStyleProperties
        self.removedWithContent = removedWithContent
        self.enforcedAttributes = enforcedAttributes
    }

    /// Whether an attribute is allowed on an element by the lists (before the rules above).
    func allows(attribute: String, on element: String) -> Bool {
        allowedAttributes[element]?.contains(attribute) == true || allowedAttributes["*"]?.contains(attribute) == true
    }
}
