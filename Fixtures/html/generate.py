#!/usr/bin/env python3
"""Writes the benchmark pages of Fixtures/html (all but episodes.html, which is written by hand).

The markup is this project's own. It reproduces the *shapes* of kinds of pages a scraper meets and
that the other fixtures lack: a Fandom (MediaWiki, FandomDesktop skin) article with its heavy
navigation chrome (inline SVG icons, data-* attributes, inline styles, lazy images with <noscript>
copies, navboxes), its configuration scripts and JSON-LD; two games-news pages, one built like a
React/Next.js site (CSS-in-JS <style> blocks, inline SVG, srcset lists, a large __NEXT_DATA__ JSON
blob) and one like an older CMS (dozens of inline <script> tags with ad and analytics
configuration, JSON in data-* attributes, HTML strings inside scripts); and a small page. The facts
(titles, air dates, numbers) come from ../arrowverse/episodes.tsv or are plain public facts (a
game's release date, a network's name); every sentence is written here, and the scripts are
written here in the shape such scripts have, doing nothing in particular.

Run:  python3 Fixtures/html/generate.py   (stdlib only, deterministic)
"""

import csv
import html
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
EPISODES = os.path.join(HERE, "..", "arrowverse", "episodes.tsv")

MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]


def episodes():
    rows = []
    with open(EPISODES, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            rows.append({"show": fields[0], "season": int(fields[1]), "number": int(fields[2]) if fields[2].isdigit() else 0,
                         "overall": int(fields[3]), "title": fields[4], "date": fields[5]})
    return rows


def human_date(iso):
    year, month, day = iso.split("-")
    return f"{MONTHS[int(month) - 1]} {int(day)}, {year}"


def slug(title):
    return title.replace(" ", "_")


def esc(text):
    return html.escape(text, quote=True)


# Words to build sentences from: neutral, the project's own.
NOUNS = ["vigilante", "city", "island", "team", "bunker", "mission", "mayor", "detective", "family",
         "company", "league", "list", "mask", "bow", "partner", "sister", "father", "friend", "enemy",
         "crossover", "season", "episode", "secret", "past", "future", "ally", "war", "plan"]
VERBS = ["returns to", "leaves", "protects", "trains with", "confronts", "joins", "founds", "reveals",
         "loses", "rebuilds", "investigates", "defends", "meets", "rescues", "warns", "leads"]
ADJECTIVES = ["new", "old", "secret", "former", "young", "hidden", "last", "first", "second", "final"]


class Prose:
    """Sentences and paragraphs with links, from a seeded generator."""

    def __init__(self, seed, link_titles):
        self.random = random.Random(seed)
        self.links = link_titles

    def words(self, count):
        pick = self.random.choice
        out = []
        for _ in range(count):
            out.append(pick([pick(NOUNS), pick(ADJECTIVES), pick(NOUNS), "the", "a", "of", "and", "with"]))
        return " ".join(out)

    def sentence(self, link_chance=0.5, link=None):
        r = self.random
        parts = [r.choice(["He", "She", "They", "The team", "Oliver", "Felicity", "Diggle", "Thea", "Laurel"]),
                 r.choice(VERBS), "the", r.choice(ADJECTIVES), r.choice(NOUNS)]
        if r.random() < link_chance:
            title = link(r.choice(self.links)) if link else r.choice(self.links)
            parts += [r.choice(["in", "after", "before", "during"]), title]
        parts.append(self.words(r.randint(3, 9)))
        return " ".join(parts) + "."

    def paragraph(self, sentences, link=None, extra=None):
        out = []
        for _ in range(sentences):
            out.append(self.sentence(link=link))
            if extra and self.random.random() < 0.2:
                out[-1] += extra()
        return " ".join(out)


def svg_icon(name, size="small", extra_class=""):
    classes = f"wds-icon wds-icon-{size}" + (f" {extra_class}" if extra_class else "")
    return f'<svg class="{classes}"><use xlink:href="#wds-icons-{name}-{size}"></use></svg>'


def minified_script(rng, functions, with_markup=False):
    """A block of minified JavaScript in the usual shapes: comparisons with < and >, && and ||,
    string concatenation, optional HTML strings."""
    out = []
    for index in range(functions):
        name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(2))
        out.append(
            f"function {name}{index}(e,t,n){{var r=e.length,i=0,o=[];for(;i<r;i++){{if(e[i]&&e[i].id>t&&n.indexOf(e[i].k)<0)"
            f"{{o.push({{id:e[i].id,k:e[i].k||\"{name}\",v:(e[i].v|0)+{index}}})}}else if(e[i]==null||e[i].id<=t){{continue}}}}"
            f"return o.length>0?o:null}}")
        if with_markup and index % 3 == 0:
            out.append(
                f"function render{index}(e){{return'<div class=\"card card--'+e.k+'\" data-id=\"'+e.id+'\"><a href=\"'"
                f"+e.u+'\">'+e.t+'<\\/a><span class=\"card__meta\">'+e.v+'<\\/span><\\/div>'}}")
        out.append(f"window.__q{index}=window.__q{index}||[];window.__q{index}.push([{index},{rng.randint(1, 999)},\"{name}\"]);")
    return "".join(out)


# MARK: - Fandom article

FANDOM_HOST = "https://arrow.fandom.com"
STATIC = "https://static.wikia.nocookie.net/arrow/images"
ICONS = ["home", "compass", "book", "games", "movies", "tv", "video", "wikis", "search", "bell", "avatar",
         "comment", "heart", "pencil", "more", "share", "facebook", "twitter", "youtube", "instagram",
         "linkedin", "discord", "dropdown", "menu-control", "close", "arrow", "gear", "lock", "star",
         "flag", "history", "activity", "talk", "image", "upload", "trash", "link", "question", "info",
         "alert"]


def fandom_sprite(rng):
    symbols = []
    for icon in ICONS:
        for size in ("tiny", "small"):
            box = 12 if size == "tiny" else 18
            points = " ".join(f"{rng.randint(0, box)}.{rng.randint(0, 9)} {rng.randint(0, box)}.{rng.randint(0, 9)}"
                              for _ in range(rng.randint(6, 14)))
            symbols.append(
                f'<symbol id="wds-icons-{icon}-{size}" viewBox="0 0 {box} {box}">'
                f'<path fill-rule="evenodd" d="M{points}Z"></path></symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'style="height: 0px; width: 0px; position: absolute; overflow: hidden;" id="wds-sprite">'
            + "<defs>" + "".join(symbols) + "</defs></svg>")


def rlconf(page, rng, page_id):
    config = {
        "wgBreakFrames": False, "wgSeparatorTransformTable": ["", ""],
        "wgDigitTransformTable": ["", ""], "wgDefaultDateFormat": "dmy",
        "wgMonthNames": [""] + MONTHS, "wgRequestId": "%032x" % rng.getrandbits(128),
        "wgCSPNonce": False, "wgCanonicalNamespace": "", "wgCanonicalSpecialPageName": False,
        "wgNamespaceNumber": 0, "wgPageName": slug(page), "wgTitle": page, "wgCurRevisionId": 2000000 + page_id,
        "wgRevisionId": 2000000 + page_id, "wgArticleId": page_id, "wgIsArticle": True,
        "wgIsRedirect": False, "wgAction": "view", "wgUserName": None, "wgUserGroups": ["*"],
        "wgCategories": ["Characters", "Arrow characters", "Main characters", "Vigilantes", "Males",
                         "Earth-Prime residents", "Team Arrow members", "Mayors of Star City"],
        "wgPageContentLanguage": "en", "wgPageContentModel": "wikitext", "wgRelevantPageName": slug(page),
        "wgRelevantArticleId": page_id, "wgIsProbablyEditable": True, "wgRelevantPageIsProbablyEditable": True,
        "wgRestrictionEdit": [], "wgRestrictionMove": [], "wgVisualEditor": {"pageLanguageCode": "en",
                                                                             "pageLanguageDir": "ltr",
                                                                             "pageVariantFallbacks": "en"},
        "wgMediaViewerOnClick": True, "wgMediaViewerEnabledByDefault": False, "wgPopupsFlags": 6,
        "wgCityId": "31216", "wgContentLanguage": "en", "wgServer": FANDOM_HOST, "wgScriptPath": "",
        "wgArticlePath": "/wiki/$1", "wgSitename": "Arrowverse Wiki", "wgVersion": "1.39.7",
        "wgNamespaceIds": {name: index for index, name in enumerate(
            ["", "talk", "user", "user_talk", "project", "project_talk", "file", "file_talk", "mediawiki",
             "mediawiki_talk", "template", "template_talk", "help", "help_talk", "category", "category_talk"])},
    }
    state = {f"ext.fandom.{name}.css": "ready" for name in
             ["ArticleInterlang", "CreatePage", "Experiments.TeleportArticleAdSlot", "GlobalComponents.CommunityHeader",
              "GlobalComponents.GlobalFooter", "GlobalComponents.GlobalNavigation", "HighlightToAction",
              "PortableInfoboxFandomDesktop", "ServerSideExperiments.splitTrafficReleaseNewNav", "SocialLogin",
              "ThemeDesignSystem", "bannerNotifications.desktop", "quickBar", "wikiaBar", "ContentReview"]}
    modules = [f"ext.fandom.{name}.js" for name in
               ["ArticleComments", "AuthModal", "CategoryPage", "ContentReview", "DesignSystem", "GlobalNavigation",
                "Photos", "ReportUser", "SearchModal", "TrackingOptIn", "UserProfile", "WikiaBar", "ads",
                "bannerNotifications", "contentAssist", "fandomEmbeds", "hydra", "interactiveMaps", "lazyImages"]]
    return ('document.documentElement.className="client-js";RLCONF=' + json.dumps(config, separators=(",", ":"))
            + ";RLSTATE=" + json.dumps(state, separators=(",", ":"))
            + ";RLPAGEMODULES=" + json.dumps(modules, separators=(",", ":")) + ";")


