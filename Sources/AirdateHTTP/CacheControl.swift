import Foundation

/// The parts of `Cache-Control` and `Retry-After` that a client cache and retry loop need.
enum ResponseHeaders {
    /// How long a response may be reused: `max-age` (less `Age`), or `nil` when it must not be
    /// stored (`no-store`, `no-cache`, no `max-age`, or `max-age=0`).
    static func freshness(cacheControl: String?, age: String?) -> Duration? {
        guard let cacheControl else { return nil }
        var maxAge: Int? = nil
        for directive in cacheControl.split(separator: ",") {
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
        guard var seconds = maxAge else { return nil }
        if let age, let ageSeconds = Int(age.trimmingCharacters(in: .whitespaces)) {
            seconds -= ageSeconds
        }
        return seconds > 0 ? .seconds(seconds) : nil
    }

    /// `Retry-After` as a wait: delta-seconds, or an HTTP date measured against `now`.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        let interval = date.timeIntervalSince(now)
        return .milliseconds(Int64(max(0, interval) * 1000))
    }
}
