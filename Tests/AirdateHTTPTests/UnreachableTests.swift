@testable import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import HTTPTypes
import Testing

/// A machine without a network hears so at once: a host name that cannot be resolved is one attempt
/// and a `.unreachable` error naming it, never retried with back-off (the offline case of issue 28's
/// class 7); a refused connection is still retried (see FaultMatrixTests). Hermetic: the client is
/// tested on a transport that fails as URLSession does offline (no DNS lookup, which a busy machine
/// may stall), and URLSession's errors are mapped as they come.
@Suite struct UnreachableTests {
    /// Fails every request as URLSession's transport does for `code`, counting them.
    final class FailingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent = 0
        private let code: Int
        var count: Int { lock.withLock { sent } }
        init(_ code: Int) { self.code = code }

        func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
            try await send(request, limits: HTTPTransportLimits(timeout: timeout))
        }

        func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
            lock.withLock { sent += 1 }
            throw URLSessionTransport.clientError(for: NSError(
                domain: NSURLErrorDomain, code: code,
                userInfo: [NSURLErrorFailingURLErrorKey: request.url as Any, NSLocalizedDescriptionKey: "Could not resolve host: api.jikan.moe"]))
        }
    }

    static func client(transport: FailingTransport) throws -> APIClient {
        APIClient(configuration: APIClientConfiguration(
            baseURL: try #require(URL(string: "https://api.jikan.moe/v4")), userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
            rateLimits: [], retry: exactRetry(attempts: 4)), transport: transport, clock: ImmediateClock())
    }

    @Test("a host name that does not resolve is one attempt, .unreachable, not retriable, naming the host",
          arguments: [NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed, NSURLErrorNotConnectedToInternet])
    func unresolvableHostIsOneAttempt(code: Int) async throws {
        let transport = FailingTransport(code)
        let client = try Self.client(transport: transport)
        do {
            let _: Item = try await client.get(APIRequest(path: "/anime/1"))
            Issue.record("a request succeeded")
        } catch {
            #expect(error.code == .unreachable, "\(error)")
            #expect(!error.isRetriable)
            #expect(error.errorDescription?.hasPrefix("Could not reach api.jikan.moe") == true, "\(error.errorDescription ?? "")")
        }
        #expect(transport.count == 1, "a host that cannot be resolved was asked \(transport.count) times")
    }

    @Test("a connection lost or refused stays a transport failure, retried (a server restarting refuses for a moment)",
          arguments: [NSURLErrorNetworkConnectionLost, NSURLErrorCannotConnectToHost])
    func othersAreRetried(code: Int) async throws {
        let transport = FailingTransport(code)
        let client = try Self.client(transport: transport)
        do {
            let _: Item = try await client.get(APIRequest(path: "/anime/1"))
            Issue.record("a request succeeded")
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

    @Test("isUnreachable: the one definition of a host that cannot be reached now — unreachable, transport, timed out, stalled")
    func isUnreachable() {
        #expect(APIClientError.unreachable(url: "https://api.jikan.moe", reason: "no network").isUnreachable)
        #expect(APIClientError.transport(reason: "refused").isUnreachable)
        #expect(APIClientError(.timedOut).isUnreachable && APIClientError(.stalled).isUnreachable)
        for code in [APIClientError.Code.notFound, .server, .rateLimited, .decoding, .cancelled, .malformedResponse] {
            #expect(!APIClientError(code).isUnreachable, "\(code)")
        }
    }
}

/// The same promise on the real transports, over the real resolver: a host name under `.invalid`
/// (RFC 6761: never resolves) is one attempt and `.unreachable`, in every transport.
@Suite("An unresolvable host in every transport")
struct UnresolvableHostTransportTests {
    /// Counts what a transport is asked to send.
    final class CountingTransport: HTTPTransport, Sendable {
        let inner: any HTTPTransport
        let sent = Counter()
        init(_ inner: any HTTPTransport) { self.inner = inner }

        func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
            try await send(request, limits: HTTPTransportLimits(timeout: timeout))
        }

        func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
            await sent.increment()
            return try await inner.send(request, limits: limits)
        }
    }

    actor Counter {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    @Test("a name that does not resolve is unreachable at once, one attempt, naming the host", arguments: TransportKind.allCases)
    func unresolvable(_ kind: TransportKind) async throws {
        try await withTransport(kind) { transport in
            let counting = CountingTransport(transport)
            var configuration = APIClientConfiguration(
                baseURL: try #require(URL(string: "http://airdate-test-host.invalid")), userAgent: "AirdateTests/1.0",
                // The deadline is a hang bound: a busy machine may delay the failed lookup past a minute,
                // which must not turn "unreachable" into "timed out".
                retry: exactRetry(attempts: 4, base: .seconds(2), deadline: .seconds(600)))
            configuration.useLoopbackTestTimeouts()
            let client = APIClient(configuration: configuration, transport: counting)
            let started = ContinuousClock.now
            let error = await clientError { _ = try await client.data(for: APIRequest(path: "/shows/1")) }
            let elapsed = ContinuousClock.now - started
            print("fault matrix | unresolvable host (.invalid) | \(kind.rawValue) | \(error.map { "\($0.code)" } ?? "success") | \(await counting.sent.value) attempt(s) | \(String(format: "%.2f", elapsed.inSeconds)) s | \(error?.description ?? "")")
            #expect(error?.code == .unreachable, "\(String(describing: error))")
            #expect(error?.isRetriable == false)
            #expect(error?.errorDescription?.contains("airdate-test-host.invalid") == true, "\(error?.errorDescription ?? "")")
            // Not retried: a retry would have waited 2 s first (a hang bound, not a speed bound).
            #expect(await counting.sent.value == 1)
        }
    }
}
