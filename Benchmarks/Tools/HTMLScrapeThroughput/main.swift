import Foundation
import HTMLScrape

// A plain release executable (no benchmark harness) for two measurements that want one process and
// simple output:
//
//   HTMLScrapeThroughput files [--repeat N] [--no-errors] FILE…
//       parses each file N times in-process (after one warm-up parse) with the options a user gets
//       by default, `ParseOptions()` (`--no-errors`: `collectsErrors: false`; `--errors`, which
//       older builds needed for the default options, is accepted and changes nothing) and prints
//       one line per file: `file<TAB>bytes<TAB>seconds-per-parse<TAB>MB/s`.
//       `Benchmarks/compare-lexbor.py` runs it next to selectolax (lexbor) and resiliparse on the
//       same files.
//
//   HTMLScrapeThroughput serve
//       reads `REPEAT<TAB>FILE` lines from standard input and answers each with one line, the
//       seconds per parse of FILE (N timed parses after one warm-up), in the same long-lived process.
//       `compare-lexbor.py` uses it so that HTMLScrape, like the Python parsers beside it, runs in a
//       process whose allocator has already seen the earlier files.
//
//   HTMLScrapeThroughput pattern INDEX SIZE
//       parses one pattern once (for instruction counts under `valgrind --tool=callgrind`).
//
//   HTMLScrapeThroughput pathological [--base N]
//       parses each pathological pattern at sizes N, 2N and 4N and prints the time of each and the
//       ratio of each doubling (about 2 means linear, about 4 quadratic).
//
//   HTMLScrapeThroughput select [--repeat N] SELECTOR FILE
//       parses FILE once, then runs `Document.select(SELECTOR)` (the selector text parsed each time,
//       as lexbor's `css()` does) once to warm up and N times timed; prints
//       `seconds-per-query<TAB>matches`. `serve` also answers `select<TAB>REPEAT<TAB>FILE<TAB>SELECTOR`
//       lines that way (each file parsed once per process), for `compare-selection.py`.
//
//   HTMLScrapeThroughput first [--repeat N] SELECTOR FILE
//       a parse of FILE followed by the first `select(SELECTOR)` on the fresh document, once to warm
//       up and N times timed; prints `seconds-per-parse-and-query<TAB>matches`. `serve` answers
//       `first<TAB>REPEAT<TAB>FILE<TAB>SELECTOR` lines that way (`compare-selection.py --first`).
//
//   HTMLScrapeThroughput marked JOBS
//       runs each line of the file JOBS (`parse<TAB>FILE`, `first<TAB>FILE<TAB>SELECTOR`,
//       `select<TAB>FILE<TAB>SELECTOR`, `xpath<TAB>FILE<TAB>EXPRESSION`) once to warm up, then once
//       between two calls of `measureMark`, for `count-batch.py`: run under
//       `valgrind --tool=callgrind --dump-before='*measureMark*'`, every second dump holds
//       the instructions of one job and nothing else. Prints one line per job: its result's size.
//
//   HTMLScrapeThroughput paths [--base N] [NAME…]
//       runs each public API path (see `APIPaths.swift`) at sizes N, 2N and 4N and prints the time
//       of each and the ratio of each doubling; `path NAME SIZE` runs one once (for callgrind).

/// Parses `bytes` as a browser would, with the options a user gets by default unless told otherwise.
@inline(never)
func parse(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) -> Int {
    let document = Document(bytes: bytes, options: options)
    return document.root.childNodes.isEmpty ? 0 : 1
}

/// The best of `runs` timings of `body`, in seconds.
func best(of runs: Int, _ body: () -> Void) -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        result = min(result, elapsed)
    }
    return result
}

/// Seconds per parse of `bytes`: `repeats` timed parses after one warm-up parse.
func secondsPerParse(_ bytes: [UInt8], repeats: Int, options: ParseOptions = ParseOptions()) -> Double {
    var sink = parse(bytes, options: options)
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { sink &+= parse(bytes, options: options) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(max(repeats, 1))
    if sink == -1 { print(sink) }
    return seconds
}

func measureFiles(_ paths: [String], repeats: Int, options: ParseOptions) {
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
            continue
        }
        let bytes = [UInt8](data)
        let seconds = secondsPerParse(bytes, repeats: repeats, options: options)
        let megabytesPerSecond = Double(bytes.count) / 1e6 / seconds
        print("\(path)\t\(bytes.count)\t\(String(format: "%.6f", seconds))\t\(String(format: "%.2f", megabytesPerSecond))")
    }
}

