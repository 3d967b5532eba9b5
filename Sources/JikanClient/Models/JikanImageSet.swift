import AirdateHTTP
public import Foundation

/// The sizes of one picture MyAnimeList offers.
public enum JikanImageSize: Sendable, Hashable, CaseIterable {
    /// A thumbnail (`small_image_url`).
    case small
    /// The regular picture (`image_url`).
    case regular
    /// The biggest common size (`large_image_url`).
    case large
}

/// The file formats MyAnimeList offers a picture in.
public enum JikanImageFormat: Sendable, Hashable {
    /// JPEG (every client can show it).
    case jpg
    /// WebP (smaller; not every platform shows it).
    case webp
}

/// One picture's URLs in one format. Missing sizes and MyAnimeList's "question mark" placeholders
/// are `nil`.
public struct JikanImageURLs: Sendable, Hashable, Decodable {
    /// `image_url`.
    public var regular: URL?
    /// `small_image_url`.
    public var small: URL?
    /// `large_image_url`.
    public var large: URL?

    /// URLs for the three sizes.
    public init(regular: URL? = nil, small: URL? = nil, large: URL? = nil) {
        self.regular = regular
        self.small = small
        self.large = large
    }

    private enum CodingKeys: String, CodingKey {
        case regular = "image_url", small = "small_image_url", large = "large_image_url"
    }

    /// Decodes Jikan's object; placeholders and malformed URLs become `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        regular = Self.picture(c.url(.regular))
        small = Self.picture(c.url(.small))
        large = Self.picture(c.url(.large))
    }

    /// The URL of `size`, if offered.
    public subscript(size: JikanImageSize) -> URL? {
        switch size {
        case .small: return small
        case .regular: return regular
        case .large: return large
        }
    }

    /// `nil` for MyAnimeList's stand-in pictures (`questionmark_23.gif`, the site icon).
    static func picture(_ url: URL?) -> URL? {
        guard let url else { return nil }
        let text = url.absoluteString
        if text.contains("questionmark") || text.contains("/img/sp/icon/") { return nil }
        return url
    }
}

/// A picture in JPEG and WebP (`images` in Jikan's answers), with the choice of the URL to show.
public struct JikanImageSet: Sendable, Hashable, Decodable {
    /// The JPEG URLs.
    public var jpg: JikanImageURLs
    /// The WebP URLs.
    public var webp: JikanImageURLs

    /// A set of JPEG and WebP URLs.
    public init(jpg: JikanImageURLs = JikanImageURLs(), webp: JikanImageURLs = JikanImageURLs()) {
        self.jpg = jpg
        self.webp = webp
    }

    private enum CodingKeys: String, CodingKey { case jpg, webp }

    /// Decodes Jikan's object; a missing format has no URLs.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        jpg = c.value(JikanImageURLs.self, .jpg) ?? JikanImageURLs()
        webp = c.value(JikanImageURLs.self, .webp) ?? JikanImageURLs()
    }

    /// The best URL to show at `size` in `format`: that size in that format, else that size in the
    /// other format, else the nearest other size (bigger first) in either; `nil` when there is no
    /// picture at all.
    public func url(_ size: JikanImageSize = .large, preferring format: JikanImageFormat = .jpg) -> URL? {
        let formats = format == .jpg ? [jpg, webp] : [webp, jpg]
        let sizes: [JikanImageSize]
        switch size {
        case .small: sizes = [.small, .regular, .large]
        case .regular: sizes = [.regular, .large, .small]
        case .large: sizes = [.large, .regular, .small]
        }
        for candidate in sizes {
            for urls in formats {
                if let url = urls[candidate] { return url }
            }
        }
        return nil
    }
}
