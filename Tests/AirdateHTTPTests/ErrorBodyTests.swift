import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing

/// Reads `{"error": "…", "retry": "never" | "transient" | "rate"}` bodies, a made-up API's shape.
let exampleReader: APIErrorBodyReader = { status, body in
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: String],
          let message = object["error"] else { return nil }
    let retry: APIErrorMessage.Retry
    switch object["retry"] {
    case "never": retry = .never
    case "transient": retry = .transient
    case "rate": retry = .rateLimited
    default: retry = .byStatus
    }
    return APIErrorMessage(status: status, type: object["type"], message: message, retry: retry)
}

/// A client of `server` that reads error bodies with `exampleReader`.
func makeReadingClient(_ server: FixtureServer, retry: RetryPolicy, clock: any Clock<Duration>) async -> APIClient {
    var configuration = APIClientConfiguration(
        baseURL: await server.baseURL,
        userAgent: "AirdateTests/1.0 (+https://example.org/airdate)",
        retry: retry,
        errorBodyReader: exampleReader
    )
    configuration.useLoopbackTestTimeouts()
    return APIClient(configuration: configuration, clock: clock)
}

@Suite("Error bodies read by an API's reader")
struct ErrorBodyTests {
    @Test("a 500 the server says is permanent is thrown at once, with its message")
    func permanentServerError() async throws {
        try await withServer { server in
            await server.inject([.status(500, body: #"{"error": "bug in the server", "retry": "never", "type": "Exception"}"#)], forPath: "/items/1")
            let client = await makeReadingClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/items/1")) }
            #expect(error == .api(APIErrorMessage(status: 500, type: "Exception", message: "bug in the server", retry: .never)))
            #expect(error?.isRetriable == false)
            #expect(await server.count(path: "/items/1") == 1)
        }
    }

    @Test("a 400 the server says is transient is retried")
    func transientClientError() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 2, "name": "ok"}"#, for: "/items/2")
            await server.inject([.status(400, body: #"{"error": "try again", "retry": "transient"}"#)], forPath: "/items/2")
            let client = await makeReadingClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let item: Item = try await client.get(APIRequest(path: "/items/2"))
            #expect(item.id == 2)
            #expect(await server.count(path: "/items/2") == 2)
        }
    }

    @Test("a rate-limit body under a 503 pauses the client for the back-off")
    func rateLimitBody() async throws {
        try await withServer { server in
            await server.serve(#"{"id": 3, "name": "ok"}"#, for: "/items/3")
            await server.inject([.status(503, body: #"{"error": "slow down", "retry": "rate"}"#)], forPath: "/items/3")
            let clock = ImmediateClock()
            let start = clock.now
            let client = await makeReadingClient(server, retry: exactRetry(attempts: 3, base: .seconds(2)), clock: clock)
            let _: Item = try await client.get(APIRequest(path: "/items/3"))
            #expect(start.duration(to: clock.now) == .seconds(2))
        }
    }

    @Test("a body the reader does not know falls back to the status; a 4xx is unexpectedStatus")
    func unknownBodies() async throws {
        try await withServer { server in
            await server.inject([.status(418, body: "<html>teapot</html>")], forPath: "/items/4")
            let client = await makeReadingClient(server, retry: exactRetry(attempts: 3), clock: ImmediateClock())
            let error = await clientError { let _: Item = try await client.get(APIRequest(path: "/items/4")) }
            #expect(error == .unexpectedStatus(418))
        }
    }
}
