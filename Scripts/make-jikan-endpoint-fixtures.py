#!/usr/bin/env python3
"""Writes Fixtures/jikan/endpoints/*.json: one answer per GET path of Jikan v4 that the recorded
fixtures do not cover, in the shape of the path's 200 schema in ../shared/api/jikan-v4-openapi.json,
filled with facts about the entries named below (titles, names, dates, counts as MyAnimeList lists
them; texts are our own one-line notes). Adds their routes to Fixtures/jikan/routes.json.

Run from the package root: python3 Scripts/make-jikan-endpoint-fixtures.py
"""
import json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(os.path.dirname(ROOT), "shared", "api", "jikan-v4-openapi.json")
OUT = os.path.join(ROOT, "Fixtures", "jikan")

# The entry each kind of path is about, with the facts the answers carry.
FACTS = {
    "anime": {"id": 457, "title": "Mushishi", "slug": "Mushishi", "date": "2005-10-23T00:00:00+00:00", "year": 2005,
              "japanese": "蟲師"},
    "manga": {"id": 2, "title": "Berserk", "slug": "Berserk", "date": "1989-08-25T00:00:00+00:00", "year": 1989,
              "japanese": "ベルセルク"},
    "character": {"id": 1, "title": "Spike Spiegel", "slug": "Spike_Spiegel"},
    "people": {"id": 1, "title": "Tomokazu Seki", "slug": "Tomokazu_Seki", "date": "1972-09-08T00:00:00+00:00"},
    "club": {"id": 1, "title": "Cowboy Bebop", "slug": "Cowboy_Bebop"},
    "producer": {"id": 1, "title": "Studio Pierrot", "slug": "Studio_Pierrot"},
    "magazine": {"id": 2, "title": "Young Animal", "slug": "Young_Animal"},
    "user": {"id": 1, "title": "airdate_example", "slug": "airdate_example"},
}
# Other entries lists mention, so that a list holds distinct items.
OTHERS = {
    "anime": [(1, "Cowboy Bebop"), (5114, "Fullmetal Alchemist: Brotherhood"), (32281, "Kimi no Na wa.")],
    "manga": [(2, "Berserk"), (13, "One Piece"), (1706, "JoJo no Kimyou na Bouken Part 7: Steel Ball Run")],
    "character": [(1, "Spike Spiegel"), (2, "Faye Valentine"), (3, "Jet Black")],
    "people": [(1, "Tomokazu Seki"), (11, "Kouichi Yamadera"), (1870, "Hayao Miyazaki")],
}