def theme_style(rng):
    variables = []
    for area in ["page-background-color", "page-text-color", "page-accent-color", "link-color",
                 "sticky-nav-background-color", "community-header-color", "body-background-color",
                 "page-headings-font", "alert-color", "warning-color", "success-color", "message-color",
                 "border-color", "accent-color", "accent-label-color", "link-label-color"]:
        for variant in ["", "--hover", "--rgb", "--secondary", "--dark", "--light", "--mix-5", "--mix-10",
                        "--mix-20", "--mix-40", "--mix-60", "--mix-80"]:
            value = "#%06x" % rng.getrandbits(24) if variant != "--rgb" else \
                f"{rng.randint(0, 255)},{rng.randint(0, 255)},{rng.randint(0, 255)}"
            variables.append(f"--theme-{area}{variant}:{value};")
    return ":root{" + "".join(variables) + "}" + "".join(
        f".theme-fandomdesktop-dark .{name}{{color:var(--theme-page-text-color);border-color:var(--theme-border-color)}}"
        for name in ["page-header", "portable-infobox", "navbox", "wikitable", "page-footer", "wds-tabs"])


def fandom_global_navigation(rng):
    links = [("explore", "compass", "https://www.fandom.com/explore"), ("games", "games", "https://www.fandom.com/topics/games"),
             ("movies", "movies", "https://www.fandom.com/topics/movies"), ("tv", "tv", "https://www.fandom.com/topics/tv"),
             ("video", "video", "https://www.fandom.com/video"), ("wikis", "wikis", "https://community.fandom.com/wiki/Community_Central")]
    items = "".join(
        f'<a href="{href}" class="global-navigation__link" data-tracking-label="link.{label}">'
        f'{svg_icon(icon, "small", "global-navigation__icon")}<span class="global-navigation__label">{label.title()}</span></a>'
        for label, icon, href in links)
    logo_path = " ".join(f"{rng.randint(0, 120)}.{rng.randint(0, 99)},{rng.randint(0, 40)}.{rng.randint(0, 99)}" for _ in range(40))
    return (
        '<div class="global-navigation" data-tracking-label="global-navigation">'
        '<div class="global-navigation__top"><div class="global-navigation__logo">'
        '<a href="https://www.fandom.com/" class="global-navigation__logo-link" data-tracking-label="logo">'
        '<svg width="120" height="40" viewBox="0 0 120 40" xmlns="http://www.w3.org/2000/svg" class="global-navigation__logo-image">'
        f'<path fill="#FA005A" d="M{logo_path}Z"></path><path fill="#FFC500" d="M{logo_path[::-1].strip()}Z"></path></svg></a></div>'
        f'<nav class="global-navigation__links">{items}</nav>'
        '<div class="global-navigation__search"><a href="/wiki/Special:Search" class="global-navigation__link search-modal__button" '
        f'data-tracking-label="search">{svg_icon("search", "small", "global-navigation__icon")}<span>Search</span></a></div></div>'
        '<div class="global-navigation__bottom"><div class="global-navigation__register">'
        '<a href="https://auth.fandom.com/register?redirect=https%3A%2F%2Farrow.fandom.com%2Fwiki%2FOliver_Queen" '
        'class="wds-button wds-is-secondary" data-tracking-label="account.register" rel="nofollow">Register</a>'
        '<a href="https://auth.fandom.com/signin?redirect=https%3A%2F%2Farrow.fandom.com%2Fwiki%2FOliver_Queen" '
        'class="wds-button wds-is-text" data-tracking-label="account.sign-in" rel="nofollow">'
        f'{svg_icon("avatar", "small")}<span>Sign In</span></a></div>'
        '<div class="global-navigation__start-a-wiki"><a href="https://createnewwiki.fandom.com/" '
        'class="wds-button wds-is-secondary" data-tracking-label="start-a-wiki">Start a Wiki</a></div></div></div>')


def fandom_local_navigation(shows):
    def level3(show, season_count):
        return "".join(
            f'<li><a href="/wiki/Season_{n}_({slug(show)})" data-tracking="custom-level-3"><span>Season {n}</span></a></li>'
            for n in range(1, season_count + 1))

    menus = []
    explore = "".join(
        f'<li><a href="{href}" data-tracking="explore-{key}">{svg_icon(icon, "tiny", "wds-icon-small")}<span>{label}</span></a></li>'
        for key, icon, href, label in [("main-page", "home", "/wiki/Arrowverse_Wiki", "Main Page"),
                                        ("discuss", "comment", "/f", "Discuss"),
                                        ("all-pages", "book", "/wiki/Special:AllPages", "All Pages"),
                                        ("community", "wikis", "/wiki/Special:Community", "Community"),
                                        ("interactive-maps", "compass", "/wiki/Special:AllMaps", "Interactive Maps"),
                                        ("blogs", "pencil", "/wiki/Blog:Recent_posts", "Recent blog posts")])
    menus.append(
        '<li class="wds-dropdown explore-menu"><div class="wds-tabs__tab-label wds-dropdown__toggle first-level-item">'
        f'{svg_icon("book", "tiny")}<span>Explore</span>{svg_icon("dropdown", "tiny", "wds-dropdown__toggle-chevron")}</div>'
        f'<div class="wds-is-not-scrollable wds-dropdown__content"><ul class="wds-list wds-is-linked">{explore}</ul></div></li>')
    for menu, entries in [("Series", shows), ("Characters", shows[:6]), ("Crossovers", shows[:4]), ("Community", shows[:3])]:
        items = "".join(
            f'<li class="wds-dropdown-level-nested"><a href="/wiki/{slug(show)}" class="wds-dropdown-level-nested__toggle" '
            f'data-tracking="custom-level-2"><span>{esc(show)}</span>{svg_icon("menu-control", "tiny", "wds-dropdown-chevron")}</a>'
            f'<div class="wds-is-not-scrollable wds-dropdown-level-nested__content"><ul class="wds-list wds-is-linked">'
            f'{level3(show, seasons)}</ul></div></li>'
            for show, seasons in entries)
        menus.append(
            f'<li class="wds-dropdown"><a href="/wiki/{menu}" class="wds-tabs__tab-label wds-dropdown__toggle" '
            f'data-tracking="custom-level-1"><span>{menu}</span>{svg_icon("dropdown", "tiny", "wds-dropdown__toggle-chevron")}</a>'
            f'<div class="wds-is-not-scrollable wds-dropdown__content"><ul class="wds-list wds-is-linked wds-has-bolded-items">'
            f'{items}</ul></div></li>')
    return '<nav class="fandom-community-header__local-navigation"><ul class="wds-tabs">' + "".join(menus) + "</ul></nav>"


def lazy_image(name, width, height, caption=None, css="thumbimage"):
    key = slug(name) + ".jpg"
    src = f"{STATIC}/{ord(name[0]) % 16:x}/{ord(name[-1]) % 16:x}{ord(name[1]) % 16:x}/{key}/revision/latest/scale-to-width-down/{width}?cb=2019{len(name):04d}"
    image = (f'<img src="data:image/gif;base64,R0lGODlhAQABAIABAAAAAP///yH5BAEAAAEALAAAAAABAAEAQAICTAEAOw%3D%3D" '
             f'alt="{esc(name)}" decoding="async" loading="lazy" width="{width}" height="{height}" '
             f'data-image-name="{esc(key)}" data-image-key="{esc(key)}" data-relevant="0" data-src="{src}" class="{css} lazyload"/>')
    fallback = (f'<noscript><img src="{src}" alt="{esc(name)}" decoding="async" loading="lazy" width="{width}" '
                f'height="{height}" data-image-name="{esc(key)}" data-image-key="{esc(key)}" data-relevant="0" '
                f'class="{css}"/></noscript>')
    link = f'<a href="{src.split("/revision")[0]}/revision/latest?cb=2019" class="image">{image}{fallback}</a>'
    if caption is None:
        return link
    return (f'<figure class="thumb tright show-info-icon" style="width: {width + 2}px">{link}'
            f'<figcaption class="thumbcaption"><p class="caption">{caption}</p></figcaption></figure>')


