import Foundation

/// The parts of `Cache-Control` and `Retry-After` that a client cache and retry loop need.
enum ResponseHeaders {
    /// How long a response may be reused: `max-age` (less `Age`); without `max-age`, `Expires`
    /// less the response's `Date` (or less `now` when there is no `Date`); `nil` when it must not be
    /// stored (`no-store`, `no-cache`, neither `max-age` nor a readable `Expires`, or already stale).
    static func freshness(
        cacheControl: String?,
        age: String?,
        expires: String? = nil,
        date: String? = nil,
        now: Date = Date()
    ) -> Duration? {
        var maxAge: Int? = nil
        for directive in (cacheControl ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "no-store", "no-cache":
                return nil
            case "max-age":
                if parts.count == 2 {
                    let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    maxAge = Int(value)
                }
            default:
                continue
            }
        }
        guard var seconds = maxAge else {
            return expiresLifetime(expires: expires, date: date, now: now)
        }
        if let age, let ageSeconds = Int(age.trimmingCharacters(in: .whitespaces)) {
            seconds -= ageSeconds
        }
        return seconds > 0 ? .seconds(seconds) : nil
    }

    /// `Expires` less `Date` (or `now`); `nil` when absent, unreadable (`"0"`, `"-1"`) or past.
    private static func expiresLifetime(expires: String?, date: String?, now: Date) -> Duration? {
        guard let expires, let expiry = httpDate(expires) else { return nil }
        let reference = date.flatMap(httpDate) ?? now
        let seconds = Int(expiry.timeIntervalSince(reference).rounded(.down))
        return seconds > 0 ? .seconds(seconds) : nil
    }

    /// Whether `Cache-Control` forbids keeping the answer at all (`no-store`).
    static func forbidsStorage(_ cacheControl: String?) -> Bool {
        (cacheControl ?? "").lowercased().split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces) == "no-store"
        }
    }

    /// An IMF-fixdate (`Sun, 22 Nov 2026 03:00:00 GMT`), the form HTTP dates take.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }

    /// `Retry-After` as a wait: delta-seconds, or an HTTP date measured against `now`.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        guard let date = httpDate(value) else { return nil }
        let interval = date.timeIntervalSince(now)
        return .milliseconds(Int64(max(0, interval) * 1000))
    }
}
