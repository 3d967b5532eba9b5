#!/usr/bin/env python3
"""Writes the offline Arrowverse snapshot from episodes.tsv.

The markup is this project's own: it reproduces the *shapes* of MediaWiki
"List of ... episodes" pages on Wikipedia and of season pages on the
Arrowverse Fandom wiki, so the WatchOrder parser can be tested offline.
The facts (numbers, titles, US air dates) come from episodes.tsv; see
SOURCES.md for where they were checked. No page text was copied: summaries
are neutral one-liners written here, and crew / viewer cells are "—"
placeholders (those facts are not recorded in this snapshot).

Run:  python3 Fixtures/arrowverse/generate.py   (stdlib only, deterministic)
"""

import datetime
import html
import os
import re
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))

MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]

# One Wikipedia page per show with every season ("List of … episodes", or the series article for
# the one-season show and the two web series). Superman & Lois is written as one page per season
# instead (WIKI_SEASON_PAGES), Black Lightning as a Fandom list (FANDOM_LISTS).
WIKI_PAGES = {
    "Arrow": "List_of_Arrow_episodes",
    "The Flash": "List_of_The_Flash_(2014_TV_series)_episodes",
    "Supergirl": "List_of_Supergirl_episodes",
    "Legends of Tomorrow": "List_of_Legends_of_Tomorrow_episodes",
    "Batwoman": "List_of_Batwoman_episodes",
    "Stargirl": "List_of_Stargirl_episodes",
    "Constantine": "Constantine_(TV_series)",
    "Vixen": "Vixen_(web_series)",
    "Freedom Fighters: The Ray": "Freedom_Fighters:_The_Ray",
}

# Wikipedia season articles ("Superman & Lois season 1"): the season comes from the page title only.
WIKI_SEASON_PAGES = {
    "Superman & Lois": "Superman_&_Lois_season_{n}",
}

# The order the shows are listed in pages.tsv (arrowverse.info's eleven series).
SHOW_ORDER = ["Arrow", "The Flash", "Supergirl", "Legends of Tomorrow", "Batwoman", "Black Lightning",
              "Superman & Lois", "Stargirl", "Constantine", "Vixen", "Freedom Fighters: The Ray"]


def file_name(page):
    """A page name as a portable file name (no ':' — not allowed on every file system)."""
    return page.replace(":", "")

# Header colours only make the tables look like the real ones; any value works.
COLOURS = {
    ("Arrow", 3): "#799F77", ("Arrow", 5): "#2E4A3B", ("Arrow", 6): "#39545E",
    ("Arrow", 7): "#2F4F4F", ("Arrow", 8): "#1E5631",
    ("The Flash", 1): "#A2181B", ("The Flash", 3): "#7A1515", ("The Flash", 4): "#B8860B",
    ("The Flash", 5): "#8B0000", ("The Flash", 6): "#C04000",
    ("Supergirl", 2): "#1A4C8B", ("Supergirl", 3): "#3D5A80", ("Supergirl", 4): "#1F4E79",
    ("Supergirl", 5): "#4B6F9E",
    ("Legends of Tomorrow", 2): "#46515E", ("Legends of Tomorrow", 3): "#5C4033",
    ("Legends of Tomorrow", 5): "#6B4E71",
    ("Batwoman", 1): "#5D1916",
}