def fandom_infobox(rows):
    groups = []
    for heading, items in rows:
        cells = "".join(
            f'<div class="pi-item pi-data pi-item-spacing pi-border-color" data-source="{key}">'
            f'<h3 class="pi-data-label pi-secondary-font">{label}</h3><div class="pi-data-value pi-font">{value}</div></div>'
            for key, label, value in items)
        groups.append(
            f'<section class="pi-item pi-group pi-border-color"><h2 class="pi-item pi-header pi-secondary-font '
            f'pi-item-spacing pi-secondary-background">{heading}</h2>{cells}</section>')
    return ('<aside role="region" class="portable-infobox pi-background pi-border-color pi-theme-wikia pi-layout-default">'
            '<h2 class="pi-item pi-item-spacing pi-title pi-secondary-background" data-source="name">Oliver Queen</h2>'
            '<figure class="pi-item pi-image" data-source="image">'
            + lazy_image("Oliver Queen Arrow season 8 promotional", 268, 402, css="pi-image-thumbnail")
            + "</figure>" + "".join(groups) + "</aside>")


def navbox(show, rows):
    seasons = {}
    for row in rows:
        seasons.setdefault(row["season"], []).append(row)
    body = "".join(
        f'<tr><th scope="row" class="navbox-group" style="width:1%">Season {season}</th>'
        f'<td class="navbox-list navbox-{"odd" if season % 2 else "even"}" style="text-align:left;border-left-width:2px;border-left-style:solid;width:100%;padding:0px">'
        '<div style="padding:0em 0.25em">'
        + " • ".join(f'<a href="/wiki/{esc(slug(e["title"]))}" title="{esc(e["title"])}">{esc(e["title"])}</a>' for e in items)
        + "</div></td></tr>"
        for season, items in sorted(seasons.items()))
    return (f'<table class="navbox mw-collapsible mw-collapsed" style="width:100%;margin:auto;clear:both"><tbody>'
            f'<tr><th colspan="2" class="navbox-title" style="background:#1d5e3b;color:#fff">'
            f'<span class="mw-collapsible-toggle mw-collapsible-toggle-default" role="button" tabindex="0">'
            f'<a class="mw-collapsible-text">Expand</a></span><a href="/wiki/{slug(show)}" title="{esc(show)}">{esc(show)}</a> episodes</th></tr>'
            + body + "</tbody></table>")


