/// What ``APIClient`` does with a value of a response that it cannot read: a list element that does
/// not decode, or a field whose value is unreadable (a date that is not a date, a number that is not
/// a number, an unknown weekday).
public enum DecodingPolicy: Sendable, Hashable {
    /// The element is left out of its list, the field becomes `nil` (or its documented default), and
    /// each is reported as a ``DecodingIssue`` (to the configuration's
    /// ``APIClientConfiguration/diagnostics`` and logger); the rest of the response is kept. One odd
    /// episode does not lose a whole day's schedule, and one odd field does not lose the episode.
    case lenient
    /// The first such value fails the whole response with ``APIClientError/decoding(path:reason:)``
    /// naming its field: for callers who would rather notice a changed shape than work around it.
    case strict
}