/// Seconds per `document.select(selector)` (the selector text compiled each time, as lexbor's
/// `css()` does) over `repeats` timed queries after one warm-up query, and how many elements match.
func secondsPerSelect(_ document: Document, _ selector: String, repeats: Int) throws -> (Double, Int) {
    let matches = try document.select(selector).count
    let start = DispatchTime.now().uptimeNanoseconds
    var sink = 0
    for _ in 0..<repeats { sink &+= try document.select(selector).count }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(max(repeats, 1))
    if sink == -1 { print(sink) }
    return (seconds, matches)
}

/// Seconds per XPath query over `repeats` timed queries after one warm-up query: the expression
/// compiled and evaluated each time (as lxml's `tree.xpath(expression)` does), and the size of the
/// result (a node-set's count; 1 for a number, string or boolean).
func secondsPerXPath(_ document: Document, _ expression: String, repeats: Int) throws -> (Double, Int) {
    func size(_ value: XPathValue) -> Int {
        if case let .nodeSet(nodes) = value { return nodes.count }
        return 1
    }
    let count = size(try document.evaluateXPath(XPath(expression)))
    let start = DispatchTime.now().uptimeNanoseconds
    var sink = 0
    for _ in 0..<repeats { sink &+= size(try document.evaluateXPath(XPath(expression))) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(max(repeats, 1))
    if sink == -1 { print(sink) }
    return (seconds, count)
}

/// Seconds per parse of `bytes` followed by the first `select(selector)` on the new document, over
/// `repeats` timed rounds after one warm-up round, and how many elements match.
func secondsPerParseAndFirstSelect(_ bytes: [UInt8], _ selector: String, repeats: Int) throws -> (Double, Int) {
    let matches = try Document(bytes: bytes).select(selector).count
    let start = DispatchTime.now().uptimeNanoseconds
    var sink = 0
    for _ in 0..<repeats { sink &+= try Document(bytes: bytes).select(selector).count }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(max(repeats, 1))
    if sink == -1 { print(sink) }
    return (seconds, matches)
}

/// Answers `REPEAT<TAB>FILE` lines from standard input with seconds per parse,
/// `xpath<TAB>REPEAT<TAB>FILE<TAB>EXPRESSION` lines with seconds per XPath query and the result's
/// size (`Scripts/compare-xpath-lxml.py --time`),
/// `first<TAB>REPEAT<TAB>FILE<TAB>SELECTOR` lines with seconds per parse plus first query, and
/// `select<TAB>REPEAT<TAB>FILE<TAB>SELECTOR` lines with seconds per query and the number of matches,
/// one line each (`error: …` for a line it cannot use), until standard input ends.
func serve() {
    // Unbuffered: each answer must reach the asking process at once.
    func answer(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    var parsed: [String: Document] = [:]
    while let line = readLine() {
        if line.hasPrefix("xpath\t") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let repeats = Int(fields[1]), repeats > 0 else {
                answer("error: expected xpath<TAB>REPEAT<TAB>FILE<TAB>EXPRESSION, got \(line)")
                continue
            }
            if parsed[fields[2]] == nil, let data = FileManager.default.contents(atPath: fields[2]) {
                parsed[fields[2]] = Document(bytes: [UInt8](data), options: ParseOptions(collectsErrors: false))
            }
            guard let document = parsed[fields[2]] else {
                answer("error: cannot read \(fields[2])")
                continue
            }
            do {
                let (seconds, size) = try secondsPerXPath(document, fields[3], repeats: repeats)
                answer(String(format: "%.9f\t%d", seconds, size))
            } catch {
                answer("error: \(error)")
            }
            continue
        }
        if line.hasPrefix("first\t") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let repeats = Int(fields[1]), repeats > 0 else {
                answer("error: expected first<TAB>REPEAT<TAB>FILE<TAB>SELECTOR, got \(line)")
                continue
            }
            guard let data = FileManager.default.contents(atPath: fields[2]) else {
                answer("error: cannot read \(fields[2])")
                continue
            }
            do {
                let (seconds, matches) = try secondsPerParseAndFirstSelect([UInt8](data), fields[3], repeats: repeats)
                answer(String(format: "%.9f\t%d", seconds, matches))
            } catch {
                answer("error: \(error)")
            }
            continue
        }
        if line.hasPrefix("select\t") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let repeats = Int(fields[1]), repeats > 0 else {
                answer("error: expected select<TAB>REPEAT<TAB>FILE<TAB>SELECTOR, got \(line)")
                continue
            }
            if parsed[fields[2]] == nil, let data = FileManager.default.contents(atPath: fields[2]) {
                parsed[fields[2]] = Document(bytes: [UInt8](data))
            }
            guard let document = parsed[fields[2]] else {
                answer("error: cannot read \(fields[2])")
                continue
            }
            do {
                let (seconds, matches) = try secondsPerSelect(document, fields[3], repeats: repeats)
                answer(String(format: "%.9f\t%d", seconds, matches))
            } catch {
                answer("error: \(error)")
            }
            continue
        }
        let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
        guard fields.count == 2, let repeats = Int(fields[0]), repeats > 0 else {
            answer("error: expected REPEAT<TAB>FILE, got \(line)")
            continue
        }
        guard let data = FileManager.default.contents(atPath: fields[1]) else {
            answer("error: cannot read \(fields[1])")
            continue
        }
        answer(String(format: "%.9f", secondsPerParse([UInt8](data), repeats: repeats)))
    }
}

