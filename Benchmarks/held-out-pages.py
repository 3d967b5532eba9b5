#!/usr/bin/env python3
"""Writes pages of shapes HTMLScrape was not tuned on, to measure it on (held-out pages).

The benchmark's own pages (../Fixtures/html, ../Fixtures/arrowverse, ../../shared/fixtures/wiki)
are the pages the parser was made fast on. These are others, written from scratch by this script in
the shapes scrapers meet, each with the markup mistakes real pages carry at about the rate they
carry them (a parser that records errors pays for each one):

- `wiki-article-*`: a wiki article in a fan-wiki skin, heavy inline markup: every paragraph full of
  links with four to eight attributes, inline styles, `<span>` wrappers, footnote references, an
  infobox, galleries of lazy images, navigation boxes; the stray `</p>`, `<span />`, duplicated
  `class` and `&nbsp` without a semicolon that template-made wiki markup carries.
- `news-*`: a news page with many `<script>` blocks (configuration, analytics, JSON-LD), inline SVG
  icons, `srcset` images, related-article cards; self-closing `<div />`/`<i />` from a template
  engine, attributes run together (`"a"class=`), an `<a>` inside an `<a>`.
- `forum-*`: a forum thread: posts with signatures, quotes, code blocks, user-written markup
  (unclosed `<b>`/`<i>`, `<br>` inside `<p>`, `</br>`, `<font>`, misnested formatting), avatars.
- `table-*`: a statistics page that is mostly tables: standings, per-season rows, `rowspan` and
  `colspan`, sort keys in `data-sort-value`, flags as tiny images, a stray character between rows
  that is foster-parented out of the table.

Every word comes from the small lists below and a seeded generator: no text from any real page.
Deterministic: the same pages every run.

    python3 held-out-pages.py /tmp/held-out
    python3 count-instructions.py --peers lexbor-c /tmp/held-out/*.html
"""

import os
import random
import sys

WORDS = ["river", "tower", "signal", "harbor", "engine", "garden", "winter", "silver", "market", "valley",
         "archive", "lantern", "compass", "orchard", "meadow", "canyon", "beacon", "circuit", "summit",
         "quarry", "voyage", "ember", "falcon", "glacier", "horizon", "island", "jungle", "kernel", "ledger",
         "mirror", "needle", "oracle", "pillar", "quartz", "raven", "saddle", "thicket", "umbra", "vessel",
         "willow", "yonder", "zephyr", "anchor", "bramble", "cobalt", "dune", "echo", "fjord", "grove"]
VERBS = ["finds", "crosses", "guards", "builds", "leaves", "follows", "opens", "repairs", "maps", "trades",
         "names", "hides", "charts", "climbs", "measures", "restores", "paints", "signals", "visits"]
NAMES = ["Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gia", "Hugo", "Iris", "Jules", "Kai", "Lena",
         "Milo", "Nora", "Otis", "Pia", "Quinn", "Rhea", "Sol", "Tess", "Uma", "Vik", "Wren", "Yara"]


class Writer:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def word(self):
        return self.r.choice(WORDS)

    def words(self, n):
        return " ".join(self.word() for _ in range(n))

    def title(self, n=2):
        return " ".join(self.word().capitalize() for _ in range(n))

    def sentence(self):
        r = self.r
        return (f"{r.choice(NAMES)} {r.choice(VERBS)} the {self.words(r.randint(1, 3))} "
                f"{r.choice(['near', 'beyond', 'under', 'with', 'before'])} the {self.words(r.randint(1, 3))}.")

    def hexid(self, n=8):
        return "".join(self.r.choice("0123456789abcdef") for _ in range(n))

    def svg_path(self, commands):
        r = self.r
        return " ".join(f"{r.choice('MLCQ')}{r.randint(0, 24)}.{r.randint(0, 9)} {r.randint(0, 24)}.{r.randint(0, 9)}"
                        for _ in range(commands)) + "Z"


# MARK: - A wiki article with heavy inline markup


