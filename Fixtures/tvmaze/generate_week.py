#!/usr/bin/env python3
"""Completes the offline week of Fixtures/tvmaze/ (Monday 2019-07-15 to Sunday 2019-07-21).

The snapshot records TVMaze's US schedule for Sunday 14 to Wednesday 17 July 2019. This script
writes Thursday 18 to Sunday 21 from the facts those days already hold: every show in them carries
TVMaze's own `schedule` (week days and time) and its network's time zone, and its latest recorded
episode (season and number). For each show whose schedule names the day, one airing is written at
the scheduled time, numbered after the show's previous airing (daily strips count on, weekly shows
repeat their slot). TVMaze's episode titles of those days are not known here: each derived episode
is named "Episode N", as TVMaze names episodes without a title, and carries no summary or image.
Episode ids start at 90000000 so that they never collide with recorded ones.

Stdlib only and deterministic: run `python3 generate_week.py` in this folder; it rewrites the four
files and their routes in routes.json.
"""
import datetime
import json
import os
import zoneinfo

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDED = ["2019-07-14", "2019-07-15", "2019-07-16", "2019-07-17"]
DERIVED = ["2019-07-18", "2019-07-19", "2019-07-20", "2019-07-21"]
# Air dates derived: from Wednesday, whose late-night airings (after midnight, so on Thursday) TVMaze
# lists under Thursday's date, which was not recorded.
AIRDATES = ["2019-07-17"] + DERIVED
FIRST_ID = 90_000_000


def load(day):
    with open(os.path.join(HERE, f"schedule_US_{day}.json"), encoding="utf-8") as f:
        return json.load(f)


def main():
    latest = {}  # show id -> (airstamp, episode)
    for day in RECORDED:
        for episode in load(day):
            show = episode["show"]
            stamp = episode.get("airstamp") or ""
            if show["id"] not in latest or stamp > latest[show["id"]][0]:
                latest[show["id"]] = (stamp, episode)
    next_id = FIRST_ID
    routes_path = os.path.join(HERE, "routes.json")
    with open(routes_path, encoding="utf-8") as f:
        routes = json.load(f)
    routes = [r for r in routes if not any(r["request"].endswith(f"date={d}") and r["request"].startswith("/schedule?") for d in DERIVED)]
    recorded_airdates = {(e["show"]["id"], e.get("airdate")) for day in RECORDED for e in load(day)}
    files = {day: [] for day in DERIVED}
    for day_text in AIRDATES:
        day = datetime.date.fromisoformat(day_text)
        weekday = day.strftime("%A")
        for show_id in sorted(latest, key=lambda i: (latest[i][1]["show"]["schedule"].get("time") or "", i)):
            stamp, previous = latest[show_id]
            show = previous["show"]
            schedule = show.get("schedule") or {}
            time_text = schedule.get("time") or ""
            if weekday not in schedule.get("days", []) or not time_text or show.get("status") != "Running":
                continue
            if (show_id, day_text) in recorded_airdates:
                continue
            network = show.get("network") or {}
            zone_name = ((network.get("country") or {}).get("timezone")) or "America/New_York"
            hour, minute = (int(p) for p in time_text.split(":"))
            # TVMaze dates a broadcast after midnight (a late-night show at 00:37) with the evening
            # before: the instant falls on the next calendar day, and the schedule of that next day
            # lists it.
            start_day = day + datetime.timedelta(days=1) if hour < 4 else day
            listed = start_day.isoformat()
            if listed not in files:
                continue  # Wednesday's evening (recorded) or after Sunday (another week)
            start = datetime.datetime(start_day.year, start_day.month, start_day.day, hour, minute,
                                      tzinfo=zoneinfo.ZoneInfo(zone_name))
            number = previous.get("number")
            number = number + 1 if isinstance(number, int) else None
            episode = {
                "id": next_id,
                "url": f"http://www.tvmaze.com/episodes/{next_id}",
                "name": f"Episode {number}" if number is not None else "Episode",
                "season": previous.get("season"),
                "number": number,
                "type": "regular",
                "airdate": day_text,
                "airtime": time_text,
                "airstamp": start.astimezone(datetime.timezone.utc).isoformat(),
                "runtime": show.get("runtime") or previous.get("runtime"),
                "image": None,
                "summary": None,
                "show": show,
                "_links": {"self": {"href": f"http://api.tvmaze.com/episodes/{next_id}"}},
            }
            next_id += 1
            files[listed].append(episode)
            latest[show_id] = (episode["airstamp"], episode)
    for day_text in DERIVED:
        airings = sorted(files[day_text], key=lambda e: (e["airstamp"], e["show"]["name"], e["id"]))
        name = f"schedule_US_{day_text}.json"
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            json.dump(airings, f, indent=1, ensure_ascii=False)
            f.write("\n")
        routes.append({"request": f"/schedule?country=US&date={day_text}", "file": name})
        print(f"{name}: {len(airings)} airings")
    with open(routes_path, "w", encoding="utf-8") as f:
        json.dump(routes, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
