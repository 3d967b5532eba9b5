/// Something an episode page said that could not be read as a complete episode: reported, never
/// silently dropped.
public struct ExtractionDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The title is "TBA"/"TBD": the episode is kept (as unaired) with that title.
        case titleToBeAnnounced
        /// The air date is "TBA" or missing: the episode is kept with no air day, so it is unaired.
        case dateToBeAnnounced
        /// The row could not be read as an episode; it was left out.
        case unreadableRow
        /// An episode table whose season could not be told from a heading, caption or page title.
        case seasonNotFound
        /// An episode table without a title column; it was left out.
        case missingColumn
        /// The page has no episode table that could be read at all (a wrong or changed page): nothing
        /// was read, which says nothing about the show's episodes. See ``EpisodeList/isUnreadable``.
        case noEpisodeTable
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence saying what was found and what was done with it.
    public var message: String
    /// The text of the row (or table caption) concerned.
    public var text: String

    /// Creates a diagnostic.
    public init(kind: Kind, message: String, text: String) {
        self.kind = kind
        self.message = message
        self.text = text
    }

    /// `message — text`.
    public var description: String { text.isEmpty ? message : "\(message): \(text)" }
}