def fandom_article(all_episodes):
    rng = random.Random(2912)
    arrow = [e for e in all_episodes if e["show"] == "Arrow"]
    flash = [e for e in all_episodes if e["show"] == "The Flash"]
    shows = [("Arrow", 8), ("The Flash", 9), ("Supergirl", 6), ("DC's Legends of Tomorrow", 7), ("Batwoman", 3),
             ("Black Lightning", 4), ("Superman & Lois", 4), ("Stargirl", 3), ("Constantine", 1), ("Vixen", 2)]
    prose = Prose(2913, [e["title"] for e in arrow])
    reference_count = [0]

    def link(title):
        return f'<a href="/wiki/{esc(slug(title))}" title="{esc(title)}">"{esc(title)}"</a>'

    def reference():
        reference_count[0] += 1
        n = reference_count[0]
        return (f'<sup id="cite_ref-{n}" class="reference"><a href="#cite_note-{n}">[{n}]</a></sup>')

    head = [
        '<!DOCTYPE html>\n<html class="client-nojs" lang="en" dir="ltr">\n<head>\n<meta charset="UTF-8"/>\n',
        "<title>Oliver Queen | Arrowverse Wiki | Fandom</title>\n",
        f"<script>{rlconf('Oliver Queen', rng, 1187)}</script>\n",
        '<script>(RLQ=window.RLQ||[]).push(function(){mw.loader.implement("user.options@12s5i",function($,jQuery,require,module)'
        '{mw.user.tokens.set({"patrolToken":"+\\\\","watchToken":"+\\\\","csrfToken":"+\\\\"});});});</script>\n',
    ]
    for modules in ["ext.fandom.ArticleInterlang.css%7Cext.fandom.CreatePage.css%7Cext.fandom.GlobalComponents.CommunityHeader.css",
                    "ext.fandom.PortableInfoboxFandomDesktop.css%7Cext.fandom.ThemeDesignSystem.css%7Cext.visualEditor.desktopArticleTarget.noscript",
                    "site.styles%7Cuser.styles"]:
        head.append(f'<link rel="stylesheet" href="{FANDOM_HOST}/load.php?fandomdesktop=1&amp;lang=en&amp;modules={modules}&amp;only=styles&amp;skin=fandomdesktop"/>\n')
    head.append(f'<script async="" src="{FANDOM_HOST}/load.php?fandomdesktop=1&amp;lang=en&amp;modules=startup&amp;only=scripts&amp;raw=1&amp;skin=fandomdesktop"></script>\n')
    for name, content in [("generator", "MediaWiki 1.39.7"), ("referrer", "origin"), ("referrer", "origin-when-crossorigin"),
                          ("robots", "max-image-preview:standard"), ("format-detection", "telephone=no"),
                          ("viewport", "width=device-width, initial-scale=1.0, user-scalable=yes, minimum-scale=0.25, maximum-scale=5.0"),
                          ("description", "Oliver Jonas Queen is the vigilante of Star City known first as the Hood and later as the Green Arrow."),
                          ("twitter:card", "summary_large_image"), ("twitter:site", "@getfandom")]:
        head.append(f'<meta name="{name}" content="{esc(content)}"/>\n')
    for prop, content in [("og:type", "article"), ("og:site_name", "Arrowverse Wiki"), ("og:title", "Oliver Queen"),
                          ("og:url", f"{FANDOM_HOST}/wiki/Oliver_Queen"), ("og:image", f"{STATIC}/a/a1/Oliver_Queen.png/revision/latest?cb=20200112"),
                          ("fb:app_id", "112328095453510")]:
        head.append(f'<meta property="{prop}" content="{esc(content)}"/>\n')
    for rel, href, extra in [("alternate", "/wiki/Oliver_Queen?action=edit", ' type="application/x-wiki" title="Edit"'),
                             ("icon", f"{STATIC}/4/4a/Site-favicon.ico/revision/latest?cb=20210322", ""),
                             ("search", "/rest.php/v1/search", ' type="application/opensearchdescription+xml" title="Arrowverse Wiki (en)"'),
                             ("EditURI", f"{FANDOM_HOST}/api.php?action=rsd", ' type="application/rsd+xml"'),
                             ("canonical", f"{FANDOM_HOST}/wiki/Oliver_Queen", ""),
                             ("alternate", "/wiki/Special:RecentChanges?feed=atom", ' type="application/atom+xml" title="Arrowverse Wiki Atom feed"'),
                             ("preconnect", "https://static.wikia.nocookie.net", ""), ("preconnect", "https://services.fandom.com", ""),
                             ("dns-prefetch", "https://www.google-analytics.com", "")]:
        head.append(f'<link rel="{rel}" href="{href}"{extra}/>\n')
    head.append(f"<script>{minified_script(rng, 40)}</script>\n")
    head.append(f"<style>{theme_style(rng)}</style>\n")
    ld = {"@context": "http://schema.org", "@type": "Article",
          "about": {"@type": "Thing", "name": "Oliver Queen"},
          "author": {"@type": "Organization", "name": "Arrowverse Wiki Community", "url": f"{FANDOM_HOST}/wiki/Special:ListUsers"},
          "headline": "Oliver Jonas Queen is the vigilante of Star City known first as the Hood and later as the Green Arrow.",
          "url": f"{FANDOM_HOST}/wiki/Oliver_Queen", "name": "Oliver Queen", "mainEntityOfPage": f"{FANDOM_HOST}/wiki/Oliver_Queen",
          "potentialAction": {"@type": "ReadAction", "target": f"{FANDOM_HOST}/wiki/Oliver_Queen"},
          "publisher": {"@type": "Organization", "name": "Fandom", "logo": {"@type": "ImageObject", "url": "https://static.wikia.nocookie.net/fandom-logo.png"}},
          "image": {"@type": "ImageObject", "url": f"{STATIC}/a/a1/Oliver_Queen.png/revision/latest?cb=20200112"}}
    head.append(f'<script type="application/ld+json">{json.dumps(ld, separators=(",", ":"))}</script>\n')
    context = {"site": {"cityId": 31216, "siteName": "arrow", "categories": ["tv", "comics"], "communityName": "Arrowverse Wiki",
                        "contentLanguage": "en", "dbName": "arrow", "isGamingWiki": False, "mwVersion": "1.39.7",
                        "platform": "fandom", "tags": {"gnre": ["action", "adventure", "drama", "superhero"],
                                                        "media": ["tv"], "pform": [], "pub": ["dc", "the cw"],
                                                        "sex": ["m"], "age": ["13-17", "18-24", "25-34"]}},
               "page": {"articleId": 1187, "pageType": "article", "pageName": "Oliver_Queen", "namespaceId": 0,
                        "pageCategories": [f"Category {n}" for n in range(40)]},
               "tracking": {"ppid": "%032x" % rng.getrandbits(128), "sessionId": "%032x" % rng.getrandbits(128),
                            "pvUID": "%032x" % rng.getrandbits(128), "pvNumber": 1},
               "partners": {name: {"enabled": rng.random() < 0.5, "id": rng.randint(1000, 99999)}
                            for name in ["a9", "prebid", "nielsen", "comscore", "quantcast", "krux", "permutive",
                                         "facebook", "twitter", "googleImaSetup", "jwplayer", "bidders"]}}
    head.append(f"<script>window.fandomContext = {json.dumps(context, separators=(',', ':'))};</script>\n")
    slots = {f"slot_{n}": {"adUnit": f"/5441/wka1b.LB/top_leaderboard_{n}", "sizes": [[728, 90], [970, 250], [300, 250]],
                           "targeting": {"loc": "top", "pos": f"pos{n}", "rv": n}} for n in range(24)}
    head.append(f"<script>window.adsConfig = {json.dumps(slots, separators=(',', ':'))};{minified_script(rng, 20)}</script>\n")
    head.append("</head>\n")

    body = ['<body class="skin-fandomdesktop mediawiki ltr sitedir-ltr mw-hide-empty-elt ns-0 ns-subject page-Oliver_Queen '
            'rootpage-Oliver_Queen theme-fandomdesktop-dark is-content-namespace has-sticky-nav-enabled">\n',
            fandom_sprite(rng), "\n",
            '<div class="top-ads-container"><div id="top_leaderboard" class="ad-slot-placeholder top-leaderboard is-loading" '
            'data-slot-name="top_leaderboard" data-ad-label="Advertisement"></div></div>\n',
            fandom_global_navigation(rng), "\n",
            '<div class="main-container" style="width: 100%;">\n',
            f'<div class="fandom-community-header__background tileBoth header" style="background-image: url({STATIC}/5/50/Wiki-background/revision/latest?cb=20200311);"></div>\n',
            '<div class="resizable-container"><div class="community-header-wrapper page__top">'
            f'<header class="fandom-community-header"><a accesskey="z" href="{FANDOM_HOST}" class="fandom-community-header__image">'
            f'<img src="{STATIC}/e/e6/Site-logo.png/revision/latest?cb=20210322" width="54" height="65" alt="Arrowverse Wiki"/></a>'
            '<div class="fandom-community-header__top-container"><div class="fandom-community-header__community-name-wrapper">'
            f'<a href="{FANDOM_HOST}" class="fandom-community-header__community-name" data-tracking="custom-level-1">Arrowverse Wiki</a></div>'
            '<div class="fandom-community-header__top-buttons"><div class="wiki-tools wds-button-group">'
            f'<a href="/wiki/Special:Search" class="wds-button wds-is-secondary" title="Search" data-tracking="search">{svg_icon("search", "small")}</a>'
            f'<a href="/wiki/Special:RecentChanges" class="wds-button wds-is-secondary" title="Recent Changes" data-tracking="recent-changes">{svg_icon("activity", "small")}</a>'
            f'<div class="wds-dropdown"><div class="wds-dropdown__toggle wds-button wds-is-secondary">{svg_icon("more", "small")}</div></div>'
            '</div></div></div>',
            fandom_local_navigation(shows),
            "</header></div>\n",
            '<div class="page has-right-rail"><main class="page__main" lang="en">\n'
            '<div class="page-header" id="PageHeader"><div class="page-header__top"><div class="page-header__meta">'
            '<div class="page-header__categories"><span class="page-header__categories-in">in:</span> '
            + ", ".join(f'<a href="/wiki/Category:{slug(c)}" title="Category:{esc(c)}" data-tracking-label="categories-top-more-{n}">{esc(c)}</a>'
                        for n, c in enumerate(["Characters", "Arrow characters", "Main characters"]))
            + '<div class="wds-dropdown page-header__categories-dropdown"><span>, </span><a class="wds-dropdown__toggle" data-tracking-label="categories-top-more">more</a></div></div>'
            '<div class="page-header__languages"><div class="wds-dropdown"><div class="wds-dropdown__toggle" data-tracking="interwiki-dropdown">English'
            + svg_icon("dropdown", "tiny", "wds-dropdown__toggle-chevron") + '</div><div class="wds-dropdown__content"><ul class="wds-list wds-is-linked">'
            + "".join(f'<li><a href="https://{code}.arrow.fandom.com/wiki/Oliver_Queen" data-tracking-label="lang-{code}" lang="{code}">{name}</a></li>'
                      for code, name in [("de", "Deutsch"), ("es", "Español"), ("fr", "Français"), ("it", "Italiano"),
                                         ("pl", "Polski"), ("pt-br", "Português do Brasil"), ("ru", "Русский")])
            + '</ul></div></div></div></div>'
            '<div class="page-header__title-wrapper"><h1 class="page-header__title" id="firstHeading">'
            '<span class="mw-page-title-main">Oliver Queen</span></h1></div>'
            '<div class="page-header__actions"><a id="ca-edit" class="wds-button wds-is-text page-header__action-button has-label" '
            f'href="/wiki/Oliver_Queen?action=edit" data-tracking-label="ca-edit">{svg_icon("pencil", "small")}Edit</a>'
            f'<a href="/wiki/Talk:Oliver_Queen" class="wds-button wds-is-text page-header__action-button" data-tracking-label="ca-talk">{svg_icon("comment", "small")}</a>'
            '</div></div></div>\n',
            '<div id="content" class="page-content"><div id="mw-content-text" class="mw-body-content mw-content-ltr" lang="en" dir="ltr">'
            '<div class="mw-parser-output">\n',
            ]

    infobox = fandom_infobox([
        ("Biographical information", [
            ("realname", "Real name", "Oliver Jonas Queen"),
            ("alias", "Alias", "<br/>".join(["The Hood", "The Arrow", "Green Arrow", "Spectre", "Oliver Queen"])),
            ("gender", "Gender", "Male"),
            ("status", "Status", '<a href="/wiki/Deceased" title="Deceased">Deceased</a>'),
            ("born", "Born", "May 16, 1985"),
            ("affiliation", "Affiliation", "<br/>".join(f'<a href="/wiki/{slug(a)}" title="{a}">{a}</a>'
                                                        for a in ["Team Arrow", "Queen Consolidated", "Bratva", "League of Assassins",
                                                                  "Star City Police Department", "Office of the Mayor"]))]),
        ("Family", [("family", "Family", "<br/>".join(f'<a href="/wiki/{slug(n)}" title="{n}">{n}</a> ({r})'
                                                      for n, r in [("Robert Queen", "father"), ("Moira Queen", "mother"),
                                                                   ("Thea Queen", "half-sister"), ("William Clayton", "son"),
                                                                   ("Mia Smoak", "daughter"), ("Felicity Smoak", "wife")]))]),
        ("Appearances", [("portrayed", "Portrayed by", '<a href="/wiki/Stephen_Amell" title="Stephen Amell">Stephen Amell</a>'),
                         ("first", "First appearance", link("Pilot")),
                         ("last", "Last appearance", link("Fadeout"))]),
    ])
    content = [infobox, "\n"]
    content.append('<div id="toc" class="toc" role="navigation" aria-labelledby="mw-toc-heading"><input type="checkbox" role="button" '
                   'id="toctogglecheckbox" class="toctogglecheckbox" style="display:none"/><div class="toctitle" lang="en" dir="ltr">'
                   '<h2 id="mw-toc-heading">Contents</h2><span class="toctogglespan"><label class="toctogglelabel" for="toctogglecheckbox">'
                   '</label></span></div><ul>')
    sections = [f"Season {n}" for n in range(1, 9)] + ["Crossovers", "Personality", "Abilities", "Equipment",
                                                       "Relationships", "Appearances", "Trivia", "Gallery", "References"]
    for index, section in enumerate(sections, 1):
        content.append(f'<li class="toclevel-1 tocsection-{index}"><a href="#{slug(section)}"><span class="tocnumber">{index}</span> '
                       f'<span class="toctext">{section}</span></a></li>')
    content.append("</ul></div>\n")
    content.append(f'<p><b>Oliver Jonas Queen</b> is the main character of <i><a href="/wiki/Arrow" title="Arrow">Arrow</a></i>, which '
                   f'premiered on <a href="/wiki/The_CW" title="The CW">The CW</a> on October 10, 2012.{reference()} '
                   f'{prose.paragraph(4, link=link, extra=reference)}</p>\n')
    images = [e["title"] for e in arrow]
    for section_number, section in enumerate(sections[:-2], 1):
        content.append(f'<h2><span class="mw-headline" id="{slug(section)}">{section}</span><span class="mw-editsection">'
                       f'<span class="mw-editsection-bracket">[</span><a href="/wiki/Oliver_Queen?action=edit&amp;section={section_number}" '
                       f'title="Edit section: {section}">{svg_icon("pencil", "tiny")}edit</a><span class="mw-editsection-bracket">]</span></span></h2>\n')
        if section.startswith("Season"):
            season = int(section.split()[1])
            content.append('<div class="quote"><blockquote><p>"' + prose.words(14).capitalize() + '."</p></blockquote>'
                           f'<p class="quote-attribution">— Oliver Queen, {link(rng.choice(images))}</p></div>\n')
            content.append(lazy_image(images[(season * 7) % len(images)] + " still", 250, 141,
                                      caption=f"Oliver in season {season}.") + "\n")
            for _ in range(5):
                content.append(f"<p>{prose.paragraph(rng.randint(4, 7), link=link, extra=reference)}</p>\n")
            content.append(f'<h3><span class="mw-headline" id="{slug(section)}_episodes">Episodes</span></h3>\n<ul>'
                           + "".join(f"<li>{link(e['title'])} ({human_date(e['date'])})</li>"
                                     for e in arrow if e["season"] == season) + "</ul>\n")
        else:
            for _ in range(3):
                content.append(f"<p>{prose.paragraph(rng.randint(3, 6), link=link, extra=reference)}</p>\n")
    content.append('<h2><span class="mw-headline" id="Gallery">Gallery</span></h2>\n'
                   '<div id="gallery-0" class="wikia-gallery wikia-gallery-caption-below wikia-gallery-position-center '
                   'wikia-gallery-spacing-medium wikia-gallery-border-small wikia-gallery-captions-center wikia-gallery-caption-size-medium">'
                   '<div class="wikia-gallery-row">')
    for index, title in enumerate(images[:36]):
        content.append(f'<span class="wikia-gallery-item" style="width: 185px"><div class="thumb" style="height: 185px;">'
                       f'<div class="gallery-image-wrapper accent" id="{slug(title)}-{index}" style="position: relative; width: 185px; top: 40px;">'
                       + lazy_image(title + " promotional", 185, 104) +
                       f'</div></div><div class="lightbox-caption" style="width:185px">Promotional image for {link(title)}</div></span>')
        if index % 4 == 3:
            content.append('</div><div class="wikia-gallery-row">')
    content.append("</div></div>\n")
    content.append('<h2><span class="mw-headline" id="References">References</span></h2>\n<div class="references-small">'
                   '<ol class="references">')
    for n in range(1, reference_count[0] + 1):
        e = arrow[n % len(arrow)]
        content.append(f'<li id="cite_note-{n}"><span class="mw-cite-backlink"><a href="#cite_ref-{n}">↑</a></span> '
                       f'<span class="reference-text"><a rel="nofollow" class="external text" '
                       f'href="https://www.thefutoncritic.com/listings/{e["date"].replace("-", "")}cw{n:02d}/">'
                       f'Listings for {esc(e["title"])}</a>. The Futon Critic ({human_date(e["date"])}).</span></li>')
    content.append("</ol></div>\n")
    content.append(navbox("Arrow", arrow) + "\n" + navbox("The Flash", flash) + "\n")
    content.append("<!-- \nNewPP limit report\nCached time: 20240301120000\nCache expiry: 1209600\nReduced expiry: false\n"
                   "Complications: [show‐toc]\nCPU time usage: 0.912 seconds\nReal time usage: 1.104 seconds\n"
                   "Preprocessor visited node count: 8123/1000000\nPost‐expand include size: 61234/2097152 bytes\n"
                   "Template argument size: 9123/2097152 bytes\nHighest expansion depth: 12/100\n-->\n")
    content.append("</div></div></div>\n")
    categories = ["Characters", "Arrow characters", "Main characters", "Vigilantes", "Males", "Earth-Prime residents",
                  "Team Arrow members", "Mayors of Star City", "Queen family", "Deceased characters"]
    content.append('<div class="page-footer"><div class="page-footer__categories wds-collapsible-panel wds-is-collapsed">'
                   '<header class="wds-collapsible-panel__header">Categories</header><div class="wds-collapsible-panel__content"><ul>'
                   + "".join(f'<li class="category-page__member"><span class="name"><a href="/wiki/Category:{slug(c)}" '
                             f'title="Category:{esc(c)}" data-tracking-label="categories-{n}">{esc(c)}</a></span></li>'
                             for n, c in enumerate(categories))
                   + "</ul></div></div>"
                   '<div class="license-description">Community content is available under <a rel="nofollow" '
                   'href="https://www.fandom.com/licensing">CC-BY-SA</a> unless otherwise noted.</div></div>\n')
    content.append("</main>\n")
    rail = ['<aside class="page__right-rail is-rail-hidden"><button class="right-rail-toggle" data-wds-tooltip="Expand" '
            'data-wds-tooltip-position="bottom" aria-label="Expand">' + svg_icon("menu-control", "tiny") + '</button>'
            '<div id="WikiaRail" class="WikiaRail"><div id="top-right-boxad-wrapper"><div id="top_boxad" class="ad-slot-placeholder '
            'top-boxad is-loading" data-slot-name="top_boxad"></div></div><section class="rail-module recent-images-module">'
            '<h2 class="rail-module__header">Recent Images</h2><ul>']
    for title in images[40:52]:
        rail.append(f'<li><a href="/wiki/File:{slug(title)}.jpg" data-tracking-label="recent-image">'
                    + lazy_image(title + " still", 64, 36) + f'</a><span>{esc(title)}</span></li>')
    rail.append("</ul></section></div></aside></div></div></div>\n")
    footer = ['<footer class="global-footer"><div class="global-footer__content"><div class="global-footer__section global-footer__section-logo">'
              f'<a href="https://www.fandom.com/" class="global-footer__logo" data-tracking-label="logo">{svg_icon("wikis", "small")}</a></div>']
    for section, links in [("Explore properties", ["Fandom", "Muthead", "Futhead", "Fanatical"]),
                           ("Follow Us", ["facebook", "twitter", "youtube", "instagram", "linkedin", "discord"]),
                           ("Overview", ["What is Fandom?", "About", "Careers", "Press", "Contact", "Terms of Use",
                                         "Privacy Policy", "Digital Services Act", "Global Sitemap", "Local Sitemap"]),
                           ("Community", ["Community Central", "Support", "Help", "Do Not Sell or Share My Personal Information"]),
                           ("Advertise", ["Media Kit"]), ("Fandom Apps", ["Fandom App", "FandomDesktop"])]:
        items = "".join(
            f'<li><a href="https://www.fandom.com/{slug(name.lower())}" class="global-footer__link" '
            f'data-tracking-label="{slug(section.lower())}.{slug(name.lower())}">'
            + (svg_icon(name, "small", "global-footer__icon") if section == "Follow Us" else "")
            + f"<span>{esc(name)}</span></a></li>"
            for name in links)
        footer.append(f'<section class="global-footer__section"><h3 class="global-footer__section-header">{section}</h3>'
                      f'<ul class="global-footer__links">{items}</ul></section>')
    footer.append('<div class="global-footer__bottom"><div class="global-footer__licensing-and-vertical">Arrowverse Wiki is a Fandom '
                  'TV Community.</div></div></div></footer>\n</div>\n')
    tail = [f'<script>(RLQ=window.RLQ||[]).push(function(){{mw.config.set({{"wgBackendResponseTime":{rng.randint(80, 400)},'
            f'"wgPageParseReport":{{"limitreport":{{"cputime":"0.912","walltime":"1.104","ppvisitednodes":{{"value":8123,"limit":1000000}},'
            f'"postexpandincludesize":{{"value":61234,"limit":2097152}},"expansiondepth":{{"value":12,"limit":100}},'
            f'"entityaccesscount":{{"value":0,"limit":400}}}},"cachereport":{{"timestamp":"20240301120000","ttl":1209600,"transientcontent":false}}}}}});}});</script>\n']
    for n in range(12):
        tail.append(f"<script>{minified_script(rng, 6 + n % 5)}</script>\n")
    tail.append("</body>\n</html>\n")
    return "".join(head + body + content + rail + footer + tail)


