import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

extension Routes {
    /// A Server-Sent Events stream of `change` events, one whenever `values` (a store's observation)
    /// yields something other than what it yielded before; a comment line every heartbeat keeps it
    /// open. The stream says "connected" only once the first value has been read: a change committed
    /// after that is one the client has not seen (and a repeat of the same value is no change).
    func liveStream<Values: AsyncSequence & Sendable>(_ values: Values) -> Response where Values.Element: Equatable & Sendable {
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache, no-store",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        let heartbeat = app.configuration.heartbeat
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
            let watcher = Task {
                var last: Values.Element?
                var count = 0
                do {
                    for try await value in values {
                        guard let previous = last else {
                            last = value
                            continuation.yield("retry: 1000\n: connected\n\n")
                            continue
                        }
                        last = value
                        guard value != previous else { continue }
                        count += 1
                        continuation.yield("id: \(count)\nevent: change\ndata: {}\n\n")
                    }
                } catch {}
                continuation.finish()
            }
            let pinger = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    continuation.yield(": ping\n\n")
                }
            }
            defer { watcher.cancel(); pinger.cancel() }
            try await withGracefulShutdownHandler {
                for await text in stream {
                    try await writer.write(ByteBuffer(string: text))
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            try await writer.finish(nil)
        })
    }
}
