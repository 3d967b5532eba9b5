import AirdateTestSupport
import Foundation
import Testing
@testable import WatchOrderImport

/// TV Time's export read straight from its ZIP archive (fixtures written by
/// Fixtures/imports/make-tvtime-zip.py from the CSVs in tvtime/export).
@Suite("TV Time export: the ZIP archive")
struct TVTimeZipTests {
    static let zips = Support.imports.appendingPathComponent("tvtime/zip")

    @Test("A deflated archive (CSVs in a folder) and a stored one read the same as the unpacked folder", arguments: [
        "export-deflated.zip", "export-stored.zip",
    ])
    func readsArchive(name: String) throws {
        let folder = try TVTimeExport.read(contentsOf: TVTimeExportTests.folder)
        let zipped = try TVTimeExport.read(contentsOf: Self.zips.appendingPathComponent(name))
        #expect(zipped == folder)
        #expect(zipped.watches.count == 11 && zipped.follows.count == 4)
    }

    @Test("Bad archives give typed errors naming the cause", arguments: [
        ("truncated.zip", ExternalHistoryError.Code.malformed, "end-of-central-directory record is missing"),
        ("no-history.zip", .missingField, "tracking-prod-records-v2.csv or seen_episode.csv in no-history.zip"),
        ("encrypted.zip", .unsupportedArchive, "encryption (seen_episode.csv is password-protected)"),
        ("bomb.zip", .tooLarge, "unpacks to 300 MB, more than 200 MB"),
        ("liar.zip", .tooLarge, "more than the 1024 bytes it declares"),
    ])
    func refusesBadArchives(name: String, code: ExternalHistoryError.Code, detail: String) throws {
        let error = try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: Self.zips.appendingPathComponent(name)) }
        #expect(error.code == code)
        #expect(error.detail.contains(detail), "\(error.detail)")
        #expect(error.detail.contains(name), "\(error.detail)")
        #expect(error.errorDescription?.contains("Nothing was imported") == true || error.code == .missingField)
    }

    @Test("Every truncation and every flipped byte of the archive gives a typed error or the same history, never a trap")
    func mangledArchives() throws {
        let good = try Data(contentsOf: Self.zips.appendingPathComponent("export-deflated.zip"))
        let expected = try TVTimeExport.read(contentsOf: TVTimeExportTests.folder)
        let file = try TemporaryFiles.folder("tvtime-zip").appendingPathComponent("x.zip")
        var failures = 0
        for cut in stride(from: 0, to: good.count, by: 7) {
            try Data(good.prefix(cut)).write(to: file)
            do { #expect(try TVTimeExport.read(contentsOf: file) == expected) } catch { failures += 1 }
        }
        #expect(failures > 0)
        for index in stride(from: 0, to: good.count, by: 3) {
            var bytes = [UInt8](good)
            bytes[index] ^= 0xFF
            try Data(bytes).write(to: file)
            _ = try? TVTimeExport.read(contentsOf: file)   // only a trap or a hang fails this
        }
    }

    @Test("ZIP64 and split archives are refused as unsupported")
    func zip64() throws {
        var bytes = [UInt8](try Data(contentsOf: Self.zips.appendingPathComponent("export-stored.zip")))
        let end = bytes.count - 22
        #expect(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 5 && bytes[end + 3] == 6)
        let file = try TemporaryFiles.folder("tvtime-zip").appendingPathComponent("x.zip")
        var zip64 = bytes
        for offset in 16..<20 { zip64[end + offset] = 0xFF }
        try Data(zip64).write(to: file)
        let error = try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: file) }
        #expect(error.code == .unsupportedArchive && error.detail.contains("ZIP64"), "\(error.detail)")
        bytes[end + 4] = 1
        try Data(bytes).write(to: file)
        let split = try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: file) }
        #expect(split.code == .unsupportedArchive && split.detail.contains("split"), "\(split.detail)")
    }
}
