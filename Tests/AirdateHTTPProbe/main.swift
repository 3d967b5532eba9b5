#if AsyncHTTPClient
import AirdateAsyncHTTPClient
#endif
@testable import AirdateHTTP
import Foundation

// A second process for the HTTP tests. It runs API calls through the transport it is told to use
// and prints one line of JSON with what happened and its peak resident memory:
//
//   AirdateHTTPProbe fetch <urlsession|asynchttpclient> <url>
//       one call of `APIClient.data(for:)`, no retries, the default limits (32 MB decoded).
//   AirdateHTTPProbe burst <urlsession|asynchttpclient> <base url> <calls> <sharing> <limit> <seconds> [clients] [separate]
//       <calls> calls of `/items/<n>` (a distinct path each, so no cache answers) eight at a time
//       per client, by [clients] client instances (1 unless given), paced to <limit> per <seconds>.
//       <sharing> is where the rate budget is shared with other processes: `default` (the
//       configuration's default, `RateSharing.perUser`: the user's rate folder, whether or not there
//       is a disk cache), `process` (this process alone), or a folder path (`RateSharing.folder`,
//       also the clients' disk cache). With `separate`, each client has a budget of its own that no
//       other client or process sees (how clients paced themselves before budgets were shared).
//       Each answer is also printed as it comes (`answer ok`), so that a test can kill the probe
//       mid-run.
/// The process's peak resident memory (`VmHWM`), in bytes; 0 where there is no `/proc`.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
    }
    return 0
}

func report(_ fields: [String: Any]) {
    var fields = fields
    fields["peakResidentBytes"] = peakResidentBytes()
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    print(String(decoding: data, as: UTF8.self))
}

/// Prints one answer as it comes, at once (a test may kill the probe between two of them).
func answered(_ outcome: String) {
    FileHandle.standardOutput.write(Data("answer \(outcome)\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("AirdateHTTPProbe: \(message)\n".utf8))
    exit(2)
}

func withTransport<T>(_ name: String, _ body: (any HTTPTransport) async throws -> T) async throws -> T {
    switch name {
    case "urlsession":
        return try await body(URLSessionTransport())
    #if AsyncHTTPClient
    case "asynchttpclient":
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
    default:
        fail("unknown transport \(name) (urlsession or asynchttpclient)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())

//   AirdateHTTPProbe hammer <folder> <host>
//       takes and gives back rate-budget slots in <folder> as fast as it can, forever (a budget of a
//       million per 50 ms, so it never waits): a process to kill (`kill -9`) in the middle of
//       rewriting the shared records. Prints `ready` after its first slot.
if arguments.first == "hammer" {
    guard arguments.count == 3 else { fail("usage: hammer <folder> <host>") }
    let budget = RateBudget(
        limits: [RateLimit(limit: 1_000_000, per: .milliseconds(50))], host: arguments[2],
        folder: URL(fileURLWithPath: arguments[1]))
    var first = true
    while true {
        let slot = try await budget.acquire()
        await budget.release(slot)
        if first {
            print("ready")
            fflush(nil)
            first = false
        }
    }
}

guard arguments.count >= 3 else { fail("usage: fetch|burst <transport> <url> …") }
let mode = arguments[0]
let transportName = arguments[1]
guard let url = URL(string: arguments[2]) else { fail("not a URL: \(arguments[2])") }

switch mode {
case "fetch":
    try await withTransport(transportName) { transport in
        guard let base = URL(string: "/", relativeTo: url)?.absoluteURL else { fail("no base in \(url)") }
        var configuration = APIClientConfiguration(baseURL: base, userAgent: "AirdateHTTPProbe/1.0", retry: .none)
        // A loopback test server on a busy machine: time-outs that only catch a hang.
        configuration.requestTimeout = .seconds(120)
        configuration.idleTimeout = .seconds(120)
        let client = APIClient(configuration: configuration, transport: transport)
        do {
            let body = try await client.data(for: APIRequest(path: url.path))
            report(["outcome": "ok", "bytes": body.count])
        } catch let error as APIClientError {
            report(["outcome": error.code.description, "message": error.description])
        }
    }
case "burst":
    guard arguments.count >= 7, let calls = Int(arguments[3]), let limit = Int(arguments[5]), let seconds = Int(arguments[6]) else {
        fail("usage: burst <transport> <base url> <calls> <default|process|folder> <limit> <seconds>")
    }
    let sharing = arguments[4]
    let clients = arguments.count > 7 ? Int(arguments[7]) ?? 1 : 1
    let separate = arguments.count > 8 && arguments[8] == "separate"
    try await withTransport(transportName) { transport in
        let limits = [RateLimit(limit: limit, per: .seconds(seconds))]
        var configuration = APIClientConfiguration(baseURL: url, userAgent: "AirdateHTTPProbe/1.0", rateLimits: limits)
        switch sharing {
        case "default":
            break
        case "process":
            configuration.rateSharing = .thisProcess
        default:
            let folder = URL(fileURLWithPath: sharing)
            configuration.rateSharing = .folder(folder)
            configuration.diskCache = try HTTPDiskCache(directory: folder)
        }
        configuration.requestTimeout = .seconds(120)
        configuration.idleTimeout = .seconds(120)
        let instances = (0..<clients).map { _ in
            var own = configuration
            if separate { own.rateBudget = RateBudget(limits: limits) }
            return APIClient(configuration: own, transport: transport)
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        var outcomes: [String: Int] = [:]
        await withTaskGroup(of: String.self) { group in
            for (number, client) in instances.enumerated() {
                group.addTask {
                    await withTaskGroup(of: String.self) { running in
                        var next = 0
                        func add() {
                            let path = "/items/\(pid)-\(number)-\(next)"
                            next += 1
                            running.addTask {
                                let outcome: String
                                do {
                                    _ = try await client.data(for: APIRequest(path: path))
                                    outcome = "ok"
                                } catch let error as APIClientError {
                                    outcome = error.code.description
                                } catch {
                                    outcome = "other"
                                }
                                answered(outcome)
                                return outcome
                            }
                        }
                        for _ in 0..<min(8, calls) { add() }
                        var results: [String] = []
                        for await outcome in running {
                            results.append(outcome)
                            if next < calls { add() }
                        }
                        return results.joined(separator: ",")
                    }
                }
            }
            for await joined in group {
                for outcome in joined.split(separator: ",") { outcomes[String(outcome), default: 0] += 1 }
            }
        }
        report(["outcome": "done", "outcomes": outcomes])
    }
default:
    fail("unknown mode \(mode)")
}
