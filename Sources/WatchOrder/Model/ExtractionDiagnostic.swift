/// Something an episode page said that could not be read as a complete episode, or a result that
/// looks wrong: reported, never silently dropped.
public struct ExtractionDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong. An open set of values (new kinds may be added), compared with `==` or
    /// matched with `case .unmappedColumn:`; the raw value is a stable identifier for storage.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The stable identifier, such as `unmappedColumn`.
        public var rawValue: String

        /// Wraps an identifier.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The identifier.
        public var description: String { rawValue }

        /// Decodes the identifier (a string, as the enum this type replaced encoded it).
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the identifier as a string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The title is "TBA"/"TBD": the episode is kept (as unaired) with that title.
        public static let titleToBeAnnounced = Kind(rawValue: "titleToBeAnnounced")
        /// The air date is "TBA", missing, or only a month or a year: the episode is kept with no air
        /// day, so it is unaired.
        public static let dateToBeAnnounced = Kind(rawValue: "dateToBeAnnounced")
        /// The row could not be read as an episode; it was left out.
        public static let unreadableRow = Kind(rawValue: "unreadableRow")
        /// An episode table whose season could not be told from a heading, caption or page title.
        public static let seasonNotFound = Kind(rawValue: "seasonNotFound")
        /// An episode table without a title column; it was left out.
        public static let missingColumn = Kind(rawValue: "missingColumn")
        /// The page has no episode table that could be read at all (a wrong or changed page): nothing
        /// was read, which says nothing about the show's episodes. See ``EpisodeList/isUnreadable``.
        public static let noEpisodeTable = Kind(rawValue: "noEpisodeTable")
        /// A column of an episode table whose header the reader does not know (or a second column of
        /// something it already reads): its cells were not read. The text names the header.
        public static let unmappedColumn = Kind(rawValue: "unmappedColumn")
        /// A cell that holds something the reader cannot read (a date such as "26.02.2014" or
        /// "February 30, 2014", an overall number or a runtime that is not one): the episode is kept
        /// without that value.
        public static let unreadableCell = Kind(rawValue: "unreadableCell")
        /// A value read despite a mistake in the page — a misspelled month ("Febuary 26, 2014") — with
        /// what it was read as.
        public static let correctedValue = Kind(rawValue: "correctedValue")
        /// The result looks wrong: a season of nothing but specials (a number column not recognised),
        /// two episodes with one number, numbers missing from a season, air days that run backwards
        /// or lie outside the years television has existed.
        public static let implausibleResult = Kind(rawValue: "implausibleResult")
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence saying what was found and what was done with it.
    public var message: String
    /// The text of the row (or table caption, or header) concerned.
    public var text: String

    /// Creates a diagnostic.
    public init(kind: Kind, message: String, text: String) {
        self.kind = kind
        self.message = message
        self.text = text
    }

    /// `message: text`.
    public var description: String { text.isEmpty ? message : "\(message): \(text)" }
}
