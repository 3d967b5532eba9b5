@testable import AirdateHTTP
import AirdateTestSupport
import Foundation
import Testing

@Suite("The on-disk cache checks every entry: length and checksum, on write and on read")
struct DiskCacheIntegrityTests {
    func entry(_ body: String) -> HTTPDiskCache.Entry {
        HTTPDiskCache.Entry(body: Data(body.utf8), storedAt: Date(), freshUntil: Date().addingTimeInterval(3600), etag: "\"e\"", lastModified: nil)
    }

    /// The one stored file of `folder`.
    func storedFile(_ folder: URL) throws -> URL {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "cache" }
        return try #require(files.count == 1 ? files.first : nil)
    }

    @Test("an intact entry reads back")
    func intact() throws {
        let cache = try HTTPDiskCache(directory: try TemporaryFiles.folder("integrity"))
        cache.store(entry(#"{"id": 1}"#), for: "k")
        guard case .found(let found) = cache.lookup("k") else {
            Issue.record("expected the entry")
            return
        }
        #expect(found.body == Data(#"{"id": 1}"#.utf8))
        #expect(found.etag == "\"e\"")
    }

    @Test("a body cut short, a byte changed or a header without checksum: damaged, and removed")
    func damaged() throws {
        let folder = try TemporaryFiles.folder("integrity")
        let cache = try HTTPDiskCache(directory: folder)
        let body = #"{"id": 1, "name": "a body long enough to cut"}"#

        cache.store(entry(body), for: "cut")
        var file = try storedFile(folder)
        let whole = try Data(contentsOf: file)
        try whole.dropLast(10).write(to: file)
        #expect({ if case .damaged = cache.lookup("cut") { true } else { false } }())
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect({ if case .missing = cache.lookup("cut") { true } else { false } }())

        cache.store(entry(body), for: "flip")
        file = try storedFile(folder)
        var flipped = try Data(contentsOf: file)
        flipped[flipped.count - 3] ^= 0x01  // same length, one bit different
        try flipped.write(to: file)
        #expect({ if case .damaged = cache.lookup("flip") { true } else { false } }())

        // A header written by an earlier version (no length, no checksum).
        cache.store(entry(body), for: "old")
        file = try storedFile(folder)
        let text = try String(contentsOf: file, encoding: .utf8)
        let newline = try #require(text.firstIndex(of: "\n"))
        var header = try #require(try JSONSerialization.jsonObject(with: Data(text[..<newline].utf8)) as? [String: Any])
        header["length"] = nil
        header["checksum"] = nil
        let old = try JSONSerialization.data(withJSONObject: header) + Data(text[newline...].utf8)
        try old.write(to: file)
        #expect({ if case .damaged = cache.lookup("old") { true } else { false } }())

        // Garbage where the header should be.
        cache.store(entry(body), for: "garbage")
        file = try storedFile(folder)
        try Data("not a header\n{}".utf8).write(to: file)
        #expect({ if case .damaged = cache.lookup("garbage") { true } else { false } }())
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("the checksum changes with any byte and with the length")
    func checksum() {
        let base = Data(repeating: 0x61, count: 1000)
        var changed = base
        changed[500] = 0x62
        #expect(HTTPDiskCache.checksum(base) != HTTPDiskCache.checksum(changed))
        #expect(HTTPDiskCache.checksum(base) != HTTPDiskCache.checksum(base.dropLast()))
        #expect(HTTPDiskCache.checksum(Data()) != HTTPDiskCache.checksum(Data([0])))
        #expect(HTTPDiskCache.checksum(base) == HTTPDiskCache.checksum(Data(repeating: 0x61, count: 1000)))
    }
}