# Crossover parts get a link in the title cell (real pages link episodes that
# have an article of their own).
CROSSOVER_ARTICLES = {
    "Flash vs. Arrow": "Flash_vs._Arrow",
    "The Brave and the Bold": "The_Brave_and_the_Bold_(Arrow)",
    "Invasion!": "Invasion!_(Arrowverse)",
    "Medusa": "Medusa_(Supergirl)",
    "Crisis on Earth-X, Part 1": "Crisis_on_Earth-X",
    "Crisis on Earth-X, Part 2": "Crisis_on_Earth-X",
    "Crisis on Earth-X, Part 3": "Crisis_on_Earth-X",
    "Crisis on Earth-X, Part 4": "Crisis_on_Earth-X",
    "Elseworlds, Part 1": "Elseworlds_(Arrowverse)",
    "Elseworlds, Part 2": "Elseworlds_(Arrowverse)",
    "Elseworlds, Part 3": "Elseworlds_(Arrowverse)",
    "Crisis on Infinite Earths: Part One": "Crisis_on_Infinite_Earths_(Arrowverse)",
    "Crisis on Infinite Earths: Part Two": "Crisis_on_Infinite_Earths_(Arrowverse)",
    "Crisis on Infinite Earths: Part Three": "Crisis_on_Infinite_Earths_(Arrowverse)",
    "Crisis on Infinite Earths: Part Four": "Crisis_on_Infinite_Earths_(Arrowverse)",
    "Crisis on Infinite Earths: Part Five": "Crisis_on_Infinite_Earths_(Arrowverse)",
}


# --------------------------------------------------------------------------- data

class Episode:
    def __init__(self, show, season, in_season, overall, title, airdate, fandom_title=""):
        self.show = show
        self.fandom_title = fandom_title or title
        self.season = int(season)
        self.in_season = None if in_season == "—" else int(in_season)
        self.overall = int(overall)
        self.title = title
        self.airdate = datetime.date.fromisoformat(airdate)


