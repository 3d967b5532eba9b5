import AirdateHTTP
import Foundation

// Small internal shapes of Jikan answers that the client unwraps before returning.

/// Text that is either `{"about": …}` or `[{"about": …}]` (`/users/{name}/about`; the description
/// and the service disagree on the shape).
struct AboutText: Decodable {
    var about: String?
    private enum CodingKeys: String, CodingKey { case about }

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.lenientContainer(keyedBy: CodingKeys.self) {
            about = c.string(.about)
        } else {
            var list = try decoder.unkeyedContainer()
            about = list.isAtEnd ? nil : (try list.decode(AboutText.self)).about
        }
    }
}

/// `{"moreinfo": …}` (`/anime/{id}/moreinfo`).
struct MoreInfo: Decodable {
    var moreinfo: String?
    private enum CodingKeys: String, CodingKey { case moreinfo }

    init(from decoder: any Decoder) throws {
        moreinfo = try decoder.lenientContainer(keyedBy: CodingKeys.self).string(.moreinfo)
    }
}

/// `{"images": {…}}`: one picture of a pictures list.
struct PictureItem: Decodable {
    var images: JikanImageSet
    private enum CodingKeys: String, CodingKey { case images, jpg, webp }

    init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        if let images = c.value(JikanImageSet.self, .images) {
            self.images = images
        } else {
            images = try JikanImageSet(from: decoder)  // `{"jpg": …, "webp": …}` directly
        }
    }
}