def wiki_article(seed, sections):
    w = Writer(seed)
    r = w.r
    host = "https://lore.example.org"
    slug = lambda text: text.replace(" ", "_")

    def link(text=None):
        text = text or w.title(r.randint(1, 3))
        attrs = [f'href="/wiki/{slug(text)}"', f'title="{text}"']
        if r.random() < 0.5:
            attrs.append(f'class="{r.choice(["mw-redirect", "new", "extiw", "internal"])}"')
        if r.random() < 0.4:
            attrs.append(f'data-tracking-label="article-link-{r.randint(1, 400)}"')
        if r.random() < 0.3:
            attrs.append(f'data-uncrawlable-url="{w.hexid(16)}"')
        if r.random() < 0.25:
            attrs.append(f'rel="{r.choice(["nofollow", "noopener", "noreferrer"])}"')
        if r.random() < 0.04:
            # A template that sets the class twice.
            attrs.append('class="dup"')
        return f"<a {' '.join(attrs)}>{text}</a>"

    def reference(number):
        return (f'<sup id="cite_ref-{number}" class="reference"><a href="#cite_note-{number}" '
                f'data-ref="{number}">&#91;{number}&#93;</a></sup>')

    def inline():
        roll = r.random()
        if roll < 0.35:
            return link()
        if roll < 0.45:
            return f'<b>{w.words(r.randint(1, 3))}</b>'
        if roll < 0.55:
            return f'<i>{w.words(r.randint(1, 2))}</i>'
        if roll < 0.65:
            return (f'<span class="{r.choice(["nowrap", "plainlinks", "smallcaps", "tooltip"])}" '
                    f'style="color:#{w.hexid(6)};font-weight:{r.choice([400, 600, 700])}" '
                    f'title="{w.words(2)}">{w.words(r.randint(1, 3))}</span>')
        if roll < 0.70:
            # An empty template placeholder written self-closing: a parse error, kept open.
            return f'<span class="{r.choice(["anchor", "marker", "ph"])}" id="{w.hexid(6)}" />'
        if roll < 0.75:
            return f"{w.word()}&nbsp{w.word()}"
        if roll < 0.85:
            return f'<code>{w.word()}_{w.word()}()</code>'
        return w.sentence()

    def paragraph(references):
        parts = []
        for _ in range(r.randint(3, 7)):
            parts.append(w.sentence())
            for _ in range(r.randint(1, 4)):
                parts.append(inline())
        if r.random() < 0.6:
            parts.append(reference(next(references)))
        text = "<p>" + " ".join(parts) + "\n</p>"
        if r.random() < 0.15:
            text += "</p>"  # a stray end tag after a template
        return text

    def lazy_image(name, width, height, caption):
        src = f"https://img.lore.example.net/{w.hexid(2)}/{slug(name)}.png"
        return (f'<figure class="thumb tright show-info-icon" style="width:{width + 2}px">'
                f'<a href="{src}/revision/latest?cb={r.randint(10**9, 10**10)}" class="image image-thumbnail" '
                f'title="{name}" data-image-name="{name}.png" data-image-key="{slug(name)}.png">'
                f'<img alt="{name}" src="data:image/gif;base64,R0lGODlhAQABAIABAAAAAP///yH5BAEAAAEALAAAAAABAAEAQAICTAEAOw%3D%3D" '
                f'decoding="async" loading="lazy" width="{width}" height="{height}" data-image-name="{name}.png" '
                f'data-image-key="{slug(name)}.png" data-relevant="1" data-src="{src}/revision/latest/scale-to-width-down/{width}" '
                f'class="thumbimage lazyload"></a><noscript><img src="{src}" width="{width}" height="{height}"></noscript>'
                f'<figcaption class="thumbcaption"><p class="caption">{caption}</p></figcaption></figure>')

    def infobox():
        rows = []
        for _ in range(r.randint(10, 18)):
            label = w.title(1)
            value = ", ".join(link() for _ in range(r.randint(1, 3)))
            rows.append(f'<div class="pi-item pi-data pi-item-spacing pi-border-color" data-source="{label.lower()}">'
                        f'<h3 class="pi-data-label pi-secondary-font">{label}</h3>'
                        f'<div class="pi-data-value pi-font">{value}</div></div>')
        return ('<aside role="region" class="portable-infobox pi-background pi-border-color pi-theme-wikia pi-layout-default">'
                f'<h2 class="pi-item pi-item-spacing pi-title pi-secondary-background" data-source="name">{w.title(2)}</h2>'
                + lazy_image(w.title(2), 268, 380, w.sentence()) + "".join(rows) + "</aside>")

    def navbox():
        groups = []
        for _ in range(r.randint(4, 8)):
            items = " • ".join(f"<li>{link()}</li>" for _ in range(r.randint(6, 14)))
            groups.append(f'<tr><th scope="row" class="navbox-group">{w.title(1)}</th>'
                          f'<td class="navbox-list navbox-odd hlist"><div><ul>{items}</ul></div></td></tr>')
        return ('<table class="navbox" cellspacing="0"><tbody><tr><td style="padding:2px"><table class="nowraplinks '
                'collapsible autocollapse navbox-inner"><tbody>' + "".join(groups) + "</tbody></table></td></tr></tbody></table>")

    references = iter(range(1, 10_000))
    body = [f'<h1 id="firstHeading" class="page-header__title">{w.title(3)}</h1>',
            '<div id="content" class="page-content"><div id="mw-content-text" lang="en" dir="ltr" class="mw-content-ltr">'
            '<div class="mw-parser-output">', infobox()]
    for section in range(sections):
        heading = w.title(2)
        body.append(f'<h2><span class="mw-headline" id="{slug(heading)}">{heading}</span>'
                    f'<span class="mw-editsection"><span class="mw-editsection-bracket">[</span>'
                    f'<a href="{host}/wiki/Page?action=edit&amp;section={section + 1}" title="Edit section: {heading}">edit</a>'
                    f'<span class="mw-editsection-bracket">]</span></span></h2>')
        for _ in range(r.randint(2, 5)):
            body.append(paragraph(references))
        if r.random() < 0.4:
            body.append(lazy_image(w.title(2), r.choice([180, 220, 250]), r.choice([120, 180, 240]), w.sentence()))
        if r.random() < 0.3:
            body.append("<ul>" + "".join(f"<li>{inline()} {w.sentence()}</li>" for _ in range(r.randint(3, 8))) + "</ul>")
    body.append('<div class="wikia-gallery">' + "".join(
        f'<div class="wikia-gallery-item">{lazy_image(w.title(2), 185, 104, w.words(3))}</div>' for _ in range(8)) + "</div>")
    body.append(navbox())
    body.append('<ol class="references">' + "".join(
        f'<li id="cite_note-{n}"><span class="mw-cite-backlink"><a href="#cite_ref-{n}">↑</a></span> '
        f'<span class="reference-text">{link()} {w.sentence()}</span></li>' for n in range(1, next(references))) + "</ol>")
    body.append("</div></div></div>")
    head = (f'<!DOCTYPE html>\n<html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"/>'
            f'<title>{w.title(3)} | Lore Wiki | Fandom</title>'
            + "".join(f'<link rel="stylesheet" href="/load.php?modules={w.word()}&amp;only=styles&amp;skin=oasis"/>'
                      for _ in range(6))
            + f'<script>var wgPageName="{w.title(2)}",wgArticleId={r.randint(1, 99999)},wgIsArticle=true;'
              f'(window.RLQ=window.RLQ||[]).push(function(){{mw.loader.load(["{w.word()}","{w.word()}"]);}});</script>'
            + '</head><body class="mediawiki ltr sitedir-ltr skin-oasis action-view">')
    return head + "\n".join(body) + "</body></html>\n"


