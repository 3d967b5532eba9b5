import ArgumentParser
import Foundation
import HTMLScrape

/// `scrape SELECTOR [FILE|-]`: prints what a CSS selector matches in an HTML page, like `pup` or
/// `htmlq`, with a real HTML5 parser.
@main
struct Scrape: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the parts of an HTML page that a CSS selector matches.",
        discussion: """
        Reads FILE (or standard input when it is - or missing), parses it as a browser would and prints \
        each match: its text by default, an attribute with --attr, its markup with --html, JSON objects \
        with --json, or the first matched table as CSV with --table.
        """)

    @Argument(help: "A CSS selector list, such as 'table.wikiepisodetable tr.vevent td.summary'.")
    var selector: String

    @Argument(help: "The HTML file to read; - or nothing for standard input.")
    var file: String = "-"

    @Option(help: "Print this attribute of each match (URLs resolved when the page has a base URL).")
    var attr: String?

    @Flag(help: "Print each match's HTML.")
    var html = false

    @Flag(help: "Print one JSON object per match (with --table: the table's records as JSON).")
    var json = false

    @Flag(help: "Print the first matched table as CSV (or JSON records with --json).")
    var table = false

    @Option(help: "The page's URL, to resolve relative links against.")
    var base: String?

    func run() throws {
        let compiled: CSSSelector
        do {
            compiled = try CSSSelector(selector)
        } catch {
            fail("bad selector: \(error.description)")
        }
        var baseURL: URL?
        if let base {
            guard let url = URL(string: base), url.scheme != nil else { fail("bad --base URL: \(base)") }
            baseURL = url
        }
        let data: Data
        do {
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            }
        } catch {
            fail("cannot read \(file): \(error.localizedDescription)")
        }
        let document = Document(
            html: String(decoding: data, as: UTF8.self),
            options: ParseOptions(collectsErrors: false, url: baseURL))
        let matches = document.select(compiled)
        var output = ""
        if table {
            guard let element = matches.first(where: { $0.localName == "table" }).flatMap(HTMLTable.init) else {
                fail("no table matches \(selector)")
            }
            output = json ? tableJSON(element) : element.csv()
        } else {
            for element in matches {
                if json {
                    output += objectJSON(element) + "\n"
                } else if let attr {
                    guard let value = attributeValue(element, attr) else { continue }
                    output += value + "\n"
                } else if html {
                    output += element.outerHTML + "\n"
                } else {
                    output += element.text + "\n"
                }
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// Attributes whose values are URLs, printed resolved when the page has a base URL.
    static let urlAttributes: Set<String> = ["href", "src", "action", "cite", "poster", "data", "formaction"]

    private func attributeValue(_ element: Element, _ name: String) -> String? {
        if Self.urlAttributes.contains(name.lowercased()), element.document.baseURL != nil,
           let url = element.absoluteURL(for: name) {
            return url.absoluteString
        }
        return element.attribute(name)
    }

    private func objectJSON(_ element: Element) -> String {
        var object: [String: Any] = ["tag": element.localName, "text": element.text]
        var attributes: [String: String] = [:]
        for attribute in element.attributes { attributes[attribute.name] = attribute.value }
        object["attributes"] = attributes
        if let attr { object["value"] = attributeValue(element, attr) ?? NSNull() }
        if html { object["html"] = element.outerHTML }
        return Self.serialize(object)
    }

    private func tableJSON(_ table: HTMLTable) -> String {
        let records: [[String: String]] = table.records.map(\.values)
        return Self.serialize(records) + "\n"
    }

    private static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("scrape: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
