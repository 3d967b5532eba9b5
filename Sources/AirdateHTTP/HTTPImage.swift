public import Foundation

/// A picture fetched by ``APIClient/image(at:maxBytes:lifetime:)``: its bytes, the format they were
/// recognised as (by their first bytes, not by what the server claimed) and where they came from.
/// What an app needs to show a poster or to serve it again from its own address.
public struct HTTPImage: Sendable, Hashable {
    /// The image formats ``APIClient/image(at:maxBytes:lifetime:)`` accepts.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// JPEG (`FF D8 FF`).
        case jpeg
        /// PNG (`89 50 4E 47 0D 0A 1A 0A`).
        case png
        /// GIF (`GIF87a` or `GIF89a`).
        case gif
        /// WebP (`RIFF….WEBP`).
        case webp

        /// The media type to serve the bytes as (`image/jpeg`).
        public var mediaType: String { "image/\(rawValue)" }

        /// The usual file-name extension, without the dot (`jpg`).
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

        /// The format `bytes` start with, or `nil` when they are none of these.
        public static func sniff(_ bytes: Data) -> Format? {
            let head = [UInt8](bytes.prefix(12))
            if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
            if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
            return nil
        }
    }

    /// The image's bytes, complete.
    public var data: Data
    /// The format the bytes are in.
    public var format: Format
    /// The URL the image was fetched from.
    public var url: URL

    /// An image.
    public init(data: Data, format: Format, url: URL) {
        self.data = data
        self.format = format
        self.url = url
    }

    /// The media type to serve the image as (``Format/mediaType``).
    public var mediaType: String { format.mediaType }
}
