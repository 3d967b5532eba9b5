import ArgumentParser
import CommandLineSupport
import Foundation
import HTMLScrape

/// `scrape SELECTOR [FILE|-]`: prints what a CSS selector matches in an HTML page, like `pup` or
/// `htmlq`, with a real HTML5 parser. `scrape --xpath EXPR [FILE|-]` does the same with an XPath 1.0
/// expression (node-sets print one node a line; strings, numbers and booleans print their value).
/// `scrape --sanitize POLICY [FILE|-]` prints the page's content cleaned by one of the
/// ``SanitizerPolicy`` presets instead.
@main
struct Scrape: OneLineErrors {
    static let configuration = CommandConfiguration(
        abstract: "Print the parts of an HTML page that a CSS selector matches.",
        discussion: """
        Reads FILE (or standard input when it is - or missing), parses it as a browser would and prints \
        each match: its text by default, an attribute with --attr, its markup with --html, JSON objects \
        with --json, or the first matched table as CSV with --table. With --xpath EXPR (and no selector) \
        an XPath 1.0 expression selects instead: attributes and text nodes print their value, and an \
        expression that gives a string, number or boolean prints it. With --sanitize POLICY (and no \
        selector) it prints the page's content cleaned by that policy instead: textOnly, \
        basicFormatting, basicWithImages or relaxed. The bytes are decoded as a browser would: byte \
        order mark, then <meta charset>, then UTF-8 or windows-1252.
        """,
        version: ProgramVersion.current)

    @Argument(help: "A CSS selector list, such as 'table.wikiepisodetable tr.vevent td.summary' (not with --xpath or --sanitize).")
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

    @Option(help: ArgumentHelp(
        "Select with this XPath 1.0 expression instead of a CSS selector, such as '//tr[@class=\"vevent\"]/td[2]'.",
        valueName: "expr"))
    var xpath: String?

    /// The longest selector, XPath expression, attribute name or URL accepted.
    static let maximumArgumentLength = 4_096

    /// A user's text as it is echoed in a message: on one line, at most 60 columns.
    static func echo(_ text: String) -> String { text.terminalSafe.fitted(toWidth: 60) }

