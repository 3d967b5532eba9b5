import AirdateTestSupport
import Foundation

/// Locates the data tests read — the package's `Fixtures/`, the read-only `../shared/` folder that
/// sits beside the package's checkout on the project's machines, and the conformance data — through
/// AirdateTestSupport's `TestPaths` and `ConformanceData`.
enum TestData {
    /// The package's root folder.
    static let packageRoot: URL = TestPaths.packageRoot

    /// `Fixtures/` in the package.
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// `../shared/` beside the package, or `nil` when it is not there.
    static let shared: URL? = TestPaths.shared

    /// A folder under `../shared/`, or `nil` when it is absent.
    static func sharedFolder(_ relativePath: String) -> URL? { TestPaths.sharedFolder(relativePath) }

    /// Whether `../shared/<relativePath>` is present (the condition of `.enabled(if:)`; a skip is
    /// counted in the run's closing summary).
    static func hasShared(_ relativePath: String) -> Bool { TestPaths.hasShared(relativePath) }

    /// A folder of html5lib-tests (`tokenizer`, `tree-construction`, `encoding`): the
    /// `Conformance/html5lib-tests` submodule, else `../shared/conformance/html5lib-tests`.
    static func html5lib(_ subfolder: String) -> URL? { ConformanceData.folder(.html5lib, subfolder) }

    /// Whether html5lib-tests' `subfolder` is there (a conformance suite's `.enabled(if:)`).
    static func hasHTML5Lib(_ subfolder: String, suite: String) -> Bool {
        ConformanceData.available(.html5lib, subfolder, suite: suite)
    }
}