def load_episodes():
    episodes = []
    with open(os.path.join(HERE, "episodes.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            episodes.append(Episode(*line.split("\t")))
    return episodes


def seasons_of(episodes, show):
    result = {}
    for e in episodes:
        if e.show == show:
            result.setdefault(e.season, []).append(e)
    return dict(sorted(result.items()))


def human_date(d):
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def season_label(number, eps):
    first, last = eps[0].airdate.year, eps[-1].airdate.year
    years = str(first) if first == last else f"{first}–{str(last)[-2:]}"
    return f"Season {number} ({years})"


def anchor_id(label):
    return label.replace(" ", "_")


def legacy_anchor(label):
    """The old-style dot-encoded anchor Wikipedia keeps next to the new id."""
    quoted = urllib.parse.quote(anchor_id(label), safe="_-!")
    return quoted.replace("%", ".")


def esc(text):
    return html.escape(text, quote=False)


def attr(text):
    return html.escape(text, quote=True)


# ----------------------------------------------------------------- wikipedia

class Refs:
    """Numbered footnotes, the way Wikipedia's <sup class="reference"> works."""

    def __init__(self):
        self.notes = []

    def sup(self, what):
        self.notes.append(what)
        n = len(self.notes)
        return (f'<sup id="cite_ref-{n}" class="reference"><a href="#cite_note-{n}">'
                f'<span class="cite-bracket">[</span>{n}<span class="cite-bracket">]</span></a></sup>')

    def html(self):
        items = "\n".join(
            f'<li id="cite_note-{n}"><span class="mw-cite-backlink"><b><a href="#cite_ref-{n}">^</a></b></span> '
            f'<span class="reference-text">{esc(what)}</span></li>'
            for n, what in enumerate(self.notes, 1))
        return ('<div class="mw-references-wrap mw-references-columns"><ol class="references">\n'
                f'{items}\n</ol></div>')


def date_cell_html(d, nbsp, refs=None):
    text = human_date(d)
    if nbsp:
        text = text.replace(" ", "&nbsp;")
    hidden = (f'<span style="display: none;">&nbsp;(<span class="bday dtstart published updated itvstart">'
              f'{d.isoformat()}</span>)</span>')
    ref = refs.sup(f"Air date listing for {human_date(d)} (citation omitted in this fixture).") if refs else ""
    return f'<td style="text-align:center">{text}{hidden}{ref}</td>'


def title_cell_html(e, refs, style):
    """style: 'plain', 'ref-after', 'ref-inside'. Crossover parts are linked."""
    inner = esc(e.title)
    article = CROSSOVER_ARTICLES.get(e.title)
    if article:
        inner = f'<a href="/wiki/{attr(article)}" title="{attr(article.replace("_", " "))}">{inner}</a>'
    note = f"Episode listing for \u201c{e.title}\u201d (citation omitted in this fixture)."
    if style == "ref-inside":
        body = f'"{inner}{refs.sup(note)}"'
    elif style == "ref-after":
        body = f'"{inner}"{refs.sup(note)}'
    else:
        body = f'"{inner}"'
    return f'<td class="summary" rowspan="1" style="text-align:left">{body}</td>'


def wikipedia_table(show, number, eps, refs, variant):
    """variant["caption"]: False leaves the caption out (the season then comes from the heading or page title)."""
    colour = COLOURS.get((show, number), "#555555")
    head = f'style="background:{colour};color:white"'
    date_header = "Original release date" if variant["release_header"] else "Original air date"
    columns = [
        '<abbr title="Number">No.</abbr><br>overall',
        '<abbr title="Number">No.</abbr> in<br>season',
        "Title",
        "Directed by",
        "Written by",
        date_header,
    ]
    if variant["viewers"]:
        columns.append('U.S. viewers<br>(millions)')
    ncols = len(columns)
    caption = f'<caption>{esc(show)} season {number} episodes</caption>' if variant.get("caption", True) else ""
    out = [f'<table class="wikitable plainrowheaders wikiepisodetable" style="width:100%">'
           f'{caption}<tbody>',
           '<tr style="color:white;text-align:center">' +
           "".join(f'<th scope="col" {head}>{c}</th>' for c in columns) + "</tr>"]
    rowspan_at = variant.get("writer_rowspan_at")  # index in eps where a 2-row writer cell starts
    for i, e in enumerate(eps):
        in_season = "—" if e.in_season is None else str(e.in_season)
        ep_id = f"ep{e.overall}"
        style = "plain"
        if variant["refs"]:
            if i % 5 == 1:
                style = "ref-after"
            elif i % 7 == 3:
                style = "ref-inside"
        cells = [
            f'<th scope="row" rowspan="1" id="{ep_id}" style="text-align:center">{e.overall}</th>',
            f'<td style="text-align:center">{in_season}</td>',
            title_cell_html(e, refs, style),
            '<td style="text-align:center">—</td>',
        ]
        if rowspan_at is not None and i == rowspan_at:
            cells.append('<td rowspan="2" style="text-align:center">—</td>')
        elif rowspan_at is not None and i == rowspan_at + 1:
            pass  # covered by the rowspan cell above
        else:
            cells.append('<td style="text-align:center">—</td>')
        date_ref = refs if (variant["refs"] and i % 9 == 4) else None
        cells.append(date_cell_html(e.airdate, variant["nbsp"], date_ref))
        if variant["viewers"]:
            cells.append('<td style="text-align:center"><abbr title="Not recorded in this fixture">—</abbr></td>')
        out.append('<tr class="vevent module-episode-list-row" style="text-align:center;background:inherit;color:inherit">'
                   + "".join(cells) + "</tr>")
        if variant["summaries"]:
            where = "special" if e.in_season is None else f"episode {e.in_season}"
            out.append(f'<tr class="expand-child"><td class="description" colspan="{ncols}" '
                       f'style="border-bottom:solid 3px {colour}">'
                       f'<div class="shortSummaryText">{esc(show)} season {number}, {where}.</div></td></tr>')
    out.append("</tbody></table>")
    return "\n".join(out)


def series_overview(show, seasons):
    rows = []
    for number, eps in seasons.items():
        label = season_label(number, eps)
        colour = COLOURS.get((show, number), "#555555")
        first, last = eps[0].airdate, eps[-1].airdate
        rows.append(
            f'<tr><th scope="row"><span style="background:{colour};width:14px;display:inline-block">&nbsp;</span>'
            f'<a href="#{attr(anchor_id(label))}">{number}</a></th>'
            f'<td colspan="2">{len(eps)}</td>'
            f'<td>{human_date(first).replace(" ", "&nbsp;")}<span style="display: none;">&nbsp;(<span class="bday dtstart published updated itvstart">{first.isoformat()}</span>)</span></td>'
            f'<td>{human_date(last).replace(" ", "&nbsp;")}<span style="display: none;">&nbsp;(<span class="dtend itvend">{last.isoformat()}</span>)</span></td></tr>')
    return ('<table class="wikitable plainrowheaders" style="text-align:center"><tbody>'
            '<tr><th scope="col" rowspan="2">Season</th><th scope="col" rowspan="2" colspan="2">Episodes</th>'
            '<th scope="colgroup" colspan="2">Originally released</th></tr>'
            '<tr><th scope="col">First released</th><th scope="col">Last released</th></tr>\n'
            + "\n".join(rows) + "\n</tbody></table>")


def heading(label, level, modern):
    """modern: the 2024+ <div class="mw-heading"> wrapper; else the older mw-headline span."""
    hid = anchor_id(label)
    edit = ('<span class="mw-editsection"><span class="mw-editsection-bracket">[</span>'
            '<a href="#" title="Edit section">edit</a><span class="mw-editsection-bracket">]</span></span>')
    if modern:
        return (f'<div class="mw-heading mw-heading{level}"><h{level} id="{attr(hid)}">'
                f'<span id="{attr(legacy_anchor(label))}"></span>{esc(label)}</h{level}>{edit}</div>')
    return f'<h{level}><span class="mw-headline" id="{attr(hid)}">{esc(label)}</span>{edit}</h{level}>'


# Per show: which shapes its page uses. Together they cover every variation. A writer cell spans two
# episode rows only on pages without summary rows: with a full-width summary row between the two
# episodes, the span would overlap it in the HTML table model, so real pages don't do that.
WIKI_VARIANTS = {
    "Arrow": dict(modern=True, nbsp=True, refs=True, summaries=True, viewers=True,
                  release_header=False, rowspan={}),
    "The Flash": dict(modern=True, nbsp=True, refs=True, summaries=True, viewers=True,
                      release_header=False, rowspan={}),
    "Supergirl": dict(modern=False, nbsp=False, refs=True, summaries=False, viewers=True,
                      release_header=False, rowspan={3: 10, 5: 4}),
    "Legends of Tomorrow": dict(modern=False, nbsp=False, refs=False, summaries=True, viewers=False,
                                release_header=False, rowspan={}),
    "Batwoman": dict(modern=True, nbsp=True, refs=True, summaries=False, viewers=True,
                     release_header=True, rowspan={1: 5}),
    # Season 1 was released on DC Universe a day before The CW aired it: "Original release date".
    "Stargirl": dict(modern=True, nbsp=True, refs=False, summaries=True, viewers=False,
                     release_header=True, rowspan={}),
    # One season, no season heading or caption: the reader needs season: 1.
    "Constantine": dict(modern=False, nbsp=False, refs=True, summaries=True, viewers=True,
                        release_header=False, rowspan={}, caption=False, single=True),
    # Web series: no captions, the season comes from the "Season 1 (2015)" headings.
    "Vixen": dict(modern=True, nbsp=True, refs=False, summaries=False, viewers=False,
                  release_header=True, rowspan={}, caption=False),
    "Freedom Fighters: The Ray": dict(modern=False, nbsp=False, refs=False, summaries=True, viewers=False,
                                      release_header=True, rowspan={}, caption=False),
    # Season articles: no caption, heading "Episodes"; the season is in the page title.
    "Superman & Lois": dict(modern=True, nbsp=True, refs=True, summaries=True, viewers=True,
                            release_header=False, rowspan={}, caption=False),
}


def wikipedia_page(show, seasons, page=None):
    """The whole-series page, or (page given) a one-season article named by its title."""
    v = WIKI_VARIANTS[show]
    refs = Refs()
    page = page or WIKI_PAGES[show]
    title = page.replace("_", " ")
    parts = [
        "<!DOCTYPE html>",
        f'<html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"><title>{esc(title)} - Wikipedia</title></head>',
        '<body class="skin-vector mediawiki ltr sitedir-ltr ns-0 page-' + attr(page) + '">',
        f'<h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">{esc(title)}</span></h1>',
        '<div id="mw-content-text" class="mw-body-content"><div class="mw-content-ltr mw-parser-output" lang="en" dir="ltr">',
        "<!-- Fixture written for Airdate (Fixtures/arrowverse/generate.py): Wikipedia-shaped markup, "
        "real titles and US air dates, no text from the real page. Only the seasons around the "
        "Arrowverse crossovers are included; crew and viewer cells are placeholders. -->",
        f"<p>This fixture lists the episodes of <i>{esc(show)}</i>.</p>",
    ]
    one_table = v.get("single") or len(seasons) == 1 and "season" in page
    if not one_table:
        parts += [heading("Series overview", 2, v["modern"]), series_overview(show, seasons)]
    parts.append(heading("Episodes", 2, v["modern"]))
    for number, eps in seasons.items():
        label = season_label(number, eps)
        if not one_table:
            parts.append(heading(label, 3, v["modern"]))
        variant = dict(v)
        variant["writer_rowspan_at"] = (v["rowspan"][number] - 1) if number in v["rowspan"] else None
        parts.append(wikipedia_table(show, number, eps, refs, variant))
    if refs.notes:
        parts.append(heading("References", 2, v["modern"]))
        parts.append(refs.html())
    parts.append("</div></div></body></html>")
    return "\n".join(parts) + "\n"


# --------------------------------------------------------------------- fandom

FANDOM_SHOWS = ["Arrow", "The Flash", "Legends of Tomorrow"]

FANDOM_SERIES_NAME = {
    "Arrow": "Arrow",
    "The Flash": "The Flash",
    "Legends of Tomorrow": "DC's Legends of Tomorrow",
}

# Episode articles on the Fandom wiki that need a disambiguation suffix
# (the link target differs from the visible title).
FANDOM_DISAMBIGUATION = {
    ("The Flash", "Pilot"): "Pilot (The Flash)",
    ("The Flash", "Fallout"): "Fallout (The Flash)",
    ("The Flash", "Out of Time"): "Out of Time (The Flash)",
    ("Arrow", "Fallout"): "Fallout (Arrow)",
    ("Arrow", "Legacy"): "Legacy (Arrow)",
    ("The Flash", "Legacy"): "Legacy (The Flash)",
    ("Arrow", "Invasion!"): "Invasion! (Arrow)",
    ("The Flash", "Invasion!"): "Invasion! (The Flash)",
    ("Legends of Tomorrow", "Invasion!"): "Invasion! (DC's Legends of Tomorrow)",
    ("Legends of Tomorrow", "Out of Time"): "Out of Time (DC's Legends of Tomorrow)",
    ("Arrow", "Left Behind"): "Left Behind (Arrow)",
}


# 2015-era Fandom list pages (saved before the wiki's redesign): the edit link's text runs into each
# heading ("Season 1Edit"), the overall-number column is "Series NO.". Only the seasons aired by then.
FANDOM_2015_LISTS = {
    "Arrow": dict(page="List_of_Arrow_episodes", seasons=[1, 2, 3], number_header="Season NO."),
    "The Flash": dict(page="List_of_The_Flash_episodes", seasons=[1], number_header="#"),
}

# A Fandom list keeping every season in one table, each season opened by a "Season N" row.
FANDOM_LISTS = {
    "Black Lightning": "List_of_Black_Lightning_episodes",
}


def fandom_page_name(show, number):
    return f"Season_{number}_({FANDOM_SERIES_NAME[show].replace(' ', '_')})"


def fandom_link(show, title):
    target = FANDOM_DISAMBIGUATION.get((show, title), title)
    href = "/wiki/" + urllib.parse.quote(target.replace(" ", "_"), safe="_-!.,:()")
    return f'<a href="{attr(href)}" title="{attr(target)}">{esc(title)}</a>'


def fandom_page(show, number, eps):
    series = FANDOM_SERIES_NAME[show]
    name = fandom_page_name(show, number).replace("_", " ")
    first, last = eps[0].airdate, eps[-1].airdate
    rows = []
    for i, e in enumerate(eps):
        num = "" if e.in_season is None else str(e.in_season)
        ref = ""
        if i % 6 == 0:
            n = i // 6 + 1
            ref = (f'<sup id="cite_ref-{n}" class="reference"><a href="#cite_note-{n}">[{n}]</a></sup>')
        rows.append(
            "<tr>"
            f'<td style="text-align:center">{num}</td>'
            f'<td>"{fandom_link(show, e.fandom_title)}"{ref}</td>'
            '<td style="text-align:center">—</td>'
            '<td style="text-align:center">—</td>'
            f'<td style="text-align:center">{human_date(e.airdate)}</td>'
            "</tr>")
        where = "special" if e.in_season is None else f"episode {e.in_season}"
        rows.append(f'<tr><td colspan="5" style="font-size:90%">{esc(series)} season {number}, {where}.</td></tr>')
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="en" dir="ltr"><head><meta charset="UTF-8"><title>{esc(name)} | Arrowverse Wiki | Fandom</title></head>',
        '<body class="mediawiki ltr sitedir-ltr ns-0 skin-fandomdesktop">',
        f'<h1 class="page-header__title" id="firstHeading">{esc(name)}</h1>',
        '<div id="mw-content-text" class="mw-body-content"><div class="mw-parser-output">',
        "<!-- Fixture written for Airdate (Fixtures/arrowverse/generate.py): shaped like an Arrowverse "
        "Fandom wiki season page; real titles and US air dates, no text from the real page. -->",
        f"<p>Season {number} of <i>{esc(series)}</i> premiered on {human_date(first)} and concluded on "
        f"{human_date(last)}, with {len(eps)} episodes.</p>",
        '<h2><span class="mw-headline" id="Episodes">Episodes</span></h2>',
        '<table class="wikitable" style="width:100%; text-align:left">',
        "<tbody><tr><th>#</th><th>Episode name</th><th>Directed by</th><th>Written by</th><th>Original airdate</th></tr>",
        *rows,
        "</tbody></table>",
        "</div></div></body></html>",
    ]) + "\n"