/// Where `count-batch.py`'s callgrind run cuts its dumps: one call before and one after each
/// measured job (`--dump-before='*measureMark*'`, the Swift symbol's name holds it).
@inline(never)
func measureMark(_ value: Int) -> Int {
    value &+ 1
}

/// Runs the jobs of `path` (see `marked` in the usage above), each once to warm up and once between
/// two marks.
func runMarkedJobs(_ path: String) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("error: cannot read \(path)")
        exit(2)
    }
    var files: [String: [UInt8]] = [:]
    var documents: [String: Document] = [:]
    func bytes(_ file: String) -> [UInt8] {
        if let known = files[file] { return known }
        let read = FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? []
        files[file] = read
        return read
    }
    func document(_ file: String) -> Document {
        if let known = documents[file] { return known }
        let parsed = Document(bytes: bytes(file))
        documents[file] = parsed
        return parsed
    }
    var sink = 0
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let job: () -> Int
        switch (fields.first, fields.count) {
        case ("parse", 2):
            let input = bytes(fields[1])
            job = { parse(input) }
        case ("first", 3):
            let input = bytes(fields[1])
            let selector = fields[2]
            job = { (try? Document(bytes: input).select(selector).count) ?? -1 }
        case ("select", 3):
            let parsed = document(fields[1])
            let selector = fields[2]
            job = { (try? parsed.select(selector).count) ?? -1 }
        case ("xpath", 3):
            let parsed = document(fields[1])
            let expression = fields[2]
            job = {
                guard let value = try? parsed.evaluateXPath(XPath(expression)) else { return -1 }
                if case let .nodeSet(nodes) = value { return nodes.count }
                return 1
            }
        default:
            print("error: cannot read the job \(line)")
            continue
        }
        sink &+= job()
        sink = measureMark(sink)
        let size = job()
        sink = measureMark(sink &+ size)
        print(size)
    }
    if sink == Int.min { print(sink) }
}

/// The pathological patterns, each a function of its size.
func patterns() -> [(name: String, make: (Int) -> String)] { [
    ("<a> + N <div> + N </a>", { "<a>" + String(repeating: "<div>", count: $0) + String(repeating: "</a>", count: $0) }),
    ("<a><b><i> + N <div> + N </i></b></a>", {
        "<a><b><i>" + String(repeating: "<div>", count: $0) + String(repeating: "</i></b></a>", count: $0)
    }),
    ("N <table>", { String(repeating: "<table>", count: $0) }),
    ("N <table><tr><td>", { String(repeating: "<table><tr><td>", count: $0) }),
    ("N <a><div> + N </a>", { String(repeating: "<a><div>", count: $0) + String(repeating: "</a>", count: $0) }),
    ("N <b><i> + N </b></i>", { String(repeating: "<b><i>", count: $0) + String(repeating: "</b></i>", count: $0) }),
    ("N <b><p> + N </b>", { String(repeating: "<b><p>", count: $0) + String(repeating: "</b>", count: $0) }),
    ("N <div><b><i><a> + N </b>x", { String(repeating: "<div><b><i><a>", count: $0) + String(repeating: "</b>x", count: $0) }),
    ("N nested <div>", { String(repeating: "<div>", count: $0) }),
    ("N unclosed <b><i>", { String(repeating: "<b><i>", count: $0) }),
    // Every <b> differs, so the Noah's Ark clause never removes one and the list grows to N.
    ("N unclosed <b id=k>", { (0..<$0).map { "<b id=\($0)>" }.joined() }),
] }

