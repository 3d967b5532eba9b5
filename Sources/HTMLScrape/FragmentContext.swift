/// The context element of a fragment parse: the element whose `innerHTML` the fragment would be.
/// It decides how the fragment's first tokens are read (`<td>` in a `tr` context, text in `title`…).
public struct FragmentContext: Sendable, Hashable {
    /// The context element's local name.
    public var localName: String
    /// The context element's namespace.
    public var namespace: Namespace

    /// Creates a context from an element's local name and namespace.
    public init(localName: String, namespace: Namespace = .html) {
        self.localName = localName
        self.namespace = namespace
    }

    /// A `<body>` context: what most snippets of HTML expect.
    public static let body = FragmentContext(localName: "body")
}
