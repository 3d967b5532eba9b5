import AirdateHTTP
public import Foundation

/// A named link (`{"name": "Official Site", "url": "…"}`): external sites and streaming services.
public struct JikanExternalLink: Sendable, Hashable, Decodable {
    /// The site's name.
    public var name: String
    /// Where it points.
    public var url: URL?

    /// A link.
    public init(name: String, url: URL?) {
        self.name = name
        self.url = url
    }

    private enum CodingKeys: String, CodingKey { case name, url }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        name = c.string(.name) ?? ""
        url = c.url(.url)
    }
}