# MARK: - Games news, React/Next.js shape

GAMES = [("The Legend of Zelda: Tears of the Kingdom", "2023-05-12", "Nintendo Switch", "Nintendo"),
         ("Baldur's Gate 3", "2023-08-03", "PC", "Larian Studios"),
         ("Elden Ring", "2022-02-25", "PlayStation 5", "FromSoftware"),
         ("Hades II", "2024-05-06", "PC", "Supergiant Games"),
         ("Final Fantasy VII Rebirth", "2024-02-29", "PlayStation 5", "Square Enix"),
         ("Starfield", "2023-09-06", "Xbox Series X", "Bethesda Game Studios"),
         ("Super Mario Bros. Wonder", "2023-10-20", "Nintendo Switch", "Nintendo"),
         ("Alan Wake 2", "2023-10-27", "PC", "Remedy Entertainment"),
         ("Helldivers 2", "2024-02-08", "PlayStation 5", "Arrowhead Game Studios"),
         ("Balatro", "2024-02-20", "PC", "LocalThunk")]

TAILWIND = ["flex", "items-center", "justify-between", "gap-2", "gap-4", "px-4", "py-2", "md:px-8", "text-sm", "text-base",
            "md:text-lg", "font-semibold", "leading-tight", "text-neutral-900", "dark:text-neutral-100", "rounded-lg",
            "hover:underline", "focus-visible:outline", "w-full", "max-w-screen-xl", "mx-auto", "grid", "grid-cols-1",
            "md:grid-cols-3", "bg-white", "dark:bg-neutral-950", "border-b", "border-neutral-200", "shrink-0", "relative"]