def fandom_2015_list(show, seasons):
    spec = FANDOM_2015_LISTS[show]
    name = spec["page"].replace("_", " ")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="en" dir="ltr"><head><meta charset="UTF-8"><title>{esc(name)} - Arrowverse Wiki</title></head>',
        '<body class="mediawiki ltr sitedir-ltr ns-0 skin-oasis">',
        f'<h1>{esc(name)}</h1>',
        '<div id="mw-content-text" lang="en" dir="ltr" class="mw-content-ltr">',
        "<!-- Fixture written for Airdate (Fixtures/arrowverse/generate.py): shaped like a 2015 Arrowverse "
        "Fandom (Wikia) list page; real titles and US air dates, no text from the real page. -->",
        f"<p>This is a list of episodes of <i>{esc(FANDOM_SERIES_NAME[show])}</i>.</p>",
    ]
    for number in spec["seasons"]:
        eps = seasons[number]
        parts.append(
            f'<h2><span class="mw-headline" id="Season_{number}">Season {number}</span>'
            f'<span class="editsection"><a href="/wiki/{attr(spec["page"])}?action=edit&amp;section={number}" '
            f'title="Edit Season {number} section">Edit</a></span></h2>')
        parts.append('<table class="wikitable" style="width:100%; text-align:center">')
        parts.append(f'<tbody><tr><th>Series NO.</th><th>{esc(spec["number_header"])}</th><th>Title</th>'
                     '<th>Directed by</th><th>Written by</th><th>Original airdate</th></tr>')
        for e in eps:
            parts.append(
                f'<tr><td>{e.overall}</td><td>{e.in_season}</td><td>"{fandom_link(show, e.fandom_title)}"</td>'
                f'<td>—</td><td>—</td><td>{human_date(e.airdate)}</td></tr>')
        parts.append("</tbody></table>")
    parts.append("</div></body></html>")
    return "\n".join(parts) + "\n"


