import AirdateHTTP
import AirdateTestServer
import Foundation
import Logging
import Testing

/// A log handler that keeps every record, to read what the client logged.
struct RecordingLogHandler: LogHandler {
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] = []

        var all: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }

        func append(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata) {
            lock.lock()
            items.append((level, message, metadata))
            lock.unlock()
        }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(event.level, event.message.description, metadata.merging(event.metadata ?? [:]) { $1 })
    }
}

@Suite("Logging: why a call waited, retried or gave up, without secrets")
struct LoggingTests {
    @Test("requests at debug, a cache hit at debug, a retry at notice, a give-up at warning; no header values")
    func levels() async throws {
        let records = RecordingLogHandler.Records()
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "logged"}"#, for: "/shows/1")
            await server.inject([.status(503)], forPath: "/shows/1")
            await server.serve("{}", status: 500, for: "/broken")
            var configuration = APIClientConfiguration(
                baseURL: await server.baseURL,
                userAgent: "SecretAgent/9.9 (token=abc123)",
                retry: exactRetry(attempts: 2, base: .milliseconds(10))
            )
            configuration.logger = Logger(label: "airdate.test") { _ in RecordingLogHandler(records: records) }
            configuration.useLoopbackTestTimeouts()
            let client = APIClient(configuration: configuration)
            let _: Item = try await client.get(APIRequest(path: "/shows/1"))
            let _: Item = try await client.get(APIRequest(path: "/shows/1"))  // from the cache
            _ = await clientError { let _: Item = try await client.get(APIRequest(path: "/broken")) }
        }
        let all = records.all
        #expect(all.contains { $0.level == .debug && $0.message == "request" })
        #expect(all.contains { $0.level == .notice && $0.message.contains("retrying") })
        #expect(all.contains { $0.level == .debug && $0.message.contains("memory cache") })
        #expect(all.contains { $0.level == .warning && $0.message == "gave up" && "\($0.metadata["url"] ?? "")".hasSuffix("/broken") })
        let text = all.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!text.contains("SecretAgent"))
        #expect(!text.contains("abc123"))
    }
}
