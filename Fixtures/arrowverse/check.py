#!/usr/bin/env python3
"""Self-check of the Arrowverse snapshot (Python 3, stdlib only).

Parses the Wikipedia- and Fandom-shaped pages with html.parser and checks:
  * per season table, the number of tr.vevent rows matches the README table,
    and the first / last air dates match it too;
  * every hidden ISO date span (span.bday / dtstart) matches the human date
    written next to it ("October 8, 2014", with or without &nbsp;);
  * every row (number, title, date) matches episodes.tsv, the facts table;
  * the Fandom season pages list the same titles and dates;
  * every episode named in rules.json exists with that title and air date,
    and each crossover's parts are in air-date order.
Exit status 0 when everything holds; otherwise prints each problem and exits 1.

Run:  python3 Fixtures/arrowverse/check.py
"""

import datetime
import glob
import json
import os
import re
import sys
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
MONTHS = {m: i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August",
     "September", "October", "November", "December"], 1)}
def load_manifest():
    """pages.tsv: (show, reader, path, season or None) for every page the snapshot reads."""
    entries = []
    with open(os.path.join(HERE, "pages.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            show, reader, path, season = (line.rstrip("\n").split("\t") + [""])[:4]
            entries.append((show, reader, path, int(season) if season else None))
    return entries


# The Wikipedia-shaped pages: (show, file, season when neither heading nor file name says it).
WIKI_FILES = [(show, os.path.basename(path), season)
              for show, reader, path, season in load_manifest() if reader == "wikipedia"]
FANDOM_SERIES = {"Arrow": "Arrow", "The Flash": "The Flash",
                 "DC's Legends of Tomorrow": "Legends of Tomorrow"}

problems = []


def problem(msg):
    problems.append(msg)


def norm(text):
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def parse_human_date(text):
    m = re.fullmatch(r"([A-Z][a-z]+) (\d{1,2}), (\d{4})", norm(text))
    if not m or m.group(1) not in MONTHS:
        return None
    return datetime.date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2)))


def classes(attrs):
    return (dict(attrs).get("class") or "").split()


# ------------------------------------------------------------------ facts

