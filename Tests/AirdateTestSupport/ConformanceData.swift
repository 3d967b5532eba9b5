import AirdateLocking
public import Foundation

/// The public conformance data the HTML parser's tests run — html5lib-tests and the WHATWG Encoding
/// Standard's index files — and where a checkout finds it, in this order:
///
/// 1. `$AIRDATE_CONFORMANCE_DIR/<set>` when that variable names a folder;
/// 2. `Conformance/<set>` in the package: `Conformance/html5lib-tests` is a git submodule of the
///    public html5lib-tests repository pinned to a commit (`git submodule update --init` fetches
///    it); `Conformance/encoding` is a checkout of whatwg/encoding you make yourself;
/// 3. `../shared/` beside the checkout (`conformance/html5lib-tests`, `encoding`), where the
///    project's machines keep a copy.
///
/// A suite that needs a set it cannot find is disabled with the reason (``available(_:_:)`` in
/// `.enabled(if:)`), and every run ends with one line (``ConformanceReport``) saying how many
/// conformance cases ran and which suites were skipped, and why.
public enum ConformanceData {
    /// A set of conformance data.
    public struct DataSet: Sendable, Hashable, CustomStringConvertible {
        /// Its folder under `Conformance/` (and under `$AIRDATE_CONFORMANCE_DIR`).
        public var name: String
        /// Its folder under `../shared/`.
        public var sharedPath: String
        /// How a new checkout gets it.
        public var howToGet: String

        public var description: String { name }

        /// The html5lib-tests repository (tokenizer, tree construction, encoding sniffing,
        /// serializer), a submodule at `Conformance/html5lib-tests`.
        public static let html5lib = DataSet(
            name: "html5lib-tests", sharedPath: "conformance/html5lib-tests",
            howToGet: "`git submodule update --init Conformance/html5lib-tests`")
        /// The WHATWG Encoding Standard's `encodings.json` and `index-*.txt` files.
        public static let encodingStandard = DataSet(
            name: "encoding", sharedPath: "encoding",
            howToGet: "`git clone https://github.com/whatwg/encoding Conformance/encoding`")
    }

    /// The folder of `set` (with `subfolder` inside it), found in the order above; `nil` when none
    /// of the places has it.
    public static func folder(_ set: DataSet, _ subfolder: String = "") -> URL? {
        for root in roots(for: set) {
            let url = subfolder.isEmpty ? root : root.appendingPathComponent(subfolder)
            if isFilledFolder(url) { return url }
        }
        return nil
    }

    /// Whether `set` (`subfolder` of it) is there: the condition of a conformance suite's
    /// `.enabled(if:)`. When it is not, the suite's skip is counted, with the reason, in the run's
    /// closing line.
    public static func available(_ set: DataSet, _ subfolder: String = "", suite: String) -> Bool {
        if folder(set, subfolder) != nil { return true }
        ConformanceReport.skipped(suite, reason: reasonMissing(set, subfolder))
        return false
    }

    /// Why `set` is missing, and how to get it (the text of the suites' skip reasons).
    public static func reasonMissing(_ set: DataSet, _ subfolder: String = "") -> String {
        let what = subfolder.isEmpty ? set.name : "\(set.name)/\(subfolder)"
        return "no \(what) in Conformance/ or ../shared/\(set.sharedPath): \(set.howToGet) fetches it"
    }

    /// Where `set` is looked for, in order.
    static func roots(for set: DataSet) -> [URL] {
        var roots: [URL] = []
        if let override = ProcessInfo.processInfo.environment["AIRDATE_CONFORMANCE_DIR"], !override.isEmpty {
            roots.append(URL(fileURLWithPath: override).appendingPathComponent(set.name))
        }
        roots.append(TestPaths.packageRoot.appendingPathComponent("Conformance").appendingPathComponent(set.name))
        if let shared = TestPaths.shared { roots.append(shared.appendingPathComponent(set.sharedPath)) }
        return roots
    }

    /// A folder with something in it (an uninitialised submodule is an empty folder).
    private static func isFilledFolder(_ url: URL) -> Bool {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return contents.contains { !$0.hasPrefix(".") }
    }
}

/// Counts the conformance cases a run ran and the suites it skipped (with their reasons), and prints
/// them in one line when the test process ends:
///
/// `conformance: 12,470 cases ran (html5lib tokenizer 7036, …); skipped 0 suites`
///
/// Suites call ``ran(_:cases:from:)`` when they finish; ``ConformanceData/available(_:_:suite:)`` and
/// ``TestPaths/hasShared(_:)`` call ``skipped(_:reason:)``.
public enum ConformanceReport {
    private struct Tally {
        var ran: [(suite: String, cases: Int, from: String)] = []
        var skipped: [String: String] = [:]
        var registered = false
    }

    private static let tally = LockBox(Tally())

    /// Records that `suite` ran `cases` conformance cases from the folder `from`, and prints it.
    public static func ran(_ suite: String, cases: Int, from folder: URL) {
        let from = folder.path.replacingOccurrences(of: TestPaths.packageRoot.path + "/", with: "")
        print("conformance: \(suite): \(cases) cases from \(from)")
        registerOnce()
        tally.withLock { $0.ran.append((suite, cases, from)) }
    }

    /// Records that `suite` was skipped because of `reason`.
    public static func skipped(_ suite: String, reason: String) {
        registerOnce()
        tally.withLock { $0.skipped[suite] = reason }
    }

    /// The closing line (what the process prints when it ends).
    public static var summary: String {
        tally.withLock { tally in
            let total = tally.ran.reduce(0) { $0 + $1.cases }
            let suites = tally.ran.map { "\($0.suite) \($0.cases)" }.joined(separator: ", ")
            var line = "conformance: \(total) cases ran in \(tally.ran.count) suites"
            if !suites.isEmpty { line += " (\(suites))" }
            let reasons = Dictionary(grouping: tally.skipped, by: { $0.value })
                .map { reason, suites in "\(suites.map(\.key).sorted().joined(separator: ", ")): \(reason)" }
                .sorted()
            line += "; skipped \(tally.skipped.count) suites needing data"
            if !reasons.isEmpty { line += " — " + reasons.joined(separator: "; ") }
            return line
        }
    }

    private static func registerOnce() {
        let first = tally.withLock { tally -> Bool in
            defer { tally.registered = true }
            return !tally.registered
        }
        if first {
            atexit {
                print(ConformanceReport.summary)
                fflush(nil)
            }
        }
    }
}