def fandom_one_table_list(show, seasons):
    name = FANDOM_LISTS[show].replace("_", " ")
    rows = []
    for number, eps in seasons.items():
        rows.append(f'<tr><td colspan="5" style="background:#222;color:white;font-weight:bold">'
                    f'{esc(season_label(number, eps))}</td></tr>')
        for e in eps:
            rows.append(
                f'<tr><td style="text-align:center">{e.overall}</td><td style="text-align:center">{e.in_season}</td>'
                f'<td>"{fandom_link(show, e.fandom_title)}"</td><td style="text-align:center">{human_date(e.airdate)}</td>'
                '<td style="text-align:center">—</td></tr>')
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="en" dir="ltr"><head><meta charset="UTF-8"><title>{esc(name)} | Arrowverse Wiki | Fandom</title></head>',
        '<body class="mediawiki ltr sitedir-ltr ns-0 skin-fandomdesktop">',
        f'<h1 class="page-header__title" id="firstHeading">{esc(name)}</h1>',
        '<div id="mw-content-text" class="mw-body-content"><div class="mw-parser-output">',
        "<!-- Fixture written for Airdate (Fixtures/arrowverse/generate.py): a Fandom list keeping every "
        "season in one table; real titles and US air dates, no text from the real page. -->",
        '<div class="mw-heading mw-heading2"><h2 id="Episodes">Episodes</h2></div>',
        '<table class="wikitable" style="width:100%">',
        "<tbody><tr><th>Series #</th><th>Season #</th><th>Episode name</th><th>Original airdate</th><th>Written by</th></tr>",
        *rows,
        "</tbody></table>",
        "</div></div></body></html>",
    ]) + "\n"


