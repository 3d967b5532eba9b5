#!/usr/bin/env python3
"""Writes Fixtures/jikan/: Jikan v4 answers in Jikan's shapes carrying facts only.

Facts (ids, titles, dates, counts, broadcast slots, studios) are taken from the recorded answers
in ../shared/fixtures/jikan/ when present, or written by hand; prose (synopsis, background) is never
copied: it is a neutral one-liner or null. The snapshot is of mid-November 2022 (fall season).
Run from the package root: python3 Scripts/make-jikan-fixtures.py, then
python3 Scripts/make-jikan-endpoint-fixtures.py (which adds its routes to the routes.json written here).
"""
import json, os, sys, datetime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "jikan")
OUT = os.path.join(ROOT, "Fixtures", "jikan")

def load(name):
    with open(os.path.join(SHARED, name)) as f:
        return json.load(f)

recorded = {}
for name in ["seasons_now_page-1.json", "top_anime_type-tv_page-1.json", "anime_search_q-naruto_limit-10.json"]:
    for item in load(name)["data"]:
        recorded.setdefault(item["mal_id"], item)
recorded[457] = load("anime_457.json")["data"]

def neutral(item):
    kind = {"TV": "TV series", "Movie": "film"}.get(item.get("type"), "anime")
    studio = item["studios"][0]["name"] if item.get("studios") else "an unnamed studio"
    return f"A {kind} by {studio}."

def fact(mal_id):
    item = json.loads(json.dumps(recorded[mal_id]))
    item["synopsis"] = neutral(item)
    item["background"] = None
    return item

def entry(mal_id, name, kind, type_="anime"):
    return {"mal_id": mal_id, "type": type_, "name": name,
            "url": f"https://myanimelist.net/anime/{kind}/{mal_id}/{name.replace(' ', '_')}"}

def images(path):
    base = f"https://cdn.myanimelist.net/images/anime/{path}"
    return {"jpg": {"image_url": base + ".jpg", "small_image_url": base + "t.jpg", "large_image_url": base + "l.jpg"},
            "webp": {"image_url": base + ".webp", "small_image_url": base + "t.webp", "large_image_url": base + "l.webp"}}

your_name = {
    "mal_id": 32281, "url": "https://myanimelist.net/anime/32281/Kimi_no_Na_wa",
    "images": images("5/87048"),
    "trailer": {"youtube_id": None, "url": None, "embed_url": None},
    "approved": True,
    "titles": [{"type": "Default", "title": "Kimi no Na wa."}, {"type": "Japanese", "title": "君の名は。"},
               {"type": "English", "title": "Your Name."}],
    "title": "Kimi no Na wa.", "title_english": "Your Name.", "title_japanese": "君の名は。", "title_synonyms": [],
    "type": "Movie", "source": "Original", "episodes": 1, "status": "Finished Airing", "airing": False,
    "aired": {"from": "2016-08-26T00:00:00+00:00", "to": None,
              "prop": {"from": {"day": 26, "month": 8, "year": 2016}, "to": {"day": None, "month": None, "year": None}},
              "string": "Aug 26, 2016"},
    "duration": "1 hr 46 min", "rating": "PG-13 - Teens 13 or older",
    # Statistics change daily and were not recorded: left null (unknown), as Jikan may send them.
    "score": None, "scored_by": None, "rank": None, "popularity": None, "members": None, "favorites": None,
    "synopsis": "A film by CoMix Wave Films.", "background": None, "season": None, "year": None,
    "broadcast": {"day": None, "time": None, "timezone": None, "string": None},
    "producers": [], "licensors": [],
    "studios": [entry(291, "CoMix Wave Films", "producer")],
    "genres": [entry(8, "Drama", "genre"), entry(22, "Romance", "genre"), entry(37, "Supernatural", "genre")],
    "explicit_genres": [], "themes": [], "demographics": [],
}