# GET path → (request as the client sends it, kind of entry, file name).
REQUESTS = {
    "/anime/{id}/characters": ("/anime/457/characters", "anime"),
    "/anime/{id}/staff": ("/anime/457/staff", "anime"),
    "/anime/{id}/news": ("/anime/457/news?page=1", "anime"),
    "/anime/{id}/forum": ("/anime/457/forum", "anime"),
    "/anime/{id}/videos": ("/anime/457/videos", "anime"),
    "/anime/{id}/videos/episodes": ("/anime/457/videos/episodes?page=1", "anime"),
    "/anime/{id}/pictures": ("/anime/457/pictures", "anime"),
    "/anime/{id}/statistics": ("/anime/457/statistics", "anime"),
    "/anime/{id}/moreinfo": ("/anime/457/moreinfo", "anime"),
    "/anime/{id}/recommendations": ("/anime/457/recommendations", "anime"),
    "/anime/{id}/userupdates": ("/anime/457/userupdates?page=1", "anime"),
    "/anime/{id}/reviews": ("/anime/457/reviews?page=1", "anime"),
    "/anime/{id}/relations": ("/anime/457/relations", "anime"),
    "/anime/{id}/themes": ("/anime/457/themes", "anime"),
    "/anime/{id}/external": ("/anime/457/external", "anime"),
    "/anime/{id}/streaming": ("/anime/457/streaming", "anime"),
    "/characters/{id}/full": ("/characters/1/full", "character"),
    "/characters/{id}": ("/characters/1", "character"),
    "/characters/{id}/anime": ("/characters/1/anime", "character"),
    "/characters/{id}/manga": ("/characters/1/manga", "character"),
    "/characters/{id}/voices": ("/characters/1/voices", "character"),
    "/characters/{id}/pictures": ("/characters/1/pictures", "character"),
    "/clubs/{id}": ("/clubs/1", "club"),
    "/clubs/{id}/members": ("/clubs/1/members?page=1", "club"),
    "/clubs/{id}/staff": ("/clubs/1/staff", "club"),
    "/clubs/{id}/relations": ("/clubs/1/relations", "club"),
    "/genres/manga": ("/genres/manga", "manga"),
    "/magazines": ("/magazines?page=1", "magazine"),
    "/manga/{id}/full": ("/manga/2/full", "manga"),
    "/manga/{id}": ("/manga/2", "manga"),
    "/manga/{id}/characters": ("/manga/2/characters", "manga"),
    "/manga/{id}/news": ("/manga/2/news?page=1", "manga"),
    "/manga/{id}/forum": ("/manga/2/forum", "manga"),
    "/manga/{id}/pictures": ("/manga/2/pictures", "manga"),
    "/manga/{id}/statistics": ("/manga/2/statistics", "manga"),
    "/manga/{id}/moreinfo": ("/manga/2/moreinfo", "manga"),
    "/manga/{id}/recommendations": ("/manga/2/recommendations", "manga"),
    "/manga/{id}/userupdates": ("/manga/2/userupdates?page=1", "manga"),
    "/manga/{id}/reviews": ("/manga/2/reviews?page=1", "manga"),
    "/manga/{id}/relations": ("/manga/2/relations", "manga"),
    "/manga/{id}/external": ("/manga/2/external", "manga"),
    "/people/{id}/full": ("/people/1/full", "people"),
    "/people/{id}": ("/people/1", "people"),
    "/people/{id}/anime": ("/people/1/anime", "people"),
    "/people/{id}/voices": ("/people/1/voices", "people"),
    "/people/{id}/manga": ("/people/1/manga", "people"),
    "/people/{id}/pictures": ("/people/1/pictures", "people"),
    "/producers/{id}": ("/producers/1", "producer"),
    "/producers/{id}/full": ("/producers/1/full", "producer"),
    "/producers/{id}/external": ("/producers/1/external", "producer"),
    "/random/anime": ("/random/anime", "anime"),
    "/random/manga": ("/random/manga", "manga"),
    "/random/characters": ("/random/characters", "character"),
    "/random/people": ("/random/people", "people"),
    "/random/users": ("/random/users", "user"),
    "/recommendations/anime": ("/recommendations/anime?page=1", "anime"),
    "/recommendations/manga": ("/recommendations/manga?page=1", "manga"),
    "/reviews/anime": ("/reviews/anime?page=1", "anime"),
    "/reviews/manga": ("/reviews/manga?page=1", "manga"),
    "/schedules": ("/schedules?filter=sunday&page=1", "anime"),
    "/manga": ("/manga?q=berserk&page=1", "manga"),
    "/people": ("/people?q=seki&page=1", "people"),
    "/characters": ("/characters?q=spike&page=1", "character"),
    "/users": ("/users?q=airdate&page=1", "user"),
    "/users/userbyid/{id}": ("/users/userbyid/1", "user"),
    "/clubs": ("/clubs?q=bebop&page=1", "club"),
    "/seasons/{year}/{season}": ("/seasons/2005/fall?page=1", "anime"),
    "/seasons/upcoming": ("/seasons/upcoming?page=1", "anime"),
    "/top/manga": ("/top/manga?page=1", "manga"),
    "/top/people": ("/top/people?page=1", "people"),
    "/top/characters": ("/top/characters?page=1", "character"),
    "/top/reviews": ("/top/reviews?page=1", "anime"),
    "/users/{username}/full": ("/users/airdate_example/full", "user"),
    "/users/{username}": ("/users/airdate_example", "user"),
    "/users/{username}/statistics": ("/users/airdate_example/statistics", "user"),
    "/users/{username}/favorites": ("/users/airdate_example/favorites", "user"),
    "/users/{username}/userupdates": ("/users/airdate_example/userupdates", "user"),
    "/users/{username}/about": ("/users/airdate_example/about", "user"),
    "/users/{username}/history": ("/users/airdate_example/history", "user"),
    "/users/{username}/friends": ("/users/airdate_example/friends?page=1", "user"),
    "/users/{username}/animelist": ("/users/airdate_example/animelist", "user"),
    "/users/{username}/mangalist": ("/users/airdate_example/mangalist", "user"),
    "/users/{username}/reviews": ("/users/airdate_example/reviews?page=1", "user"),
    "/users/{username}/recommendations": ("/users/airdate_example/recommendations?page=1", "user"),
    "/users/{username}/clubs": ("/users/airdate_example/clubs?page=1", "user"),
    "/users/{username}/external": ("/users/airdate_example/external", "user"),
    "/watch/episodes": ("/watch/episodes", "anime"),
    "/watch/episodes/popular": ("/watch/episodes/popular", "anime"),
    "/watch/promos": ("/watch/promos?page=1", "anime"),
    "/watch/promos/popular": ("/watch/promos/popular", "anime"),
}
# Paths whose description gives no schema: the shape Jikan answers with.
NO_SCHEMA = {
    "/reviews/anime": {"allOf": [{"properties": {"data": {"type": "array", "items": {"allOf": [
        {"properties": {"user": {"$ref": "#/components/schemas/user_meta"}, "entry": {"$ref": "#/components/schemas/anime_meta"}}},
        {"$ref": "#/components/schemas/anime_review"}]}}}}, {"$ref": "#/components/schemas/pagination"}]},
    "/reviews/manga": {"allOf": [{"properties": {"data": {"type": "array", "items": {"allOf": [
        {"properties": {"user": {"$ref": "#/components/schemas/user_meta"}, "entry": {"$ref": "#/components/schemas/manga_meta"}}},
        {"$ref": "#/components/schemas/manga_review"}]}}}}, {"$ref": "#/components/schemas/pagination"}]},
    # The description nests these lists one level too deep (`data.data`) or puts the items'
    # fields on the list; Jikan answers `{"data": [items], "pagination": …}`.
    "/top/reviews": {"allOf": [{"properties": {"data": {"type": "array", "items": {"allOf": [
        {"properties": {"user": {"$ref": "#/components/schemas/user_meta"}, "entry": {"$ref": "#/components/schemas/anime_meta"}}},
        {"$ref": "#/components/schemas/anime_review"}]}}}}, {"$ref": "#/components/schemas/pagination"}]},
    "/users/{username}/reviews": {"allOf": [{"properties": {"data": {"type": "array", "items": {"allOf": [
        {"properties": {"user": {"$ref": "#/components/schemas/user_meta"}, "entry": {"$ref": "#/components/schemas/anime_meta"}}},
        {"$ref": "#/components/schemas/anime_review"}]}}}}, {"$ref": "#/components/schemas/pagination"}]},
    "/anime/{id}/recommendations": {"properties": {"data": {"type": "array", "items": {"properties": {
        "entry": {"$ref": "#/components/schemas/anime_meta"}, "url": {"type": "string"}, "votes": {"type": "integer"}}}}}},
    "/manga/{id}/recommendations": {"properties": {"data": {"type": "array", "items": {"properties": {
        "entry": {"$ref": "#/components/schemas/manga_meta"}, "url": {"type": "string"}, "votes": {"type": "integer"}}}}}},
    "/users/{username}/animelist": {"properties": {"data": {"type": "array", "maxItems": 0}}},
    "/users/{username}/mangalist": {"properties": {"data": {"type": "array", "maxItems": 0}}},
}

