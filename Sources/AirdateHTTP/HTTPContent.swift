public import Foundation

/// The body of a successful response with its media type, as ``APIClient/content(for:accepting:)``
/// returns it: an HTML page, a JSON document kept as bytes, anything.
public struct HTTPContent: Sendable, Hashable {
    /// The body bytes, complete.
    public var body: Data
    /// The `Content-Type` header as the server sent it (`text/html; charset=UTF-8`), `nil` when absent.
    public var contentType: String?
    /// The URL that was requested.
    public var url: URL

    /// Wraps a body, its media type and its URL.
    public init(body: Data, contentType: String?, url: URL) {
        self.body = body
        self.contentType = contentType
        self.url = url
    }

    /// The `charset` parameter of ``contentType`` (`UTF-8`), `nil` when none is given.
    public var charset: String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"")))
        }
        return nil
    }
}

/// Media-type matching for `Accept` lists.
enum MediaType {
    /// Whether `contentType` (parameters ignored, case-insensitive) is one of `accepted`, where
    /// `type/*` and `*/*` match whole families.
    static func matches(_ contentType: String, _ accepted: [String]) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        let type = essence.split(separator: "/", maxSplits: 1).first.map(String.init) ?? essence
        for pattern in accepted {
            let wanted = (pattern.split(separator: ";", maxSplits: 1).first.map(String.init) ?? pattern)
                .trimmingCharacters(in: .whitespaces).lowercased()
            if wanted == "*/*" || wanted == essence { return true }
            if wanted.hasSuffix("/*"), String(wanted.dropLast(2)) == type { return true }
        }
        return false
    }
}
