#if AsyncHTTPClient
import AirdateAsyncHTTPClient
#endif
@testable import AirdateHTTP
import AirdateTestServer
import AirdateTestSupport
import Clocks
import Foundation
import Testing

/// The transports every fault is played against: URLSession's always, AsyncHTTPClient's when the
/// package is built with the `AsyncHTTPClient` trait (`swift test --traits AsyncHTTPClient`, as CI
/// runs it).
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSessionTransport"
    #if AsyncHTTPClient
    case asyncHTTPClient = "AsyncHTTPClientTransport"
    #endif

    var testDescription: String { rawValue }

    /// The name the probe program takes.
    var probeName: String { self == .urlSession ? "urlsession" : "asynchttpclient" }

    /// Whether the AsyncHTTPClient transport is built (the `AsyncHTTPClient` trait).
    static var asyncHTTPClientBuilt: Bool { allCases.count > 1 }
}

/// Runs `body` with a new transport of `kind`; an AsyncHTTPClient transport is shut down after.
func withTransport<T>(_ kind: TransportKind, _ body: (any HTTPTransport) async throws -> T) async throws -> T {
    switch kind {
    case .urlSession:
        return try await body(URLSessionTransport())
    #if AsyncHTTPClient
    case .asyncHTTPClient:
        let transport = AsyncHTTPClientTransport()
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    #endif
    }
}

/// A client of `baseURL` through `transport`: short limits so faults show quickly, and retries
/// (without waiting, on an immediate clock) that would show in the request count were a fault
/// wrongly retried. Each client has a rate budget of its own unless one is given.
func matrixClient(
    _ baseURL: URL, _ transport: any HTTPTransport,
    retry: RetryPolicy = exactRetry(attempts: 4, base: .milliseconds(50)),
    idle: Duration = .seconds(120), timeout: Duration = .seconds(120),
    maxBody: Int = 32 * 1024 * 1024, maxRedirects: Int = 5,
    clock: any Clock<Duration> = ContinuousClock(),
    rateLimits: [RateLimit] = [], budget: RateBudget? = nil,
    diskCache: HTTPDiskCache? = nil, errorBodyReader: APIErrorBodyReader? = nil
) -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: baseURL, userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
        rateLimits: rateLimits, retry: retry, requestTimeout: timeout, errorBodyReader: errorBodyReader
    )
    configuration.idleTimeout = idle
    configuration.maxBodyBytes = maxBody
    configuration.maxRedirects = maxRedirects
    configuration.diskCache = diskCache
    configuration.rateBudget = budget ?? RateBudget(limits: rateLimits)
    return APIClient(configuration: configuration, transport: transport, clock: clock)
}

/// Runs `body`, prints one row of the fault matrix (fault, transport, outcome, requests, time) and
/// returns the error it threw (`nil` for none) and the time taken.
func matrixRow(
    _ fault: String, _ kind: TransportKind, requests: @escaping () async -> Int,
    _ body: () async throws -> Void
) async -> (error: APIClientError?, elapsed: Duration) {
    let started = ContinuousClock.now
    let error = await clientError(body)
    let elapsed = ContinuousClock.now - started
    let count = await requests()
    let outcome = error.map { "\($0.code)" } ?? "success"
    print("fault matrix | \(fault) | \(kind.rawValue) | \(outcome) | \(count) request(s) | \(String(format: "%.1f", elapsed.inSeconds)) s | \(error?.description ?? "")")
    return (error, elapsed)
}

/// A started scripted server, stopped after `body`.
func withScriptedServer<T>(_ body: (ScriptedServer) async throws -> T) async throws -> T {
    let server = try ScriptedServer()
    defer { server.stop() }
    return try await body(server)
}

/// A port on 127.0.0.1 that nothing listens on (bound, then closed).
func closedPort() throws -> URL {
    let server = try ScriptedServer()
    let url = server.baseURL
    server.stop()
    return url
}

/// The gigabyte of zeros, gzip-compressed (about 1 MB), made once per test process.
let gzipBomb: [UInt8] = Gzip.zeros(1 << 30)

