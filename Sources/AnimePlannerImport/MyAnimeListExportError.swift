public import Foundation

/// Why a file is not a MyAnimeList anime list export that can be read. Nothing is imported from a
/// file that throws it.
///
/// A struct with a ``code`` (not an enum) so that new reasons do not break a caller's `switch`:
/// match codes with `catch MyAnimeListExportError.Code.gzipped { … }`.
public struct MyAnimeListExportError: Error, LocalizedError, Sendable, Hashable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let description: String
        private init(_ name: String) { description = name }

        /// The file is empty.
        public static let empty = Code("empty")
        /// The file is larger than ``MyAnimeListExport/maximumFileSize``.
        public static let tooLarge = Code("tooLarge")
        /// The file is still gzip-compressed (MyAnimeList hands out `.xml.gz`).
        public static let gzipped = Code("gzipped")
        /// The file is not XML at all (JSON, CSV, HTML…).
        public static let notXML = Code("notXML")
        /// The XML is not well formed; ``line`` and ``column`` say where.
        public static let malformed = Code("malformed")
        /// The file ends before the list does (a download cut short).
        public static let truncated = Code("truncated")
        /// The file declares a document type or entities, which an export never does.
        public static let documentType = Code("documentType")
        /// The root element is not `<myanimelist>`.
        public static let notAnExport = Code("notAnExport")
        /// It is a manga list export.
        public static let mangaList = Code("mangaList")
        /// It has more than ``MyAnimeListExport/maximumEntries`` entries.
        public static let tooManyEntries = Code("tooManyEntries")

        /// Matches an error of this code in a `catch` pattern.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? MyAnimeListExportError)?.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The line of the file, from 1, when known.
    public var line: Int?
    /// The column of the line, from 1, when known.
    public var column: Int?
    /// More detail (the element found instead, the limit passed).
    public var detail: String?

    /// Creates an error.
    public init(_ code: Code, line: Int? = nil, column: Int? = nil, detail: String? = nil) {
        self.code = code
        self.line = line
        self.column = column
        self.detail = detail
    }

    /// What is wrong with the file and what to do, in the user's words.
    public var errorDescription: String? {
        let place = line.map { " at line \($0)" + (column.map { ", column \($0)" } ?? "") } ?? ""
        switch code {
        case .empty:
            return "The file is empty; export the list from MyAnimeList again."
        case .tooLarge:
            return "The file is larger than \(detail ?? "the limit"); a MyAnimeList list export is far smaller. Check that it is the right file."
        case .gzipped:
            return "The file is still compressed (MyAnimeList exports .xml.gz); unpack it first, for example with gunzip, and import the .xml file."
        case .notXML:
            return "The file is not XML\(detail.map { " (it looks like \($0))" } ?? ""); give the .xml file of a MyAnimeList anime list export."
        case .malformed:
            return "The file is not well-formed XML\(place)\(detail.map { " (\($0))" } ?? ""); export the list again or fix the file there."
        case .truncated:
            return "The file ends before the list does\(place); it was probably cut short. Export or download it again."
        case .documentType:
            return "The file declares a document type or entities, which a MyAnimeList export never does; it is not read, for safety."
        case .notAnExport:
            return "The file is XML but not a MyAnimeList export (its root element is <\(detail ?? "?")>, not <myanimelist>)."
        case .mangaList:
            return "The file is a MyAnimeList manga list; export the anime list instead (Profile, Export, Anime List)."
        case .tooManyEntries:
            return "The file lists more than \(detail ?? "the maximum number of") anime; split it or check that it is a list export."
        default:
            return "The file cannot be read as a MyAnimeList export (\(code))."
        }
    }
}
