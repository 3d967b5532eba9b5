@testable import AirdateHTTP
import Clocks
import Foundation
import HTTPTypes
import Testing

/// A machine without a network hears so at once: a host name that cannot be resolved is one attempt
/// and a `.unreachable` error naming it, never retried with back-off (the offline case of issue 28's
/// class 7); a refused connection is still retried (see FaultMatrixTests).
@Suite struct UnreachableTests {
    /// Counts the requests sent through URLSession.
    final class CountingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent = 0
        private let inner = URLSessionTransport()
        var count: Int { lock.withLock { sent } }

        func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
            lock.withLock { sent += 1 }
            return try await inner.send(request, timeout: timeout)
        }

        func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
            lock.withLock { sent += 1 }
            return try await inner.send(request, limits: limits)
        }
    }

    static func client(_ base: String, transport: CountingTransport) throws -> APIClient {
        APIClient(configuration: APIClientConfiguration(
            baseURL: try #require(URL(string: base)), userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
            rateLimits: [], retry: exactRetry(attempts: 4)), transport: transport, clock: ImmediateClock())
    }

    @Test("a host name that does not resolve is one attempt, .unreachable, not retriable, naming the host")
    func unresolvableHostIsOneAttempt() async throws {
        let base = "http://airdate-no-such-host.invalid"
        let transport = CountingTransport()
        let client = try Self.client(base, transport: transport)
        do {
            let _: Item = try await client.get(APIRequest(path: "/items/1"))
            Issue.record("a request to \(base) succeeded")
        } catch {
            #expect(error.code == .unreachable, "\(error)")
            #expect(!error.isRetriable)
            #expect(error.errorDescription?.contains("Could not reach airdate-no-such-host.invalid") == true, "\(error.errorDescription ?? "")")
        }
        #expect(transport.count == 1, "a host that cannot be resolved was asked \(transport.count) times")
    }

    @Test("a refused connection stays a transport failure, retried (a server restarting refuses for a moment)")
    func refusedIsRetried() async throws {
        let transport = CountingTransport()
        let client = try Self.client(try closedPort().absoluteString, transport: transport)
        do {
            let _: Item = try await client.get(APIRequest(path: "/items/1"))
            Issue.record("a request to a closed port succeeded")
        } catch {
            #expect(error.code == .transport, "\(error)")
        }
        #expect(transport.count == 4)
    }

    @Test("URLSession's no-network errors map to .unreachable; others stay .transport")
    func mapping() {
        for code in [NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed, NSURLErrorNotConnectedToInternet] {
            let error = NSError(domain: NSURLErrorDomain, code: code,
                                userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://api.jikan.moe/v4/anime/1") as Any])
            let mapped = URLSessionTransport.clientError(for: error)
            #expect(mapped.code == .unreachable, "\(code)")
            #expect(mapped.errorDescription?.hasPrefix("Could not reach api.jikan.moe") == true, "\(mapped.errorDescription ?? "")")
        }
        // curl's own sentence for a proxy whose name does not resolve, passed on as "unknown".
        let proxy = NSError(domain: NSURLErrorDomain, code: NSURLErrorUnknown,
                            userInfo: [NSLocalizedDescriptionKey: "Could not resolve proxy: proxy.invalid",
                                       NSURLErrorFailingURLErrorKey: URL(string: "https://api.jikan.moe/v4/anime/1") as Any])
        #expect(URLSessionTransport.clientError(for: proxy).code == .unreachable)
        #expect(URLSessionTransport.clientError(for: NSError(domain: NSURLErrorDomain, code: NSURLErrorUnknown,
                                                             userInfo: [NSLocalizedDescriptionKey: "Recv failure"])).code == .transport)
        for code in [NSURLErrorNetworkConnectionLost, NSURLErrorCannotConnectToHost] {
            #expect(URLSessionTransport.clientError(for: NSError(domain: NSURLErrorDomain, code: code)).code == .transport, "\(code)")
        }
    }
}
