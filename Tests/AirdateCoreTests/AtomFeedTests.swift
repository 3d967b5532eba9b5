import AirdateCore
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("AtomFeed: an RFC 4287 writer")
struct AtomFeedTests {
    private let day = Date(timeIntervalSince1970: 1_417_572_000)  // 2014-12-03T02:00:00Z

    /// Every element's text and every attribute, read back by an XML parser.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String], text: String)] = []
        var stack: [Int] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes, ""))
            stack.append(elements.count - 1)
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = stack.last { elements[last].text += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
    }

    private func read(_ feed: AtomFeed) throws -> Reader {
        let reader = Reader()
        let parser = XMLParser(data: feed.data)
        parser.delegate = reader
        #expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        return reader
    }

    @Test("The required elements, RFC 3339 instants in UTC, links and categories")
    func structure() throws {
        let feed = AtomFeed(
            id: "tag:example.org,2024:feed", title: "Recent", subtitle: "Sub", updated: day, authors: [AtomPerson(name: "Ann", email: "a@example.org")],
            links: [AtomLink(href: URL(string: "https://example.org/feed.atom")!, relation: "self", mediaType: AtomFeed.mediaType)],
            generator: "Airdate",
            entries: [AtomEntry(id: "tag:example.org,2024:1", title: "One", updated: day, published: day, summary: "S",
                                links: [AtomLink(href: URL(string: "https://example.org/1")!)], categories: ["Arrow"])])
        let xml = feed.xml
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"))
        let reader = try read(feed)
        let names = reader.elements.map(\.name)
        #expect(names.first == "feed")
        #expect(names.filter { $0 == "entry" }.count == 1)
        #expect(reader.elements.first { $0.name == "updated" }?.text == "2014-12-03T02:00:00Z")
        #expect(reader.elements.first { $0.name == "link" }?.attributes == ["href": "https://example.org/feed.atom", "rel": "self", "type": "application/atom+xml"])
        #expect(reader.elements.first { $0.name == "category" }?.attributes == ["term": "Arrow"])
        #expect(reader.elements.filter { $0.name == "author" }.count == 1)
        #expect(reader.elements.first { $0.name == "email" }?.text == "a@example.org")
    }

    @Test("Text and attributes are escaped, and characters XML cannot carry are left out")
    func escaping() throws {
        let title = "Tom & Jerry <3 \"quoted\" 'single'\u{0001}\u{FFFE} — ü 🎬"
        let feed = AtomFeed(id: "x:1", title: title, updated: day, entries: [
            AtomEntry(id: "x:2", title: "a\tb\nc", updated: day, categories: ["A \"B\" & <C>\nD"]),
        ])
        let reader = try read(feed)
        #expect(reader.elements.first { $0.name == "title" }?.text == "Tom & Jerry <3 \"quoted\" 'single' — ü 🎬")
        #expect(reader.elements.first { $0.name == "category" }?.attributes["term"] == "A \"B\" & <C>\nD")
        #expect(reader.elements.filter { $0.name == "title" }.last?.text == "a\tb\nc")
    }

    @Test("A feed without authors gets one when an entry has none; none is added when every entry has one")
    func authors() throws {
        let anonymous = try read(AtomFeed(id: "x:1", title: "T", updated: day, entries: [AtomEntry(id: "x:2", title: "E", updated: day)]))
        #expect(anonymous.elements.filter { $0.name == "author" }.count == 1)
        #expect(anonymous.elements.first { $0.name == "name" }?.text == AtomFeed.defaultAuthorName)
        let signed = try read(AtomFeed(id: "x:1", title: "T", updated: day, entries: [
            AtomEntry(id: "x:2", title: "E", updated: day, authors: [AtomPerson(name: "Bo")]),
        ]))
        #expect(signed.elements.filter { $0.name == "author" }.count == 1)
        #expect(signed.elements.first { $0.name == "name" }?.text == "Bo")
        let empty = try read(AtomFeed(id: "x:1", title: "T", updated: day))
        #expect(empty.elements.filter { $0.name == "author" }.isEmpty)
    }

    @Test("Instants far from now are written in four-digit years, in UTC")
    func instants() throws {
        let early = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01T00:00:00Z
        let feed = AtomFeed(id: "x:1", title: "T", updated: early)
        #expect(feed.xml.contains("<updated>1900-01-01T00:00:00Z</updated>"))
        let late = AtomFeed(id: "x:1", title: "T", updated: Date(timeIntervalSince1970: 4_102_444_799.9))
        #expect(late.xml.contains("<updated>2099-12-31T23:59:59Z</updated>"))
    }
}
