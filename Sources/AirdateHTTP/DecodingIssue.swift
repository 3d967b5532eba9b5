/// A value of a response that could not be read as it should and was left out, replaced or
/// converted (``DecodingPolicy/lenient``): reported to ``APIClientConfiguration/diagnostics`` and
/// logged as a warning, so that nothing is dropped silently.
public struct DecodingIssue: Sendable, Hashable, CustomStringConvertible {
    /// What was done with the value. New kinds may be added: compare with `==` and keep a default
    /// branch in a `switch`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as in `DecodingIssue.Kind.skippedElement`.
        public let description: String

        private init(_ name: String) { description = name }

        /// An element of a list did not decode and was left out of the list.
        public static let skippedElement = Kind("skippedElement")
        /// A field's value could not be read and was replaced by `nil` or the field's documented
        /// default (an empty list, `false`, `0`); an unreadable element of a list of plain values
        /// (an unknown weekday) was left out.
        public static let unreadableValue = Kind("unreadableValue")
        /// A field's value was read from a form the API does not document: a number sent as text
        /// (`"82"`), a Boolean sent as `0`/`1`, a number where text was expected.
        public static let convertedValue = Kind("convertedValue")
        /// Part of a field's value was read and the rest was not: a date with only a year
        /// (`"1970"`) keeps its year where the model has a place for it.
        public static let partialValue = Kind("partialValue")
    }

    /// What was done with the value.
    public var kind: Kind
    /// The URL of the response (empty when decoded outside ``APIClient``).
    public var url: String
    /// The key path, from the body's root, of the value that was left out, replaced or converted:
    /// `[4]` for the fifth element of a top-level list, `data[2]`, `schedule.days[1]`, `[0].id`.
    public var path: String
    /// The key path of the field that failed inside that value: the same as ``path`` when the value
    /// itself was unreadable, deeper when a nested field failed (`[4].season` for a skipped `[4]`).
    public var failurePath: String
    /// What was wrong with it, and what was kept.
    public var reason: String

    /// An issue.
    public init(kind: Kind, url: String, path: String, failurePath: String? = nil, reason: String) {
        self.kind = kind
        self.url = url
        self.path = path
        self.failurePath = failurePath ?? path
        self.reason = reason
    }

    /// `"skipped element [4] at <url> (field [4].season): expected Int…"`, one line.
    public var description: String {
        let what: String
        switch kind {
        case .skippedElement: what = "skipped element"
        case .unreadableValue: what = "unreadable value"
        case .convertedValue: what = "converted value"
        case .partialValue: what = "partly read value"
        default: what = kind.description
        }
        let place = path.isEmpty ? "(the body)" : path
        let inner = failurePath != path && !failurePath.isEmpty ? " (field \(failurePath))" : ""
        let source = url.isEmpty ? "" : " at \(url)"
        return "\(what) \(place)\(source)\(inner): \(reason)"
    }
}