func measurePathological(base: Int) {
    print("pattern\tN\t2N\t4N\t2N/N\t4N/2N")
    for pattern in patterns() {
        var times: [Double] = []
        for size in [base, 2 * base, 4 * base] {
            let bytes = Array(pattern.make(size).utf8)
            times.append(best(of: 5) { _ = parse(bytes) })
        }
        let cells = times.map { String(format: "%.4fs", $0) }
        print("\(pattern.name)\t" + cells.joined(separator: "\t")
              + String(format: "\t%.2f\t%.2f", times[1] / times[0], times[2] / times[1]))
    }
}

func run() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let mode = arguments.first else {
        print("usage: HTMLScrapeThroughput files [--repeat N] [--no-errors] FILE… | serve | pathological [--base N] | select [--repeat N] SELECTOR FILE | first [--repeat N] SELECTOR FILE | paths [--base N] [NAME…] | path NAME SIZE")
        exit(2)
    }
    arguments.removeFirst()
    func option(_ name: String, default value: Int) -> Int {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
              let number = Int(arguments[index + 1]) else { return value }
        arguments.removeSubrange(index...(index + 1))
        return number
    }
    switch mode {
    case "files":
        let repeats = option("--repeat", default: 20)
        let collectsErrors = !arguments.contains("--no-errors")
        arguments.removeAll { $0 == "--errors" || $0 == "--no-errors" }
        measureFiles(arguments, repeats: repeats, options: ParseOptions(collectsErrors: collectsErrors))
    case "serve":
        serve()
    case "pathological":
        measurePathological(base: option("--base", default: 10_000))
    case "select":
        let repeats = option("--repeat", default: 20)
        guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
            print("usage: HTMLScrapeThroughput select [--repeat N] SELECTOR FILE")
            exit(2)
        }
        let document = Document(bytes: [UInt8](data))
        do {
            let (seconds, matches) = try secondsPerSelect(document, arguments[0], repeats: repeats)
            print(String(format: "%.9f\t%d", seconds, matches))
        } catch {
            print("error: \(error)")
            exit(1)
        }
    case "first":
        let repeats = option("--repeat", default: 20)
        guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
            print("usage: HTMLScrapeThroughput first [--repeat N] SELECTOR FILE")
            exit(2)
        }
        do {
            let (seconds, matches) = try secondsPerParseAndFirstSelect([UInt8](data), arguments[0], repeats: repeats)
            print(String(format: "%.9f\t%d", seconds, matches))
        } catch {
            print("error: \(error)")
            exit(1)
        }
    case "marked":
        guard arguments.count == 1 else {
            print("usage: HTMLScrapeThroughput marked JOBS")
            exit(2)
        }
        runMarkedJobs(arguments[0])
    case "paths":
        measureAPIPaths(base: option("--base", default: 10_000), only: arguments)
    case "path":
        guard arguments.count == 2, let size = Int(arguments[1]), let path = apiPaths().first(where: { $0.name == arguments[0] })
        else {
            print("usage: HTMLScrapeThroughput path NAME SIZE; names: " + apiPaths().map(\.name).joined(separator: ", "))
            exit(2)
        }
        print(runPath(path.prepare(size)))
    case "pattern":
        // One parse of one pattern (for instruction counts under valgrind): pattern INDEX SIZE.
        guard arguments.count == 2, let index = Int(arguments[0]), let size = Int(arguments[1]),
              patterns().indices.contains(index) else {
            print("usage: HTMLScrapeThroughput pattern INDEX SIZE")
            exit(2)
        }
        print(parse(Array(patterns()[index].make(size).utf8)))
    default:
        print("unknown mode \(mode)")
        exit(2)
    }
}

run()
