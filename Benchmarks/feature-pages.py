#!/usr/bin/env python3
"""Writes one page per markup feature, each about 300 KB of that feature, for finding the kinds of
markup a parser is slow on.

A real page mixes everything; a page whose bytes are mostly one feature (indentation between tags,
inline SVG, references in attribute values, HTML inside script strings, comments…) shows how fast a
parser is on that feature alone. `compare-lexbor.py` and `count-instructions.py` then compare
HTMLScrape with lexbor feature by feature:

    cd Benchmarks
    python3 feature-pages.py /tmp/feature-pages
    python3 compare-lexbor.py /tmp/feature-pages
    python3 count-instructions.py /tmp/feature-pages/*.html
"""

import json
import os
import random
import sys

TARGET = 300_000


def page(body, head=""):
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Feature page</title>\n'
            f"{head}</head>\n<body>\n{body}</body>\n</html>\n")


def repeat(make):
    parts, size, n = [], 0, 0
    while size < TARGET:
        part = make(n)
        parts.append(part)
        size += len(part.encode("utf-8"))
        n += 1
    return "".join(parts)


def features():
    rng = random.Random(29)
    words = ["season", "episode", "premiere", "finale", "crossover", "network", "series", "character", "director", "writer"]

    def text(count):
        return " ".join(rng.choice(words) for _ in range(count))

    yield "indented-chrome", page(repeat(lambda n: (
        '\t<div class="nav-item">\n\t\t<a href="/wiki/Page_%d" class="nav-link" data-tracking="nav-%d">\n'
        '\t\t\t<span class="nav-label">\n\t\t\t\t%s\n\t\t\t</span>\n\t\t</a>\n\t</div>\n') % (n, n, text(2))))
    yield "inline-svg-use", page(repeat(lambda n: (
        f'<a href="/p/{n}" class="icon-link"><svg class="wds-icon wds-icon-small"><use xlink:href="#wds-icons-{words[n % 10]}-small">'
        f'</use></svg><span>{text(1)}</span></a>\n')))
    yield "inline-svg-paths", page(repeat(lambda n: (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" '
        f'stroke-width="2" aria-hidden="true"><g clip-path="url(#c{n})"><path d="M{n % 24} 2L{n % 7} 9Z"></path>'
        f'<circle cx="12" cy="12" r="{n % 9}"></circle></g><defs><clipPath id="c{n}"><rect width="24" height="24"></rect>'
        '</clipPath><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"></stop>'
        '</linearGradient></defs></svg>\n')))
    yield "data-attributes", page(repeat(lambda n: (
        f'<div class="card" data-id="{n}" data-tracking-label="card-{n}" data-tracking-category="related-content" '
        f'data-position="{n % 12}" data-image-key="Image_{n}.jpg" data-image-name="Image {n}.jpg" data-relevant="1" '
        f'data-src="https://static.example.org/images/{n}.jpg" aria-label="{text(2)}" style="width: {n % 300}px; '
        f'height: {n % 200}px; background-color: #abcdef;"></div>\n')))
    yield "attribute-references", page(repeat(lambda n: (
        f'<a href="/index.php?title=Page_{n}&amp;action=edit&amp;section={n % 9}&amp;oldid={n}" '
        f'data-props="{{&quot;id&quot;:{n},&quot;name&quot;:&quot;{text(1)}&quot;,&quot;tags&quot;:[&quot;a&quot;,&quot;b&quot;]}}" '
        f"title=\"It&#39;s {text(1)} &amp; more\">{text(2)}</a>\n")))
    yield "text-references", page(repeat(lambda n: (
        f"<p>{text(3)}&nbsp;&mdash; {text(2)}&hellip; &ldquo;{text(2)}&rdquo; &copy;&#160;2024 &#91;{n}&#93; "
        f"&rarr; {text(1)} &amp; {text(1)} &eacute;t&eacute; &#x2014; &lt;tag&gt;</p>\n")))
    json_blob = json.dumps([{"id": n, "title": text(4), "url": f"/a/{n}", "tags": [text(1), text(1)],
                             "score": rng.random()} for n in range(2400)])
    yield "script-json", page("<p>x</p>\n", head=f'<script type="application/json">{json_blob}</script>\n')
    html_in_json = json.dumps({"articles": [{"id": n, "body": f'<p class="lead">{text(8)} <a href="/x/{n}">{text(2)}</a></p>'
                                                      f"<ul><li>{text(3)}</li><li>{text(3)}</li></ul>"}
                                            for n in range(1400)]})
    yield "script-html-strings", page("<p>x</p>\n", head=f"<script>window.__STATE__ = {html_in_json};</script>\n")
    yield "script-html-escaped", page("<p>x</p>\n", head="<script>window.__STATE__ = "
                                      + html_in_json.replace("</", "<\\/") + ";</script>\n")
    yield "script-comment-escape", page("<p>x</p>\n", head="<script><!--\n" + repeat(lambda n: (
        f"if (a{n} < b && c-- > 0) {{ document.write('<div class=\"x\">' + i{n} + '<\\/div>'); x = y - {n}; }}\n"))
        + "//--></script>\n")
    yield "minified-js", page("<p>x</p>\n", head="<script>" + repeat(lambda n: (
        f"function f{n}(e,t){{for(var n=0;n<e.length;n++)if(e[n]&&e[n].k>t)return e[n];return null}}"
        f"var v{n}=f{n}([{{k:{n}}}],{n % 7})||{{}};")) + "</script>\n")
    yield "inline-style", page("<p>x</p>\n", head="<style>" + repeat(lambda n: (
        f".c{n} > .d{n}, .e{n} ~ a:hover {{ color: #{n % 4096:03x}; margin: {n % 9}px; }} "
        f'@media (min-width: {n % 900}px) {{ .c{n}::before {{ content: "\\201C"; }} }}\n')) + "</style>\n")
    yield "comments", page(repeat(lambda n: f"<!-- block {n}: {text(6)} -->\n<p>{text(4)}</p>\n"))
    yield "tables", page(repeat(lambda n: (
        '<table class="wikitable"><tbody>\n' + "".join(
            f'<tr><th scope="row">{n}.{r}</th><td>{text(2)}</td><td style="text-align:center">{r}</td></tr>\n'
            for r in range(8)) + "</tbody></table>\n")))
    yield "lists-of-links", page(repeat(lambda n: (
        f'<ul class="links">' + "".join(f'<li><a href="/wiki/{text(1)}_{n}_{k}" title="{text(2)}">{text(2)}</a></li>'
                                        for k in range(10)) + "</ul>\n")))
    yield "paragraphs-inline", page(repeat(lambda n: (
        f"<p>{text(6)} <b>{text(2)}</b> <i>{text(1)}</i> <a href=\"/w/{n}\">{text(2)}</a>, {text(5)} "
        f"<code>{text(1)}</code> <em>{text(2)}</em> <strong>{text(1)}</strong>.</p>\n")))
    yield "misnested-formatting", page(repeat(lambda n: (
        f"<p><b>{text(2)} <i>{text(2)}</b> {text(1)}</i> <a href=\"#\">{text(1)} <div>{text(2)}</a></div></p>\n")))
    yield "uppercase-unquoted", page(repeat(lambda n: (
        f"<TABLE BORDER=0 CELLPADDING=2 WIDTH=100%><TR><TD ALIGN=left VALIGN=top><FONT FACE=Arial SIZE=2>"
        f"{text(3)}</FONT></TD><TD><A HREF=/page{n}.html>{text(1)}</A></TD></TR></TABLE>\n")))
    yield "forms", page(repeat(lambda n: (
        f'<form action="/search" method="get"><label for="q{n}">{text(1)}</label><input type="text" id="q{n}" name="q" '
        f'value="{text(1)}" autocomplete="off"><select name="s{n}"><option value="1">{text(1)}</option>'
        f'<option value="2" selected>{text(1)}</option></select><button type="submit">Go</button></form>\n')))
    yield "images-srcset", page(repeat(lambda n: (
        f'<picture><source type="image/webp" srcset="' + ", ".join(
            f"https://img.example.org/{n}.jpg?w={w}&amp;q=80 {w}w" for w in (320, 640, 960, 1280, 1920))
        + f'"><img src="https://img.example.org/{n}.jpg" alt="{text(2)}" width="640" height="360" loading="lazy" '
          f'decoding="async"></picture>\n')))
    yield "non-ascii-text", page(repeat(lambda n: (
        f"<p>第{n}話「{rng.choice(['始まり', '約束', '決戦', '旅立ち'])}」は、{rng.choice(['東京', '大阪', '京都'])}で放送された。"
        f" Épisode n° {n} — « {text(2)} » · Серия {n}.</p>\n")))
    yield "noscript-images", page(repeat(lambda n: (
        f'<span class="img"><img src="data:image/gif;base64,R0lGODlhAQABAIABAAAAAP///yH5BAEAAAEALAAAAAABAAEAQAICTAEAOw%3D%3D" '
        f'data-src="/images/{n}.jpg" class="lazyload" alt=""><noscript><img src="/images/{n}.jpg" alt=""></noscript></span>\n')))
    yield "templates", page(repeat(lambda n: (
        f'<template id="t{n}"><div class="row"><span>{text(2)}</span><a href="/t/{n}">{text(1)}</a></div></template>\n')))
    yield "json-ld-many", page("<p>x</p>\n", head=repeat(lambda n: (
        '<script type="application/ld+json">' + json.dumps({"@context": "https://schema.org", "@type": "Episode",
                                                            "name": text(3), "episodeNumber": n,
                                                            "partOfSeason": {"@type": "TVSeason", "seasonNumber": n % 9}})
        + "</script>\n")))
    yield "br-and-void", page(repeat(lambda n: f"{text(3)}<br>{text(2)}<br/><hr><img src=\"/{n}.png\" alt=\"\"><wbr>\n"))
    yield "deep-divs", page(repeat(lambda n: "<div class=\"w\">" * 40 + text(2) + "</div>" * 40 + "\n"))


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "/tmp/feature-pages"
    os.makedirs(folder, exist_ok=True)
    for name, text in features():
        with open(os.path.join(folder, name + ".html"), "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"{name}.html: {len(text.encode('utf-8')):,} bytes")


if __name__ == "__main__":
    main()