# MARK: - A news page with scripts, JSON-LD and SVG icons


def news_page(seed, cards):
    w = Writer(seed)
    r = w.r
    site = "https://www.pressbox.example"

    def icon(name):
        return (f'<svg class="icon icon--{name}" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" '
                f'focusable="false"><path fill="currentColor" d="{w.svg_path(r.randint(6, 16))}"></path></svg>')

    def script(kind):
        if kind == "ld":
            return ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",'
                    f'"headline":"{w.title(5)}","datePublished":"2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}T08:00:00Z",'
                    f'"author":[{{"@type":"Person","name":"{r.choice(NAMES)} {w.title(1)}"}}],'
                    f'"publisher":{{"@type":"Organization","name":"Pressbox","logo":{{"@type":"ImageObject","url":"{site}/logo.png"}}}},'
                    f'"keywords":[{",".join(chr(34) + w.word() + chr(34) for _ in range(12))}]}}</script>')
        if kind == "config":
            entries = ",".join(f'"{w.word()}_{n}":{{"id":{r.randint(1, 9999)},"on":{str(r.random() < 0.5).lower()},'
                               f'"sizes":[[300,250],[728,90]],"path":"/{w.word()}/{w.word()}"}}' for n in range(r.randint(8, 20)))
            return f"<script>window.__ADS__={{{entries}}};if(window.innerWidth<768&&!window.__noads){{__ADS__.mobile=1}}</script>"
        return (f'<script async src="https://cdn.pressbox.example/js/{w.hexid(12)}.js" '
                f'data-site="{w.word()}" crossorigin="anonymous"></script>')

    def card():
        title = w.title(r.randint(3, 7))
        href = f"{site}/{w.word()}/{title.lower().replace(' ', '-')}"
        image = f"https://img.pressbox.example/{w.hexid(10)}.jpg"
        widths = [320, 480, 640, 960, 1280]
        attrs = f'class="card__title"data-track="card"' if r.random() < 0.1 else 'class="card__title" data-track="card"'
        inner_link = f'<a href="{site}/tag/{w.word()}">{w.word()}</a>' if r.random() < 0.08 else w.word()
        return (f'<article class="card card--{r.choice(["small", "wide", "feature"])}" data-id="{r.randint(1, 10**6)}">'
                f'<a href="{href}" class="card__link">'
                f'<picture><source type="image/webp" srcset="{", ".join(f"{image}?w={x}&amp;fm=webp {x}w" for x in widths)}" '
                f'sizes="(min-width: 1024px) 33vw, 100vw"><img src="{image}?w=640" alt="{w.words(4)}" width="640" height="360" '
                f'loading="lazy" decoding="async"></picture>'
                f'<h3 {attrs}>{title}</h3></a>'
                f'<div class="card__meta">{icon("clock")}<time datetime="2024-05-0{r.randint(1, 9)}">{r.randint(1, 23)}h ago</time>'
                f'<span class="card__tag">{inner_link}</span><i class="icon-dot" /></div>'
                f'<p class="card__dek">{w.sentence()} {w.sentence()}</p></article>')

    head = ['<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<title>{w.title(5)} — Pressbox</title>']
    for name in ["description", "keywords", "og:title", "og:description", "og:image", "twitter:card"]:
        head.append(f'<meta name="{name}" content="{w.words(r.randint(3, 12))}">')
    head.append("<style>" + "".join(
        f".c-{w.hexid(5)}{{display:flex;gap:{r.randint(2, 24)}px;color:#{w.hexid(6)}}}" for _ in range(120)) + "</style>")
    head += [script("ld"), script("config"), script("loader"), script("loader")]
    head.append("</head>")
    nav = ('<header class="site-header"><nav class="nav" aria-label="Main"><ul class="nav__list">'
           + "".join(f'<li class="nav__item"><a class="nav__link" href="{site}/{w.word()}">{icon(w.word())}'
                     f'<span>{w.title(1)}</span></a></li>' for _ in range(14))
           + '</ul><button class="nav__search" aria-label="Search">' + icon("search") + "</button>"
           + '<div class="nav__spacer" /></nav></header>')
    article = [f'<main id="main"><article class="story"><h1 class="story__headline">{w.title(8)}</h1>'
               f'<div class="story__byline">By <a href="{site}/people/{w.word()}" rel="author">{r.choice(NAMES)}</a>'
               f'{icon("share")}{icon("bookmark")}</div><div class="story__body">']
    for index in range(r.randint(14, 24)):
        article.append("<p>" + " ".join(w.sentence() for _ in range(r.randint(2, 5))) + "</p>")
        if index % 5 == 2:
            article.append(script("config"))
            article.append('<div class="ad-slot" data-slot="' + w.word() + '" style="min-height:250px"></div>')
        if index % 7 == 3:
            article.append(f'<figure class="story__figure"><img src="https://img.pressbox.example/{w.hexid(10)}.jpg" '
                           f'alt="{w.words(5)}" width="1280" height="720"><figcaption>{w.sentence()}</figcaption></figure>')
    article.append("</div></article>")
    related = ['<section class="related"><h2 class="related__title">More stories</h2><div class="grid">']
    related += [card() for _ in range(cards)]
    related.append("</div></section></main>")
    footer = ('<footer class="site-footer">' + "".join(
        f'<a class="social" href="https://{w.word()}.example/pressbox">{icon(w.word())}</a>' for _ in range(8))
        + "<p>" + w.sentence() + "</p></footer>")
    tail = script("loader") + script("config") + script("ld") + "</body></html>\n"
    return "".join(head) + "<body class=\"page page--story\">" + nav + "".join(article) + "".join(related) + footer + tail


