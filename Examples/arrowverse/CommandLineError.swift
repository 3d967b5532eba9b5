import Foundation

/// Bad input on the command line, said in one line.
enum CommandLineError: Error, LocalizedError {
    case snapshotNotFound(String)
    case unreadableFile(String, String)
    case allPagesFailed([String])
    case nothingToWatch

    var errorDescription: String? {
        switch self {
        case .snapshotNotFound(let path):
            "The offline snapshot is not at \(path); run from the package folder or pass --snapshot PATH."
        case .unreadableFile(let path, let reason):
            "Could not read \(path): \(reason)."
        case .allPagesFailed(let reasons):
            "No page could be read (\(reasons.joined(separator: "; "))); check the network, or run without --live to use the offline snapshot."
        case .nothingToWatch:
            "Nothing aired is left to watch, so nothing was marked."
        }
    }
}
