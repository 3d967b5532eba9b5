#!/usr/bin/env python3
"""Writes TV Time's current export shape from the facts of tvtime/export/: the folder
tvtime/export-v2/ and the archive tvtime/zip/export-v2.zip.

TV Time's current GDPR export holds its history in tracking-prod-records-v2.csv, one record per row
whose kind is in `key`: `watch-episode-<uuid>` (an episode watched: TheTVDB's show id `s_id`,
`series_name`, `season_number`/`s_no`, `episode_number`/`ep_no`, TheTVDB's episode id
`episode_id`/`ep_id`, `runtime` in seconds, `created_at` in UTC), `rewatch-episode-<uuid>` (one more
play with its own instant) and `user-series-<uuid>` (a show followed: `is_followed`, `is_archived`,
`followed_at`), beside records of movies and counters; followed_tv_show.csv lists the shows followed
(`active`, `archived`, TheTVDB's `tv_show_id`). The column names come from public descriptions of
the export by the importers written after TV Time's shutdown; every row here is made from the
project's own facts (show titles, TheTVDB show ids, season and episode numbers; made-up watch
times), as tvtime/export/seen_episode.csv has them:

- each seen_episode.csv row becomes a watch-episode record, its rewatch count that many
  rewatch-episode records a week apart (Arrow 1x01 once, Supergirl 1x01 twice);
- the followed shows are TV Time's followed_tv_show.csv of export/ in the newer columns, and two
  user-series records: The Flash (2014) followed again (not archived: the records are the newer
  word) and Supergirl archived;
- two watch-movie records (Justice League) stand for the records that are not episodes.

Run from anywhere: python3 Fixtures/imports/make-tvtime-v2.py. The output is deterministic.
"""
import csv, datetime, io, pathlib, uuid, zipfile

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE / "tvtime" / "export"
OUT = HERE / "tvtime" / "export-v2"
ZIP = HERE / "tvtime" / "zip" / "export-v2.zip"
DATE = (2024, 1, 2, 3, 4, 6)
NAMESPACE = uuid.UUID("6f1d3c5e-0a2b-4c6d-8e9f-0123456789ab")

COLUMNS = ["s_id", "runtime", "series_name", "episode_number", "user_id", "gsi", "created_at", "key",
           "season_number", "s_no", "ep_no", "ep_id", "episode_id", "updated_at", "ep_watch_count",
           "movie_watch_count", "total_movies_runtime", "total_series_runtime", "series_follow_count",
           "is_archived", "is_for_later", "is_followed", "uuid", "followed_at", "most_recent_ep_watched",
           "is_unitary", "bulk_type", "is_special", "rewatch_count"]
RUNTIME = {"78804": "2700"}   # seconds; the Arrowverse's 42 minutes otherwise


def ident(*parts):
    return str(uuid.uuid5(NAMESPACE, "/".join(parts)))


def record(**fields):
    row = {column: "" for column in COLUMNS}
    row.update(fields)
    return row


def later(text, weeks):
    moment = datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S") + datetime.timedelta(weeks=weeks)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


rows = []
with open(SOURCE / "seen_episode.csv", newline="") as f:
    for number, seen in enumerate(csv.DictReader(f), start=1):
        show, season, episode = seen["tv_show_id"], seen["episode_season_number"], seen["episode_number"]
        common = dict(s_id=show, runtime=RUNTIME.get(show, "2520"), series_name=seen["tv_show_name"],
                      episode_number=episode, user_id="1", season_number=season, s_no=season, ep_no=episode,
                      is_special="true" if season == "0" else "")
        key = ident("watch", str(number))
        rows.append(record(**common, gsi=f"watch-episode-{number}", created_at=seen["created_at"],
                           key=f"watch-episode-{key}", updated_at=seen["created_at"], uuid=key))
        for rewatch in range(1, int(seen["rewatch_count"] or 0) + 1):
            at = later(seen["created_at"], rewatch)
            key = ident("rewatch", str(number), str(rewatch))
            rows.append(record(**common, gsi=f"watch-episode-{number}", created_at=at,
                               key=f"rewatch-episode-{key}", updated_at=at, uuid=key))

for show, name, archived, since in [("279121", "The Flash (2014)", "false", "2020-02-01 10:00:00"),
                                    ("295759", "Supergirl", "true", "2019-07-31 10:00:00")]:
    key = ident("series", show)
    rows.append(record(s_id=show, series_name=name, user_id="1", created_at=since, key=f"user-series-{key}",
                       updated_at=since, is_archived=archived, is_for_later="false", is_followed="true",
                       uuid=key, followed_at=since, most_recent_ep_watched="<nil>"))
for n, at in enumerate(["2019-09-06 18:00:00", "2019-09-07 18:00:00"], start=1):
    key = ident("movie", str(n))
    rows.append(record(runtime="7200", user_id="1", created_at=at, key=f"watch-movie-{key}", updated_at=at,
                       uuid=key, movie_watch_count="1"))
rows.sort(key=lambda row: (row["created_at"], row["key"]))

records = io.StringIO()
writer = csv.DictWriter(records, fieldnames=COLUMNS, lineterminator="\n")
writer.writeheader()
writer.writerows(rows)

followed = io.StringIO()
names = ["user_id", "active", "notification_type", "notification_offset", "tv_show_id", "created_at",
         "updated_at", "diffusion", "folder_id", "archived", "tv_show_name"]
writer = csv.DictWriter(followed, fieldnames=names, lineterminator="\n")
writer.writeheader()
with open(SOURCE / "followed_tv_show.csv", newline="") as f:
    for show in csv.DictReader(f):
        writer.writerow(dict(user_id="1", active="0" if show["archived"] == "1" else "1", notification_type="2",
                             notification_offset="1440", tv_show_id=show["tv_show_id"], created_at=show["created_at"],
                             updated_at=show["created_at"], diffusion="original", folder_id="",
                             archived=show["archived"], tv_show_name=show["tv_show_name"]))

files = {"tracking-prod-records-v2.csv": records.getvalue().encode(), "followed_tv_show.csv": followed.getvalue().encode()}
OUT.mkdir(exist_ok=True)
for name, data in files.items():
    (OUT / name).write_bytes(data)
with zipfile.ZipFile(ZIP, "w") as archive:
    for name in ["tv-time-personal-data/"] + sorted(files) + ["account_info.csv"]:
        info = zipfile.ZipInfo(name if name.endswith("/") else f"tv-time-personal-data/{name}", DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, b"" if name.endswith("/") else files.get(name, b"user_id,created_at\n1,2019-04-30 10:00:00\n"))
print(f"wrote {len(rows)} records to {OUT} and {ZIP}")