    func validate() throws {
        for (name, value) in [("The selector", selector), ("--xpath", xpath), ("--attr", attr), ("--base", base)] {
            if let value, value.utf8.count > Self.maximumArgumentLength {
                throw ValidationError("\(name) takes at most \(Self.maximumArgumentLength) bytes; '\(Self.echo(value))' has \(value.utf8.count)")
            }
        }
        if let sanitize, sanitize.utf8.count > 100 || SanitizerPolicy.preset(named: sanitize) == nil {
            let names = SanitizerPolicy.presets.map(\.key).joined(separator: ", ")
            throw ValidationError("Unknown policy '\(Self.echo(sanitize))'. Use one of: \(names)")
        }
        if attr == "" { throw ValidationError("--attr needs an attribute name, such as --attr href") }
        if xpath != nil {
            if sanitize != nil { throw ValidationError("--xpath and --sanitize cannot be used together") }
            if selector != nil && file != "-" {
                throw ValidationError("--xpath takes a FILE only, not a CSS selector as well")
            }
            return
        }
        guard sanitize != nil else {
            if selector == nil {
                throw ValidationError("Give a CSS selector (such as 'td.summary'), --xpath EXPR or --sanitize POLICY, then the file")
            }
            return
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
                    throw ValidationError("--base must be an absolute URL such as https://example.org/, not '\(Self.echo(base))'")
                }
                policy.baseURL = url
            }
            // Decoded as every other mode decodes (byte order mark, <meta charset>, UTF-8 or
            // windows-1252), parsed as the page it is; what is printed is its body, cleaned.
            let document = Document(bytes: try read(path), options: ParseOptions(collectsErrors: false))
            let cleaned = HTMLSanitizer(policy: policy).sanitize(document)
            FileHandle.standardOutput.write(Data(((cleaned.body?.innerHTML ?? "") + "\n").utf8))
            return
        }
        if let xpath {
            try runXPath(xpath, file: selector ?? file)
            return
        }
        guard let selector else {
            throw ValidationError("Give a CSS selector to print what it matches, or --sanitize POLICY to clean the page")
        }
        let compiled: CSSSelector
        do {
            compiled = try CSSSelector(selector)
        } catch {
            throw ValidationError("The selector is not valid: \(error.description.terminalSafe.fitted(toWidth: 160))")
        }
        let document = try parse(file)
        try printMatches(document.select(compiled), describing: selector)
    }

    /// Parses the page, with the `--base` URL when given.
    private func parse(_ path: String) throws -> Document {
        var baseURL: URL?
        if let base {
            guard let url = URL(string: base), url.scheme != nil else {
                throw ValidationError("--base must be an absolute URL such as https://example.org/, not '\(Self.echo(base))'")
            }
            baseURL = url
        }
        let data = try read(path)
        return Document(bytes: data, options: ParseOptions(collectsErrors: false, url: baseURL))
    }

    /// `--xpath`: node-sets print one node a line (elements as the CSS mode prints them); strings,
    /// numbers and booleans print their value.
    private func runXPath(_ expression: String, file path: String) throws {
        let compiled: XPath
        do {
            compiled = try XPath(expression)
        } catch {
            throw ValidationError("The XPath expression is not valid: \(error.description.terminalSafe.fitted(toWidth: 160))")
        }
        let document = try parse(path)
        let value = try compiled.evaluate(from: document.root)
        guard case let .nodeSet(nodes) = value else {
            if table { throw Failure(message: "The expression \(expression) gives a value, not a table. Select a <table> element") }
            if json {
                let type: String
                let scalar: Any
                switch value {
                case let .number(number):
                    type = "number"
                    scalar = number.isFinite ? number as Any : value.string as Any
                case let .boolean(boolean): type = "boolean"; scalar = boolean
                default: type = "string"; scalar = value.string
                }
                FileHandle.standardOutput.write(Data((Self.serialize(["type": type, "value": scalar]) + "\n").utf8))
            } else {
                FileHandle.standardOutput.write(Data((value.string + "\n").utf8))
            }
            return
        }
        if table || nodes.allSatisfy({ $0.element != nil }) {
            try printMatches(nodes.compactMap(\.element), describing: expression)
            return
        }
        var output = ""
        for node in nodes {
            if json {
                output += nodeJSON(node) + "\n"
            } else if let element = node.element {
                output += try line(for: element) ?? ""
            } else if html, case let .attribute(_, attribute) = node {
                output += attribute.name + "=\"" + attribute.value.replacingOccurrences(of: "\"", with: "&quot;") + "\"\n"
            } else if html, let plain = node.node, plain.kind != .document {
                output += plain.outerHTML + "\n"
            } else {
                output += node.stringValue + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// The line the CSS mode prints for one matched element, or `nil` when `--attr` names a missing attribute.
    private func line(for element: Element) throws -> String? {
        if json { return objectJSON(element) + "\n" }
        if let attr {
            guard let value = attributeValue(element, attr) else { return nil }
            return value + "\n"
        }
        return (html ? element.outerHTML : element.text) + "\n"
    }

    private func printMatches(_ matches: [Element], describing query: String) throws {
        var output = ""
        if table {
            guard let element = matches.first(where: { $0.localName == "table" }).flatMap(HTMLTable.init) else {
                throw Failure(message: "No table matches \(query). Select a <table> element, for example 'table.wikitable'")
            }
            output = json ? tableJSON(element) : element.csv()
        } else {
            for element in matches {
                output += try line(for: element) ?? ""
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

    /// One JSON object for a node of an XPath node-set: its type, name and XPath string-value.
    private func nodeJSON(_ node: XPathNode) -> String {
        if let element = node.element { return objectJSON(element) }
        let type: String
        switch node {
        case .attribute: type = "attribute"
        case .namespace: type = "namespace"
        case let .node(plain):
            switch plain.kind {
            case .text: type = "text"
            case .comment: type = "comment"
            default: type = "root"
            }
        }
        return Self.serialize(["type": type, "name": node.name, "string": node.stringValue])
    }

    private func objectJSON(_ element: Element) -> String {
        var object: [String: Any] = [
            "type": "element", "tag": element.localName, "name": element.localName, "text": element.text,
            "string": XPathNode.node(element.node).stringValue,
        ]
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
        if path.isEmpty { throw ValidationError("The file name is empty: give a path, or - for standard input") }
        return try FileInput.read(path)
    }
}

/// A run-time failure: one line on standard error, exit status 1.
struct Failure: Error, LocalizedError {
    var message: String
    var errorDescription: String? { message }
}
