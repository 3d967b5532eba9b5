public import Foundation

/// An on-disk cache of successful GET answers, shared across launches and processes: one file per
/// URL, written to a temporary file and renamed into place (readers see the old answer or the new
/// one, never half of one), kept under a size bound by removing the least recently used files.
///
/// ``APIClient`` serves fresh answers from here without a request, revalidates stale ones with
/// `If-None-Match` / `If-Modified-Since` (a `304` refreshes them), and, when
/// ``APIClientConfiguration/servesStaleIfOffline`` allows, serves a stale answer when the server
/// cannot be reached. `Cache-Control: no-store` answers are never written.
public final class HTTPDiskCache: Sendable {
    /// One stored answer.
    struct Entry: Sendable {
        var body: Data
        var storedAt: Date
        var freshUntil: Date
        var etag: String?
        var lastModified: String?

        /// How long the answer stays fresh after `now`, or `nil` when it is stale.
        func remainingFreshness(at now: Date) -> Duration? {
            let seconds = freshUntil.timeIntervalSince(now)
            return seconds > 0 ? .milliseconds(Int64(seconds * 1000)) : nil
        }
    }

    /// What a file holds before the body: one line of JSON.
    private struct Header: Codable {
        var key: String
        var storedAt: Date
        var freshUntil: Date
        var etag: String?
        var lastModified: String?
    }

    /// The folder the answers are kept in.
    public let directory: URL
    /// The most bytes the files may take together; the least recently used go first past it.
    public let maxBytes: Int
    /// The wall clock freshness is measured with (injectable for tests).
    let now: @Sendable () -> Date

    /// A cache in `directory` (created if missing) of at most `maxBytes` (default 64 MB), timed by `now`.
    /// - Throws: when the folder cannot be created.
    public init(directory: URL, maxBytes: Int = 64 * 1024 * 1024, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        self.now = now
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The file for `key`: a 64-bit FNV-1a hash of it (the key is checked on reading).
    private func file(for key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".cache")
    }

    /// The answer stored for `key`, fresh or stale; marks it recently used.
    func entry(for key: String) -> Entry? {
        let url = file(for: key)
        guard let data = try? Data(contentsOf: url),
              let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? Self.coder.decoder.decode(Header.self, from: data[data.startIndex..<newline]),
              header.key == key else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url.path)
        return Entry(body: Data(data[(newline + 1)...]), storedAt: header.storedAt, freshUntil: header.freshUntil,
                     etag: header.etag, lastModified: header.lastModified)
    }

    /// Stores `entry` for `key` atomically, then trims the folder to ``maxBytes``.
    func store(_ entry: Entry, for key: String) {
        guard maxBytes > 0, entry.body.count < maxBytes else { return }
        let header = Header(key: key, storedAt: entry.storedAt, freshUntil: entry.freshUntil,
                            etag: entry.etag, lastModified: entry.lastModified)
        guard var data = try? Self.coder.encoder.encode(header) else { return }
        data.append(UInt8(ascii: "\n"))
        data.append(entry.body)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, file(for: key).path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
            try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file(for: key).path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        trim()
    }

    /// Removes the least recently used files until the rest fit in ``maxBytes``.
    private func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]
        ) else { return }
        var entries: [(url: URL, size: Int, used: Date)] = []
        var total = 0
        for url in files where url.pathExtension == "cache" {
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            let size = values.fileSize ?? 0
            total += size
            entries.append((url, size, values.contentModificationDate ?? .distantPast))
        }
        guard total > maxBytes else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maxBytes {
            if (try? FileManager.default.removeItem(at: entry.url)) != nil { total -= entry.size }
        }
    }

    /// Removes every stored answer.
    public func removeAll() {
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) else { return }
        for url in files where url.pathExtension == "cache" {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// How many bytes the stored answers take.
    public var totalBytes: Int {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.filter { $0.pathExtension == "cache" }
            .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }

    private static var coder: (encoder: JSONEncoder, decoder: JSONDecoder) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return (encoder, decoder)
    }
}
