#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation

/// A loopback server that answers at the level of bytes on the socket, for faults an HTTP server
/// library cannot play: a head sent one byte at a time, a 1 MB header, a connection reset, a body
/// that claims to be gzip and is not, a decompression bomb.
///
/// Every connection reads the request head (up to the blank line), records its path, then plays
/// the ``Step``s of the script for that path (or of the default script) and closes the connection.
/// Blocking sockets on one thread per connection: the server stays out of the code under test's
/// concurrency and works the same under the thread sanitizer.
public final class ScriptedServer: @unchecked Sendable {
    /// One thing the server does on a connection.
    public enum Step: Sendable {
        /// Writes these bytes.
        case send([UInt8])
        /// Writes these bytes one at a time, pausing `every` before each one after the first.
        case drip([UInt8], every: Duration)
        /// Says nothing for this long.
        case pause(Duration)
        /// Resets the connection (RST, not FIN) and stops.
        case reset

        /// Writes `text` in UTF-8.
        public static func text(_ text: String) -> Step { .send(Array(text.utf8)) }
    }

    private let listener: Int32
    /// The server's root URL, `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let lock = NSLock()
    private var scripts: [String: [[Step]]] = [:]
    private var fallback: [Step]
    private var connections: Set<Int32> = []
    private var paths: [String] = []
    private var stopped = false
    private let finished = DispatchGroup()

    /// A server on an ephemeral port of 127.0.0.1 that plays `fallback` to every request whose
    /// path has no script of its own (by default a 404).
    public init(fallback: [Step] = [.text("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")]) throws {
        self.fallback = fallback
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = UInt16(bigEndian: address.sin_port)
        self.listener = fd
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        let thread = Thread { [self] in acceptLoop() }
        finished.enter()
        thread.start()
    }

    /// Plays `steps` on the next connection that asks for `path` (each call adds one connection's
    /// script; once they are used up, the fallback plays).
    public func script(_ path: String, _ steps: [Step]) {
        lock.lock()
        scripts[path, default: []].append(steps)
        lock.unlock()
    }

    /// Plays `steps` on every connection whose path has no script of its own.
    public func setFallback(_ steps: [Step]) {
        lock.lock()
        fallback = steps
        lock.unlock()
    }

    /// The paths asked for so far, in arrival order.
    public var requestedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    /// How many requests asked for `path`.
    public func count(path: String) -> Int { requestedPaths.filter { $0 == path }.count }

    /// Stops listening and closes every open connection. It does not wait for the connections'
    /// threads to notice (a blocking wait here would hold one of the few threads Swift's concurrency
    /// runs on, from a `defer` in an async test): they end on their own, on their closed sockets.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let open = connections
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { stop() }

    private func acceptLoop() {
        defer { finished.leave() }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            lock.lock()
            if stopped {
                lock.unlock()
                close(fd)
                return
            }
            connections.insert(fd)
            lock.unlock()
            var noSignal: Int32 = 1
            #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            _ = noSignal
            finished.enter()
            let thread = Thread { [self] in
                serve(fd)
                finished.leave()
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var resetDone = false
        defer {
            lock.lock()
            connections.remove(fd)
            lock.unlock()
            if !resetDone {
                shutdown(fd, Int32(SHUT_WR))
                // Lets the client read what was sent before the descriptor goes.
                var scratch = [UInt8](repeating: 0, count: 4096)
                var timeout = timeval(tv_sec: 1, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                while recv(fd, &scratch, scratch.count, 0) > 0 {}
            }
            close(fd)
        }
        guard let path = readHead(fd) else { return }
        lock.lock()
        paths.append(path)
        var steps = fallback
        if var queue = scripts[path], !queue.isEmpty {
            steps = queue.removeFirst()
            scripts[path] = queue
        }
        lock.unlock()
        for step in steps {
            if isStopped { return }
            switch step {
            case .send(let bytes):
                guard write(fd, bytes) else { return }
            case .drip(let bytes, let interval):
                for (index, byte) in bytes.enumerated() {
                    if index > 0 { sleep(interval) }
                    if isStopped { return }
                    guard write(fd, [byte]) else { return }
                }
            case .pause(let duration):
                sleep(duration)
            case .reset:
                var option = linger()
                option.l_onoff = 1
                option.l_linger = 0
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                resetDone = true
                return
            }
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Sleeps `duration` in slices, waking early when the server stops.
    private func sleep(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end, !isStopped {
            let left = ContinuousClock.now.duration(to: end)
            let slice = min(left, .milliseconds(50))
            let micros = slice.components.seconds * 1_000_000 + slice.components.attoseconds / 1_000_000_000_000
            usleep(UInt32(max(micros, 1)))
        }
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Reads the request head; returns its path (without the query), or `nil` when the client
    /// closed first.
    private func readHead(_ fd: Int32) -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            head.append(contentsOf: buffer[0..<count])
            if let end = head.firstRange(of: [13, 10, 13, 10]) {
                let text = String(decoding: head[..<end.lowerBound], as: UTF8.self)
                let requestLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
                let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
                return String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "/")
            }
            if head.count > 1_000_000 { return nil }
        }
    }
}

extension ScriptedServer.Step {
    /// A complete `200 OK` response: the head with `headers` (plus `Content-Length` and
    /// `Connection: close`), then `body`.
    public static func response(status: String = "200 OK", headers: [String: String] = [:], body: [UInt8]) -> [ScriptedServer.Step] {
        [.text(ScriptedServer.head(status: status, headers: headers, length: body.count)), .send(body)]
    }
}

extension ScriptedServer {
    /// A response head with `Content-Length: length` (when given) and `Connection: close`.
    public static func head(status: String = "200 OK", headers: [String: String] = [:], length: Int?) -> String {
        var text = "HTTP/1.1 \(status)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        if let length { text += "Content-Length: \(length)\r\n" }
        text += "Connection: close\r\n\r\n"
        return text
    }
}
