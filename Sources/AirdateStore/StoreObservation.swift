/// The values of a store's query: the current one first, then a new one after every change of the
/// database that alters it, whether the change was written through this store, another store on
/// the same file, or another process. Equal consecutive values are emitted once.
///
/// Made by ``StoreDatabase/observe(scope:_:)``. Each iteration starts its own observation and stops it when
/// the iterating task ends or is cancelled. A slow consumer skips intermediate values and gets the
/// newest. A failing read ends the sequence with the store's error.
public struct StoreObservation<Element: Sendable & Equatable>: AsyncSequence, Sendable {
    /// The iterator: a stream of the newest values.
    public typealias AsyncIterator = AsyncThrowingStream<Element, any Error>.Iterator

    private let start: @Sendable () -> AsyncThrowingStream<Element, any Error>

    /// An observation whose every iteration runs `start` for a stream of its own: what another
    /// storage backend (a server database's notifications, say) makes its observations of. The
    /// stream gives the current value first, then each new value; it ends with the backend's error
    /// when a read fails, and stops its work when its consumer goes (`onTermination`).
    public init(start: @escaping @Sendable () -> AsyncThrowingStream<Element, any Error>) {
        self.start = start
    }

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        start().makeAsyncIterator()
    }
}
