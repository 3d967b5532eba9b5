public import Foundation

/// Why a franchise file (or a file it names) could not be read.
///
/// A struct with a ``code``, as every Airdate error: a code added later never breaks a caller's
/// `switch`. Match a code in a `catch`:
///
/// ```swift
/// do {
///     franchise = try Franchise(contentsOf: url)
/// } catch FranchiseError.Code.fileUnreadable {
///     // not there, or not readable
/// }
/// ```
public struct FranchiseError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `FranchiseError.Code.invalid`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The file could not be read: it does not exist, or may not be read (``FranchiseError/detail``
        /// says which).
        public static let fileUnreadable = Code("fileUnreadable")
        /// The file was read but is not a valid franchise (or rule, or broadcast-facts) file:
        /// ``FranchiseError/detail`` says what and where.
        public static let invalid = Code("invalid")
        /// The file is of a format version this release does not read.
        public static let unsupportedVersion = Code("unsupportedVersion")

        /// Matches an error against a code in a `catch` clause: `catch FranchiseError.Code.invalid { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? FranchiseError)?.code == code
        }

        /// Matches a `FranchiseError` against a code.
        public static func ~= (code: Code, error: FranchiseError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The file at fault.
    public var path: String
    /// What is wrong, in a few words ("it does not exist", "the value at .shows[2].color.light is
    /// not valid").
    public var detail: String
    /// The error that caused this one (Foundation's, a decoder's), when there is one.
    public var underlying: (any Error & Sendable)?

    /// An error of `code` about the file at `path`.
    public init(_ code: Code, path: String, detail: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.path = path
        self.detail = detail
        self.underlying = underlying
    }

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        var detail = detail
        while detail.hasSuffix(".") { detail.removeLast() }
        return switch code {
        case .fileUnreadable:
            "Could not read \(path): \(detail). Check the path (a franchise folder holds franchise.json and the files it names)."
        case .unsupportedVersion:
            "\(path) is of \(detail), which this release does not read. Use a file written for version \(Franchise.currentVersion)."
        default:
            "\(path) is not a valid franchise file: \(detail). Correct it (see Franchise's documentation)."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }

    /// Why a file could not be read, in a few words, from Foundation's error.
    static func reason(_ error: any Error, path: String) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            return isFolder.boolValue ? "it is a folder" : "permission denied"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return FileManager.default.fileExists(atPath: folder) ? "it does not exist" : "the folder \(folder) does not exist"
    }

    /// Where a JSON document went wrong, without the decoder's dump.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not valid JSON"
        case .dataCorrupted(let context): return "the value at \(path(context)) is not valid (\(context.debugDescription))"
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" is missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "the value at \(path(context)) has the wrong type"
        @unknown default: return "it does not have the expected shape"
        }
    }
}