# MARK: - A forum thread


def forum_thread(seed, posts):
    w = Writer(seed)
    r = w.r
    site = "https://boards.example.net"

    def user_markup():
        roll = r.random()
        if roll < 0.15:
            return f"<b>{w.words(r.randint(1, 4))}</b>"
        if roll < 0.25:
            return f"<i>{w.words(r.randint(1, 3))}"  # never closed: the user forgot
        if roll < 0.32:
            return f'<font color="#{w.hexid(6)}" size="{r.randint(1, 5)}">{w.words(2)}</font>'
        if roll < 0.38:
            return f"<b><i>{w.words(2)}</b></i>"  # misnested
        if roll < 0.43:
            return "</br>"
        if roll < 0.50:
            return f'<a href="{site}/go?u=https%3A%2F%2F{w.word()}.example&t={r.randint(1, 99)}" rel="nofollow ugc">{w.word()}.example</a>'
        if roll < 0.55:
            return f"{w.word()} &amp {w.word()} &lt;3"
        return w.sentence()

    def post(number):
        name = f"{r.choice(NAMES)}{r.randint(1, 999)}"
        body = []
        if r.random() < 0.3:
            body.append(f'<blockquote class="quote"><div class="quote__author">{r.choice(NAMES)} said:</div>'
                        f'<div class="quote__body">{w.sentence()}<br>{w.sentence()}</div></blockquote>')
        for _ in range(r.randint(1, 5)):
            body.append("<p>" + " ".join(user_markup() for _ in range(r.randint(2, 8))) + "<br>" + w.sentence())
        if r.random() < 0.15:
            code = "\n".join(f"  {w.word()}({w.word()}) &lt; {r.randint(0, 99)} &amp;&amp; {w.word()}" for _ in range(r.randint(3, 10)))
            body.append(f'<pre class="code"><code class="lang-{r.choice(["js", "py", "c"])}">{code}</code></pre>')
        signature = (f'<div class="signature"><hr>{w.sentence()} <a href="{site}/u/{name}">{w.word()}</a></div>'
                     if r.random() < 0.5 else "")
        return (f'<li class="post" id="post-{number}" data-author="{name}" data-post-id="{r.randint(10**6, 10**7)}">'
                f'<div class="post__side"><a href="{site}/u/{name}" class="avatar"><img src="{site}/a/{w.hexid(6)}.png" '
                f'alt="{name}" width="48" height="48" loading="lazy"></a><span class="username">{name}</span>'
                f'<span class="role role--{r.choice(["member", "mod", "vip"])}">{r.choice(["Member", "Moderator", "Regular"])}</span>'
                f'<dl class="stats"><dt>Posts</dt><dd>{r.randint(1, 9999)}</dd><dt>Joined</dt><dd>20{r.randint(10, 24)}</dd></dl></div>'
                f'<div class="post__main"><header class="post__head"><a href="#post-{number}">#{number}</a> '
                f'<time datetime="2024-03-{r.randint(10, 28)}T{r.randint(10, 23)}:{r.randint(10, 59)}">{r.randint(1, 30)} days ago</time></header>'
                f'<div class="post__body">{"".join(body)}</div>{signature}'
                f'<footer class="post__actions"><a href="{site}/react?p={number}" class="like">Like</a> '
                f'<a href="{site}/reply?quote={number}" class="reply">Reply</a></footer></div></li>')

    head = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<title>{w.title(5)} | Boards</title><link rel="stylesheet" href="{site}/css/forum.css">'
            f'<script>var THREAD={{id:{r.randint(1, 99999)},page:1,perPage:{posts}}};</script></head>')
    crumbs = ('<nav class="breadcrumbs"><ol>' + "".join(
        f'<li><a href="{site}/f/{w.word()}">{w.title(1)}</a></li>' for _ in range(4)) + "</ol></nav>")
    pager = ('<div class="pager">' + "".join(f'<a href="?page={n}" class="pager__link">{n}</a>' for n in range(1, 12)) + "</div>")
    return (head + '<body><div id="wrap">' + crumbs + f"<h1>{w.title(6)}</h1>" + pager + '<ol class="posts">'
            + "".join(post(n) for n in range(1, posts + 1)) + "</ol>" + pager + "</div></body></html>\n")


