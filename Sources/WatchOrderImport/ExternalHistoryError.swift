public import Foundation

/// Why another service's export could not be read. Nothing is imported from a file that fails.
///
/// A struct with a ``code`` (match with `catch ExternalHistoryError.Code.notThisFormat { }`) so that
/// new kinds of failure do not break an exhaustive `switch`.
public struct ExternalHistoryError: Error, Sendable, Hashable, LocalizedError {
    /// The kind of failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable identifier.
        public var rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// The file is not in the service's format (another service's file, a file of another kind).
        public static let notThisFormat = Code(rawValue: "notThisFormat")
        /// The file has the service's shape but is broken (cut off, malformed JSON or CSV).
        public static let malformed = Code(rawValue: "malformed")
        /// A column or field every record needs is missing.
        public static let missingField = Code(rawValue: "missingField")
        /// A ZIP archive where the reader reads only the unpacked file (Trakt's): unpack it first.
        public static let zipArchive = Code(rawValue: "zipArchive")
        /// A ZIP archive using what the reader does not read: encryption, ZIP64, a split archive,
        /// compression other than stored or deflated.
        public static let unsupportedArchive = Code(rawValue: "unsupportedArchive")
        /// The file is larger than the reader accepts.
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// Matches an error with this code (`catch ExternalHistoryError.Code.malformed { }`).
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? ExternalHistoryError)?.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// The service whose format was expected.
    public var service: ExternalService
    /// What was wrong, in the user's words ("item 3: watched_at is not a date").
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, service: ExternalService, detail: String) {
        self.code = code
        self.service = service
        self.detail = detail
    }

    /// What failed and what to do.
    public var errorDescription: String? {
        let name = service.displayName
        switch code {
        case .notThisFormat:
            return "This is not a \(name) export: \(detail). Give the file \(name)'s export wrote."
        case .missingField:
            return "The \(name) export lacks \(detail); nothing was imported. Give the file as \(name) wrote it."
        case .zipArchive:
            return "This is a ZIP archive: unpack it and give the folder (or \(detail)). Nothing was imported."
        case .unsupportedArchive:
            return "The \(name) archive cannot be read here: \(detail). Unpack it with your system's archive tool and give the folder. Nothing was imported."
        case .tooLarge:
            return "The \(name) export is too large: \(detail). Nothing was imported."
        default:
            return "The \(name) export is damaged: \(detail). Nothing was imported; export it from \(name) again."
        }
    }
}
