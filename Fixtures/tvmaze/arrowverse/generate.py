#!/usr/bin/env python3
"""Writes TVMaze-shaped `/shows/<id>/episodes?specials=1` answers for the Arrowverse crossover seasons.

Facts: titles, numbers and US air days come from ../../arrowverse/episodes.tsv (checked against two
sources, see ../../arrowverse/SOURCES.md); broadcast hours come from the CW time slots below (see
README.md for how they were checked). Episodes on a weekday no checked slot covers are left out
rather than guessed. Stdlib only, deterministic: python3 Fixtures/tvmaze/arrowverse/generate.py
"""
import csv, datetime, json, os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
TSV = os.path.join(HERE, "..", "..", "arrowverse", "episodes.tsv")
EASTERN = ZoneInfo("America/New_York")

# TVMaze show ids.
SHOWS = {"Arrow": 4, "The Flash": 13, "Supergirl": 1850, "Legends of Tomorrow": 1851, "Batwoman": 37776}

# (show, season) -> {weekday (0 = Monday): "HH:MM" Eastern}; a date in OVERRIDES wins.
SLOTS = {
    ("Arrow", 3): {2: "20:00"},
    ("Arrow", 5): {2: "20:00"},
    ("Arrow", 6): {3: "21:00"},
    ("Arrow", 7): {0: "20:00"},
    ("Arrow", 8): {1: "21:00"},
    ("The Flash", 1): {1: "20:00"},
    ("The Flash", 3): {1: "20:00"},
    ("The Flash", 4): {1: "20:00"},
    ("The Flash", 5): {1: "20:00", 6: "20:00"},
    ("The Flash", 6): {1: "20:00"},
    ("Supergirl", 2): {0: "20:00"},
    ("Supergirl", 3): {0: "20:00"},
    ("Supergirl", 4): {6: "20:00", 1: "20:00"},
    ("Supergirl", 5): {6: "21:00"},
    ("Legends of Tomorrow", 2): {3: "20:00", 1: "21:00"},
    ("Legends of Tomorrow", 3): {1: "21:00", 0: "20:00"},
    ("Legends of Tomorrow", 5): {1: "21:00"},
    ("Batwoman", 1): {6: "20:00", 0: "20:00"},
}
OVERRIDES = {
    ("Arrow", "2017-11-27"): "21:00",      # Crisis on Earth-X part 2, moved to Monday after Supergirl
    ("Arrow", "2020-01-14"): "20:00",      # Crisis on Infinite Earths part 4
    ("Supergirl", "2019-12-08"): "20:00",  # Crisis on Infinite Earths part 1
}
# Nights whose order of broadcast could not be checked: left out.
UNCHECKED = {("Arrow", "2020-01-21"), ("Arrow", "2020-01-28"), ("Legends of Tomorrow", "2020-01-21")}


def rows():
    with open(TSV, newline="", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            yield fields[0], int(fields[1]), (None if fields[2] in ("", "—", "-") else int(fields[2])), fields[4], fields[5]


def main():
    by_show = {name: [] for name in SHOWS}
    next_id = {name: SHOWS[name] * 100_000 for name in SHOWS}
    for show, season, number, title, day in rows():
        if show not in SHOWS or (show, season) not in SLOTS or (show, day) in UNCHECKED:
            continue
        date = datetime.date.fromisoformat(day)
        time = OVERRIDES.get((show, day)) or SLOTS[(show, season)].get(date.weekday())
        if time is None:
            continue
        hour, minute = map(int, time.split(":"))
        local = datetime.datetime(date.year, date.month, date.day, hour, minute, tzinfo=EASTERN)
        stamp = local.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")
        next_id[show] += 1
        episode_id = next_id[show]
        slug = show.lower().replace(" ", "-")
        code = f"{season}x{number:02d}" if number is not None else f"{season}x00"
        by_show[show].append({
            "id": episode_id,
            "url": f"https://www.tvmaze.com/episodes/{episode_id}/{slug}-{code}",
            "name": title,
            "season": season,
            "number": number,
            "type": "regular" if number is not None else "significant_special",
            "airdate": day,
            "airtime": time,
            "airstamp": stamp,
            "runtime": 60,
            "rating": {"average": None},
            "image": None,
            "summary": None,
            "_links": {
                "self": {"href": f"https://api.tvmaze.com/episodes/{episode_id}"},
                "show": {"href": f"https://api.tvmaze.com/shows/{SHOWS[show]}", "name": show},
            },
        })
    routes = []
    for show, episodes in by_show.items():
        episodes.sort(key=lambda e: (e["airstamp"], e["season"], e["number"] or 0))
        name = f"shows_{SHOWS[show]}_episodes.json"
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as handle:
            json.dump(episodes, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
        routes.append({"request": f"/shows/{SHOWS[show]}/episodes?specials=1", "file": name})
    with open(os.path.join(HERE, "routes.json"), "w", encoding="utf-8") as handle:
        json.dump(routes, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