spec = json.load(open(SPEC))
schemas = spec["components"]["schemas"]


def resolve(schema):
    while "$ref" in schema:
        schema = schemas[schema["$ref"].split("/")[-1]]
    return schema


def merged(schema):
    """An object schema with allOf/anyOf folded into one set of properties."""
    schema = resolve(schema)
    props = dict(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        props.update(merged(part).get("properties", {}))
    for part in schema.get("anyOf", [])[:1] + schema.get("oneOf", [])[:1]:
        props.update(merged(part).get("properties", {}))
    out = dict(schema)
    out["properties"] = props
    return out


def kind_of_key(key, kind):
    if key in ("anime", "entry") and kind != "manga":
        return "anime"
    if key == "manga" or (key == "entry" and kind == "manga"):
        return "manga"
    if key in ("character", "characters"):
        return "character"
    if key in ("person", "people"):
        return "people"
    return kind


def image_urls(kind, ident):
    folder = {"people": "voiceactors", "character": "characters", "user": "userimages"}.get(kind, kind)
    base = f"https://cdn.myanimelist.net/images/{folder}/{ident % 13 + 1}/{ident * 7919 % 100000}"
    return base


def value(schema, key, kind, index, path):
    r = resolve(schema)
    schema = merged(schema) if ("allOf" in r or "anyOf" in r or "oneOf" in r or "$ref" in schema) else schema
    schema = resolve(schema)
    facts = FACTS.get(kind, FACTS["anime"])
    others = OTHERS.get(kind)
    ident = facts["id"] if index == 0 or not others else others[index % len(others)][0]
    title = facts["title"] if index == 0 or not others else others[index % len(others)][1]
    t = schema.get("type")
    if "enum" in schema and schema["enum"]:
        return schema["enum"][index % len(schema["enum"])]
    if t == "array" or "items" in schema:
        if schema.get("maxItems") == 0:
            return []
        if key == "titles":
            return [{"type": "Default", "title": title}, {"type": "Japanese", "title": facts.get("japanese", title)}]
        items = schema.get("items", {"type": "string"})
        count = 2 if key in ("data", "promo", "episodes", "music_videos", "entry", "anime", "manga", "characters", "people",
                             "voices", "scores", "titles", "genres", "authors", "serializations", "relations", "external") else 1
        return [value(items, key, kind_of_key(key, kind) if key != "data" else kind, i + (index if key != "data" else 0), path)
                for i in range(count)]
    if t == "object" or "properties" in schema:
        props = schema.get("properties", {})
        return {name: value(sub, name, kind_of_key(name, kind), index, path) for name, sub in props.items()}
    if t == "integer":
        if key == "mal_id":
            return ident
        if key == "day":
            return int(facts.get("date", "2005-10-23")[8:10])
        if key == "month":
            return int(facts.get("date", "2005-10-23")[5:7])
        if key in ("year", "start_year"):
            return facts.get("year", 2005)
        if key in ("current_page", "last_visible_page"):
            return 1
        if key in ("score",):
            return 9 - index
        if key in ("episodes", "episodes_total"):
            return 26
        if key in ("chapters", "chapters_total"):
            return 374
        if key in ("volumes", "volumes_total"):
            return 42
        if key in ("per_page",):
            return 25
        if key in ("count", "total", "items"):
            return 2
        if key in ("increment", "episodes_seen", "chapters_read", "volumes_read", "episodes_watched"):
            return 12 + index
        return 1000 + 37 * (index + 1)
    if t == "number":
        return round(8.6 - index * 0.1, 2)
    if t == "boolean":
        return False
    # strings
    if key == "mal_id":  # recommendation pairs, watch episodes
        return f"{ident}-{ident + 1}" if "recommend" in path else str(ident)
    if key == "url":
        section = {"people": "people", "character": "character", "user": "profile", "club": "clubs.php?cid=",
                   "producer": "anime/producer", "magazine": "manga/magazine"}.get(kind, kind)
        if kind == "club":
            return f"https://myanimelist.net/clubs.php?cid={ident}"
        if kind == "user":
            return f"https://myanimelist.net/profile/{facts['slug']}"
        return f"https://myanimelist.net/{section}/{ident}/{re.sub(r'[^A-Za-z0-9]+', '_', title)}"
    if key in ("image_url", "small_image_url", "large_image_url", "maximum_image_url", "medium_image_url"):
        suffix = {"small_image_url": "t", "large_image_url": "l"}.get(key, "")
        return image_urls(kind, ident) + suffix + ".jpg"
    if key == "youtube_id":
        return "dQw4" + str(ident).zfill(7)[-7:]
    if key in ("embed_url",):
        return "https://www.youtube-nocookie.com/embed/abc" + str(ident)
    if key.endswith("_url") or key == "website_url":
        return f"https://myanimelist.net/{key.replace('_url', '')}/{ident}"
    if key in ("title", "name", "title_english", "title_japanese", "given_name", "family_name", "username", "author_username",
               "name_kanji"):
        if key == "username" or key == "author_username":
            return FACTS["user"]["title"] if index == 0 else f"airdate_reader{index}"
        if kind == "user" and key == "title":
            return title
        return title
    description = (schema.get("description") or "").lower()
    if "iso8601" in description or key in ("date", "created", "joined", "last_online", "birthday", "friends_since", "from", "to",
                                            "published", "established"):
        return facts.get("date", "2024-04-05T12:00:00+00:00")
    if key in ("type",):
        return "Default" if path.endswith("titles") else kind if kind in ("anime", "manga") else "Default"
    if key == "string":
        return "Oct 23, 2005 to Jun 19, 2006" if kind == "anime" else "Aug 25, 1989 to ?"
    if key in ("status",):
        return "Completed"
    if key in ("role",):
        return "Main" if index == 0 else "Supporting"
    if key in ("language",):
        return "Japanese"
    if key in ("position",):
        return "Director"
    if key in ("relation",):
        return "Adaptation"
    if key in ("category",):
        return "anime"
    if key in ("access",):
        return "public"
    if key in ("gender",):
        return None
    if key in ("location",):
        return None
    if key in ("episode",):
        return f"Episode {index + 1}"
    if key in ("day", "time", "timezone"):
        # A broadcast slot these fixtures do not state: unknown, as Jikan sends it (null), rather
        # than text that would not read as a weekday, a time or a time zone.
        return None
    return f"Written for these fixtures ({key} of {title})."


def main():
    routes = json.load(open(os.path.join(OUT, "routes.json")))
    known = {r["request"] for r in routes}
    os.makedirs(os.path.join(OUT, "endpoints"), exist_ok=True)
    added = 0
    for path, methods in spec["paths"].items():
        if "get" not in methods or path not in REQUESTS:
            continue
        request, kind = REQUESTS[path]
        if request in known:
            continue
        schema = NO_SCHEMA.get(path) or methods["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        body = value(merged(schema), "", kind, 0, path)
        if kind == "manga" and isinstance(body.get("data"), dict) and "publishing" in body["data"]:
            # Berserk has been published since 1989 and is still running.
            body["data"].update({"status": "Publishing", "publishing": True, "chapters": None, "volumes": None})
            body["data"]["published"]["to"] = None
        if "pagination" in body:
            body["pagination"].update({"last_visible_page": 1, "has_next_page": False, "current_page": 1})
        name = re.sub(r"[^A-Za-z0-9]+", "_", request.strip("/")).strip("_") + ".json"
        with open(os.path.join(OUT, "endpoints", name), "w") as f:
            json.dump(body, f, indent=1, ensure_ascii=False)
            f.write("\n")
        routes.append({"request": request, "file": "endpoints/" + name})
        known.add(request)
        added += 1
    with open(os.path.join(OUT, "routes.json"), "w") as f:
        json.dump(routes, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {added} answers")


if __name__ == "__main__":
    main()
