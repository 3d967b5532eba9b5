import AirdateHTTP
import AirdateStore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WatchOrder

/// A failed request, answered as one line of JSON — `{"error":"…"}` — with its status (and
/// `Retry-After` when the client should come back), whatever the client asked for.
struct WebError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    /// Seconds after which the same request may succeed (a locked database).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    static func badParameter(_ name: String, _ message: String) -> WebError {
        WebError(.badRequest, "\(name): \(message)")
    }

    static func notFound(_ message: String) -> WebError {
        WebError(.notFound, message)
    }

    /// The answer to a failure of an API the app reads (TVMaze, Jikan): 502 with the client's one
    /// line, and `Retry-After` when the API said when to come back (or is rate-limiting).
    static func upstream(_ error: any Error) -> WebError {
        if let error = error as? WebError { return error }
        guard let failure = error as? APIClientError else { return WebError(.internalServerError, ErrorText.line(error)) }
        if failure.code == .cancelled { return WebError(.serviceUnavailable, "The server is shutting down.", retryAfter: 5) }
        let retry = failure.retryAfter.map { Int(max(1, $0.components.seconds)) } ?? (failure.code == .rateLimited ? 10 : nil)
        return WebError(.badGateway, ErrorText.line(failure), retryAfter: retry)
    }

    /// The answer to a failure of the store: 503 and `Retry-After` when another process holds the
    /// database, 500 with the store's one line otherwise.
    static func store(_ error: WatchOrderStoreError) -> WebError {
        if let failure = error.storeError { return store(failure) }
        return WebError(.internalServerError, ErrorText.line(error))
    }

    static func store(_ failure: StoreError) -> WebError {
        if failure.code == .busy {
            return WebError(.serviceUnavailable, ErrorText.line(failure) + " Try again in a moment.", retryAfter: 2)
        }
        return WebError(.internalServerError, ErrorText.line(failure))
    }

    /// The JSON line, with a line break at the end.
    var body: String {
        let object = ["error": message]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Errors as one line of text.
enum ErrorText {
    static func line(_ error: any Error) -> String {
        let text = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// Turns every failure into a ``WebError``: the router's "no route" and "too large" errors, the
/// store's errors (503 when locked), and anything unexpected (500, logged), so every error a client
/// sees is one line of JSON.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as WebError {
            throw error
        } catch let error as WatchOrderStoreError {
            throw WebError.store(error)
        } catch let error as any StoreErrorWrapping {
            // A store's error (StoreError itself, CountdownStoreError, PlannerStoreError) a route left to
            // this middleware: 503 when the database is locked.
            if let failure = error.storeError { throw WebError.store(failure) }
            throw WebError(.internalServerError, ErrorText.line(error))
        } catch let error as HTTPError {
            switch error.status {
            case .notFound:
                throw WebError(.notFound, "No page or endpoint at \(request.uri.path). See / for the list and README for the endpoints.")
            case .contentTooLarge:
                throw WebError(.contentTooLarge, "The request body is larger than \(WebLimits.maxBody) bytes.")
            case .methodNotAllowed:
                throw WebError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path).")
            default:
                throw WebError(error.status, error.body ?? error.status.reasonPhrase)
            }
        } catch let error as any HTTPResponseError {
            // NIO's "too many bytes" for a body past the bound, and the like.
            if error.status == .contentTooLarge {
                throw WebError(.contentTooLarge, "The request body is larger than \(WebLimits.maxBody) bytes.")
            }
            throw WebError(error.status, "\(error.status.code) \(error.status.reasonPhrase) for \(request.uri.path).")
        } catch is CancellationError {
            throw WebError(.serviceUnavailable, "The server is shutting down.", retryAfter: 5)
        } catch {
            context.logger.error("Unexpected failure: \(ErrorText.line(error))")
            throw WebError(.internalServerError, ErrorText.line(error))
        }
    }
}

/// What the server accepts.
enum WebLimits {
    /// The largest request body read (a checklist form of every episode fits).
    static let maxBody = 256 * 1024
}
