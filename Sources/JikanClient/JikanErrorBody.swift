import AirdateHTTP
import Foundation

/// Reads Jikan's error bodies into ``APIErrorMessage`` for ``APIClient``.
///
/// Jikan answers errors with `{"status", "type", "message" | "messages", "error"}` and, for
/// server bugs, `report_url`. `status` is sometimes a string (`"429"`). The advice on retrying:
/// - rate limits (HTTP 429, a `RateLimitException`, or MyAnimeList rate-limiting Jikan upstream):
///   retry after a back-off, holding the client's other requests back;
/// - a 500 carrying `report_url` is a bug in Jikan: never retried;
/// - other 5xx (`UpstreamException`, time-outs of MyAnimeList): retried;
/// - other 4xx (`ValidationException`, `BadRequestException`): never retried.
enum JikanErrorBody {
    /// The message in `body`, or `nil` when it is not Jikan's error shape (an HTML error page).
    static func read(status: Int, body: Data) -> APIErrorMessage? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        let type = object["type"] as? String
        let bodyStatus = (object["status"] as? Int) ?? (object["status"] as? String).flatMap { Int($0) }
        let message = messageText(object)
        guard type != nil || bodyStatus != nil || message != nil else { return nil }

        let reportURL = (object["report_url"] as? String).flatMap { URL(string: $0) }
        let wording = (message ?? "").lowercased()
        let retry: APIErrorMessage.Retry
        if status == 429 || bodyStatus == 429 || (type?.contains("RateLimit") ?? false)
            || wording.contains("rate-limit") || wording.contains("rate limit") {
            retry = .rateLimited
        } else if reportURL != nil {
            retry = .never
        } else if (500..<600).contains(status) {
            retry = .transient
        } else {
            retry = .never
        }
        return APIErrorMessage(
            status: status,
            type: type,
            message: message ?? "HTTP \(status)",
            reportURL: reportURL,
            retry: retry
        )
    }

    /// `message`, or the `messages` of a validation failure (`{"limit": ["…"]}`) flattened, with
    /// `error` added when it says more.
    private static func messageText(_ object: [String: Any]) -> String? {
        var parts: [String] = []
        if let message = object["message"] as? String, !message.isEmpty {
            parts.append(message)
        }
        if let messages = object["messages"] as? [String: Any] {
            for name in messages.keys.sorted() {
                if let list = messages[name] as? [String] {
                    parts.append(contentsOf: list)
                } else if let text = messages[name] as? String {
                    parts.append(text)
                }
            }
        } else if let messages = object["messages"] as? [String] {
            parts.append(contentsOf: messages)
        }
        if let error = object["error"] as? String, !error.isEmpty, !parts.contains(error) {
            parts.append(error)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