@Suite("Fault matrix: every fault against both transports", .serialized, .timeLimit(.minutes(10)))
struct FaultMatrixTests {
    @Test("the AsyncHTTPClient transport is in the matrix",
          .enabled(if: TransportKind.asyncHTTPClientBuilt,
                   "built without the AsyncHTTPClient trait: `swift test --traits AsyncHTTPClient` plays every fault against AsyncHTTPClientTransport too"))
    func asyncHTTPClientInTheMatrix() {
        #expect(TransportKind.allCases.count == 2)
    }

    // MARK: Statuses

    @Test("404 is notFound, not retried", arguments: TransportKind.allCases)
    func notFound(_ kind: TransportKind) async throws {
        try await withServer { server in
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport)
                let row = await matrixRow("404", kind, requests: { await server.count(path: "/missing") }) {
                    let _: Item = try await client.get(APIRequest(path: "/missing"))
                }
                #expect(row.error?.code == .notFound)
                #expect(await server.count(path: "/missing") == 1)
            }
        }
    }

    @Test("429 with Retry-After in seconds past the deadline: rateLimited at once, the wait in the message", arguments: TransportKind.allCases)
    func rateLimitedSeconds(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.inject([.status(429, retryAfter: "120")], forPath: "/limited")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, clock: ImmediateClock())
                let row = await matrixRow("429, Retry-After: 120", kind, requests: { await server.count(path: "/limited") }) {
                    let _: Item = try await client.get(APIRequest(path: "/limited"))
                }
                #expect(row.error == .rateLimited(retryAfter: .seconds(120)))
                #expect(row.error?.errorDescription?.contains("120 s") == true)
                #expect(await server.count(path: "/limited") == 1)
            }
        }
    }

    @Test("429 with Retry-After as an HTTP date: the wait until that date", arguments: TransportKind.allCases)
    func rateLimitedDate(_ kind: TransportKind) async throws {
        try await withServer { server in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = formatter.string(from: Date().addingTimeInterval(300))
            await server.inject([.status(429, retryAfter: date)], forPath: "/limited")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, clock: ImmediateClock())
                let row = await matrixRow("429, Retry-After: HTTP date +300 s", kind, requests: { await server.count(path: "/limited") }) {
                    let _: Item = try await client.get(APIRequest(path: "/limited"))
                }
                #expect(row.error?.code == .rateLimited)
                let wait = row.error?.retryAfter ?? .zero
                #expect(wait > .seconds(250) && wait <= .seconds(300))
                #expect(await server.count(path: "/limited") == 1)
            }
        }
    }

    @Test("an API's own 429 body with Retry-After: the message says how long to wait", arguments: TransportKind.allCases)
    func apiRateLimit(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.inject([.status(429, retryAfter: "120", body: #"{"error": "You are being rate limited.", "retry": "rate"}"#)], forPath: "/limited")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, clock: ImmediateClock(), errorBodyReader: exampleReader)
                let row = await matrixRow("429 with an API error body, Retry-After: 120", kind, requests: { await server.count(path: "/limited") }) {
                    let _: Item = try await client.get(APIRequest(path: "/limited"))
                }
                #expect(row.error?.code == .api)
                #expect(row.error?.retryAfter == .seconds(120))
                #expect(row.error?.errorDescription?.contains("120 s") == true)
                #expect(row.error?.errorDescription?.contains("few seconds") == false)
            }
        }
    }

    @Test("5xx then success: retried until it succeeds", arguments: TransportKind.allCases)
    func serverErrorThenSuccess(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 5, "name": "back"}"#, for: "/flaky")
            await server.inject([.status(503), .status(502)], forPath: "/flaky")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, clock: ImmediateClock())
                let row = await matrixRow("503, 502, then 200", kind, requests: { await server.count(path: "/flaky") }) {
                    let item: Item = try await client.get(APIRequest(path: "/flaky"))
                    #expect(item.id == 5)
                }
                #expect(row.error == nil)
                #expect(await server.count(path: "/flaky") == 3)
            }
        }
    }

    // MARK: Connections

    @Test("a connection reset is a transport failure, retried", arguments: TransportKind.allCases)
    func connectionReset(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            server.setFallback([.reset])
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, retry: exactRetry(attempts: 2, base: .milliseconds(50)), clock: ImmediateClock())
                let row = await matrixRow("connection reset", kind, requests: { server.count(path: "/reset") }) {
                    let _: Item = try await client.get(APIRequest(path: "/reset"))
                }
                #expect(row.error?.code == .transport)
                #expect(server.count(path: "/reset") == 2)
            }
        }
    }

    @Test("connection refused (offline) is a transport failure, retried; the message says to check the network", arguments: TransportKind.allCases)
    func connectionRefused(_ kind: TransportKind) async throws {
        let url = try closedPort()
        try await withTransport(kind) { transport in
            let client = matrixClient(url, transport, retry: exactRetry(attempts: 2, base: .milliseconds(50)), clock: ImmediateClock())
            let row = await matrixRow("connection refused", kind, requests: { 0 }) {
                let _: Item = try await client.get(APIRequest(path: "/offline"))
            }
            #expect(row.error?.code == .transport)
            #expect(row.error?.errorDescription?.contains("network connection") == true)
            #expect(row.elapsed < hangBound)  // hang bound only
        }
    }

    @Test("a server that never answers is stalled after the idle time-out, not retried", arguments: TransportKind.allCases)
    func neverAnswers(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            server.setFallback([.pause(.seconds(900))])
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, idle: .seconds(1), timeout: .seconds(600))
                let row = await matrixRow("never answers (idle 1 s)", kind, requests: { server.count(path: "/silent") }) {
                    let _: Item = try await client.get(APIRequest(path: "/silent"))
                }
                #expect(row.error?.code == .stalled)
                #expect(row.error?.timeLimit == .seconds(1))
                #expect(row.error?.errorDescription?.contains("no complete response head") == true)
                #expect(server.count(path: "/silent") == 1)
                #expect(row.elapsed < hangBound)  // the 600 s time-out (or retries) would be far beyond
            }
        }
    }

    @Test("a head arriving one byte at a time fails once, saying no complete head had arrived", arguments: TransportKind.allCases)
    func headDrip(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            let body = Array(#"{"id": 1, "name": "drip"}"#.utf8)
            let head = Array(ScriptedServer.head(headers: ["Content-Type": "application/json"], length: body.count).utf8)
            server.setFallback([.drip(head, every: .milliseconds(400)), .send(body)])
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, idle: .seconds(2), timeout: .seconds(60))
                let row = await matrixRow("head dripping 1 byte / 400 ms (idle 2 s)", kind, requests: { server.count(path: "/drip") }) {
                    let _: Item = try await client.get(APIRequest(path: "/drip"))
                }
                #expect(row.error?.code == .stalled)
                #expect(row.error?.errorDescription?.contains("no complete response head") == true)
                #expect(row.error?.errorDescription?.contains("Nothing arrived") == false)
                #expect(server.count(path: "/drip") == 1)
            }
        }
    }

    @Test("a body arriving one byte at a time ends at the total time-out: arrived too slowly", arguments: TransportKind.allCases)
    func bodyDrip(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 3, "name": "drip drip drip drip drip drip"}"#, for: "/drip")
            await server.inject([.drip(every: .milliseconds(200))], forPath: "/drip")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, idle: .seconds(10), timeout: .seconds(3))
                let row = await matrixRow("body dripping 1 byte / 200 ms (time-out 3 s)", kind, requests: { await server.count(path: "/drip") }) {
                    let _: Item = try await client.get(APIRequest(path: "/drip"))
                }
                #expect(row.error?.code == .timedOut)
                #expect(row.error?.timeLimit == .seconds(3))
                #expect(row.error?.errorDescription?.contains("too slowly") == true)
                #expect(row.error?.detail?.contains("bytes of the body") == true)
                #expect(await server.count(path: "/drip") == 1)
            }
        }
    }

    // MARK: Malformed answers

    @Test("a 1 MB response header is a malformed response, not retried", arguments: TransportKind.allCases)
    func hugeHeader(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            let body = Array(#"{"id": 1, "name": "big head"}"#.utf8)
            let big = String(repeating: "a", count: 1 << 20)
            server.setFallback(ScriptedServer.Step.response(headers: ["X-Big": big, "Content-Type": "application/json"], body: body))
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, clock: ImmediateClock())
                let row = await matrixRow("1 MB response header", kind, requests: { server.count(path: "/big") }) {
                    let _: Item = try await client.get(APIRequest(path: "/big"))
                }
                #expect(row.error?.code == .malformedResponse)
                #expect(row.error?.isRetriable == false)
                #expect(server.count(path: "/big") == 1)
            }
        }
    }

    @Test("a body labelled gzip that is not gzip is a malformed response, not retried", arguments: TransportKind.allCases)
    func notGzip(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            let body = Array(#"{"id": 1, "name": "plain"}"#.utf8)
            server.setFallback(ScriptedServer.Step.response(headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: body))
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, clock: ImmediateClock())
                let row = await matrixRow("body labelled gzip, not gzip", kind, requests: { server.count(path: "/fake") }) {
                    let _: Item = try await client.get(APIRequest(path: "/fake"))
                }
                #expect(row.error?.code == .malformedResponse)
                #expect(server.count(path: "/fake") == 1)
            }
        }
    }

    @Test("a real gzip body is decoded", arguments: TransportKind.allCases)
    func realGzip(_ kind: TransportKind) async throws {
        try await withScriptedServer { server in
            let body = Gzip.compress(Array(#"{"id": 7, "name": "squeezed"}"#.utf8))
            server.setFallback(ScriptedServer.Step.response(headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: body))
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport)
                let item: Item = try await client.get(APIRequest(path: "/gzip"))
                #expect(item == Item(id: 7, name: "squeezed"))
            }
        }
    }

    @Test("a gzip bomb (128 KB inflating to 128 MB) is bodyTooLarge at the decoded cap, not retried", .heavy, arguments: TransportKind.allCases)
    func gzipBombCapped(_ kind: TransportKind) async throws {
        // Smaller than the 1 GB bomb of the memory test: FoundationNetworking goes on inflating what it
        // has read after the call has failed, which would take a core from the tests beside this one.
        let bomb = Gzip.zeros(128 << 20)
        try await withScriptedServer { server in
            server.setFallback(ScriptedServer.Step.response(headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb))
            try await withTransport(kind) { transport in
                let client = matrixClient(server.baseURL, transport, maxBody: 8 * 1024 * 1024, clock: ImmediateClock())
                let row = await matrixRow("gzip bomb, \(bomb.count / 1024) KB → 128 MB (cap 8 MB)", kind, requests: { server.count(path: "/bomb") }) {
                    _ = try await client.data(for: APIRequest(path: "/bomb"))
                }
                #expect(row.error == .bodyTooLarge(limit: 8 * 1024 * 1024))
                #expect(server.count(path: "/bomb") == 1)
            }
        }
    }

    @Test("a gzip bomb keeps a process's peak memory near the 32 MB cap", .heavy, arguments: TransportKind.allCases)
    func gzipBombPeakMemory(_ kind: TransportKind) async throws {
        let probe = try ProbeRun.executable()
        let bomb = gzipBomb
        try await withScriptedServer { server in
            server.setFallback(ScriptedServer.Step.response(headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb))
            let result = try await ProbeRun.run(probe, ["fetch", kind.probeName, server.baseURL.absoluteString + "/bomb"])
            let megabytes = result.peakResidentBytes / 1_048_576
            print("fault matrix | gzip bomb in a process of its own (cap 32 MB) | \(kind.rawValue) | \(result.outcome) | peak resident memory \(megabytes) MB |")
            #expect(result.outcome == "bodyTooLarge", "probe: \(result.line)")
            // The cap (32 MB) plus the process itself (about 40 MB) and buffers; 1 GB without the decoded cap.
            // Under the address sanitizer, freed memory is held in quarantine (256 MB): no bound there.
            if result.peakResidentBytes > 0, ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil {
                #expect(megabytes < 200)
            } else {
                print("gzip bomb: peak memory not bounded in this run (no /proc, or the address sanitizer's quarantine)")
            }
        }
    }

    @Test("a redirect loop is tooManyRedirects at once", arguments: TransportKind.allCases)
    func redirectLoop(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.inject([.redirectLoop], forPath: "/loop")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport)
                let row = await matrixRow("redirect loop", kind, requests: { await server.count(path: "/loop") }) {
                    _ = try await client.data(for: APIRequest(path: "/loop"))
                }
                #expect(row.error?.code == .tooManyRedirects)
                #expect(row.error?.url?.hasSuffix("/loop") == true)
                #expect(await server.count(path: "/loop") <= 2)
            }
        }
    }

    @Test("a redirect chain past maxRedirects fails; within it, it is followed", arguments: TransportKind.allCases)
    func longRedirectChain(_ kind: TransportKind) async throws {
        try await withServer { server in
            for hop in 1...8 {
                await server.addRoute(FixtureRoute(request: "/hop/\(hop)", status: 302, location: "/hop/\(hop + 1)"))
            }
            await server.serve(#"{"id": 9, "name": "end"}"#, for: "/hop/9")
            try await withTransport(kind) { transport in
                let strict = matrixClient(await server.baseURL, transport, maxRedirects: 3)
                let row = await matrixRow("redirect chain of 8 (max 3)", kind, requests: { await server.count(path: "/hop/1") }) {
                    _ = try await strict.data(for: APIRequest(path: "/hop/1"))
                }
                #expect(row.error?.code == .tooManyRedirects)
                #expect(await server.count(path: "/hop/5") == 0)
                let patient = matrixClient(await server.baseURL, transport, maxRedirects: 10)
                let item: Item = try await patient.get(APIRequest(path: "/hop/1"))
                #expect(item.id == 9)
            }
        }
    }

    @Test("an HTML page instead of JSON names a captive portal", arguments: TransportKind.allCases)
    func htmlInsteadOfJSON(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.inject([.html("<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>")], forPath: "/portal")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport)
                let row = await matrixRow("HTML instead of JSON", kind, requests: { await server.count(path: "/portal") }) {
                    let _: Item = try await client.get(APIRequest(path: "/portal"))
                }
                #expect(row.error?.code == .htmlInsteadOfJSON)
                #expect(await server.count(path: "/portal") == 1)
            }
        }
    }

    @Test("a declared Latin-1 body decodes; an unknown charset is named", arguments: TransportKind.allCases)
    func wrongCharset(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.inject([.charset("iso-8859-1", text: #"{"id": 4, "name": "Pokémon"}"#)], forPath: "/latin1")
            await server.inject([.charset("x-klingon", text: #"{"id": 6, "name": "Qapla'"}"#)], forPath: "/klingon")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport)
                let latin: Item = try await client.get(APIRequest(path: "/latin1"))
                #expect(latin.name == "Pokémon")
                let row = await matrixRow("unknown charset", kind, requests: { await server.count(path: "/klingon") }) {
                    let _: Item = try await client.get(APIRequest(path: "/klingon"))
                }
                #expect(row.error == .unsupportedCharset("x-klingon"))
            }
        }
    }

    @Test("a body cut short (connection closed mid-body) is a transport failure", arguments: TransportKind.allCases)
    func truncatedBody(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 8, "name": "cut in the middle of the body"}"#, for: "/cut")
            await server.inject([.closeMidBody(fraction: 0.5)], forPath: "/cut")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, retry: .none)
                let row = await matrixRow("truncated body", kind, requests: { await server.count(path: "/cut") }) {
                    let _: Item = try await client.get(APIRequest(path: "/cut"))
                }
                #expect(row.error?.code == .transport)
                #expect(await server.count(path: "/cut") == 1)
            }
        }
    }

    // MARK: The disk cache

    @Test("a damaged disk-cache entry (intact header, body cut short) is removed and fetched again once", arguments: TransportKind.allCases)
    func damagedCacheEntry(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 11, "name": "stored whole"}"#, for: "/stored")
            await server.setCacheControl("max-age=0")
            await server.setETag("\"v1\"")
            let folder = try TemporaryFiles.folder("damaged-cache")
            try await withTransport(kind) { transport in
                let first = matrixClient(await server.baseURL, transport, diskCache: try HTTPDiskCache(directory: folder))
                let _: Item = try await first.get(APIRequest(path: "/stored"))
                // Cut the body of the one stored file, keeping its header line.
                let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "cache" }
                #expect(files.count == 1)
                let file = try #require(files.first)
                let data = try Data(contentsOf: file)
                let newline = try #require(data.firstIndex(of: 0x0A))
                try data.prefix(newline + 6).write(to: file)

                // Another client (as another process would): the damaged file is not revalidated.
                let second = matrixClient(await server.baseURL, transport, diskCache: try HTTPDiskCache(directory: folder))
                let row = await matrixRow("damaged disk-cache entry", kind, requests: { await server.count(path: "/stored") }) {
                    let item: Item = try await second.get(APIRequest(path: "/stored"))
                    #expect(item.id == 11)
                }
                #expect(row.error == nil)
                #expect(await server.count(path: "/stored") == 2)
                #expect(await server.conditionalRequestCount == 0)  // fetched whole, not revalidated
                // Stored whole again: the next client revalidates it (one 304) and decodes it.
                let third = matrixClient(await server.baseURL, transport, diskCache: try HTTPDiskCache(directory: folder))
                let again: Item = try await third.get(APIRequest(path: "/stored"))
                #expect(again.id == 11)
                #expect(await server.notModifiedCount == 1)
            }
        }
    }

    @Test("a stored body that fails to decode is removed, never revalidated and served again", arguments: TransportKind.allCases)
    func undecodableCacheEntry(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": "not a number", "name": "bad"}"#, for: "/bad")
            await server.setCacheControl("max-age=0")
            await server.setETag("\"bad\"")
            let folder = try TemporaryFiles.folder("undecodable-cache")
            try await withTransport(kind) { transport in
                for attempt in 1...3 {
                    let client = matrixClient(await server.baseURL, transport, diskCache: try HTTPDiskCache(directory: folder))
                    let row = await matrixRow("undecodable body, call \(attempt)", kind, requests: { await server.count(path: "/bad") }) {
                        let _: Item = try await client.get(APIRequest(path: "/bad"))
                    }
                    #expect(row.error?.code == .decoding)
                }
                #expect(await server.notModifiedCount == 0)
                #expect(await server.conditionalRequestCount == 0)
                let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                #expect(files.filter { $0.pathExtension == "cache" }.isEmpty)
            }
        }
    }

    // MARK: Cancellation

    @Test("cancelling mid-body ends the call at once with cancelled", arguments: TransportKind.allCases)
    func cancelMidBody(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serve(#"{"id": 12, "name": "a body that takes a minute to arrive"}"#, for: "/slow")
            await server.inject([.drip(every: .seconds(10))], forPath: "/slow")
            try await withTransport(kind) { transport in
                let client = matrixClient(await server.baseURL, transport, idle: .seconds(600), timeout: .seconds(600))
                let started = ContinuousClock.now
                let task = Task { await clientError { let _: Item = try await client.get(APIRequest(path: "/slow")) } }
                try await waitUntil("the server to receive the request") { await server.count(path: "/slow") >= 1 }
                try await Task.sleep(for: .milliseconds(500))
                task.cancel()
                let error = try await withHangBound("the cancelled call to end") { await task.value }
                print("fault matrix | cancellation mid-body | \(kind.rawValue) | \(error.map { "\($0.code)" } ?? "success") | 1 request(s) | \(String(format: "%.1f", (ContinuousClock.now - started).inSeconds)) s |")
                #expect(error == .cancelled)
                #expect(ContinuousClock.now - started < hangBound)  // uncancelled: about 500 s of drip
            }
        }
    }

    // MARK: Rate budgets

    @Test("two client instances in one process share the host's budget: no 429", arguments: TransportKind.allCases)
    func twoInstancesOneBudget(_ kind: TransportKind) async throws {
        try await withServer { server in
            await server.serveByDefault(#"{"id": 1, "name": "item"}"#)
            await server.setCacheControl("no-store")
            await server.limitRate(5, per: .seconds(1))
            try await withTransport(kind) { transport in
                var configuration = APIClientConfiguration(
                    baseURL: await server.baseURL, userAgent: "AirdateTests/1.0",
                    rateLimits: [RateLimit(limit: 5, per: .seconds(1))], retry: .none)
                configuration.cacheCapacity = 0
                configuration.useLoopbackTestTimeouts()
                // Two clients made apart, each with the default budget.
                let one = APIClient(configuration: configuration, transport: transport)
                let two = APIClient(configuration: configuration, transport: transport)
                let row = await matrixRow("two instances × 12 calls, server 5 per 1 s", kind, requests: { await server.requests.count }) {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for (index, client) in [one, two].enumerated() {
                            for call in 0..<12 {
                                group.addTask { _ = try await client.data(for: APIRequest(path: "/items/\(index)-\(call)")) }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                #expect(row.error == nil)
                #expect(await server.tooManyRequestsCount == 0)
            }
        }
    }

    @Test("two processes with the default configuration share the budget: no 429", .heavy, arguments: TransportKind.allCases)
    func twoProcessesOneBudget(_ kind: TransportKind) async throws {
        let outcome = try await ProbeRun.twoBursts(kind, sharing: "default")
        #expect(outcome.tooMany == 0)
        #expect(outcome.requests == 50)
        for result in outcome.results {
            #expect(result.outcomes == ["ok": 25], "probe: \(result.line)")
        }
    }

    @Test("the rig sees an overrun: two processes that keep a budget each get 429s", .heavy)
    func twoProcessesTwoBudgets() async throws {
        let outcome = try await ProbeRun.twoBursts(.urlSession, sharing: "process")
        // Each paces itself to the server's limit, so together they send twice what it admits.
        #expect(outcome.tooMany > 0, "two budgets of their own overran nothing: the shared-budget test would prove nothing")
    }

    @Test("one of two processes killed mid-run (kill -9): still no 429", .heavy, arguments: TransportKind.allCases)
    func killedMidRun(_ kind: TransportKind) async throws {
        let probe = try ProbeRun.executable()
        var random = SeededGenerator(seed: 0x5EED_0038)
        try await withServer { server in
            await server.serveByDefault(#"{"id": 1, "name": "item"}"#)
            await server.limitRate(10, per: .seconds(2))
            let runtime = try TemporaryFiles.folder("rate-runtime")
            let base = await server.baseURL.absoluteString
            let started = ContinuousClock.now
            for round in 0..<3 {
                let survivor = try ProbeRun.start(probe, ["burst", kind.probeName, base, "20", "default", "10", "2"], runtime: runtime)
                let victim = try ProbeRun.start(probe, ["burst", kind.probeName, base, "40", "default", "10", "2"], runtime: runtime)
                // Killed after a few of its answers, at a moment of the run chosen by the seed.
                let answers = Int.random(in: 1...8, using: &random)
                try await victim.waitForOutput("\(answers) answers") { $0.components(separatedBy: "answer ").count > answers }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...300, using: &random)))
                victim.kill()
                _ = try await victim.finish()
                // A third process starts at once, on the budget the killed one left.
                let late = try ProbeRun.start(probe, ["burst", kind.probeName, base, "10", "default", "10", "2"], runtime: runtime)
                for program in [survivor, late] {
                    let result = try ProbeRun.result(of: try await program.finish())
                    #expect(result.outcomes.keys.sorted() == ["ok"], "round \(round): \(result.line)")
                }
            }
            let tooMany = await server.tooManyRequestsCount
            print("fault matrix | 3 rounds: two processes, one killed (kill -9) mid-run, a third started, server 10 per 2 s | \(kind.rawValue) | \(tooMany) × 429 | \(await server.requests.count) request(s) | \(String(format: "%.1f", (ContinuousClock.now - started).inSeconds)) s |")
            #expect(tooMany == 0)
        }
    }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Runs the AirdateHTTPProbe program (built with the tests) and reads its one line of JSON.
enum ProbeRun {
    /// The probe beside the test bundle.
    static func executable() throws -> URL {
        try #require(TestPaths.builtProgram("AirdateHTTPProbe"), "the AirdateHTTPProbe program was not built beside the tests")
    }

    /// Starts the probe; with `runtime`, as a user whose `XDG_RUNTIME_DIR` is that folder (so that the
    /// default, per-user rate folder is one of the test's own).
    static func start(_ executable: URL, _ arguments: [String], runtime: URL? = nil) throws -> RunningProgram {
        var environment: [String: String?] = [:]
        if let runtime { environment["XDG_RUNTIME_DIR"] = runtime.path }
        return try ProgramRun.start(executable, arguments, environment: environment)
    }

    /// Runs the probe to its end (hang-bounded) and reads its report.
    static func run(_ executable: URL, _ arguments: [String], runtime: URL? = nil) async throws -> ProbeResult {
        try result(of: try await start(executable, arguments, runtime: runtime).finish())
    }

    /// The report (the last line of its output) of a finished probe.
    static func result(of run: ProgramRun) throws -> ProbeResult {
        guard run.status == 0, let line = run.stdout.split(separator: "\n").last,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw ProbeError(description: "AirdateHTTPProbe exited \(run.status): \(run.stdout.suffix(2000)) \(run.stderr.suffix(2000))")
        }
        return ProbeResult(
            line: String(line), outcome: object["outcome"] as? String ?? "",
            outcomes: object["outcomes"] as? [String: Int] ?? [:],
            peakResidentBytes: object["peakResidentBytes"] as? Int ?? 0)
    }

    /// Two probes at once, 25 calls each, paced to the server's own limit (10 per 2 s), sharing their
    /// budgets as `sharing` says (`default`: the per-user folder, made the test's own through
    /// `XDG_RUNTIME_DIR`); the 429s the server sent and the requests it saw.
    static func twoBursts(_ kind: TransportKind, sharing: String) async throws -> (results: [ProbeResult], tooMany: Int, requests: Int) {
        let probe = try executable()
        return try await withServer { server in
            await server.serveByDefault(#"{"id": 1, "name": "item"}"#)
            await server.limitRate(10, per: .seconds(2))
            let runtime = try TemporaryFiles.folder("rate-runtime")
            let base = await server.baseURL.absoluteString
            let started = ContinuousClock.now
            let arguments = ["burst", kind.probeName, base, "25", sharing, "10", "2"]
            let programs = try [start(probe, arguments, runtime: runtime), start(probe, arguments, runtime: runtime)]
            var results: [ProbeResult] = []
            for program in programs { results.append(try result(of: try await program.finish())) }
            let count = await server.requests.count
            let tooMany = await server.tooManyRequestsCount
            print("fault matrix | two processes × 25 calls, budgets shared: \(sharing), server 10 per 2 s | \(kind.rawValue) | \(tooMany) × 429 | \(count) request(s) | \(String(format: "%.1f", (ContinuousClock.now - started).inSeconds)) s |")
            return (results, tooMany, count)
        }
    }
}

/// What one probe run printed.
struct ProbeResult: Sendable {
    var line: String
    var outcome: String
    var outcomes: [String: Int]
    var peakResidentBytes: Int
}

struct ProbeError: Error, CustomStringConvertible {
    var description: String
}
