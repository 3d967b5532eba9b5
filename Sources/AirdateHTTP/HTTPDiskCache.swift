public import Foundation

/// An on-disk cache of successful GET answers, shared across launches and processes: one file per
/// URL, written to a temporary file and renamed into place (readers see the old answer or the new
/// one, never half of one), kept under a size bound by removing the least recently used files.
///
/// Each file's header records its body's length and checksum, checked after writing and on every
/// read: a file damaged on disk (cut short, overwritten) is removed and the answer fetched again,
/// by whichever process meets it first, instead of being served or revalidated. ``APIClient`` also
/// removes an answer whose body does not decode, so a bad answer is never served again from here.
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
        /// The body's length in bytes and ``checksum(_:)``; files without them (written by an
        /// earlier version) count as damaged.
        var length: Int?
        var checksum: String?
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

    /// What reading `key` found.
    enum Lookup {
        /// Nothing is stored for the key.
        case missing
        /// A file was there but damaged (unreadable header, wrong length or checksum); it was removed.
        case damaged
        /// The stored answer.
        case found(Entry)
    }

    /// The answer stored for `key`, fresh or stale; marks it recently used.
    func entry(for key: String) -> Entry? {
        if case .found(let entry) = lookup(key) { return entry }
        return nil
    }

    /// Reads `key`'s file, checking its header, length and checksum; a damaged file is removed.
    func lookup(_ key: String) -> Lookup {
        let url = file(for: key)
        guard let data = try? Data(contentsOf: url) else { return .missing }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? Self.coder.decoder.decode(Header.self, from: data[data.startIndex..<newline]) else {
            try? FileManager.default.removeItem(at: url)
            return .damaged
        }
        // Another URL with the same hash: not this key's answer, and not damaged.
        guard header.key == key else { return .missing }
        let body = Data(data[(newline + 1)...])
        guard header.length == body.count, header.checksum == Self.checksum(body) else {
            try? FileManager.default.removeItem(at: url)
            return .damaged
        }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url.path)
        return .found(Entry(body: body, storedAt: header.storedAt, freshUntil: header.freshUntil,
                            etag: header.etag, lastModified: header.lastModified))
    }

    /// Removes the answer stored for `key`, if any.
    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: file(for: key))
    }

    /// Stores `entry` for `key` atomically, then trims the folder to ``maxBytes``. The file is
    /// checked (its length) before it replaces the old one; a short write leaves the old one.
    func store(_ entry: Entry, for key: String) {
        guard maxBytes > 0, entry.body.count < maxBytes else { return }
        let header = Header(key: key, storedAt: entry.storedAt, freshUntil: entry.freshUntil,
                            etag: entry.etag, lastModified: entry.lastModified,
                            length: entry.body.count, checksum: Self.checksum(entry.body))
        guard var data = try? Self.coder.encoder.encode(header) else { return }
        data.append(UInt8(ascii: "\n"))
        data.append(entry.body)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            let written = (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? -1
            if written != data.count || rename(temporary.path, file(for: key).path) != 0 {
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

    /// A 64-bit checksum of `body` (eight bytes at a time, mixed multiplicatively), in hexadecimal:
    /// it catches a cut or altered file, not a deliberate forgery.
    static func checksum(_ body: Data) -> String {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(body.count)
        body.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                offset += 8
            }
            while offset < bytes.count {
                hash = (hash ^ UInt64(bytes[offset])) &* 0x94D0_49BB_1331_11EB
                offset += 1
            }
        }
        hash ^= hash >> 29
        return String(hash, radix: 16)
    }

    private static var coder: (encoder: JSONEncoder, decoder: JSONDecoder) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return (encoder, decoder)
    }
}