def icon_svg(rng, label):
    path = " ".join(f"{rng.choice('MLCQ')}{rng.randint(0, 24)}.{rng.randint(0, 99)} {rng.randint(0, 24)}.{rng.randint(0, 99)}"
                    for _ in range(rng.randint(8, 20)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" '
            f'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" '
            f'class="icon icon-{label}"><path d="{path}Z"></path></svg>')


def classes(rng, count):
    return " ".join(rng.sample(TAILWIND, count))


def srcset(url, widths):
    return ", ".join(f"{url}?width={w}&amp;quality=80&amp;format=webp {w}w" for w in widths)


def emotion_css(rng, rules):
    out = []
    for _ in range(rules):
        name = "css-" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(7))
        out.append(f".{name}{{display:{rng.choice(['flex', 'grid', 'block', 'inline-flex'])};"
                   f"margin:{rng.randint(0, 32)}px {rng.randint(0, 32)}px;padding:{rng.randint(0, 24)}px;"
                   f"color:var(--color-{rng.choice(['text', 'muted', 'accent'])});font-size:{rng.randint(12, 32)}px;"
                   f"line-height:1.{rng.randint(1, 9)};}}@media (min-width:{rng.choice([640, 768, 1024, 1280])}px)"
                   f"{{.{name}{{padding:{rng.randint(0, 48)}px;grid-template-columns:repeat({rng.randint(1, 4)},minmax(0,1fr));}}}}"
                   f".{name}>a:hover,.{name}>a:focus-visible{{text-decoration:underline;}}")
    return "".join(out)