ANIME = {457: fact(457), 5114: fact(5114), 50172: fact(50172), 47917: fact(47917), 32281: your_name}
for mal_id in [44511, 50602, 49596, 41467]:
    ANIME[mal_id] = fact(mal_id)

FULL_EXTRAS = {
    457: {"relations": [], "theme": {"openings": ["\"The Sore Feet Song\" by Ally Kerr"], "endings": []},
          "external": [], "streaming": []},
    5114: {"relations": [{"relation": "Alternative version", "entry": [
                {"mal_id": 121, "type": "anime", "name": "Fullmetal Alchemist",
                 "url": "https://myanimelist.net/anime/121/Fullmetal_Alchemist"}]},
               {"relation": "Adaptation", "entry": [
                {"mal_id": 25, "type": "manga", "name": "Fullmetal Alchemist",
                 "url": "https://myanimelist.net/manga/25/Fullmetal_Alchemist"}]}],
           "theme": {"openings": ["1: \"again\" by YUI (eps 1-14)"], "endings": []},
           "external": [], "streaming": [{"name": "Crunchyroll", "url": "https://www.crunchyroll.com"}]},
    50172: {"relations": [{"relation": "Prequel", "entry": [
                {"mal_id": 37510, "type": "anime", "name": "Mob Psycho 100 II",
                 "url": "https://myanimelist.net/anime/37510/Mob_Psycho_100_II"}]}],
            "theme": {"openings": [], "endings": []}, "external": [], "streaming": []},
    47917: {"relations": [], "theme": {"openings": [], "endings": []}, "external": [], "streaming": []},
    32281: {"relations": [], "theme": {"openings": [], "endings": []},
            "external": [{"name": "Official Site", "url": "http://www.kiminona.com/"}], "streaming": []},
}

def write(name, body):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(body, f, ensure_ascii=False, indent=1)
        f.write("\n")

def page(items, per_page=25, has_next=False, last=1, current=1):
    return {"pagination": {"last_visible_page": last, "has_next_page": has_next, "current_page": current,
                           "items": {"count": len(items), "total": len(items), "per_page": per_page}},
            "data": items}

routes = []
def route(request, file, body):
    write(file, body)
    routes.append({"request": request, "file": file})

os.makedirs(OUT, exist_ok=True)

for mal_id, item in ANIME.items():
    route(f"/anime/{mal_id}", f"anime_{mal_id}.json", {"data": item})
for mal_id, extras in FULL_EXTRAS.items():
    full = dict(ANIME[mal_id]); full.update(extras)
    route(f"/anime/{mal_id}/full", f"anime_{mal_id}_full.json", {"data": full})

searches = {"mushishi": [457], "fullmetal alchemist brotherhood": [5114], "mob psycho 100 iii": [50172],
            "bocchi the rock": [47917], "your name": [32281]}
for query, ids in searches.items():
    slug = query.replace(" ", "-")
    route(f"/anime?q={query}&limit=5&page=1", f"anime_search_q-{slug}_limit-5_page-1.json",
          page([ANIME[i] for i in ids], per_page=5))

# Episodes: Mushishi's titles and air days as recorded; the others' air days weekly from the
# premiere (titles not written: null), up to the snapshot day for the shows still airing.
def episode_list(anime_id, rows):
    out = []
    for number, title, japanese, romanji, aired in rows:
        out.append({"mal_id": number, "url": f"{ANIME[anime_id]['url']}/episode/{number}",
                    "title": title, "title_japanese": japanese, "title_romanji": romanji,
                    "aired": aired, "score": None, "filler": False, "recap": False,
                    "forum_url": None})
    return out

mushishi = [(e["mal_id"], e["title"], e["title_japanese"], (e["title_romanji"] or "").strip("\u00a0 ") or None, e["aired"])
            for e in load("anime_457_episodes_page-1.json")["data"]]
def weekly(first, count):
    day = datetime.date.fromisoformat(first)
    return [(n + 1, None, None, None, (day + datetime.timedelta(weeks=n)).isoformat() + "T00:00:00+00:00") for n in range(count)]

