import AirdateCore
import AirdateStore
import AirdateTestServer
import AirdateTestSupport
import AirdateWebApp
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import WatchOrder
import WatchOrderSync
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths, a store loaded with the snapshot, and helpers shared by the web tests.
enum WebTest {
    static let packageRoot = TestPaths.packageRoot
    static let snapshot = packageRoot.appendingPathComponent("Fixtures/arrowverse")

    /// 2026-11-20 12:00 UTC: every snapshot episode has aired (the last on 2024-12-02).
    static let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_795_176_000), timeZone: TimeZone(identifier: "UTC") ?? .gmt)

    /// A new database file loaded the way `arrowverse` and `airdate-web` load it offline: the
    /// snapshot's franchise and pages, through WatchOrderSync (a plain configuration, no flags).
    static func store(
        polling: ChangePolling = ChangePolling(every: .milliseconds(50)), busyTimeout: Duration = .seconds(20)
    ) async throws -> (WatchOrderStore, path: String) {
        let path = try TemporaryFiles.folder("airdate-web").appendingPathComponent("watch.sqlite").path
        let franchise = try Franchise(contentsOf: snapshot.appendingPathComponent(Franchise.fileName))
        let sync = FranchiseSync(franchise: franchise, configuration: SyncConfiguration(pages: .snapshot(snapshot)))
        let (store, _) = try await sync.openStore(path: path, polling: polling, busyTimeout: busyTimeout)
        return (store, path)
    }

    /// An app on a fresh store.
    static func app(busyTimeout: Duration = .seconds(20)) async throws -> (AirdateWeb, WatchOrderStore, path: String) {
        let (store, path) = try await store(busyTimeout: busyTimeout)
        let web = AirdateWeb(store: store, clock: clock, configuration: WebConfiguration(port: 0, heartbeat: .seconds(1)),
                             schedule: try TVSchedule.offline(folder: TestPaths.fixtures("tvmaze")))
        return (web, store, path)
    }

    /// Runs `body` against the app's router, in process.
    static func withRouter<T: Sendable>(
        _ web: AirdateWeb, _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let app = Application(router: web.router())
        return try await app.test(.router) { client in try await body(client) }
    }

    /// Runs `body` against the whole application served on a loopback port.
    static func withServer<T: Sendable>(
        _ web: AirdateWeb, _ body: @Sendable (any TestClientProtocol, Int) async throws -> T
    ) async throws -> T {
        let app = web.application()
        return try await app.test(.live) { client in
            guard let port = client.port else { throw LoopbackError.noPort }
            return try await body(client, port)
        }
    }

    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        return ByteBuffer(string: text)
    }

    static let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let jsonFormHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"]

    static func json(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        guard let dictionary = object as? [String: Any] else { throw LoopbackError.notJSON(String(buffer: response.body)) }
        return dictionary
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    /// The ids of the rows of a list page, in order.
    static func rowIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<tr id=\"e-").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The checked boxes of a list page.
    static func checkedIDs(_ html: String) -> Set<String> {
        Set(html.components(separatedBy: "<input type=\"checkbox\" name=\"watched\" value=\"").dropFirst().compactMap { piece in
            let id = piece.split(separator: "\"").first.map(String.init)
            let tag = piece.prefix { $0 != ">" }
            return tag.contains(" checked") ? id : nil
        })
    }
}

enum LoopbackError: Error, CustomStringConvertible {
    case noPort
    case connect(Int32)
    case timedOut(String)
    case closed(String)
    case notJSON(String)

    var description: String {
        switch self {
        case .noPort: "the live test server has no port"
        case .connect(let code): "connect failed (errno \(code))"
        case .timedOut(let seen): "timed out; received so far: \(seen.suffix(600))"
        case .closed(let seen): "connection closed; received: \(seen.suffix(600))"
        case .notJSON(let text): "not a JSON object: \(text.prefix(200))"
        }
    }
}

