import AirdateHTTP
public import Foundation

/// An image of a show (`/shows/:id/images`): poster, banner, background, typography.
public struct TVMazeShowImage: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id.
    public var id: Int
    /// "poster", "banner", "background", "typography", or `nil`.
    public var type: String?
    /// Whether it is the show's main image.
    public var isMain: Bool
    /// The sizes available, by name ("original", "medium").
    public var resolutions: [String: Resolution]

    /// One size of an image.
    public struct Resolution: Sendable, Hashable, Decodable {
        /// Where it is.
        public var url: URL?
        /// Pixels, when known.
        public var width: Int?
        /// Pixels, when known.
        public var height: Int?

        enum CodingKeys: String, CodingKey { case url, width, height }

        /// Decodes `{"url", "width", "height"}`; unreadable fields become `nil` and are reported.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
            url = c.url(.url)
            width = c.integer(.width)
            height = c.integer(.height)
        }
    }

    enum CodingKeys: String, CodingKey { case id, type, main, resolutions }

    /// Decodes TVMaze's image object; `id` is required, and a resolution that cannot be read is
    /// left out and reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        type = c.string(.type)
        isMain = c.flag(.main) ?? false
        var resolutions: [String: Resolution] = [:]
        if let sizes = c.nested(keyedBy: AnyCodingKey.self, .resolutions) {
            for key in sizes.allKeys {
                if let resolution = sizes.value(Resolution.self, key) { resolutions[key.stringValue] = resolution }
            }
        }
        self.resolutions = resolutions
    }
}
