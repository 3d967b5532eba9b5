import AirdateHTTP
import AirdateTestServer
import AirdateTestSupport
import Foundation
import Testing

/// A client of `server` with tight limits so faults show quickly, and retries that would show if
/// the fault were wrongly retried. The time-outs are hang bounds unless a test is about them: on a
/// busy machine a healthy loopback answer can pause for a second, and streaming 32 MB to the cap
/// took more than 20 s beside a parallel build.
func limitedClient(
    _ server: FixtureServer,
    idle: Duration = .seconds(120),
    timeout: Duration = hangBound,
    maxBody: Int = 32 * 1024 * 1024,
    maxRedirects: Int = 5
) async -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: await server.baseURL,
        userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
        retry: exactRetry(attempts: 4, base: .milliseconds(50)),
        requestTimeout: timeout
    )
    configuration.idleTimeout = idle
    configuration.maxBodyBytes = maxBody
    configuration.maxRedirects = maxRedirects
    return APIClient(configuration: configuration)
}

/// The process's peak resident memory (`VmHWM` of `/proc/self/status`), in bytes; `nil` where
/// there is no `/proc`.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.split(separator: " ").compactMap { Int($0) }
        return digits.first.map { $0 * 1024 }
    }
    return nil
}

/// Resets the peak (`echo 5 > /proc/self/clear_refs`); returns whether it could.
func resetPeakResident() -> Bool {
    FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
        && (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
}

/// Runs `body`, prints one line of the fault matrix and returns the error and the time taken.
func faultRow(_ name: String, _ body: () async throws -> Void) async -> (error: APIClientError?, elapsed: Duration) {
    let started = ContinuousClock.now
    let error = await clientError(body)
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("fault matrix: \(name) -> \(error.map { "\($0)" } ?? "no error") in \(String(format: "%.2f", seconds)) s")
    return (error, elapsed)
}

@Suite("Bounded, fast failures: body size, idle time-out, redirects, HTML, charset", .serialized)
struct LimitTests {
    @Test("a 100 MB body with a declared length is refused from its head, unread")
    func hugeDeclaredBody() async throws {
        try await withServer { server in
            await server.inject([.hugeBody(bytes: 100_000_000, declaresLength: true)], forPath: "/huge")
            let client = await limitedClient(server)
            let row = await faultRow("100 MB body, Content-Length") { _ = try await client.data(for: APIRequest(path: "/huge")) }
            #expect(row.error == .bodyTooLarge(limit: 32 * 1024 * 1024))
            #expect(server.streamedBytes < 50_000_000)
            #expect(await server.count(path: "/huge") == 1)  // not retried
            #expect(row.elapsed < hangBound)  // hang bound only
        }
    }

    @Test("a 100 MB chunked body is cut at the limit while streaming; peak memory stays bounded")
    func hugeChunkedBody() async throws {
        try await withServer { server in
            await server.inject([.hugeBody(bytes: 100_000_000, declaresLength: false)], forPath: "/huge")
            let client = await limitedClient(server)
            let canReset = resetPeakResident()
            let before = peakResidentBytes()
            let row = await faultRow("100 MB body, chunked") { _ = try await client.data(for: APIRequest(path: "/huge")) }
            let after = peakResidentBytes()
            #expect(row.error == .bodyTooLarge(limit: 32 * 1024 * 1024))
            // The client hung up: the server could not hand out the whole body (what it did hand
            // out past the limit, FoundationNetworking read and dropped while the cancel landed).
            #expect(server.streamedBytes < 100_000_000)
            #expect(await server.count(path: "/huge") == 1)
            if let before, let after {
                let grown = after - before
                print("100 MB chunked body: peak resident memory grew by \(grown / 1_048_576) MB (reset: \(canReset))")
                // Buffering the whole body peaked at ~800 MB; the limit keeps it to the 32 MB
                // kept plus buffers. Generous, as other suites run in this process.
                #expect(grown < 400 * 1_048_576)
            }
        }
    }

    @Test("the same body under the limit is accepted")
    func bodyUnderLimit() async throws {
        try await withServer { server in
            await server.inject([.hugeBody(bytes: 2_000_000, declaresLength: false)], forPath: "/big")
            let client = await limitedClient(server)
            let body = try await client.data(for: APIRequest(path: "/big"))
            #expect(body.count == 2_000_000)
        }
    }

    @Test("a server that says nothing fails in the idle time-out, not retried")
    func deadServer() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 1, "name": "never"}"#, for: "/dead")
            await server.inject([.delay(.seconds(600))], forPath: "/dead")
            let client = await limitedClient(server, idle: .seconds(1))
            let row = await faultRow("dead server (no head), idle 1 s") { let _: Item = try await client.get(APIRequest(path: "/dead")) }
            #expect(row.error == .stalled(idle: .seconds(1), progress: HTTPTransportProgress()))
            #expect(await server.count(path: "/dead") == 1)
            // 1 s idle; the server's 600 s would be far beyond this hang bound.
            #expect(row.elapsed < hangBound)
        }
    }

    @Test("a server that stops mid-body fails in the idle time-out")
    func stallMidBody() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 2, "name": "half"}"#, for: "/half")
            await server.inject([.stallMidBody(prefix: 5, silence: .seconds(600))], forPath: "/half")
            // 10 s of silence ends it: long enough that a machine busy enough to take more than a second
            // to deliver the head and the first bytes still delivers them (1 s did not, on one core).
            let client = await limitedClient(server, idle: .seconds(10))
            let row = await faultRow("stall mid-body, idle 10 s") { let _: Item = try await client.get(APIRequest(path: "/half")) }
            #expect(row.error == .stalled(idle: .seconds(10), progress: HTTPTransportProgress(headArrived: true, bodyBytes: 5)))
            #expect(row.error?.errorDescription?.contains("5 bytes of the body") == true)
            #expect(await server.count(path: "/half") == 1)
            // The server's 600 s silence would be far beyond; this bound only catches that.
            #expect(row.elapsed < .seconds(300))
        }
    }

    @Test("a dripping server fails at the request time-out, once (time-outs are not retried by default)")
    func drip() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 3, "name": "drip drip drip drip"}"#, for: "/drip")
            await server.inject([.drip(every: .milliseconds(300))], forPath: "/drip")
            // An idle time-out far above the drip's 300 ms gaps, so only the 2 s total can end it.
            let client = await limitedClient(server, idle: .seconds(10), timeout: .seconds(2))
            let row = await faultRow("drip 1 byte / 300 ms, timeout 2 s") { let _: Item = try await client.get(APIRequest(path: "/drip")) }
            #expect(row.error?.code == .timedOut)
            #expect(row.error?.timeLimit == .seconds(2))
            #expect(row.error?.errorDescription?.contains("too slowly") == true)
            #expect(await server.count(path: "/drip") == 1)
            #expect(row.elapsed < hangBound)
        }
    }

    @Test("a redirect loop is tooManyRedirects at once, not retried")
    func redirectLoop() async throws {
        try await withServer { server in
            await server.inject([.redirectLoop], forPath: "/loop")
            let client = await limitedClient(server)
            let row = await faultRow("redirect loop") { _ = try await client.data(for: APIRequest(path: "/loop")) }
            guard row.error?.code == .tooManyRedirects, let url = row.error?.url else {
                Issue.record("expected tooManyRedirects, got \(String(describing: row.error))")
                return
            }
            #expect(url.hasSuffix("/loop"))
            #expect(await server.count(path: "/loop") <= 2)  // the request and at most one redirect, no retries
            #expect(row.error?.errorDescription?.contains("loop") == true)
            #expect(row.error?.errorDescription?.contains("network connection") == false)
        }
    }

    @Test("a redirect chain longer than maxRedirects is tooManyRedirects; a short one is followed")
    func longRedirectChain() async throws {
        try await withServer { server in
            for hop in 1...8 {
                await server.addRoute(FixtureRoute(request: "/hop/\(hop)", status: 302, location: "/hop/\(hop + 1)"))
            }
            await server.serve(#"{"id": 9, "name": "end"}"#, for: "/hop/9")
            let client = await limitedClient(server, maxRedirects: 3)
            let row = await faultRow("redirect chain of 8, max 3") { _ = try await client.data(for: APIRequest(path: "/hop/1")) }
            guard row.error?.code == .tooManyRedirects else {
                Issue.record("expected tooManyRedirects, got \(String(describing: row.error))")
                return
            }
            let patient = await limitedClient(server, maxRedirects: 10)
            let item: Item = try await patient.get(APIRequest(path: "/hop/1"))
            #expect(item.id == 9)
        }
    }

    @Test("an HTML page in a 200 names a captive portal or proxy, not a changed API")
    func htmlInsteadOfJSON() async throws {
        try await withServer { server in
            let portal = "<!DOCTYPE html><html><head><title>Sign in to Station Wi-Fi</title></head><body><form></form></body></html>"
            await server.inject([.html(portal)], forPath: "/portal")
            await server.inject([.body("\n  " + portal)], forPath: "/disguised")  // declared as JSON
            let client = await limitedClient(server)
            let row = await faultRow("HTML page in a 200") { let _: Item = try await client.get(APIRequest(path: "/portal")) }
            guard row.error?.code == .htmlInsteadOfJSON, let contentType = row.error?.contentType else {
                Issue.record("expected htmlInsteadOfJSON, got \(String(describing: row.error))")
                return
            }
            #expect(contentType.hasPrefix("text/html") == true)
            #expect(row.error?.errorDescription?.contains("captive portal") == true)
            #expect(row.error?.errorDescription?.contains("changed shape") == false)
            #expect(await server.count(path: "/portal") == 1)
            let disguised = await clientError { let _: Item = try await client.get(APIRequest(path: "/disguised")) }
            guard disguised?.code == .htmlInsteadOfJSON else {
                Issue.record("expected htmlInsteadOfJSON for HTML declared as JSON, got \(String(describing: disguised))")
                return
            }
        }
    }

    @Test("a declared charset is honoured: Latin-1 and UTF-16 bodies decode; an unknown one is named")
    func declaredCharset() async throws {
        try await withServer { server in
            await server.inject([.charset("iso-8859-1", text: #"{"id": 4, "name": "Pokémon: la série"}"#)], forPath: "/latin1")
            await server.inject([.charset("utf-16", text: #"{"id": 5, "name": "進撃の巨人"}"#)], forPath: "/utf16")
            await server.inject([.charset("x-klingon", text: #"{"id": 6, "name": "Qapla'"}"#)], forPath: "/klingon")
            let client = await limitedClient(server)
            let row = await faultRow("ISO-8859-1 body") { let _: Item = try await client.get(APIRequest(path: "/latin1")) }
            #expect(row.error == nil)
            let latin: Item = try await client.get(APIRequest(path: "/latin1"))  // cached now
            #expect(latin.name == "Pokémon: la série")
            let utf16: Item = try await client.get(APIRequest(path: "/utf16"))
            #expect(utf16.name == "進撃の巨人")
            let unknown = await faultRow("unknown charset") { let _: Item = try await client.get(APIRequest(path: "/klingon")) }
            #expect(unknown.error == .unsupportedCharset("x-klingon"))
        }
    }
}
