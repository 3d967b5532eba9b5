#!/usr/bin/env python3
"""Writes the TV Time ZIP fixtures under tvtime/zip/ from the CSVs in tvtime/export/.

Run from anywhere: python3 Fixtures/imports/make-tvtime-zip.py. The output is deterministic
(fixed timestamps) so re-running it changes nothing.
"""
import pathlib, struct, zipfile, zlib

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE / "tvtime" / "export"
OUT = HERE / "tvtime" / "zip"
DATE = (2024, 1, 2, 3, 4, 6)
seen = (SOURCE / "seen_episode.csv").read_bytes()
followed = (SOURCE / "followed_tv_show.csv").read_bytes()


def write(name, files, method=zipfile.ZIP_DEFLATED):
    path = OUT / name
    with zipfile.ZipFile(path, "w") as archive:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, DATE)
            info.compress_type = method
            archive.writestr(info, data)
    return path


OUT.mkdir(exist_ok=True)
# The export as TV Time sends it: deflated, the CSVs in a folder, with a file not read.
write("export-deflated.zip", [("tvtime-export/", b""), ("tvtime-export/seen_episode.csv", seen),
                              ("tvtime-export/followed_tv_show.csv", followed),
                              ("tvtime-export/user.csv", b"id,name\n1,someone\n")])
# Stored (method 0), at the top of the archive.
write("export-stored.zip", [("seen_episode.csv", seen), ("followed_tv_show.csv", followed)], zipfile.ZIP_STORED)
# No history: only the followed shows and a file that is not read.
write("no-history.zip", [("followed_tv_show.csv", followed), ("account_info.csv", b"user_id,created_at\n1,2019-04-30 10:00:00\n")])
# Cut off: the deflated export without its last 40 bytes (the end record is gone).
(OUT / "truncated.zip").write_bytes((OUT / "export-deflated.zip").read_bytes()[:-40])

# Encrypted: the general-purpose flag's bit 0 set in the local and central headers (the data is
# not really encrypted; a reader must refuse from the flag alone).
data = bytearray(write("encrypted.zip", [("seen_episode.csv", seen)]).read_bytes())
for signature, flag_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
    at = data.find(signature)
    flags = struct.unpack_from("<H", data, at + flag_at)[0]
    struct.pack_into("<H", data, at + flag_at, flags | 1)
(OUT / "encrypted.zip").write_bytes(bytes(data))

# A bomb-like entry: 300 MiB of one byte deflates to ~300 KB; it declares its true size, past the
# 200 MB bound, so the reader refuses before inflating anything.
bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
chunk = b"a" * (1 << 20)
packed = b"".join(bomb.compress(chunk) for _ in range(300)) + bomb.flush()
crc = 0
for _ in range(300):
    crc = zlib.crc32(chunk, crc)
name = b"seen_episode.csv"
size = 300 << 20
local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x5821, crc, len(packed), size, len(name), 0) + name
central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x5821, crc, len(packed), size,
                      len(name), 0, 0, 0, 0, 0, 0) + name
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(packed), 0)
(OUT / "bomb.zip").write_bytes(local + packed + central + end)

# A liar: a small declared size (1 KB) for data that inflates to 1 MiB: the inflater must stop at
# the declared size.
packed = zlib.compressobj(9, zlib.DEFLATED, -15)
packed = packed.compress(chunk) + packed.flush()
size = 1024
local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x5821, 0, len(packed), size, len(name), 0) + name
central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x5821, 0, len(packed), size,
                      len(name), 0, 0, 0, 0, 0, 0) + name
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(packed), 0)
(OUT / "liar.zip").write_bytes(local + packed + central + end)