def next_news_article():
    rng = random.Random(2914)
    game, date, platform, studio = GAMES[0]
    site = "https://www.gameline.example"
    image = "https://assets.gameline.example/2023/05/zelda-totk-review-hero.jpg"
    prose = Prose(2915, [g[0] for g in GAMES])

    def link(title):
        return f'<a href="{site}/games/{slug(title).lower()}" class="{classes(rng, 2)}" data-cy="article-link">{esc(title)}</a>'

    head = ['<!DOCTYPE html><html lang="en-US" class="theme-dark"><head><meta charSet="utf-8"/>'
            '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"/>'
            f"<title>{esc(game)} Review - GameLine</title>"]
    for name, content in [("description", f"{game} arrives on {platform} on {date}; our review."),
                          ("robots", "index, follow, max-image-preview:large"), ("theme-color", "#bf1313"),
                          ("twitter:card", "summary_large_image"), ("twitter:site", "@gameline"),
                          ("twitter:image", image), ("parsely-title", f"{game} Review"), ("parsely-type", "post"),
                          ("parsely-section", "Reviews"), ("parsely-pub-date", f"{date}T13:00:00Z"),
                          ("parsely-tags", "nintendo,switch,zelda,review,action-adventure")]:
        head.append(f'<meta name="{name}" content="{esc(content)}"/>')
    for prop, content in [("og:type", "article"), ("og:title", f"{game} Review"), ("og:image", image),
                          ("og:image:width", "1280"), ("og:image:height", "720"), ("og:site_name", "GameLine"),
                          ("article:published_time", f"{date}T13:00:00Z"), ("article:section", "Reviews")]:
        head.append(f'<meta property="{prop}" content="{esc(content)}"/>')
    head.append(f'<link rel="canonical" href="{site}/articles/zelda-tears-of-the-kingdom-review"/>')
    head.append(f'<link rel="preload" as="image" imageSrcSet="{srcset(image, [320, 480, 640, 768, 1024, 1280, 1920])}" '
                'imageSizes="(max-width: 768px) 100vw, 768px" fetchpriority="high"/>')
    for n in range(12):
        head.append(f'<link rel="preload" href="/_next/static/css/{rng.getrandbits(64):016x}.css" as="style" crossorigin=""/>'
                    f'<link rel="stylesheet" href="/_next/static/css/{rng.getrandbits(64):016x}.css" crossorigin="" data-n-g=""/>')
    ld = [{"@context": "https://schema.org", "@type": "NewsArticle", "headline": f"{game} Review",
           "datePublished": f"{date}T13:00:00Z", "dateModified": f"{date}T18:30:00Z",
           "image": [f"{image}?width={w}" for w in (1280, 960, 640)],
           "author": [{"@type": "Person", "name": "Staff Reviewer", "url": f"{site}/person/staff"}],
           "publisher": {"@type": "Organization", "name": "GameLine", "logo": {"@type": "ImageObject", "url": f"{site}/logo.png"}},
           "itemReviewed": {"@type": "VideoGame", "name": game, "gamePlatform": platform, "author": studio,
                            "datePublished": date},
           "reviewRating": {"@type": "Rating", "ratingValue": "10", "bestRating": "10"}},
          {"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": [
              {"@type": "ListItem", "position": n + 1, "name": name, "item": f"{site}/{slug(name).lower()}"}
              for n, name in enumerate(["Reviews", "Nintendo Switch", game])]}]
    for item in ld:
        head.append(f'<script type="application/ld+json">{json.dumps(item, separators=(",", ":"))}</script>')
    head.append(f'<style data-emotion="css-global 1x2y3z">{emotion_css(rng, 12)}</style>')
    for n in range(8):
        names = " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(6)) for _ in range(20))
        head.append(f'<style data-emotion="css {names}">{emotion_css(rng, 45)}</style>')
    head.append("<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());"
                "gtag('config','G-XXXXXXX',{send_page_view:false});(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':"
                "new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?"
                "'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);"
                "})(window,document,'script','dataLayer','GTM-ABCDEF');</script>")
    head.append(f"<script>{minified_script(rng, 30)}</script>")
    head.append('<noscript><style>.lazy-image{opacity:1 !important}.js-only{display:none !important}</style></noscript></head>')

    body = ['<body class="body theme-dark"><div id="__next"><div class="' + classes(rng, 6) + '">']
    nav = "".join(
        f'<li class="navigation-item"><a href="{site}/{section.lower()}" class="{classes(rng, 4)}" data-cy="nav-{section.lower()}">'
        f'{icon_svg(rng, section.lower())}<span class="{classes(rng, 2)}">{section}</span></a></li>'
        for section in ["News", "Reviews", "Guides", "Videos", "Deals", "Wikis", "Podcasts", "Playlist", "Upcoming", "Events"])
    body.append(f'<header class="site-header {classes(rng, 5)}"><a href="{site}/" class="logo" aria-label="GameLine home">'
                f'{icon_svg(rng, "logo")}</a><nav aria-label="Main"><ul class="{classes(rng, 4)}">{nav}</ul></nav>'
                f'<button type="button" class="search-button {classes(rng, 3)}" aria-label="Search">{icon_svg(rng, "search")}</button>'
                f'<button type="button" class="account-button {classes(rng, 3)}" aria-label="Account">{icon_svg(rng, "user")}</button></header>')
    body.append(f'<main id="main-content" class="{classes(rng, 4)}"><article class="article-page {classes(rng, 3)}" data-article-id="{rng.getrandbits(40)}">')
    body.append(f'<div class="article-header {classes(rng, 3)}"><nav class="breadcrumbs" aria-label="Breadcrumb"><ol>'
                + "".join(f'<li><a href="{site}/{slug(n).lower()}">{esc(n)}</a></li>' for n in ["Reviews", "Nintendo Switch"])
                + f'</ol></nav><h1 class="display-title {classes(rng, 4)}" data-cy="article-headline">{esc(game)} Review</h1>'
                f'<h2 class="article-subheadline {classes(rng, 3)}">A review of the {esc(studio)} game on {esc(platform)}.</h2>'
                f'<div class="article-byline {classes(rng, 3)}"><a href="{site}/person/staff" class="author-name">Staff Reviewer</a>'
                f'<time dateTime="{date}T13:00:00Z" class="article-publish-date">Updated: {date}</time></div></div>')
    body.append(f'<figure class="article-hero {classes(rng, 3)}"><picture>'
                f'<source type="image/avif" srcSet="{srcset(image, [320, 480, 640, 768, 1024, 1280, 1920])}" sizes="(max-width: 768px) 100vw, 768px"/>'
                f'<source type="image/webp" srcSet="{srcset(image, [320, 480, 640, 768, 1024, 1280, 1920])}" sizes="(max-width: 768px) 100vw, 768px"/>'
                f'<img src="{image}?width=1280" alt="{esc(game)} key art" width="1280" height="720" decoding="async" '
                f'fetchpriority="high" class="{classes(rng, 3)}"/></picture><figcaption>Key art for {esc(game)}.</figcaption></figure>')
    body.append(f'<div class="article-content {classes(rng, 3)}" data-cy="article-content">')
    for n in range(34):
        body.append(f'<p class="{classes(rng, 2)}">{prose.paragraph(rng.randint(3, 6), link=link)}</p>')
        if n % 6 == 5:
            other = GAMES[n % len(GAMES)]
            props = {"product": {"name": other[0], "platform": other[2], "price": {"amount": 59.99, "currency": "USD"},
                                 "retailers": [{"name": r, "url": f"https://{r.lower()}.example/p/{rng.getrandbits(32)}"}
                                               for r in ["Amazon", "BestBuy", "Walmart", "Target"]]},
                     "tracking": {"widget": "commerce", "position": n, "articleId": rng.getrandbits(40)}}
            body.append(f'<div class="commerce-widget {classes(rng, 3)}" data-props="{esc(json.dumps(props))}" '
                        f'data-cy="commerce-widget"><span class="{classes(rng, 2)}">Buy {esc(other[0])}</span>'
                        f'{icon_svg(rng, "cart")}</div>')
        if n % 9 == 4:
            shot = f"https://assets.gameline.example/2023/05/screenshot-{n}.jpg"
            body.append(f'<figure class="article-image {classes(rng, 3)}"><picture><source type="image/webp" srcSet="{srcset(shot, [320, 640, 1024, 1280])}"/>'
                        f'<img src="{shot}?width=1024" alt="A screenshot" width="1024" height="576" loading="lazy" decoding="async" '
                        f'class="lazy-image {classes(rng, 2)}"/></picture><figcaption>Screenshot {n}.</figcaption></figure>')
        if n == 20:
            body.append(f'<div class="video-player-placeholder {classes(rng, 3)}" data-video-id="{rng.getrandbits(48)}" '
                        f'data-video-config="{esc(json.dumps({"autoplay": False, "muted": True, "ads": {"preroll": True, "midroll": [30, 90]}, "captions": ["en", "es", "fr"]}))}" '
                        f'data-cy="video-player"><button type="button" aria-label="Play">{icon_svg(rng, "play")}</button></div>')
    body.append(f'<div class="review-verdict {classes(rng, 3)}"><div class="score-circle" data-score="10">10</div>'
                f'<p>{prose.paragraph(3, link=link)}</p></div></div>')
    body.append(f'<section class="related-articles {classes(rng, 3)}"><h2>More reviews</h2><ul class="{classes(rng, 3)}">')
    for other in GAMES[1:]:
        thumb = f"https://assets.gameline.example/thumbs/{slug(other[0]).lower()}.jpg"
        body.append(f'<li class="{classes(rng, 3)}"><a href="{site}/articles/{slug(other[0]).lower()}-review" class="{classes(rng, 3)}">'
                    f'<img src="{thumb}?width=240" srcSet="{srcset(thumb, [240, 480])}" alt="" width="240" height="135" loading="lazy" class="{classes(rng, 2)}"/>'
                    f'<span class="{classes(rng, 2)}">{esc(other[0])} Review</span><time dateTime="{other[1]}">{other[1]}</time></a></li>')
    body.append('</ul></section></article></main>')
    footer_links = "".join(f'<li><a href="{site}/{slug(n).lower()}" class="{classes(rng, 2)}">{esc(n)}</a></li>'
                           for n in ["About", "Careers", "Contact", "Privacy Policy", "Terms of Use", "Cookie Settings",
                                     "Accessibility", "Sitemap", "Advertise", "Newsletter", "Editorial Standards", "Review Policy"])
    social = "".join(f'<a href="https://{n}.example/gameline" aria-label="{n}" class="{classes(rng, 2)}">{icon_svg(rng, n)}</a>'
                     for n in ["twitter", "facebook", "youtube", "instagram", "tiktok", "twitch", "discord"])
    body.append(f'<footer class="site-footer {classes(rng, 4)}"><ul class="{classes(rng, 3)}">{footer_links}</ul>'
                f'<div class="social-links">{social}</div><p>© 2024 GameLine. All rights reserved.</p></footer></div></div>')

    # The page's data, as a Next.js site serialises it: HTML in strings has < > & escaped as \u003c …
    article_html = "".join(f"<p>{prose.paragraph(rng.randint(3, 6))}</p>" for _ in range(34))
    apollo = {}
    for n in range(220):
        other = GAMES[n % len(GAMES)]
        apollo[f"Article:{rng.getrandbits(40)}"] = {
            "__typename": "Article", "id": str(rng.getrandbits(40)), "title": f"{other[0]} news {n}",
            "slug": f"{slug(other[0]).lower()}-news-{n}", "publishDate": f"{other[1]}T{n % 24:02d}:00:00Z",
            "thumbnailUrl": f"https://assets.gameline.example/thumbs/{n}.jpg", "excerpt": prose.sentence(link_chance=0),
            "tags": rng.sample(["news", "review", "guide", "deals", "nintendo", "playstation", "xbox", "pc"], 3),
            "contributors": [{"__ref": f"Contributor:{rng.getrandbits(24)}"}],
            "objects": [{"__ref": f"Object:{rng.getrandbits(24)}"}], "vertical": "games", "canWatchRead": False}
    data = {"props": {"pageProps": {"page": {"id": str(rng.getrandbits(40)), "title": f"{game} Review", "html": article_html,
                                             "platforms": [platform], "score": 10},
                                    "apolloState": apollo, "__N_SSP": True}},
            "page": "/articles/[slug]", "query": {"slug": "zelda-tears-of-the-kingdom-review"}, "buildId": "%020x" % rng.getrandbits(80),
            "isFallback": False, "gssp": True, "locale": "en-US", "scriptLoader": []}
    blob = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    tail = [f'<script id="__NEXT_DATA__" type="application/json">{blob}</script>']
    for n in range(16):
        tail.append(f'<script src="/_next/static/chunks/{rng.getrandbits(64):016x}.js" defer=""></script>')
    tail.append(f"<script>{minified_script(rng, 24)}</script>")
    tail.append("</body></html>")
    return "".join(head + body + tail)


# MARK: - Games news, older CMS shape

