import ArgumentParser
import CommandLineSupport
import Foundation
import HTMLScrape

/// `scrape SELECTOR [FILE|-]`: prints what a CSS selector matches in an HTML page, like `pup` or
/// `htmlq`, with a real HTML5 parser. `scrape --sanitize POLICY [FILE|-]` prints the page's content
/// cleaned by one of the ``SanitizerPolicy`` presets instead.
@main
struct Scrape: OneLineErrors {
    static let configuration = CommandConfiguration(
        abstract: "Print the parts of an HTML page that a CSS selector matches.",
        discussion: """
        Reads FILE (or standard input when it is - or missing), parses it as a browser would and prints \
        each match: its text by default, an attribute with --attr, its markup with --html, JSON objects \
        with --json, or the first matched table as CSV with --table. With --sanitize POLICY (and no \
        selector) it prints the page's content cleaned by that policy instead: textOnly, \
        basicFormatting, basicWithImages or relaxed. The bytes are decoded as a browser would: byte \
        order mark, then <meta charset>, then UTF-8 or windows-1252.
        """,
        version: ProgramVersion.current)

    @Argument(help: "A CSS selector list, such as 'table.wikiepisodetable tr.vevent td.summary' (not with --sanitize).")
    var selector: String?

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

    @Option(help: "Print the page's content cleaned by this policy: textOnly, basicFormatting, basicWithImages or relaxed.")
    var sanitize: String?

    func validate() throws {
        guard let sanitize else {
            if selector == nil { throw ValidationError("Missing expected argument '<selector>'") }
            return
        }
        guard SanitizerPolicy.preset(named: sanitize) != nil else {
            let names = SanitizerPolicy.presets.map(\.key).joined(separator: ", ")
            throw ValidationError("Unknown policy '\(sanitize)'. Use one of: \(names)")
        }
        if selector != nil && file != "-" {
            throw ValidationError("--sanitize takes a FILE only, not a selector")
        }
    }

    func run() throws {
        if let sanitize, var policy = SanitizerPolicy.preset(named: sanitize) {
            // With --sanitize the one positional argument is the file.
            let path = selector ?? file
            if let base {
                guard let url = URL(string: base), url.scheme != nil else {
                    throw ValidationError("--base must be an absolute URL such as https://example.org/, not '\(base)'")
                }
                policy.baseURL = url
            }
            let html = String(decoding: try read(path), as: UTF8.self)
            let cleaned = HTMLSanitizer(policy: policy).sanitizedHTML(fragment: html)
            FileHandle.standardOutput.write(Data((cleaned + "\n").utf8))
            return
        }
        guard let selector else {
            throw ValidationError("Give a CSS selector to print what it matches, or --sanitize POLICY to clean the page")
        }
        let compiled: CSSSelector
        do {
            compiled = try CSSSelector(selector)
        } catch {
            throw ValidationError("The selector is not valid: \(error.description)")
        }
        var baseURL: URL?
        if let base {
            guard let url = URL(string: base), url.scheme != nil else {
                throw ValidationError("--base must be an absolute URL such as https://example.org/, not '\(base)'")
            }
            baseURL = url
        }
        let data = try read(file)
        let document = Document(bytes: data, options: ParseOptions(collectsErrors: false, url: baseURL))
        let matches = document.select(compiled)
        var output = ""
        if table {
            guard let element = matches.first(where: { $0.localName == "table" }).flatMap(HTMLTable.init) else {
                throw Failure(message: "No table matches \(selector). Select a <table> element, for example 'table.wikitable'")
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

    /// The bytes of a file, or of standard input for `-`.
    private func read(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}

/// A run-time failure: one line on standard error, exit status 1.
struct Failure: Error, LocalizedError {
    var message: String
    var errorDescription: String? { message }
}