# MARK: - A table-heavy statistics page


def table_page(seed, tables):
    w = Writer(seed)
    r = w.r

    def flag():
        code = w.hexid(2)
        return f'<span class="flag"><img alt="" src="//flags.example.org/{code}.svg" width="23" height="15" class="thumbborder">&nbsp;</span>'

    def table(rows, columns):
        header = "".join(f'<th scope="col" class="headerSort" tabindex="0" role="columnheader button" '
                         f'title="Sort ascending">{w.title(1)}</th>' for _ in range(columns))
        out = [f'<table class="wikitable sortable plainrowheaders" style="text-align:center;font-size:90%">'
               f'<caption>{w.title(3)}</caption><tbody><tr>{header}</tr>']
        rowspan_left = 0
        for index in range(rows):
            cells = []
            if rowspan_left == 0 and r.random() < 0.1:
                rowspan_left = r.randint(2, 4)
                cells.append(f'<th scope="row" rowspan="{rowspan_left}">{flag()}<a href="/wiki/{w.word()}">{w.title(1)}</a></th>')
            elif rowspan_left == 0:
                cells.append(f'<th scope="row">{flag()}<a href="/wiki/{w.word()}">{w.title(1)}</a></th>')
            rowspan_left = max(0, rowspan_left - 1)
            for column in range(columns - 1):
                value = r.randint(0, 9999)
                if r.random() < 0.05:
                    cells.append(f'<td colspan="2" style="background:#{w.hexid(6)}">{w.word()}</td>')
                elif r.random() < 0.3:
                    cells.append(f'<td data-sort-value="{value:05d}">{value:,}</td>')
                else:
                    cells.append(f"<td>{value}</td>")
            out.append(f'<tr class="{"odd" if index % 2 else "even"}">' + "".join(cells) + "</tr>")
            if r.random() < 0.02:
                out.append("*")  # a stray character between rows: foster-parented before the table
        out.append("</tbody></table>")
        return "\n".join(out)

    parts = ['<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>' + w.title(4) + '</title></head>'
             '<body><div id="content"><h1 id="firstHeading">' + w.title(4) + '</h1>']
    for _ in range(tables):
        parts.append(f'<h2><span class="mw-headline">{w.title(2)}</span></h2><p>{w.sentence()} {w.sentence()}</p>')
        parts.append(table(r.randint(15, 60), r.randint(5, 11)))
    parts.append("</div></body></html>\n")
    return "".join(parts)


PAGES = [
    ("wiki-article-long.html", lambda: wiki_article(101, 26)),
    ("wiki-article-short.html", lambda: wiki_article(102, 4)),
    ("news-long.html", lambda: news_page(201, 60)),
    ("news-short.html", lambda: news_page(202, 8)),
    ("forum-long.html", lambda: forum_thread(301, 80)),
    ("forum-short.html", lambda: forum_thread(302, 8)),
    ("table-long.html", lambda: table_page(401, 14)),
    ("table-short.html", lambda: table_page(402, 2)),
]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "held-out"
    os.makedirs(folder, exist_ok=True)
    for name, make in PAGES:
        text = make()
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"{name}\t{len(text.encode('utf-8')):>9} bytes")


if __name__ == "__main__":
    main()
