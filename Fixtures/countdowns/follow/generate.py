#!/usr/bin/env python3
"""Writes Fixtures/countdowns/follow/tvmaze/: TVMaze's answers about The Flash (TVMaze show 13) as
they stood in January 2023, between seasons 8 and 9, in TVMaze's real JSON shape (facts only:
titles, numbers, days and times; summaries are not copied). Deterministic, stdlib only.

Facts: season 8 premiered 2021-11-16 and ended 2022-06-29 (20 episodes, "A New World, Part
Four" last); season 9, the final one, premiered 2023-02-08 with "Wednesday Ever After", then
"Hear No Evil" on 2023-02-15; The CW airs it on Wednesdays at 20:00 Eastern.
"""
import json
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tvmaze")
NETWORK = {"id": 5, "name": "The CW",
           "country": {"name": "United States", "code": "US", "timezone": "America/New_York"},
           "officialSite": "https://www.cwtv.com/"}


def episode(eid, season, number, name, airdate, airtime, airstamp):
    return {"id": eid, "url": f"https://www.tvmaze.com/episodes/{eid}", "name": name, "season": season,
            "number": number, "type": "regular", "airdate": airdate, "airtime": airtime, "airstamp": airstamp,
            "runtime": 60, "rating": {"average": None}, "image": None, "summary": None,
            "_links": {"self": {"href": f"https://api.tvmaze.com/episodes/{eid}"}}}


FINALE_8 = episode(2335800, 8, 20, "A New World, Part Four", "2022-06-29", "20:00", "2022-06-30T00:00:00+00:00")
PREMIERE_9 = episode(2474000, 9, 1, "Wednesday Ever After", "2023-02-08", "20:00", "2023-02-09T01:00:00+00:00")
SECOND_9 = episode(2474001, 9, 2, "Hear No Evil", "2023-02-15", "20:00", "2023-02-16T01:00:00+00:00")


def show(embedded=None):
    value = {"id": 13, "url": "https://www.tvmaze.com/shows/13/the-flash", "name": "The Flash", "type": "Scripted",
             "language": "English", "genres": ["Drama", "Action", "Science-Fiction"], "status": "Running",
             "runtime": 60, "averageRuntime": 60, "premiered": "2014-10-07", "ended": None,
             "officialSite": "https://www.cwtv.com/shows/the-flash/", "schedule": {"time": "20:00", "days": ["Wednesday"]},
             "rating": {"average": None}, "weight": 98, "network": NETWORK, "webChannel": None, "dvdCountry": None,
             "externals": {"tvrage": 36939, "thetvdb": 279121, "imdb": "tt3107288"}, "image": None, "summary": None,
             "updated": 1673740800,
             "_links": {"self": {"href": "https://api.tvmaze.com/shows/13"},
                        "previousepisode": {"href": f"https://api.tvmaze.com/episodes/{FINALE_8['id']}"},
                        "nextepisode": {"href": f"https://api.tvmaze.com/episodes/{PREMIERE_9['id']}"}}}
    if embedded is not None:
        value["_embedded"] = embedded
    return value


def season(sid, number, order, premiere, end):
    return {"id": sid, "url": f"https://www.tvmaze.com/seasons/{sid}", "number": number, "name": "", "episodeOrder": order,
            "premiereDate": premiere, "endDate": end, "network": NETWORK, "webChannel": None, "image": None, "summary": "",
            "_links": {"self": {"href": f"https://api.tvmaze.com/seasons/{sid}"}}}


FILES = {
    "show_13.json": show(),
    "show_13_nextepisode.json": show({"nextepisode": PREMIERE_9}),
    "show_13_seasons.json": [season(121000, 8, 20, "2021-11-16", "2022-06-29"), season(141000, 9, 13, "2023-02-08", "2023-05-24")],
    "show_13_episodes.json": [FINALE_8, PREMIERE_9, SECOND_9],
}
ROUTES = [
    {"request": "/shows/13", "file": "show_13.json"},
    {"request": "/shows/13?embed[]=nextepisode", "file": "show_13_nextepisode.json"},
    {"request": "/shows/13/seasons", "file": "show_13_seasons.json"},
    {"request": "/shows/13/episodes", "file": "show_13_episodes.json"},
]

if __name__ == "__main__":
    os.makedirs(HERE, exist_ok=True)
    for name, value in FILES.items():
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(value, f, indent=1, sort_keys=True)
            f.write("\n")
    with open(os.path.join(HERE, "routes.json"), "w") as f:
        json.dump(ROUTES, f, indent=1)
        f.write("\n")