/// A plain TCP connection to the loopback server: raw requests out, raw bytes in, with a deadline
/// on every read — for streams (`/events`) and requests no HTTP client would send.
final class LoopbackConnection: @unchecked Sendable {
    private let fd: Int32
    private(set) var received = ""

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let code = errno
            close(fd)
            throw LoopbackError.connect(code)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// `GET path` with optional extra header lines, keeping the connection open.
    func get(_ path: String, headers: [String] = []) {
        send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// The bytes received so far.
    private(set) var bytes: [UInt8] = []

    /// Reads until `done(self)` holds; fails after `timeout` (a hang guard) or when the server closes.
    func read(until done: (LoopbackConnection) -> Bool, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !done(self) {
            if ContinuousClock.now > deadline { throw LoopbackError.timedOut(received) }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready <= 0 {
                try await Task.sleep(for: .milliseconds(10))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { throw LoopbackError.closed(received) }
            bytes += buffer[0..<count]
            received = String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The response's head (status line and headers), once received.
    var head: String? {
        guard let end = received.range(of: "\r\n\r\n") else { return nil }
        return String(received[..<end.lowerBound])
    }

    /// The body received so far, chunked transfer coding removed.
    var body: String {
        guard let marker = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return "" }
        let rest = Array(bytes[marker.upperBound...])
        guard head?.lowercased().contains("transfer-encoding: chunked") == true else { return String(decoding: rest, as: UTF8.self) }
        var out: [UInt8] = [], index = 0
        while let lineEnd = rest[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: rest[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= rest.count else { out += rest[start...]; break }
            out += rest[start..<(start + size)]
            index = start + size + 2
            if index >= rest.count { break }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the server closed the connection within `timeout`.
    func closed(within timeout: Duration) async -> Bool {
        do {
            try await read(until: { _ in false }, timeout: timeout)
            return false
        } catch LoopbackError.closed {
            return true
        } catch {
            return false
        }
    }
}

/// The events of an event stream's body (chunked coding removed), in order: (id, type, data).
func serverSentEvents(_ text: String) -> [(id: String?, name: String, data: String)] {
    var events: [(String?, String, String)] = []
    for block in text.components(separatedBy: "\n\n") {
        var id: String?, name = "message", data: [String] = []
        var sawField = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") || line.isEmpty { continue }
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let field = String(parts[0])
            var value = parts.count > 1 ? String(parts[1]) : ""
            if value.hasPrefix(" ") { value.removeFirst() }
            switch field {
            case "id": id = value; sawField = true
            case "event": name = value; sawField = true
            case "data": data.append(value); sawField = true
            default: continue
            }
        }
        if sawField && !data.isEmpty { events.append((id, name, data.joined(separator: "\n"))) }
    }
    return events
}

/// The marks of the `change` events of a stream, in order.
func streamedMarks(_ text: String) -> (watched: [String], unwatched: [String], ids: [String]) {
    var watched: [String] = [], unwatched: [String] = [], ids: [String] = []
    for event in serverSentEvents(text) where event.name == "change" {
        if let id = event.id { ids.append(id) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] else { continue }
        watched += object["watched"] as? [String] ?? []
        unwatched += object["unwatched"] as? [String] ?? []
    }
    return (watched, unwatched, ids)
}

/// Another connection holding the database's write lock (`BEGIN IMMEDIATE`), as a process in the
/// middle of a long write does, until released.
final class DatabaseLock: @unchecked Sendable {
    private let path: String
    private let locked = DispatchSemaphore(value: 0)
    private let unlock = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(path: String) throws { self.path = path }

    /// Takes the lock on a thread of its own; returns once it is held.
    func hold() async throws {
        let path = self.path, locked = self.locked, unlock = self.unlock, done = self.done
        Thread.detachNewThread {
            defer { done.signal() }
            do {
                let queue = try DatabaseQueue(path: path)
                try queue.inDatabase { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    locked.signal()
                    unlock.wait()
                    try db.execute(sql: "ROLLBACK")
                }
                try queue.close()
            } catch {
                locked.signal()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { locked.wait(); continuation.resume() }
        }
    }

    /// Lets the lock go; returns once the connection is closed.
    func release() async throws {
        unlock.signal()
        let done = self.done
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { done.wait(); continuation.resume() }
        }
    }
}
