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

        /// Decodes `{"url", "width", "height"}`.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = try c.lenientURL(.url)
            width = try c.decodeIfPresent(Int.self, forKey: .width)
            height = try c.decodeIfPresent(Int.self, forKey: .height)
        }
    }

    enum CodingKeys: String, CodingKey { case id, type, main, resolutions }

    /// Decodes TVMaze's image object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        type = try c.nonEmptyString(.type)
        isMain = try c.decodeIfPresent(Bool.self, forKey: .main) ?? false
        resolutions = try c.decodeIfPresent([String: Resolution].self, forKey: .resolutions) ?? [:]
    }
}