def load_facts():
    facts = {}
    with open(os.path.join(HERE, "episodes.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            show, season, in_season, overall, title, date, *rest = line.split("\t")
            facts.setdefault((show, int(season)), []).append({
                "fandom_title": rest[0] if rest and rest[0] else title,
                "in_season": None if in_season == "—" else int(in_season),
                "overall": int(overall), "title": title,
                "date": datetime.date.fromisoformat(date)})
    return facts


def load_readme_table():
    rows = {}
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\|\s*([A-Za-z .'&:]+?)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d{4}-\d\d-\d\d)\s*\|\s*(\d{4}-\d\d-\d\d)\s*\|", line)
            if m:
                rows[(m.group(1), int(m.group(2)))] = (
                    int(m.group(3)), datetime.date.fromisoformat(m.group(4)),
                    datetime.date.fromisoformat(m.group(5)))
    return rows


# -------------------------------------------------------------- wikipedia

class WikiEpisodeTables(HTMLParser):
    """Collects season headings and the tr.vevent rows of the table that follows each."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.season = None          # id of the last season heading seen
        self.tables = []            # [(season_id, [row, ...])]
        self.in_table = False
        self.table_depth = 0
        self.row = None
        self.cell = None
        self.span_stack = []        # for each open <span>: "hidden", "iso" or ""
        self.sup_depth = 0
        self.heading_tag = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = classes(attrs)
        ident = a.get("id") or ""
        if tag in ("h2", "h3"):
            self.heading_tag = tag
            if tag == "h3" and ident.startswith("Season_"):
                self.season = ident
        if tag == "span" and self.heading_tag == "h3" and "mw-headline" in cls and ident.startswith("Season_"):
            self.season = ident
        if tag == "table":
            if self.in_table:
                self.table_depth += 1
            elif "wikiepisodetable" in cls:
                self.in_table, self.table_depth = True, 1
                self.tables.append((self.season, []))
            return
        if not self.in_table:
            return
        if tag == "tr":
            self.row = {"cells": []} if "vevent" in cls else None
        elif tag in ("td", "th") and self.row is not None:
            self.cell = {"tag": tag, "class": cls, "text": "", "iso": None, "rowspan": a.get("rowspan", "1")}
            self.row["cells"].append(self.cell)
        elif tag == "span" and self.cell is not None:
            style = (a.get("style") or "").replace(" ", "")
            if "bday" in cls or "dtstart" in cls:
                self.span_stack.append("iso")
            elif "display:none" in style:
                self.span_stack.append("hidden")
            else:
                self.span_stack.append("")
        elif tag == "sup" and self.cell is not None:
            self.sup_depth += 1

    def handle_endtag(self, tag):
        if tag in ("h2", "h3"):
            self.heading_tag = None
        if tag == "table" and self.in_table:
            self.table_depth -= 1
            if self.table_depth == 0:
                self.in_table = False
            return
        if not self.in_table:
            return
        if tag == "tr":
            if self.row is not None:
                self.tables[-1][1].append(self.row)
            self.row = None
        elif tag in ("td", "th"):
            self.cell = None
        elif tag == "span" and self.span_stack:
            self.span_stack.pop()
        elif tag == "sup" and self.sup_depth:
            self.sup_depth -= 1

    def handle_data(self, data):
        if self.cell is None or self.sup_depth:
            return
        if "iso" in self.span_stack:
            self.cell["iso"] = (self.cell["iso"] or "") + data
        elif "hidden" in self.span_stack:
            return
        else:
            self.cell["text"] += data


def season_number(season_id):
    m = re.match(r"Season_(\d+)_", season_id or "")
    return int(m.group(1)) if m else None


def file_season(filename):
    """"Superman_&_Lois_season_2.html" -> 2 (a season article: the season is in the page title)."""
    m = re.search(r"_season_(\d+)\.html$", filename)
    return int(m.group(1)) if m else None


def check_wikipedia(facts, readme):
    seen = set()
    for show, filename, manifest_season in WIKI_FILES:
        path = os.path.join(HERE, "wikipedia", filename)
        parser = WikiEpisodeTables()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        if not parser.tables:
            problem(f"{filename}: no wikiepisodetable found")
        for season_id, rows in parser.tables:
            number = season_number(season_id) or file_season(filename) or manifest_season
            key = (show, number)
            seen.add(key)
            where = f"{filename} {season_id}"
            if key not in readme:
                problem(f"{where}: season not in the README table")
                continue
            count, first, last = readme[key]
            if len(rows) != count:
                problem(f"{where}: {len(rows)} tr.vevent rows, README says {count}")
            expected = facts.get(key, [])
            if len(expected) != len(rows):
                problem(f"{where}: {len(rows)} rows, episodes.tsv has {len(expected)}")
            dates = []
            for i, row in enumerate(rows):
                cells = row["cells"]
                overall = norm(cells[0]["text"]) if cells and cells[0]["tag"] == "th" else None
                title_cell = next((c for c in cells if "summary" in c["class"]), None)
                date_cell = next((c for c in cells if c["iso"]), None)
                if title_cell is None or date_cell is None:
                    problem(f"{where} row {i + 1}: missing td.summary or ISO date span")
                    continue
                title = norm(title_cell["text"])
                if not (title.startswith('"') and title.endswith('"')):
                    problem(f"{where} row {i + 1}: title not in quotes: {title!r}")
                title = title.strip('"')
                iso = datetime.date.fromisoformat(norm(date_cell["iso"]))
                human = parse_human_date(date_cell["text"])
                if human != iso:
                    problem(f"{where} row {i + 1}: human date {norm(date_cell['text'])!r} != ISO {iso}")
                dates.append(iso)
                if i < len(expected):
                    e = expected[i]
                    if overall != str(e["overall"]):
                        problem(f"{where} row {i + 1}: overall {overall} != {e['overall']}")
                    if title != e["title"] or iso != e["date"]:
                        problem(f"{where} row {i + 1}: {title!r} {iso} != episodes.tsv {e['title']!r} {e['date']}")
            if dates and (dates[0] != first or dates[-1] != last):
                problem(f"{where}: first/last {dates[0]}/{dates[-1]} != README {first}/{last}")
    wiki_shows = {show for show, _, _ in WIKI_FILES}
    for key in readme:
        if key not in seen and key[0] in wiki_shows:
            problem(f"README lists {key} but no Wikipedia table has it")


# ----------------------------------------------------------------- fandom

class FandomRows(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_table = False
        self.rows = []
        self.row = None
        self.cell = None
        self.sup_depth = 0

    def handle_starttag(self, tag, attrs):
        if tag == "table" and "wikitable" in classes(attrs):
            self.in_table = True
        elif self.in_table and tag == "tr":
            self.row = []
        elif self.in_table and tag == "td" and self.row is not None:
            self.cell = ""
        elif tag == "sup":
            self.sup_depth += 1

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_table = False
        elif tag == "tr" and self.row is not None:
            if len(self.row) == 5:
                self.rows.append(self.row)
            self.row = None
        elif tag == "td" and self.cell is not None:
            self.row.append(norm(self.cell))
            self.cell = None
        elif tag == "sup" and self.sup_depth:
            self.sup_depth -= 1

    def handle_data(self, data):
        if self.cell is not None and not self.sup_depth:
            self.cell += data


def check_fandom(facts):
    files = sorted(glob.glob(os.path.join(HERE, "fandom", "Season_*.html")))
    if len({os.path.basename(f).split("(")[1] for f in files}) < 2:
        problem("fandom/: fewer than two shows")
    for path in files:
        name = os.path.basename(path)
        m = re.fullmatch(r"Season_(\d+)_\((.+)\)\.html", name)
        show = FANDOM_SERIES.get(m.group(2).replace("_", " ")) if m else None
        if show is None:
            problem(f"fandom/{name}: unexpected file name")
            continue
        expected = facts.get((show, int(m.group(1))), [])
        parser = FandomRows()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        if len(parser.rows) != len(expected):
            problem(f"fandom/{name}: {len(parser.rows)} rows, episodes.tsv has {len(expected)}")
        for row, e in zip(parser.rows, expected):
            number, title, _, _, date = row
            want_number = "" if e["in_season"] is None else str(e["in_season"])
            if number != want_number or title.strip('"') != e["fandom_title"] or parse_human_date(date) != e["date"]:
                problem(f"fandom/{name}: row {row} != {e}")


# ------------------------------------------------------------------ rules

def find_episode(facts, ref):
    for e in facts.get((ref["show"], ref["season"]), []):
        if ref.get("episode") is not None and e["in_season"] == ref["episode"]:
            return e
        if ref.get("episode") is None and e["overall"] == ref.get("overall"):
            return e
    return None


def check_rules(facts):
    with open(os.path.join(HERE, "rules.json"), encoding="utf-8") as f:
        rules = json.load(f)
    for crossover in rules["crossovers"] + rules.get("otherCrossovers", []):
        last = None
        for part in crossover["order"]:
            e = find_episode(facts, part)
            if e is None:
                problem(f"rules.json {crossover['name']}: no episode for {part}")
                continue
            if e["title"] != part["title"] or e["date"].isoformat() != part["airdate"]:
                problem(f"rules.json {crossover['name']}: {part} != episodes.tsv {e}")
            if last is not None and e["date"] < last:
                problem(f"rules.json {crossover['name']}: parts not in air-date order at {part['title']}")
            last = e["date"]
    for night in rules.get("sameNight", []):
        for ref in night["order"]:
            e = find_episode(facts, ref)
            if e is None or e["date"].isoformat() != night["date"]:
                problem(f"rules.json sameNight {night['date']}: {ref} did not air that night")


def check_series(facts):
    """series.json: every season has broadcast facts, and every episode's air day is covered by an
    airing of its own (same day) or by exactly the slots of one time (weekday and date range)."""
    with open(os.path.join(HERE, "series.json"), encoding="utf-8") as f:
        catalog = json.load(f)
    weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    by_name = {s["name"]: s for s in catalog["series"]}
    for (show, season), episodes in sorted(facts.items()):
        series = by_name.get(show)
        if series is None:
            problem(f"series.json: no series {show}")
            continue
        seasons = [b for b in series.get("broadcasts", []) if b["season"] == season]
        if len(seasons) != 1:
            problem(f"series.json: {show} season {season} has {len(seasons)} broadcast entries")
            continue
        facts_season = seasons[0]
        if not facts_season.get("sources"):
            problem(f"series.json: {show} season {season} names no source")
        for e in episodes:
            airings = [a for a in facts_season.get("airings", [])
                       if (a.get("episode") is not None and a.get("episode") == e["in_season"])
                       or (a.get("episode") is None and e["in_season"] is None and a.get("overall") == e["overall"])]
            if airings:
                if airings[0]["day"] != e["date"].isoformat():
                    problem(f"series.json: {show} {season}x{e['in_season']} airing on {airings[0]['day']}, episode on {e['date']}")
                continue
            day = e["date"].isoformat()
            times = {slot.get("time") for slot in facts_season["slots"]
                     if slot["weekday"].lower() == weekdays[e["date"].weekday()]
                     and slot.get("from", "0000") <= day <= slot.get("through", "9999")}
            if len(times) != 1:
                problem(f"series.json: {show} {season}x{e['in_season']} ({day}, {weekdays[e['date'].weekday()]}): "
                        f"{len(times)} slot times cover it")


def main():
    facts = load_facts()
    readme = load_readme_table()
    if not readme:
        problem("README.md: no season table found")
    check_wikipedia(facts, readme)
    check_fandom(facts)
    check_rules(facts)
    check_series(facts)
    total = sum(len(v) for v in facts.values())
    if problems:
        for p in problems:
            print("FAIL:", p)
        print(f"{len(problems)} problem(s)")
        return 1
    print(f"ok: {len(readme)} seasons, {total} episodes; Wikipedia tables, ISO date spans, "
          f"Fandom pages, rules.json and series.json agree with episodes.tsv and README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
