import AirdateCore
import AirdateStore
import AirdateTestSupport
import AirdateWebApp
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WatchOrder

@Suite("airdate-web: live events over loopback, other processes, resuming, misbehaving clients", .serialized)
struct LiveEventsTests {
    private func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }

    @Test("A mark made through the server reaches every open /events stream, in order, with ids")
    func streams() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withServer(web) { client, port in
            let streams = try (0..<3).map { _ in try LoopbackConnection(port: port) }
            for stream in streams { stream.get("/events") }
            for stream in streams { try await stream.read { $0.body.contains(": connected") } }
            for code in ["arrow/s1e1", "arrow/s1e2", "arrow/s1e3"] {
                let response = try await client.execute(uri: "/watch", method: .post, headers: WebTest.formHeaders,
                                                        body: WebTest.form([("episode", code)]))
                #expect(response.status == .seeOther)
            }
            _ = try await client.execute(uri: "/unwatch", method: .post, headers: WebTest.formHeaders, body: WebTest.form([("episode", "arrow/s1e2")]))
            for stream in streams {
                try await stream.read { streamedMarks($0.body).unwatched.count == 1 }
                let marks = streamedMarks(stream.body)
                #expect(marks.watched == ["arrow/s1e1", "arrow/s1e2", "arrow/s1e3"])
                #expect(marks.unwatched == ["arrow/s1e2"])
                #expect(stream.head?.contains("content-type: text/event-stream") == true || stream.head?.contains("Content-Type: text/event-stream") == true)
                let sequence = marks.ids.compactMap { $0.split(separator: ".").last.flatMap { Int($0) } }
                #expect(sequence == Array(1...sequence.count), "ids count up without gaps: \(marks.ids)")
            }
        }
    }

    @Test("A change written by another store on the file (as another process writes) reaches the stream")
    func otherWriter() async throws {
        let (web, _, path) = try await WebTest.app()
        let other = try WatchOrderStore(path: path)
        try await WebTest.withServer(web) { _, port in
            let stream = try LoopbackConnection(port: port)
            stream.get("/events")
            try await stream.read { $0.body.contains(": connected") }
            try await other.watch(show: "vixen", season: 1, at: WebTest.clock)
            try await stream.read { streamedMarks($0.body).watched.count == 6 }
            #expect(streamedMarks(stream.body).watched == (1...6).map { "vixen/s1e\($0)" })
        }
    }

    @Test("A change made by `arrowverse watch` in another process reaches the stream")
    func arrowverseProcess() async throws {
        let arrowverse = try #require(WebPrograms.path("arrowverse"), "the arrowverse example is built with the tests")
        let (web, _, path) = try await WebTest.app()
        try await WebTest.withServer(web) { _, port in
            let stream = try LoopbackConnection(port: port)
            stream.get("/events")
            try await stream.read { $0.body.contains(": connected") }
            let status = try await WebPrograms.run(arrowverse, ["watch", "--season", "Constantine 1", "--db", path, "--snapshot", WebTest.snapshot.path])
            #expect(status == 0)
            try await stream.read { streamedMarks($0.body).watched.count == 13 }
            let unwatch = try await WebPrograms.run(arrowverse, ["unwatch", "Constantine 1x05", "--db", path, "--snapshot", WebTest.snapshot.path])
            #expect(unwatch == 0)
            try await stream.read { streamedMarks($0.body).unwatched == ["constantine/s1e5"] }
        }
    }

    @Test("A client that comes back with Last-Event-ID gets every change it missed, in order; an unknown id gets a reset")
    func resume() async throws {
        let (web, store, _) = try await WebTest.app()
        try await WebTest.withServer(web) { _, port in
            let first = try LoopbackConnection(port: port)
            first.get("/events")
            try await first.read { $0.body.contains(": connected") }
            try await store.watch([id("arrow/s1e1")])
            try await first.read { streamedMarks($0.body).ids.count == 1 }
            let lastSeen = try #require(streamedMarks(first.body).ids.last)
            // Gone: three changes happen meanwhile.
            try await store.watch([id("arrow/s1e2")])
            try await store.unwatch([id("arrow/s1e1")])
            try await store.watch([id("arrow/s1e3")])
            // (The first stream sees them live; changes made close together may come as one event.)
            try await first.read { streamedMarks($0.body).watched.contains("arrow/s1e3") }
            let live = Array(streamedMarks(first.body).ids.dropFirst())
            let back = try LoopbackConnection(port: port)
            back.get("/events", headers: ["Last-Event-ID: \(lastSeen)"])
            try await back.read { streamedMarks($0.body).ids.count == live.count }
            let missed = streamedMarks(back.body)
            #expect(missed.watched == ["arrow/s1e2", "arrow/s1e3"])
            #expect(missed.unwatched == ["arrow/s1e1"])
            #expect(missed.ids == live)
            // `?since=` (the id a page was rendered at) works the same.
            let page = try LoopbackConnection(port: port)
            page.get("/events?since=\(lastSeen)")
            try await page.read { streamedMarks($0.body).ids.count == live.count }
            #expect(streamedMarks(page.body).ids == live)
            // An id from another run of the server: start again.
            let stranger = try LoopbackConnection(port: port)
            stranger.get("/events", headers: ["Last-Event-ID: zzz.41"])
            try await stranger.read { serverSentEvents($0.body).contains { $0.name == "reset" } }
        }
    }

    @Test("Garbage, a request head that never ends and a dropped stream do not stop the server")
    func misbehaving() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withServer(web) { client, port in
            let garbage = try LoopbackConnection(port: port)
            garbage.send("\u{0}\u{1}NOT HTTP AT ALL\r\n\r\n")
            #expect(await garbage.closed(within: .seconds(30)))
            let slow = try LoopbackConnection(port: port)
            slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            let hugeHeader = try LoopbackConnection(port: port)
            hugeHeader.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 200_000) + "\r\n\r\n")
            let dropped = try LoopbackConnection(port: port)
            dropped.get("/events")
            try await dropped.read { $0.body.contains(": connected") }
            _ = consume dropped
            // Meanwhile others are served.
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/api/next", method: .get)
                #expect(response.status == .ok)
            }
            let events = try LoopbackConnection(port: port)
            events.get("/events")
            try await events.read { $0.body.contains(": connected") }
            _ = slow
        }
    }

    @Test("Stopping the server ends the open streams instead of waiting for them")
    func shutdown() async throws {
        let (web, _, _) = try await WebTest.app()
        let streams = try await withHangBound("five live streams to connect") {
            try await WebTest.withServer(web) { _, port in
                let stream = try LoopbackConnection(port: port)
                stream.get("/events")
                try await stream.read { $0.body.contains(": connected") }
                return stream
            }
        }
        #expect(await streams.closed(within: .seconds(30)))
    }
}

/// The example programs built beside the tests, run with AirdateTestSupport's `ProgramRun` (every
/// wait hang-bounded).
enum WebPrograms {
    static func path(_ name: String) -> String? {
        TestPaths.builtProgram(name)?.path
    }

    /// Runs `program` to its end; its exit status.
    static func run(_ program: String, _ arguments: [String]) async throws -> Int32 {
        try await ProgramRun.run(URL(fileURLWithPath: program), arguments, environment: try TemporaryFiles.homeOfItsOwn()).status
    }

    /// Runs `program` to its end; its exit status and standard output.
    static func output(_ program: String, _ arguments: [String]) async throws -> (Int32, String) {
        let run = try await ProgramRun.run(URL(fileURLWithPath: program), arguments, environment: try TemporaryFiles.homeOfItsOwn())
        return (run.status, run.stdout)
    }
}
