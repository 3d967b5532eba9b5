public import Foundation

/// An Atom 1.0 feed (RFC 4287) of ``AtomEntry``s, written as UTF-8 XML: what a feed reader
/// subscribes to, as ``ICalendar`` is what a calendar app subscribes to.
///
/// ```swift
/// let feed = AtomFeed(
///     id: "tag:example.org,2024:recent", title: "Recent episodes", updated: Date(),
///     authors: [AtomPerson(name: "Airdate")],
///     links: [AtomLink(href: URL(string: "https://example.org/recent.atom")!, relation: "self")],
///     entries: [AtomEntry(id: "tag:example.org,2024:arrow/s3e8", title: "Arrow 3x08", updated: Date())])
/// try feed.data.write(to: url)
/// ```
///
/// The writer escapes every text and attribute value, leaves out characters XML 1.0 cannot carry
/// (control characters other than tab and line breaks, U+FFFE and U+FFFF), writes instants as RFC 3339
/// in UTC (`2014-12-03T01:00:00Z`), and adds an `<author>` to the feed when neither it nor an entry has
/// one would otherwise be missing (Atom requires one on the feed or on every entry).
public struct AtomFeed: Sendable, Hashable {
    /// A permanent, unique identifier: an IRI such as `tag:example.org,2024:recent` or the feed's
    /// address (`<id>`).
    public var id: String
    /// The title (`<title>`).
    public var title: String
    /// A subtitle (`<subtitle>`).
    public var subtitle: String?
    /// When the feed last changed meaningfully (`<updated>`); usually the newest entry's.
    public var updated: Date
    /// The authors (`<author>`); when empty and an entry has none, ``defaultAuthorName`` is written.
    public var authors: [AtomPerson]
    /// Links (`<link>`): the feed's own address as `self`, the page it mirrors as `alternate`.
    public var links: [AtomLink]
    /// The program that wrote it (`<generator>`).
    public var generator: String?
    /// The entries, in the order given (usually newest first).
    public var entries: [AtomEntry]

    /// The author name written when a feed and one of its entries have no author (Atom requires one).
    public static let defaultAuthorName = "Unknown"

    /// Creates a feed.
    public init(
        id: String, title: String, subtitle: String? = nil, updated: Date, authors: [AtomPerson] = [],
        links: [AtomLink] = [], generator: String? = nil, entries: [AtomEntry] = []
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.updated = updated
        self.authors = authors
        self.links = links
        self.generator = generator
        self.entries = entries
    }

    /// The feed as an XML document, with its declaration and a line per element.
    public var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "  " + AtomXML.element("id", AtomXML.text(id)) + "\n"
        out += "  " + AtomXML.element("title", AtomXML.text(title)) + "\n"
        if let subtitle { out += "  " + AtomXML.element("subtitle", AtomXML.text(subtitle)) + "\n" }
        out += "  " + AtomXML.element("updated", AtomXML.timestamp(updated)) + "\n"
        var authors = self.authors
        if authors.isEmpty && entries.contains(where: \.authors.isEmpty) {
            authors = [AtomPerson(name: Self.defaultAuthorName)]
        }
        for author in authors { out += author.xml(element: "author", indent: "  ") }
        for link in links { out += "  " + link.xml + "\n" }
        if let generator { out += "  " + AtomXML.element("generator", AtomXML.text(generator)) + "\n" }
        for entry in entries { out += entry.xml }
        out += "</feed>\n"
        return out
    }

    /// ``xml`` as UTF-8 bytes, ready to serve as `application/atom+xml`.
    public var data: Data { Data(xml.utf8) }

    /// The media type of an Atom feed.
    public static let mediaType = "application/atom+xml"
}

/// One entry of an ``AtomFeed`` (`<entry>`).
public struct AtomEntry: Sendable, Hashable {
    /// A permanent, unique identifier (an IRI) that never changes for this entry.
    public var id: String
    /// The title.
    public var title: String
    /// When the entry last changed meaningfully (`<updated>`).
    public var updated: Date
    /// When it was first published (`<published>`).
    public var published: Date?
    /// A short text (`<summary>`, plain text).
    public var summary: String?
    /// The content (`<content type="text">`, plain text).
    public var content: String?
    /// Links; the page about the entry as `alternate`.
    public var links: [AtomLink]
    /// The authors; the feed's apply when empty.
    public var authors: [AtomPerson]
    /// Categories (`<category term=…>`), such as a show's name.
    public var categories: [String]

