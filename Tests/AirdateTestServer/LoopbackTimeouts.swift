public import AirdateHTTP

extension APIClientConfiguration {
    /// Time-outs for a client of a loopback test server: 120 s for the whole request and for
    /// silence, so that a machine busy with other work never turns a passing test into `stalled` or
    /// `timedOut` (the defaults, 20 s and 10 s, are for real networks). Tests about time-outs set
    /// their own after calling this.
    public mutating func useLoopbackTestTimeouts() {
        requestTimeout = .seconds(120)
        idleTimeout = .seconds(120)
    }
}
