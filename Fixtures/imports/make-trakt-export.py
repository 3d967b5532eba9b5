#!/usr/bin/env python3
"""Writes Trakt's data export in its current shape from trakt/watched-history.json: the folder
trakt/export/ and the archive trakt/export.zip.

Trakt's export (Settings, Data) is a ZIP archive of JSON files; a long watch history is split over
watched-history-1.json, watched-history-2.json, … (newest first across the parts, as the one-file
history is), beside watched-shows.json, watched-movies.json, the lists and the ratings. Here the 18
plays of watched-history.json are split 7, 7 and 4 over three parts; watched-shows.json is copied
(a reader takes the history when there is one); a watchlist and a profile stand for the files that
are not read. Run from anywhere: python3 Fixtures/imports/make-trakt-export.py. The output is
deterministic (fixed timestamps), so re-running it changes nothing.
"""
import json, pathlib, zipfile

HERE = pathlib.Path(__file__).resolve().parent
TRAKT = HERE / "trakt"
OUT = TRAKT / "export"
DATE = (2024, 1, 2, 3, 4, 6)

history = json.loads((TRAKT / "watched-history.json").read_text())
shows = json.loads((TRAKT / "watched-shows.json").read_text())


def dump(value):
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode()


files = {}
for number, start in enumerate(range(0, len(history), 7), start=1):
    files[f"watched-history-{number}.json"] = dump(history[start:start + 7])
files["watched-shows.json"] = dump(shows)
files["lists-watchlist.json"] = dump([])
files["user-profile.json"] = dump({"username": "airdate-tester", "private": False, "vip": False})

OUT.mkdir(exist_ok=True)
for name, data in files.items():
    (OUT / name).write_bytes(data)
with zipfile.ZipFile(TRAKT / "export.zip", "w") as archive:
    for name in sorted(files):
        info = zipfile.ZipInfo(name, DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, files[name])
print(f"wrote {len(files)} files to {OUT} and {TRAKT / 'export.zip'}")
