/// The values of a store's query: the current one first, then a new one after every change of the
/// database that alters it, whether the change was written through this store, another store on
/// the same file, or another process. Equal consecutive values are emitted once.
///
/// Made by ``StoreDatabase/observe(_:)``. Each iteration starts its own observation and stops it when
/// the iterating task ends or is cancelled. A slow consumer skips intermediate values and gets the
/// newest. A failing read ends the sequence with the store's error.
public struct StoreObservation<Element: Sendable & Equatable>: AsyncSequence, Sendable {
    /// The iterator: a stream of the newest values.
    public typealias AsyncIterator = AsyncThrowingStream<Element, any Error>.Iterator

    private let start: @Sendable () -> AsyncThrowingStream<Element, any Error>

    /// An observation whose every iteration runs `start` for a stream of its own: how a storage
    /// backend other than ``StoreDatabase`` (a server database's notifications, say) offers the same
    /// observation type. The stream should yield the current value first, then each new one, and
    /// stop its work when it terminates.
    public init(start: @escaping @Sendable () -> AsyncThrowingStream<Element, any Error>) {
        self.start = start
    }

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        start().makeAsyncIterator()
    }
}