    /// Creates an entry.
    public init(
        id: String, title: String, updated: Date, published: Date? = nil, summary: String? = nil, content: String? = nil,
        links: [AtomLink] = [], authors: [AtomPerson] = [], categories: [String] = []
    ) {
        self.id = id
        self.title = title
        self.updated = updated
        self.published = published
        self.summary = summary
        self.content = content
        self.links = links
        self.authors = authors
        self.categories = categories
    }

    var xml: String {
        var out = "  <entry>\n"
        out += "    " + AtomXML.element("id", AtomXML.text(id)) + "\n"
        out += "    " + AtomXML.element("title", AtomXML.text(title)) + "\n"
        out += "    " + AtomXML.element("updated", AtomXML.timestamp(updated)) + "\n"
        if let published { out += "    " + AtomXML.element("published", AtomXML.timestamp(published)) + "\n" }
        for author in authors { out += author.xml(element: "author", indent: "    ") }
        for link in links { out += "    " + link.xml + "\n" }
        for category in categories { out += "    <category term=\"\(AtomXML.attribute(category))\"/>\n" }
        if let summary { out += "    " + AtomXML.element("summary", AtomXML.text(summary)) + "\n" }
        if let content { out += "    <content type=\"text\">\(AtomXML.text(content))</content>\n" }
        out += "  </entry>\n"
        return out
    }
}

/// A link of a feed or an entry (`<link href rel type title>`).
public struct AtomLink: Sendable, Hashable {
    /// The address.
    public var href: URL
    /// The relation: `alternate` (the default when `nil`), `self`, `related`, `enclosure`, `via`.
    public var relation: String?
    /// The media type of what it points at, such as `text/html`.
    public var mediaType: String?
    /// A title for the link.
    public var title: String?

    /// Creates a link.
    public init(href: URL, relation: String? = nil, mediaType: String? = nil, title: String? = nil) {
        self.href = href
        self.relation = relation
        self.mediaType = mediaType
        self.title = title
    }

    var xml: String {
        var out = "<link href=\"\(AtomXML.attribute(href.absoluteString))\""
        if let relation { out += " rel=\"\(AtomXML.attribute(relation))\"" }
        if let mediaType { out += " type=\"\(AtomXML.attribute(mediaType))\"" }
        if let title { out += " title=\"\(AtomXML.attribute(title))\"" }
        return out + "/>"
    }
}

/// A person: an author or a contributor (`<name>`, `<uri>`, `<email>`).
public struct AtomPerson: Sendable, Hashable {
    /// The name.
    public var name: String
    /// A page about the person.
    public var uri: URL?
    /// An e-mail address.
    public var email: String?

    /// Creates a person.
    public init(name: String, uri: URL? = nil, email: String? = nil) {
        self.name = name
        self.uri = uri
        self.email = email
    }

    func xml(element: String, indent: String) -> String {
        var out = "\(indent)<\(element)>" + AtomXML.element("name", AtomXML.text(name))
        if let uri { out += AtomXML.element("uri", AtomXML.text(uri.absoluteString)) }
        if let email { out += AtomXML.element("email", AtomXML.text(email)) }
        return out + "</\(element)>\n"
    }
}

/// XML text rules of the Atom writer.
enum AtomXML {
    static func element(_ name: String, _ escapedText: String) -> String {
        "<\(name)>\(escapedText)</\(name)>"
    }

    /// Character data: `&`, `<` and `>` escaped, characters XML cannot carry left out.
    static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// An attribute value in double quotes: also `"` escaped, and line breaks and tabs as references
    /// (an XML reader would otherwise turn them into spaces).
    static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\t" where quotes: out += "&#9;"
            case "\n" where quotes: out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if isAllowed(scalar) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020…U+D7FF, U+E000…U+FFFD, U+10000 on.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// RFC 3339 in UTC, whole seconds: `2014-12-03T01:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        ICalendarFormat.rfc3339(date)
    }
}