def cms_news_article():
    rng = random.Random(2916)
    game, date, platform, studio = GAMES[3]
    site = "https://www.playfront.example"
    prose = Prose(2917, [g[0] for g in GAMES])

    def link(title):
        return f'<a href="{site}/games/{slug(title).lower()}/" data-track-click="{{&quot;link&quot;:&quot;in-article&quot;}}">{esc(title)}</a>'

    parts = ['<!DOCTYPE html>\n<html lang="en" class="no-js" prefix="og: http://ogp.me/ns#">\n<head>\n<meta charset="utf-8">\n'
             f'<title>{esc(game)} leaves early access with its 1.0 release | PlayFront</title>\n'
             '<meta http-equiv="X-UA-Compatible" content="IE=edge">\n'
             '<meta name="viewport" content="width=device-width, initial-scale=1">\n']
    for n in range(14):
        parts.append(f'<meta name="x-meta-{n}" content="{esc(prose.words(6))}">\n')
    parts.append('<script>document.documentElement.className = document.documentElement.className.replace("no-js", "js");</script>\n')
    utag = {"siteSection": "news", "pageType": "article", "articleId": str(rng.getrandbits(32)), "author": "news-desk",
            "tags": ["hades-ii", "supergiant", "roguelike", "pc", "early-access"], "wordCount": 812,
            "publishDate": date, "platforms": [platform, "Nintendo Switch"], "franchise": "Hades",
            "abTests": {f"test_{n}": rng.choice(["control", "variant-a", "variant-b"]) for n in range(20)}}
    parts.append(f"<script>window.utag_data = {json.dumps(utag, indent=2)};</script>\n")
    for slot in range(18):
        config = {"slot": f"mpu-{slot}", "sizes": [[300, 250], [300, 600], [728, 90], [970, 250]][: 1 + slot % 4],
                  "targeting": {"pos": f"{slot}", "section": "news", "kw": ["hades", "roguelike", "supergiant"]},
                  "lazy": slot > 2, "refresh": {"enabled": True, "seconds": 30 + slot}}
        parts.append(f"<script type=\"text/javascript\">\n  window.__adsQueue = window.__adsQueue || [];\n"
                     f"  window.__adsQueue.push({json.dumps(config)});\n  if (window.__adsQueue.length > 4 && !window.__adsBooted) {{\n"
                     f"    window.__adsBooted = true;\n  }}\n</script>\n")
    parts.append("<script>\n" + minified_script(rng, 40, with_markup=True) + "\n</script>\n")
    parts.append("<script>\n  var templates = {\n" + ",\n".join(
        f"    t{n}: '<li class=\"river-item\"><a href=\"{{{{url}}}}\" class=\"river-item__link\"><img src=\"{{{{img}}}}\" alt=\"\">"
        f"<span class=\"river-item__title\">{{{{title}}}}</span></a></li>'" for n in range(30)) + "\n  };\n</script>\n")
    parts.append('<link rel="stylesheet" href="https://static.playfront.example/css/site.min.css?v=20240506">\n'
                 '<style>\n' + "".join(f".module-{n} {{ margin: {n % 4}em 0; border-top: 1px solid #{rng.getrandbits(24):06x}; }}\n"
                                       for n in range(120)) + "</style>\n</head>\n")
    parts.append('<body class="news-article-page single-article">\n<div id="page-wrapper">\n'
                 '<header class="masthead"><div class="masthead__inner"><a class="masthead__logo" href="/">PlayFront</a>\n<ul class="masthead__nav">\n')
    for section in ["News", "Reviews", "Features", "Videos", "Guides", "Deals", "Forums", "Newsletter"]:
        parts.append(f'  <li class="masthead__nav-item"><a href="/{section.lower()}/" data-track-click=\'{{"nav":"{section.lower()}"}}\'>{section}</a></li>\n')
    parts.append("</ul></div></header>\n")
    for n in range(3):
        parts.append(f'<div class="js-mapped-ad ad-wrapper" data-ad-type="leader-{n}" data-ad-options="{esc(json.dumps({"kw": ["hades"], "pos": n, "lazy": n > 0}))}"></div>\n')
    parts.append(f'<main class="article-main"><article class="article" data-article-id="{rng.getrandbits(32)}" itemscope itemtype="http://schema.org/NewsArticle">\n'
                 f'<h1 class="article-title" itemprop="headline">{esc(game)} leaves early access with its 1.0 release</h1>\n'
                 f'<p class="article-deck">{esc(studio)} has set a date for the full release on {esc(platform)}.</p>\n'
                 f'<div class="article-meta"><span class="byline">By <a href="/profile/news-desk/" rel="author">News Desk</a></span> '
                 f'<time datetime="{date}T16:00:00-07:00" itemprop="datePublished">{date}</time></div>\n'
                 '<div class="article-body" itemprop="articleBody">\n')
    for n in range(26):
        parts.append(f"<p>{prose.paragraph(rng.randint(3, 6), link=link)}</p>\n")
        if n % 5 == 2:
            parts.append(f'<div class="js-mapped-ad ad-wrapper ad-in-article" data-ad-type="mpu-plus-top" '
                         f'data-ad-options="{esc(json.dumps({"kw": ["hades", "roguelike"], "pos": f"incontent_{n}", "sizes": [[300, 250], [336, 280]]}))}"></div>\n'
                         f"<script>window.__adsQueue.push({{slot: 'incontent_{n}', sizes: [[300, 250], [336, 280]], lazy: true}});</script>\n")
        if n % 8 == 6:
            parts.append(f'<figure class="embed embed--video" data-embed-type="video" data-src="https://video.playfront.example/embed/{rng.getrandbits(32)}" '
                         f'data-uid="{rng.getrandbits(48):x}" data-embed-options="{esc(json.dumps({"autoplay": False, "width": 640, "height": 360}))}">'
                         f'<div class="embed__placeholder"><img src="https://static.playfront.example/img/video-{n}.jpg" alt="" loading="lazy"></div></figure>\n')
    parts.append("</div>\n</article>\n")
    parts.append('<aside class="river"><h3>Latest News</h3><ul class="river-list">\n')
    for n in range(40):
        other = GAMES[n % len(GAMES)]
        parts.append(f'<li class="river-item" data-position="{n}"><a href="/articles/{slug(other[0]).lower()}-{n}/" class="river-item__link">'
                     f'<img src="https://static.playfront.example/uploads/thumbs/{n}.jpg" alt="" width="160" height="90" loading="lazy">'
                     f'<span class="river-item__title">{esc(other[0])}: update {n}</span></a></li>\n')
    parts.append("</ul></aside></main>\n")
    parts.append('<footer class="site-footer"><ul>' + "".join(
        f'<li><a href="/{slug(n).lower()}/">{esc(n)}</a></li>' for n in ["About", "Contact", "Privacy", "Terms", "Cookies", "Jobs"])
        + "</ul><p>&copy; 2024 PlayFront &mdash; all rights reserved.</p></footer>\n</div>\n")
    for n in range(22):
        parts.append(f"<script>\n{minified_script(rng, 3 + n % 6, with_markup=n % 2 == 0)}\n</script>\n")
    comments = [{"id": rng.getrandbits(32), "author": f"user{rng.randint(1, 9999)}", "body": prose.sentence(link_chance=0),
                 "score": rng.randint(-5, 90), "replies": [{"id": rng.getrandbits(32), "body": prose.sentence(link_chance=0)}
                                                           for _ in range(rng.randint(0, 3))]} for _ in range(120)]
    parts.append(f"<script>window.__COMMENTS__ = {json.dumps(comments)};</script>\n</body>\n</html>\n")
    return "".join(parts)


# MARK: - Small page

def small_page(all_episodes):
    flash = [e for e in all_episodes if e["show"] == "The Flash" and e["season"] == 1]
    last = flash[-1]
    ld = {"@context": "https://schema.org", "@type": "TVSeries", "name": "The Flash", "numberOfSeasons": 9,
          "startDate": flash[0]["date"], "productionCompany": "Berlanti Productions"}
    rows = "".join(f'<li><a href="/shows/the-flash/episodes/{e["overall"]}">{e["number"]}. {esc(e["title"])}</a> '
                   f'<time datetime="{e["date"]}">{human_date(e["date"])}</time></li>\n' for e in flash[:6])
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width,initial-scale=1">\n'
            "<title>The Flash – season 1 | Airdate</title>\n"
            '<link rel="stylesheet" href="/assets/site.css">\n'
            "<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}.card{max-width:40rem;margin:2rem auto;padding:1rem}</style>\n"
            f'<script type="application/ld+json">{json.dumps(ld)}</script>\n'
            "<script>if(localStorage.getItem('theme')==='dark'){document.documentElement.classList.add('dark')}</script>\n"
            "</head>\n<body>\n"
            '<header><a href="/" class="logo">Airdate</a> <nav><a href="/shows">Shows</a> · <a href="/week">This week</a></nav></header>\n'
            '<main class="card">\n<h1>The Flash</h1>\n'
            f'<p>Season 1 premiered on The CW on {human_date(flash[0]["date"])} and ended on {human_date(last["date"])} '
            f'after {len(flash)} episodes.</p>\n<ol class="episodes">\n{rows}</ol>\n'
            '<p><a href="/shows/the-flash/season/1">All episodes &rarr;</a></p>\n</main>\n'
            '<footer><small>Air dates are US premieres.</small></footer>\n'
            '<script src="/assets/app.js" defer></script>\n</body>\n</html>\n')


def main():
    all_episodes = episodes()
    pages = {
        "fandom-article.html": fandom_article(all_episodes),
        "news-next.html": next_news_article(),
        "news-cms.html": cms_news_article(),
        "small-page.html": small_page(all_episodes),
    }
    for name, text in pages.items():
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"{name}: {len(text.encode('utf-8')):,} bytes")


if __name__ == "__main__":
    main()