# ----------------------------------------------------------------------- main

def write(path, text):
    path = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    episodes = load_episodes()
    # pages.tsv: the pages that together give every episode of each show once (what `arrowverse`
    # reads offline, and what the tests check against episodes.tsv).
    manifest = {show: [] for show in SHOW_ORDER}
    for show, page in WIKI_PAGES.items():
        path = f"wikipedia/{file_name(page)}.html"
        write(path, wikipedia_page(show, seasons_of(episodes, show)))
        season = "1" if WIKI_VARIANTS[show].get("single") else ""
        manifest[show].append(("wikipedia", path, season))
    for show, pattern in WIKI_SEASON_PAGES.items():
        for number, eps in seasons_of(episodes, show).items():
            page = pattern.format(n=number)
            path = f"wikipedia/{file_name(page)}.html"
            write(path, wikipedia_page(show, {number: eps}, page=page))
            manifest[show].append(("wikipedia", path, ""))
    for show, page in FANDOM_LISTS.items():
        path = f"fandom/{file_name(page)}.html"
        write(path, fandom_one_table_list(show, seasons_of(episodes, show)))
        manifest[show].append(("fandom", path, ""))
    for show in FANDOM_SHOWS:
        for number, eps in seasons_of(episodes, show).items():
            write(f"fandom/{fandom_page_name(show, number)}.html", fandom_page(show, number, eps))
    for show, spec in FANDOM_2015_LISTS.items():
        write(f"fandom/2015/{file_name(spec['page'])}.html", fandom_2015_list(show, seasons_of(episodes, show)))
    lines = ["# show\treader (wikipedia|fandom)\tfile\tseason (when the page does not say it)"]
    for show in SHOW_ORDER:
        for reader, path, season in manifest[show]:
            lines.append(f"{show}\t{reader}\t{path}\t{season}")
    write("pages.tsv", "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
