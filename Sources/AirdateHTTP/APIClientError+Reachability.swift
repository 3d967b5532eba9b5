extension APIClientError {
    /// Whether the failure says the host cannot be reached at all right now — no network, a name that
    /// does not resolve (``Code/unreachable``), a connection that fails (``Code/transport``), no answer
    /// in time (``Code/timedOut``, ``Code/stalled``) — so that another request to the same host would
    /// fail the same way. The one definition every caller that stops early uses (a wiki's other pages,
    /// the other followed shows, a stale cached answer instead of none).
    ///
    /// ```swift
    /// catch { if error.isUnreachable { break } }   // don't try the host's other pages
    /// ```
    public var isUnreachable: Bool {
        [Code.unreachable, .transport, .timedOut, .stalled].contains(code)
    }
}
