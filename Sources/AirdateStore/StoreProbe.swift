/// What a store's database does, told as it happens: instrumentation for the package's own tests
/// (a second connection that writes between two steps of an operation, a count of the queries an
/// observation re-runs). Not part of the public API; a store without one pays nothing.
package struct StoreProbe: Sendable {
    /// The kind of transaction whose body just ran.
    package enum Transaction: Sendable, Hashable {
        case read, write
    }

    /// Called on the database's connection after the body of each read or write transaction ran,
    /// before the transaction ends (before a write commits).
    package var transactionBodyDidRun: (@Sendable (Transaction) -> Void)?
    /// Called each time an observation runs one of its queries; the argument is the query's index
    /// (0 for an observation of one query; 0 and 1 for one of two).
    package var observationQueryDidRun: (@Sendable (Int) -> Void)?
    /// Called each time an observation, woken by a commit, has read the change counters (`nil`:
    /// the file keeps none) and run the queries a change concerned.
    package var observationDidCheck: (@Sendable ([String: Int64]?) -> Void)?

    /// A probe with the given callbacks.
    package init(
        transactionBodyDidRun: (@Sendable (Transaction) -> Void)? = nil,
        observationQueryDidRun: (@Sendable (Int) -> Void)? = nil,
        observationDidCheck: (@Sendable ([String: Int64]?) -> Void)? = nil
    ) {
        self.transactionBodyDidRun = transactionBodyDidRun
        self.observationQueryDidRun = observationQueryDidRun
        self.observationDidCheck = observationDidCheck
    }
}
