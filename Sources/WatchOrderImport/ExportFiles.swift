import Foundation

/// The files of an export as a service hands it over: an unpacked folder (searched to any depth) or
/// a ZIP archive (read within the bounds of ``ZipArchive``). Files are found by name, wherever they
/// sit; `__MACOSX/` folders and hidden files are ignored. Every failure is an
/// ``ExternalHistoryError`` of the service, naming the folder or archive.
struct ExportFiles {
    /// One file: its path inside the folder or archive, and its name.
    struct File: Hashable {
        /// The path inside the folder or archive ("trakt-export/watched-history-2.json").
        var path: String
        /// The last path component ("watched-history-2.json").
        var name: String { String(path.split(separator: "/").last ?? "") }
        /// The folder it is in inside the export ("trakt-export", or "" at the top).
        var folder: String { path.split(separator: "/").dropLast().joined(separator: "/") }
    }

    private enum Storage {
        case folder(URL)
        case archive(ZipArchive, [String: ZipArchive.Entry])
    }

    /// The most files looked at in a folder.
    static let maximumFiles = 10_000

    /// The folder's or archive's name, for messages.
    let name: String
    /// Every file, in path order.
    let files: [File]
    private let storage: Storage
    private let service: ExternalService
    private let maximumFileSize: Int

    /// Whether `url` is a ZIP archive (by its first bytes, whatever its name).
    static func isZipArchive(_ url: URL, service: ExternalService) throws(ExternalHistoryError) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw ExternalHistoryError(.notThisFormat, service: service, detail: "\(url.path) cannot be read")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return head.starts(with: [0x50, 0x4B]) && (head.count < 4 || [[3, 4], [5, 6], [7, 8]].contains(Array(head.dropFirst(2))))
    }

    /// The files of the unpacked folder at `url`.
    init(folder url: URL, service: ExternalService, maximumFileSize: Int) throws(ExternalHistoryError) {
        self.service = service
        self.maximumFileSize = maximumFileSize
        name = url.lastPathComponent
        storage = .folder(url)
        guard let walker = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { throw ExternalHistoryError(.notThisFormat, service: service, detail: "the folder \(url.path) cannot be read") }
        let base = url.standardizedFileURL.resolvingSymlinksInPath().path
        var found: [File] = []
        var seen = 0
        while let item = walker.nextObject() as? URL {
            seen += 1
            guard seen <= Self.maximumFiles else {
                throw ExternalHistoryError(.tooLarge, service: service, detail: "the folder \(name) holds more than \(Self.maximumFiles) files")
            }
            if item.lastPathComponent == "__MACOSX" { walker.skipDescendants(); continue }
            guard (try? item.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = item.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(base + "/") else { continue }   // a link out of the folder is not the export's
            found.append(File(path: String(full.dropFirst(base.count + 1))))
        }
        files = found.sorted { $0.path < $1.path }
    }

    /// The files of the ZIP archive at `url`, at most `maximumArchiveSize` bytes.
    init(archive url: URL, service: ExternalService, maximumFileSize: Int, maximumArchiveSize: Int) throws(ExternalHistoryError) {
        self.service = service
        self.maximumFileSize = maximumFileSize
        name = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumArchiveSize else {
            throw ExternalHistoryError(.tooLarge, service: service, detail: "\(name) is \(size >> 20) MB, more than \(maximumArchiveSize >> 20) MB")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ExternalHistoryError(.notThisFormat, service: service, detail: "\(url.path) cannot be read")
        }
        let archive: ZipArchive
        do {
            archive = try ZipArchive(data, maximumEntrySize: maximumFileSize)
        } catch {
            throw Self.error(error, archive: url.lastPathComponent, service: service)
        }
        var entries: [String: ZipArchive.Entry] = [:]
        for entry in archive.entries where !entry.isFolder && !entry.name.hasPrefix("__MACOSX/") && !entry.fileName.hasPrefix(".") {
            entries[entry.name] = entry
        }
        storage = .archive(archive, entries)
        files = entries.keys.sorted().map { File(path: $0) }
    }

    /// The one file named `fileName`, or `nil`; two of that name (two exports in one) are refused.
    func file(named fileName: String) throws(ExternalHistoryError) -> File? {
        let found = files.filter { $0.name == fileName }
        guard found.count <= 1 else {
            throw ExternalHistoryError(.malformed, service: service,
                                       detail: "\(name) holds \(found.count) files named \(fileName) (\(found.map(\.path).joined(separator: ", "))); give one export")
        }
        return found.first
    }

    /// The contents of `file`, at most the largest file size given.
    func contents(of file: File) throws(ExternalHistoryError) -> Data {
        switch storage {
        case .folder(let url):
            let fileURL = url.appendingPathComponent(file.path)
            let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int) ?? 0
            guard size <= maximumFileSize else {
                throw ExternalHistoryError(.tooLarge, service: service, detail: "\(file.name) is \(size >> 20) MB, more than \(maximumFileSize >> 20) MB")
            }
            do {
                return try Data(contentsOf: fileURL)
            } catch {
                throw ExternalHistoryError(.notThisFormat, service: service, detail: "\(fileURL.path) cannot be read")
            }
        case .archive(let archive, let entries):
            guard let entry = entries[file.path] else {
                throw ExternalHistoryError(.malformed, service: service, detail: "\(name) has no \(file.path)")
            }
            do {
                return try archive.contents(of: entry)
            } catch {
                throw Self.error(error, archive: name, service: service)
            }
        }
    }

    private static func error(_ failure: ZipArchive.Failure, archive: String, service: ExternalService) -> ExternalHistoryError {
        switch failure {
        case .damaged(let detail): ExternalHistoryError(.malformed, service: service, detail: "\(archive): \(detail)")
        case .unsupported(let detail): ExternalHistoryError(.unsupportedArchive, service: service, detail: "\(archive) uses \(detail)")
        case .tooLarge(let detail): ExternalHistoryError(.tooLarge, service: service, detail: "\(archive): \(detail)")
        }
    }
}
