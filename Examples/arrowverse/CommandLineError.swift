import Foundation

/// Bad input on the command line, said in one line.
enum CommandLineError: Error, LocalizedError {
    case unknownEpisode(String)
    case unknownShow(String)
    case snapshotNotFound(String)
    case unreadableFile(String, String)
    case allPagesFailed

    var errorDescription: String? {
        switch self {
        case .unknownEpisode(let text):
            "No episode \"\(text)\"; name one as arrow/s3e8, \"Arrow 3x08\" or \"The Flash S1E8\" (see `arrowverse list`)."
        case .unknownShow(let text):
            "No show \"\(text)\"; the shows are Arrow, The Flash, Supergirl, Legends of Tomorrow and Batwoman."
        case .snapshotNotFound(let path):
            "The offline snapshot is not at \(path); run from the package folder or pass --snapshot PATH."
        case .unreadableFile(let path, let reason):
            "Could not read \(path): \(reason)."
        case .allPagesFailed:
            "No page could be fetched; check the network, or run without --live to use the offline snapshot."
        }
    }
}
