import AirdateCore
public import Foundation

/// The one line every example prints for a failure: what failed, then what to do, as sentences —
/// never a framework's raw dump, never doubled punctuation.
public enum ErrorLine {
    /// The line for `error`: its `LocalizedError` description, or a readable account of Foundation's
    /// file and decoding errors.
    public static func text(for error: any Error) -> String {
        if let decoding = error as? DecodingError { return normalized(describe(decoding)) }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
            return normalized(describe(fileError: nsError))
        }
        if let described = error as? any LocalizedError, let description = described.errorDescription {
            return normalized(description)
        }
        return normalized(String(describing: error))
    }

    /// The line for a usage error: ArgumentParser's message, and where to read the usage.
    public static func usage(_ message: String, program: String) -> String {
        var text = normalized(message)
        if !text.localizedCaseInsensitiveContains("--help") {
            text += " Run '\(program) --help' for usage."
        }
        return text
    }

    /// `line` with every word longer than 160 characters cut to its first 100 and last 59 around "…"
    /// (a path keeps its file name), and the whole cut at
    /// 600 characters: an echoed input of 100,000 characters is not printed back whole.
    public static func shortened(_ line: String) -> String {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            // The middle goes: a long path keeps its start and its file name.
            word.count > 160 ? String(word.prefix(100)) + "…" + String(word.suffix(59)) : String(word)
        }.joined(separator: " ")
        if words.count > 600 { words = String(words.prefix(599)) + "…" }
        return TerminalText.printable(words)
    }

    /// One line: the first line of `text` without an "Error:" prefix, white space folded, each
    /// sentence ending in exactly one full stop.
    public static func normalized(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        for prefix in ["Error: ", "error: "] where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
        line = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        while line.contains("..") && !line.contains("...") { line = line.replacingOccurrences(of: "..", with: ".") }
        line = line.replacingOccurrences(of: ". .", with: ".")
        if line.isEmpty { return "Failed." }
        if let last = line.last, !".!?".contains(last) { line += "." }
        return line
    }

    private static func describe(_ error: DecodingError) -> String {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            return "The file is not valid JSON. Check that it is complete, or write it again"
        }
        // In the user's words: where, and what is wrong — never Swift's type names or coding keys.
        return "The file does not have the expected shape: \(error.plainDescription)"
    }

    private static func describe(fileError error: NSError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String)
            ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let subject = path.map { "'\($0)'" } ?? "the file"
        let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
            ?? (error.domain == NSPOSIXErrorDomain ? error.code : nil)
        switch (error.domain == NSCocoaErrorDomain ? error.code : -1, posix) {
        case (_, Int(ENOENT)?), (CocoaError.fileNoSuchFile.rawValue, _), (CocoaError.fileReadNoSuchFile.rawValue, _):
            return "\(subject.prefix(1).uppercased() + subject.dropFirst()) does not exist. Check the path and that its folder exists"
        case (_, Int(EACCES)?), (_, Int(EPERM)?), (CocoaError.fileReadNoPermission.rawValue, _), (CocoaError.fileWriteNoPermission.rawValue, _):
            return "Permission denied for \(subject). Choose a file you may read and write"
        case (_, Int(ENOSPC)?), (CocoaError.fileWriteOutOfSpace.rawValue, _):
            return "The disk is full; \(subject) could not be written. Free some space and try again"
        case (_, Int(EISDIR)?):
            return "\(subject.prefix(1).uppercased() + subject.dropFirst()) is a folder. Name a file"
        case (_, Int(EROFS)?), (CocoaError.fileWriteVolumeReadOnly.rawValue, _):
            return "\(subject.prefix(1).uppercased() + subject.dropFirst()) is on a read-only volume. Choose another place"
        default:
            return "\(subject.prefix(1).uppercased() + subject.dropFirst()) could not be used: \(error.localizedDescription)"
        }
    }
}

/// A number outside what the libraries accept (`--days 9223372036854775807`): the command line was
/// well formed, the value is not usable, so it is a run-time failure (exit status 1), named by its
/// option.
public struct OutOfRangeError: Error, LocalizedError, Sendable {
    /// The option or argument, such as `--days`.
    public var option: String
    /// The value given.
    public var value: String
    /// What is accepted, such as "a number from 1 to 36600".
    public var expected: String

    /// An out-of-range value of `option`.
    public init(option: String, value: String, expected: String) {
        self.option = option
        self.value = value
        self.expected = expected
    }

    /// "--days 9223372036854775807 is out of range. Give a number from 1 to 36600."
    public var errorDescription: String? {
        "\(option) \(value) is out of range. Give \(expected)."
    }
}
