import CAirdateZlib
import Foundation

/// A small, bounded reader of ZIP archives (PKWARE's APPNOTE): the end-of-central-directory record,
/// the central directory's entries and each entry's local header; entries stored (method 0) or
/// deflated (method 8). Everything is checked before it is used — offsets inside the file, sizes
/// against the limits, the inflated size against the declared one, the CRC-32 — so that a cut-off,
/// hostile or unusual archive becomes a `ZipArchive.Failure`, never a trap or an unbounded allocation.
struct ZipArchive {
    /// One file in the archive, as the central directory declares it.
    struct Entry: Sendable, Hashable {
        var name: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
        /// The last path component ("export/seen_episode.csv" → "seen_episode.csv").
        var fileName: String { String(name.split(separator: "/", omittingEmptySubsequences: true).last ?? "") }
        var isFolder: Bool { name.hasSuffix("/") }
    }

    /// Why the archive cannot be read.
    enum Failure: Error, Equatable {
        /// Cut off or inconsistent (what is wrong).
        case damaged(String)
        /// A feature this reader refuses (what it is).
        case unsupported(String)
        /// Past a limit (what and which limit).
        case tooLarge(String)
    }

    /// The most entries read from a central directory.
    static let maximumEntries = 10_000
    /// The largest ratio of inflated to compressed size accepted for an entry past 1 MiB.
    static let maximumRatio = 200

    let data: Data
    let entries: [Entry]
    let maximumEntrySize: Int

    /// Reads the central directory of `data` (the whole archive).
    init(_ data: Data, maximumEntrySize: Int) throws(Failure) {
        self.data = data
        self.maximumEntrySize = maximumEntrySize
        let bytes = [UInt8](data)
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535, at the end.
        guard bytes.count >= 22 else { throw .damaged("it is \(bytes.count) bytes, too short for a ZIP archive (cut off?)") }
        var end: Int?
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while position >= lowest {
            if Self.u32(bytes, position) == 0x0605_4B50, position + 22 + Int(Self.u16(bytes, position + 20)) == bytes.count {
                end = position
                break
            }
            position -= 1
        }
        guard let end else { throw .damaged("its end-of-central-directory record is missing (the archive is cut off)") }
        if end >= 20, Self.u32(bytes, end - 20) == 0x0706_4B50 { throw .unsupported("ZIP64 (an archive over 4 GB or 65,535 files)") }
        let disk = Self.u16(bytes, end + 4), directoryDisk = Self.u16(bytes, end + 6)
        let onDisk = Int(Self.u16(bytes, end + 8)), count = Int(Self.u16(bytes, end + 10))
        let directorySize = Int(Self.u32(bytes, end + 12)), directoryOffset = Int(Self.u32(bytes, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw .unsupported("ZIP64 (an archive over 4 GB or 65,535 files)")
        }
        guard disk == 0, directoryDisk == 0, onDisk == count else { throw .unsupported("several parts (a split or spanned archive)") }
        guard count <= Self.maximumEntries else { throw .tooLarge("it holds \(count) files, more than \(Self.maximumEntries)") }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            throw .damaged("its central directory lies outside the file (the archive is cut off)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var at = directoryOffset
        let limit = directoryOffset + directorySize
        for index in 0..<count {
            guard at + 46 <= limit, Self.u32(bytes, at) == 0x0201_4B50 else {
                throw .damaged("entry \(index + 1) of its central directory is broken")
            }
            let nameLength = Int(Self.u16(bytes, at + 28)), extraLength = Int(Self.u16(bytes, at + 30))
            let commentLength = Int(Self.u16(bytes, at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= limit else {
                throw .damaged("entry \(index + 1) of its central directory runs past it")
            }
            let compressed = Self.u32(bytes, at + 20), uncompressed = Self.u32(bytes, at + 24), offset = Self.u32(bytes, at + 42)
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                throw .unsupported("ZIP64 (an archive over 4 GB or 65,535 files)")
            }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(
                name: name, method: Self.u16(bytes, at + 10), flags: Self.u16(bytes, at + 8), crc: Self.u32(bytes, at + 16),
                compressedSize: Int(compressed), uncompressedSize: Int(uncompressed), localHeaderOffset: Int(offset)))
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The contents of `entry`, inflated and checked against its size and CRC-32.
    func contents(of entry: Entry) throws(Failure) -> Data {
        let name = entry.name
        if entry.flags & 0x0001 != 0 || entry.flags & 0x0040 != 0 || entry.method == 99 {
            throw .unsupported("encryption (\(name) is password-protected)")
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw .unsupported("compression method \(entry.method) for \(name) (only stored and deflated are read)")
        }
        guard entry.uncompressedSize <= maximumEntrySize else {
            throw .tooLarge("\(name) unpacks to \(entry.uncompressedSize >> 20) MB, more than \(maximumEntrySize >> 20) MB")
        }
        if entry.method == 0, entry.compressedSize != entry.uncompressedSize {
            throw .damaged("\(name) is stored uncompressed but declares \(entry.compressedSize) and \(entry.uncompressedSize) bytes")
        }
        if entry.uncompressedSize > 1 << 20, entry.uncompressedSize / max(entry.compressedSize, 1) > Self.maximumRatio {
            throw .tooLarge("\(name) would unpack \(entry.compressedSize) bytes into \(entry.uncompressedSize) (a ZIP bomb?)")
        }
        // The local header: its own name and extra field lengths say where the data starts.
        let header = entry.localHeaderOffset
        guard header <= data.count - 30 else { throw .damaged("\(name)'s local header lies outside the file (the archive is cut off)") }
        let local = [UInt8](data[(data.startIndex + header)..<(data.startIndex + header + 30)])
        guard Self.u32(local, 0) == 0x0403_4B50 else { throw .damaged("\(name)'s local header is broken") }
        if Self.u16(local, 6) & 0x0001 != 0 { throw .unsupported("encryption (\(name) is password-protected)") }
        let start = header + 30 + Int(Self.u16(local, 26)) + Int(Self.u16(local, 28))
        guard start <= data.count, entry.compressedSize <= data.count - start else {
            throw .damaged("\(name) is cut off (the archive ends inside it)")
        }
        let packed = data[(data.startIndex + start)..<(data.startIndex + start + entry.compressedSize)]
        let unpacked = entry.method == 0 ? Data(packed) : try Self.inflate(packed, expected: entry.uncompressedSize, name: name)
        let crc = unpacked.withUnsafeBytes { buffer in
            UInt32(crc32(0, buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count)))
        }
        guard crc == entry.crc else { throw .damaged("\(name) fails its checksum (the archive is damaged)") }
        return unpacked
    }

    /// Raw-inflates `packed`, refusing output past `expected` bytes or short of it.
    private static func inflate(_ packed: Data, expected: Int, name: String) throws(Failure) -> Data {
        var stream = z_stream()
        guard CAirdateZlib_inflateInit2(&stream, -15) == Z_OK else { throw .damaged("\(name) cannot be inflated") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: expected + 1)   // one spare byte shows an overrun
        let input = [UInt8](packed)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CAirdateZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        if produced > expected || (status == Z_BUF_ERROR && stream.avail_out == 0) {
            throw .tooLarge("\(name) unpacks to more than the \(expected) bytes it declares (a ZIP bomb?)")
        }
        guard status == Z_STREAM_END else { throw .damaged("\(name)'s compressed data is broken or cut off") }
        guard produced == expected else { throw .damaged("\(name) unpacks to \(produced) bytes, not the \(expected) it declares") }
        return Data(output[0..<produced])
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