episodes = {457: mushishi, 47917: weekly("2022-10-09", 12), 50172: weekly("2022-10-06", 6), 32281: []}
for anime_id, rows in episodes.items():
    route(f"/anime/{anime_id}/episodes?page=1", f"anime_{anime_id}_episodes_page-1.json",
          {"pagination": {"last_visible_page": 1, "has_next_page": False}, "data": episode_list(anime_id, rows)})
first = load("anime_457_episode_1.json")["data"]
first = dict(first); first["synopsis"] = None
route("/anime/457/episodes/1", "anime_457_episode_1.json", {"data": first})

# The airing schedule of all seven of Japan's weekdays (`/schedules?filter=monday`…, what
# `animeplan schedule` and the web's anime schedule read offline): every anime of the recorded
# current season (page 1) and of the recorded Monday schedule, listed under the weekday of its
# broadcast slot in Japan, in the recorded order; one page each, as Jikan answers a day of fewer than
# 25. The Monday schedule keeps the long-running children's shows Jikan lists as airing.
monday = load("schedules_filter-monday.json")["data"]
for item in monday:
    recorded.setdefault(item["mal_id"], item)
weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
schedule = {day: [] for day in weekdays}
for item in monday + load("seasons_now_page-1.json")["data"]:
    day = (item["broadcast"]["day"] or "").lower().rstrip("s")
    if day in schedule and item["mal_id"] not in schedule[day]:
        schedule[day].append(item["mal_id"])
for day in weekdays:
    route(f"/schedules?filter={day}&page=1", f"schedules_filter-{day}_page-1.json",
          page([ANIME.get(i) or fact(i) for i in schedule[day]]))
# Each scheduled anime's own answer too, so that what the schedule lists can be planned offline
# (`animeplan add ID --offline` reads /anime/ID; its episode list, not recorded, is estimated).
for mal_id in sorted({i for ids in schedule.values() for i in ids} - set(ANIME)):
    route(f"/anime/{mal_id}", f"anime_{mal_id}.json", {"data": fact(mal_id)})

now = [44511, 50602, 50172, 49596, 41467, 47917]
route("/seasons/now?page=1", "seasons_now_page-1.json", page([ANIME[i] for i in now]))
route("/top/anime?type=tv&page=1", "top_anime_type-tv_page-1.json", page([ANIME[5114], ANIME[41467]], per_page=25))
route("/seasons", "seasons.json", {"pagination": {"last_visible_page": 1, "has_next_page": False}, "data": [
    {"year": 2023, "seasons": ["winter"]},
    {"year": 2022, "seasons": ["winter", "spring", "summer", "fall"]},
    {"year": 2021, "seasons": ["winter", "spring", "summer", "fall"]}]})
route("/genres/anime", "genres_anime.json", {"data": [
    {"mal_id": 1, "name": "Action", "url": "https://myanimelist.net/anime/genre/1/Action", "count": None},
    {"mal_id": 2, "name": "Adventure", "url": "https://myanimelist.net/anime/genre/2/Adventure", "count": None},
    {"mal_id": 8, "name": "Drama", "url": "https://myanimelist.net/anime/genre/8/Drama", "count": None},
    {"mal_id": 36, "name": "Slice of Life", "url": "https://myanimelist.net/anime/genre/36/Slice_of_Life", "count": None}]})
route("/producers?q=bones&page=1", "producers_q-bones_page-1.json", page([
    {"mal_id": 4, "url": "https://myanimelist.net/anime/producer/4/Bones",
     "titles": [{"type": "Default", "title": "Bones"}, {"type": "Japanese", "title": "ボンズ"}],
     "images": {"jpg": {"image_url": None}},
     "favorites": None, "count": None, "established": "1998-10-01T00:00:00+00:00", "about": None}]))

routes.sort(key=lambda r: r["request"])
with open(os.path.join(OUT, "routes.json"), "w") as f:
    json.dump(routes, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"wrote {len(routes)} routes to {OUT}")
