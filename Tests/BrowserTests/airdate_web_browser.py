#!/usr/bin/env python3
"""airdate-web in a real browser: headless Chromium from Debian's packages, driven by Playwright.

Starts the built `airdate-web` on a new database (port 0), then checks, as a viewer would:
  - `/` lists the 828 episodes; every request the browser makes goes to the server's own origin;
  - a box ticked in one page is ticked in a second page within a second, without a reload;
  - a change made by `arrowverse watch` in another process appears within a second;
  - the server stopped and started again: a change made meanwhile appears (the stream resumes);
  - `hide_show` in an address hides shows for that view; the Hidden shows form hides one everywhere (stored);
  - dark mode follows the system and the toggle; the page fits 375 px without sideways scrolling;
  - boxes are labelled and operable from the keyboard; without JavaScript the form saves ticks;
  - `animeplan watch` in another process updates an open /anime/calendar page; /anime pages fit 375 px;
  - a countdown added in the browser shows in `countdowns list` (another process), and one added by
    `countdowns add` shows in the open /countdowns page; the remaining time ticks; archive and delete;
    /countdowns fits 375 px; /reminders lists them;
  - /schedule (TVMaze's offline week) shows seven days at 375 px, each with airings and posters;
    a show's page opens from it; the filter narrows it;
  - the Atom feed keeps RFC 4287's rules (and feedparser reads it as Atom 1.0); the calendars
    (/calendar.ics, /countdowns.ics, /anime.ics, /schedule.ics?show=) parse with two iCalendar
    parsers, `icalendar` and `vobject`.
Screenshots at 375 and 1280 px (light and dark) are written to --screenshots for inspection;
--readme-shot writes the small PNG the README shows, --readme-shots DIR one small JPEG of each page.

    python3 Tests/BrowserTests/airdate_web_browser.py [--bin DIR] [--screenshots DIR] [--readme-shot FILE] [--readme-shots DIR]

Prints one line per check and ends with "N passed, M failed"; exits 1 if any failed.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"


class Server:
    """One `airdate-web` process on a database, on a free port (or the one given)."""

    def __init__(self, binary, db, port=0):
        self.binary, self.db = binary, db
        self.anime_db = os.path.join(os.path.dirname(db), "animeplan.sqlite")
        self.countdowns_db = os.path.join(os.path.dirname(db), "countdowns.sqlite")
        self.process = subprocess.Popen(
            [binary, "--db", db, "--port", str(port), "--snapshot", os.path.join(ROOT, "Fixtures/arrowverse"),
             "--time-zone", "UTC", "--anime-db", self.anime_db, "--countdowns-db", self.countdowns_db],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise RuntimeError("airdate-web did not start: " + line + self.process.stderr.read())
        self.port = int(match.group(1))
        self.origin = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def get_json(self, path):
        with urllib.request.urlopen(self.origin + path, timeout=30) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, 0
        self.figures = {}

    def run(self, name, body):
        start = time.monotonic()
        try:
            body()
            self.passed += 1
            print(f"PASS {name} ({time.monotonic() - start:.1f} s)", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, the others still run
            self.failed += 1
            print(f"FAIL {name}: {type(error).__name__}: {error}", flush=True)

    @staticmethod
    def expect(condition, message):
        if not condition:
            raise AssertionError(message)


ATOM = "{http://www.w3.org/2005/Atom}"
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def validate_feeds(origin, expect):
    """The feed against RFC 4287's rules (feedparser reads it as Atom 1.0 without complaint, and each
    rule of sections 4.1-4.2 that the feed could break is checked), the calendar with `icalendar`."""
    import xml.etree.ElementTree as ElementTree
    import feedparser
    import icalendar

    with urllib.request.urlopen(origin + "/recent_episodes.atom?hide_show=Vixen", timeout=30) as response:
        expect(response.headers["Content-Type"].startswith("application/atom+xml"), response.headers["Content-Type"])
        data = response.read()
    parsed = feedparser.parse(data)
    expect(parsed.version == "atom10" and not parsed.bozo, f"feedparser: {parsed.version} {parsed.get('bozo_exception')}")
    expect(len(parsed.entries) == 15, f"{len(parsed.entries)} entries")
    root = ElementTree.fromstring(data)
    expect(root.tag == ATOM + "feed", root.tag)

    def one(element, name, where):
        found = element.findall(ATOM + name)
        expect(len(found) == 1, f"{where}: {len(found)} atom:{name}")
        return found[0]

    def iri(text, where):
        expect(re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$", text or "") is not None, f"{where}: id {text!r} is not an absolute IRI")

    for name in ("id", "title", "updated"):
        one(root, name, "feed")
    iri(one(root, "id", "feed").text, "feed")
    expect(RFC3339.match(one(root, "updated", "feed").text), "feed updated is RFC 3339")
    feed_authors = root.findall(ATOM + "author")
    links = root.findall(ATOM + "link")
    expect(any(link.get("rel") == "self" for link in links), "feed has a self link")
    expect(all(link.get("href") for link in links), "every link has an href")
    ids = set()
    for entry in root.findall(ATOM + "entry"):
        where = "entry " + (entry.findtext(ATOM + "id") or "?")
        for name in ("id", "title", "updated"):
            one(entry, name, where)
        iri(entry.findtext(ATOM + "id"), where)
        expect(entry.findtext(ATOM + "id") not in ids, f"{where}: id repeated")
        ids.add(entry.findtext(ATOM + "id"))
        for name in ("updated", "published"):
            for stamp in entry.findall(ATOM + name):
                expect(RFC3339.match(stamp.text or ""), f"{where}: {name} {stamp.text!r} is not RFC 3339")
        for name in ("published", "summary", "content", "rights", "source"):
            expect(len(entry.findall(ATOM + name)) <= 1, f"{where}: more than one atom:{name}")
        alternates = [(l.get("type"), l.get("hreflang")) for l in entry.findall(ATOM + "link") if l.get("rel") in (None, "alternate")]
        expect(len(alternates) == len(set(alternates)), f"{where}: two alternate links of one type")
        expect(feed_authors or entry.findall(ATOM + "author"), f"{where}: no author on it or on the feed")
        expect(entry.find(ATOM + "content") is not None or entry.find(ATOM + "summary") is not None
               or any(l.get("rel") in (None, "alternate") for l in entry.findall(ATOM + "link")),
               f"{where}: neither content nor an alternate link")
        expect("vixen" not in entry.findtext(ATOM + "id"), f"{where}: hide_show=Vixen not respected")

    # Every calendar the app serves, read by two independent parsers that must agree on the events.
    import vobject
    for path, least in (("/calendar.ics", 828), ("/countdowns.ics?remind=60", 1), ("/anime.ics", 1), ("/schedule.ics?show=363", 1)):
        with urllib.request.urlopen(origin + path, timeout=30) as response:
            expect(response.headers["Content-Type"].startswith("text/calendar"), f"{path}: {response.headers['Content-Type']}")
            data = response.read()
        calendar = icalendar.Calendar.from_ical(data)
        events = [component for component in calendar.walk("VEVENT")]
        expect(len(events) >= least, f"{path}: {len(events)} events")
        uids = [str(event["UID"]) for event in events]
        expect(len(set(uids)) == len(uids), f"{path}: every UID is different")
        expect(all("DTSTART" in event and "SUMMARY" in event and "DTSTAMP" in event for event in events), f"{path}: required properties")
        parsed = vobject.readOne(data.decode("utf-8"), validate=True)
        second = getattr(parsed, "vevent_list", [])
        expect(sorted(e.uid.value for e in second) == sorted(uids), f"{path}: vobject reads {len(second)} events, icalendar {len(events)}")
        starts = {str(e["UID"]): e.decoded("DTSTART") for e in events}
        for event in second:
            expect(event.dtstart.value == starts[event.uid.value], f"{path}: {event.uid.value} starts {event.dtstart.value} in vobject, {starts[event.uid.value]} in icalendar")
        if path.startswith("/countdowns"):
            expect(all(len(e.walk("VALARM")) == 2 for e in events), f"{path}: an alarm when due and one an hour before")
            expect(all(hasattr(e, "valarm_list") and len(e.valarm_list) == 2 for e in second), f"{path}: vobject reads both alarms")
        if path.startswith("/anime"):
            expect(all(len(e.walk("VALARM")) == 1 for e in events), f"{path}: a reminder for each day")



# Pairs of cells of one row whose contents overlap on screen (text that runs into its neighbour),
# measured on the contents' own boxes, so a cell narrower than its text still counts.
OVERLAPS_JS = """(rowSelector) => {
  const found = [];
  const rows = Array.from(document.querySelectorAll(rowSelector)).slice(0, 60);
  for (const row of rows) {
    const boxes = [];
    for (const cell of row.children) {
      if (cell.offsetParent === null) continue;
      // What a reader sees: text (not text for screen readers only) and controls.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.nodeType === 1 ? node : node.parentElement;
        if (element.closest(".sr-only")) continue;
        let rects = [];
        if (node.nodeType === 3) {
          if (!node.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects = Array.from(range.getClientRects());
        } else if (["INPUT", "IMG", "BUTTON", "SELECT"].includes(node.tagName) && node.type !== "hidden") {
          rects = Array.from(node.getClientRects());
        }
        for (const r of rects) {
          if (r.width > 0 && r.height > 0) boxes.push([cell.className || cell.tagName, r]);
        }
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [na, a] = boxes[i], [nb, b] = boxes[j];
        if (na === nb) continue;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) found.push(`${row.id || row.className}: ${na} overlaps ${nb}`);
      }
    }
  }
  return found;
}"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", help="the folder holding airdate-web and arrowverse (default: swift build --show-bin-path)")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "browser-screenshots"))
    parser.add_argument("--readme-shot", help="also write the README's small screenshot to this file")
    parser.add_argument("--readme-shots", help="also write a small JPEG of each page to this folder (the README's gallery)")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    bin_dir = args.bin or subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    web_binary, arrowverse = os.path.join(bin_dir, "airdate-web"), os.path.join(bin_dir, "arrowverse")
    animeplan = os.path.join(bin_dir, "animeplan")
    countdowns = os.path.join(bin_dir, "countdowns")
    for binary in (web_binary, arrowverse, animeplan, countdowns):
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} is not built; run: swift build --product airdate-web --product arrowverse --product animeplan --product countdowns")
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit(f"{CHROMIUM} is missing; install Debian's chromium package (apt-get install -y chromium)")
    os.makedirs(args.screenshots, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="airdate-web-browser-")
    db = os.path.join(folder, "watch.sqlite")
    checks = Checks()
    expect = Checks.expect
    server = Server(web_binary, db)
    foreign = []

    def watch_requests(page):
        def seen(request):
            url = request.url
            if not (url.startswith(server.origin + "/") or url == server.origin):
                foreign.append(url)
        page.on("request", seen)

    def arrowverse_run(*arguments):
        result = subprocess.run([arrowverse, *arguments, "--db", db, "--snapshot", os.path.join(ROOT, "Fixtures/arrowverse")],
                                capture_output=True, text=True, timeout=300, cwd=ROOT)
        if result.returncode != 0:
            raise AssertionError(f"arrowverse {' '.join(arguments)} failed: {result.stderr.strip()}")
        return result.stdout

    def checked(page, episode):
        return page.evaluate("id => { const b = document.getElementById('w-' + id); return b ? b.checked : null }", episode)

    def wait_checked(page, episode, value=True, timeout=10_000):
        page.wait_for_function("([id, v]) => { const b = document.getElementById('w-' + id); return b && b.checked === v }",
                               arg=[episode, value], timeout=timeout, polling=20)

    with sync_playwright() as playwright:
        # A page in the background would have its timers slowed to one a second, which would time
        # the test's polling, not the app: keep every page running at full speed.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows"])
        light = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light", bypass_csp=True)
        # The second page is in a context of its own: another browser, as far as cookies and caches go.
        other = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light", bypass_csp=True)
        page_a = light.new_page()
        page_b = other.new_page()
        for page in (page_a, page_b):
            watch_requests(page)
        console_errors = []
        page_a.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)

        def load_list():
            page_a.goto(server.origin + "/")
            rows = page_a.locator("table.episodes tbody tr").count()
            expect(rows == 828, f"828 rows, found {rows}")
            expect("Arrowverse" in page_a.title(), page_a.title())
            page_b.goto(server.origin + "/")
            page_a.wait_for_function("document.documentElement.classList.contains('js')")
        checks.run("/ lists the 828 episodes", load_list)

        def tab_to_tab():
            page_b.evaluate("() => new Promise(r => setTimeout(r, 300))")  # its stream is open
            start = time.monotonic()
            page_a.locator("#w-arrow\\/s1e1").check()
            wait_checked(page_b, "arrow/s1e1", True, timeout=1000)
            elapsed = time.monotonic() - start
            checks.figures["tab to tab (ms)"] = round(elapsed * 1000)
            expect(elapsed < 1.0, f"ticked in the second page after {elapsed:.2f} s")
            expect(server.get_json("/api/episodes/arrow/s1e1")["watched"] is True, "saved in the database")
            page_a.locator("#w-arrow\\/s1e1").uncheck()
            wait_checked(page_b, "arrow/s1e1", False, timeout=1000)
        checks.run("a box ticked in one page is ticked in another within a second", tab_to_tab)

        def other_process():
            samples = []
            for code, episode in [("Arrow 1x03", "arrow/s1e3"), ("The Flash 1x02", "the-flash/s1e2"), ("Vixen 1x01", "vixen/s1e1")]:
                arrowverse_run("watch", code)
                done = time.monotonic()
                wait_checked(page_a, episode, True, timeout=1000)
                samples.append(time.monotonic() - done)
            checks.figures["arrowverse process to screen (ms)"] = [round(s * 1000) for s in samples]
            expect(max(samples) < 1.0, f"appeared after {max(samples):.2f} s")
            expect(page_a.evaluate("performance.getEntriesByType('navigation').length") == 1, "no reload")
        checks.run("a change by `arrowverse watch` in another process appears within a second", other_process)

        def restart():
            nonlocal server
            port = server.port
            server.stop()
            arrowverse_run("watch", "Arrow 1x04")
            server = Server(web_binary, db, port)
            wait_checked(page_a, "arrow/s1e4", True, timeout=20_000)
            expect(page_a.evaluate("performance.getEntriesByType('navigation').length") == 1, "no reload")
        checks.run("after the server restarts, a change made while it was down appears", restart)

        def keyboard():
            box = page_a.locator("#w-arrow\\/s1e5")
            label = page_a.evaluate("document.querySelector('label[for=\"w-arrow/s1e5\"]').textContent")
            expect("Arrow 1x05" in label, f"label: {label}")
            box.focus()
            page_a.keyboard.press("Space")
            deadline = time.monotonic() + 10
            while not server.get_json("/api/episodes/arrow/s1e5")["watched"]:
                expect(time.monotonic() < deadline, "Space on a focused box saves the mark")
                time.sleep(0.05)
            page_a.keyboard.press("Tab")
            focused = page_a.evaluate("document.activeElement.tagName + ' ' + document.activeElement.textContent")
            expect(focused.startswith("A "), f"Tab moves to the episode's link, got {focused!r}")
            page_a.keyboard.press("Tab")
            focused = page_a.evaluate("document.activeElement.className")
            expect("through" in focused, f"then to the row's 'up to here' button, got {focused!r}")
        checks.run("boxes are labelled and operable from the keyboard", keyboard)

        def hide_show():
            def rows():
                return page_a.eval_on_selector_all("table.episodes tbody tr", "rows => rows.map(r => r.dataset.id)")
            page_a.goto(server.origin + "/?hide_show=Arrow")
            ids = rows()
            expect(len(ids) == 828 - 170 and not any(i.startswith("arrow/") for i in ids), f"{len(ids)} rows")
            page_a.goto(server.origin + "/")
            expect(len(rows()) == 828, f"hide_show= in an address hides for that view only: {len(rows())} rows")
            # Hidden everywhere: the stored setting (as `arrowverse shows --hide`), through its form.
            form = page_a.locator("form[action='/hidden-shows']")
            page_a.evaluate("document.querySelectorAll('details.filters').forEach(d => d.open = true)")
            form.locator("input[name=hidden][value='the-flash']").check()
            form.locator("button[type=submit]").click()
            page_a.wait_for_load_state()
            page_a.goto(server.origin + "/")
            ids = rows()
            expect(len(ids) == 828 - 184 and not any(i.startswith("the-flash/") for i in ids), f"stored: {len(ids)} rows")
            page_a.evaluate("document.querySelectorAll('details.filters').forEach(d => d.open = true)")
            form.locator("input[name=hidden][value='the-flash']").uncheck()
            form.locator("button[type=submit]").click()
            page_a.wait_for_load_state()
            page_a.goto(server.origin + "/")
            expect(len(rows()) == 828, f"unhidden: {len(rows())} rows")
        checks.run("hide_show hides one view; the Hidden shows form hides a show everywhere, stored", hide_show)

        def background(page):
            return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")

        def luminance(color):
            numbers = [int(n) for n in re.findall(r"\d+", color)[:3]]
            return sum(numbers) / 3

        def dark_mode():
            dark = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark", bypass_csp=True)
            page = dark.new_page()
            watch_requests(page)
            page.goto(server.origin + "/")
            expect(luminance(background(page)) < 60, f"dark background from the system: {background(page)}")
            page.screenshot(path=os.path.join(args.screenshots, "list-1280-dark.png"))
            page_a.goto(server.origin + "/")
            expect(luminance(background(page_a)) > 200, f"light background: {background(page_a)}")
            page_a.locator("form.theme button").click()  # auto → dark
            page_a.wait_for_function("document.documentElement.dataset.theme === 'dark'")
            expect(luminance(background(page_a)) < 60, f"dark after the toggle: {background(page_a)}")
            page_a.reload()
            expect(page_a.evaluate("document.documentElement.dataset.theme") == "dark", "the toggle is remembered")
            page_a.locator("form.theme button").click()  # dark → light
            page_a.wait_for_function("document.documentElement.dataset.theme === 'light'")
            page_a.locator("form.theme button").click()  # light → auto
            page_a.wait_for_function("document.documentElement.dataset.theme === 'auto'")
            dark.close()
        checks.run("dark mode follows the system and the toggle", dark_mode)

        def phone():
            narrow = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="light", device_scale_factor=2,
                                         is_mobile=True, has_touch=True, bypass_csp=True)
            page = narrow.new_page()
            watch_requests(page)
            page.goto(server.origin + "/")
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"no sideways scrolling at 375 px: the page is {width} px wide")
            box = page.locator("#w-arrow\\/s1e6").bounding_box()
            expect(box and box["width"] >= 18 and box["x"] >= 0 and box["x"] + box["width"] <= 375, f"checkbox on screen: {box}")
            overlaps = page.evaluate(OVERLAPS_JS, ".episodes tbody tr")
            expect(not overlaps, f"no text runs into its neighbour at 375 px: {overlaps[:5]}")
            page.screenshot(path=os.path.join(args.screenshots, "list-375-light.png"))
            page.goto(server.origin + "/progress")
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"/progress fits 375 px: {width} px")
            page.screenshot(path=os.path.join(args.screenshots, "progress-375-light.png"))
            page.goto(server.origin + "/next")
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"/next fits 375 px: {width} px")
            overlaps = page.evaluate(OVERLAPS_JS, ".next-table tbody tr")
            expect(not overlaps, f"no text runs into its neighbour on /next at 375 px: {overlaps[:5]}")
            page.screenshot(path=os.path.join(args.screenshots, "next-375-light.png"))
            narrow.close()
            dark = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="dark", device_scale_factor=2, is_mobile=True, bypass_csp=True)
            page = dark.new_page()
            watch_requests(page)
            page.goto(server.origin + "/")
            page.screenshot(path=os.path.join(args.screenshots, "list-375-dark.png"))
            dark.close()
            page_a.goto(server.origin + "/")
            page_a.screenshot(path=os.path.join(args.screenshots, "list-1280-light.png"))
            page_a.goto(server.origin + "/progress")
            page_a.screenshot(path=os.path.join(args.screenshots, "progress-1280-light.png"))
            page_a.goto(server.origin + "/next")
            page_a.screenshot(path=os.path.join(args.screenshots, "next-1280-light.png"))
            if args.readme_shot:
                small = browser.new_context(viewport={"width": 960, "height": 600}, color_scheme="light", device_scale_factor=1)
                page = small.new_page()
                watch_requests(page)
                # The first crossover: colours of three shows, parts marked, the boxes before it ticked.
                request = urllib.request.Request(server.origin + "/watch-through", data=b"episode=the-flash%2Fs1e7",
                                                 headers={"Accept": "application/json"}, method="POST")
                urllib.request.urlopen(request, timeout=30).read()
                page.goto(server.origin + "/?from_date=2014-11-18&to_date=2015-01-31")
                page.evaluate("document.querySelector('details.filters').open = false")
                page.screenshot(path=args.readme_shot, clip={"x": 0, "y": 0, "width": 960, "height": 600})
                page.goto(server.origin + "/?reset=1")
                small.close()
        checks.run("the pages fit 375 px; screenshots at 375 and 1280 px", phone)

        def schedule():
            # TVMaze's offline week in New York time: seven days, each with airings, at a phone's width.
            narrow = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="light", device_scale_factor=2,
                                         is_mobile=True, has_touch=True, bypass_csp=True)
            page = narrow.new_page()
            watch_requests(page)
            started = time.monotonic()
            page.goto(server.origin + "/schedule?tz=America/New_York")
            page.wait_for_load_state("load")
            checks.figures["/schedule load at 375 px (240 airings, posters included)"] = f"{(time.monotonic() - started) * 1000:.0f} ms"
            days = page.locator("section.day").count()
            expect(days == 7, f"seven days, found {days}")
            counts = page.eval_on_selector_all("section.day", "s => s.map(d => d.querySelectorAll('li.airing').length)")
            expect(all(c > 0 for c in counts), f"every day has airings: {counts}")
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"/schedule fits 375 px: {width} px")
            for name in ("Monday", "Thursday", "Sunday"):
                expect(page.get_by_role("heading", name=re.compile(name)).count() == 1, f"a heading for {name}")
            # Every visible poster loaded (a drawn stand-in offline), none broken.
            page.locator("section.day").first.scroll_into_view_if_needed()
            broken = page.evaluate("[...document.querySelectorAll('img.poster')].filter(i => i.complete && i.naturalWidth === 0).length")
            expect(broken == 0, f"{broken} broken posters")
            page.screenshot(path=os.path.join(args.screenshots, "schedule-375-light.png"))
            page.locator(".day-jump a").nth(3).click()
            page.wait_for_function("location.hash === '#d-2019-07-18'")
            page.screenshot(path=os.path.join(args.screenshots, "schedule-375-thursday.png"))
            page.locator("a[href='/shows/363']").first.click()
            page.wait_for_load_state()
            expect(page.locator("h1").inner_text() == "Late Night with Seth Meyers", page.locator("h1").inner_text())
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"/shows/363 fits 375 px: {width} px")
            page.screenshot(path=os.path.join(args.screenshots, "show-375-light.png"))
            narrow.close()
            page_a.goto(server.origin + "/schedule?tz=America/New_York&q=NBC")
            items = page_a.locator("li.airing").count()
            expect(0 < items < 240, f"the filter keeps NBC's airings: {items}")
            page_a.goto(server.origin + "/schedule?tz=America/New_York")
            page_a.screenshot(path=os.path.join(args.screenshots, "schedule-1280-light.png"))
        checks.run("/schedule shows seven days at 375 px; /shows/{id}; the filter", schedule)

        def anime_calendar():
            # A plan added through the page's form (without a script), then `animeplan watch` in
            # another process: the open calendar page shows it without a reload.
            request = urllib.request.Request(server.origin + "/anime/add", data=b"id=457&goal=per_day&per_day=2",
                                             headers={"Content-Type": "application/x-www-form-urlencoded"}, method="POST")
            urllib.request.urlopen(request, timeout=30).read()
            # Offline chooses the data, never the date: the plan starts on the real day (the server's UTC).
            day = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
            page_a.goto(server.origin + "/anime/calendar?month=" + day[:7])
            today = page_a.locator("#c-" + day)
            expect("planned 1–2" in today.inner_text(), today.inner_text())
            page_a.wait_for_timeout(300)  # the stream is open
            started = time.monotonic()
            result = subprocess.run([animeplan, "watch", "457", "4", "--db", server.anime_db, "--offline", "--tz", "UTC"],
                                    capture_output=True, text=True, timeout=300, cwd=ROOT)
            if result.returncode != 0:
                raise AssertionError(f"animeplan watch failed: {result.stderr.strip()}")
            page_a.wait_for_function("document.querySelector('#c-" + day + "').textContent.includes('watched 1–4')", timeout=10_000, polling=20)
            checks.figures["animeplan watch → calendar page (after the process exits)"] = f"{(time.monotonic() - started) * 1000:.0f} ms"
            page_a.screenshot(path=os.path.join(args.screenshots, "anime-calendar-1280-light.png"))
            page_a.goto(server.origin + "/anime")
            expect("ahead by 2" in page_a.locator("#show-457").inner_text(), page_a.locator("#show-457").inner_text())
            page_a.screenshot(path=os.path.join(args.screenshots, "anime-home-1280-light.png"))
            page_a.goto(server.origin + "/anime/stats")
            expect(page_a.locator("svg").count() >= 3, "three SVG charts")
            page_a.screenshot(path=os.path.join(args.screenshots, "anime-stats-1280-light.png"))
            narrow = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="dark", device_scale_factor=2,
                                         is_mobile=True, bypass_csp=True)
            page = narrow.new_page()
            watch_requests(page)
            for path, name in (("/anime/calendar?month=" + day[:7], "anime-calendar-375-dark.png"), ("/anime", "anime-home-375-dark.png"),
                               ("/anime/stats", "anime-stats-375-dark.png"), ("/anime/plan?id=5114&per_day=3&weekday=sat&weekday=sun", "anime-plan-375-dark.png")):
                page.goto(server.origin + path)
                width = page.evaluate("document.documentElement.scrollWidth")
                expect(width <= 375, f"{path} fits 375 px: {width} px")
                page.screenshot(path=os.path.join(args.screenshots, name))
            narrow.close()
        checks.run("`animeplan watch` in another process updates the open calendar page; /anime pages fit 375 px", anime_calendar)

        def countdowns_run(*arguments):
            result = subprocess.run([countdowns, *arguments, "--db", server.countdowns_db], capture_output=True, text=True,
                                    timeout=300, cwd=ROOT, env={**os.environ, "TZ": "UTC"})
            if result.returncode != 0:
                raise AssertionError(f"countdowns {' '.join(arguments)} failed: {result.stderr.strip()}")
            return result.stdout

        def countdown_titles(*flags):
            return [c["title"] for c in json.loads(countdowns_run("list", "--json", *flags))["countdowns"]]

        def countdowns_both_ways():
            page_a.goto(server.origin + "/countdowns")
            expect("No countdowns yet" in page_a.locator("#live").inner_text(), page_a.locator("#live").inner_text())
            # Added through the page's form, as a viewer types it.
            page_a.locator("details.add-countdown").evaluate("d => d.open = true")
            form = page_a.locator("form.countdown-form")
            form.locator("input[name=title]").fill("Frieren season 2")
            form.locator("input[name=date]").fill("2027-01-16")
            form.locator("input[name=time]").fill("23:00")
            form.locator("input[name=zone]").fill("Asia/Tokyo")
            form.locator("input[name=tags]").fill("Anime, Premiere")
            form.locator("textarea[name=note]").fill("Two cours.")
            form.locator("button[type=submit]").click()
            page_a.wait_for_url(re.compile(r".*/countdowns#c-[0-9a-f-]{36}$"))
            expect(countdown_titles() == ["Frieren season 2"], f"countdowns list (another process): {countdown_titles()}")
            listed = json.loads(countdowns_run("list", "--json"))["countdowns"][0]
            expect(listed["tags"] == ["Anime", "Premiere"] and listed["time"] == "23:00" and listed["timeZone"] == "Asia/Tokyo",
                   f"saved as typed: {listed}")
            # The remaining time ticks.
            left = page_a.locator("li.countdown .left").first
            first = left.inner_text()
            page_a.wait_for_function("t => document.querySelector('li.countdown .left').textContent !== t", arg=first, timeout=5000)
            expect(re.match(r"^in \d+d \d\d:\d\d:\d\d$", left.inner_text()), f"ticking text: {left.inner_text()!r}")
            # The reverse: `countdowns add` in another process shows in the open page, without a reload.
            page_a.wait_for_timeout(300)  # the stream is open
            started = time.monotonic()
            countdowns_run("add", "Trash day", "2027-01-04", "--every", "weekly", "--tag", "Home")
            page_a.wait_for_function("document.querySelector('#live').textContent.includes('Trash day')", timeout=10_000, polling=20)
            checks.figures["countdowns add → /countdowns page (after the process exits)"] = f"{(time.monotonic() - started) * 1000:.0f} ms"
            expect(page_a.evaluate("performance.getEntriesByType('navigation').length") == 1, "no reload")
            expect("Repeats every week." in page_a.locator("#live").inner_text(), "the repeat is shown")
            # Sorted by number of tags, most first, through the form.
            page_a.locator("select[name=sort]").select_option("tag-count:desc")
            page_a.locator("form.countdown-filter button[type=submit]").click()
            page_a.wait_for_url(re.compile(r".*sort=tag-count%3Adesc.*"))
            titles = page_a.eval_on_selector_all("li.countdown h3", "hs => hs.map(h => h.textContent)")
            expect(titles == ["Frieren season 2", "Trash day"], f"by number of tags: {titles}")
            page_a.screenshot(path=os.path.join(args.screenshots, "countdowns-1280-light.png"))
            # Archive from the list, then delete from the countdown's page (confirmed).
            page_a.goto(server.origin + "/countdowns")
            page_a.locator("li.countdown", has_text="Trash day").locator("form button").click()
            page_a.wait_for_load_state()
            expect(countdown_titles() == ["Frieren season 2"] and countdown_titles("--archived") == ["Trash day"],
                   f"archived: {countdown_titles('--archived')}")
            page_a.goto(server.origin + "/countdowns?scope=archived")
            expect(page_a.locator("li.countdown").count() == 1, "the archive shows it")
            page_a.locator("li.countdown a.button").click()
            page_a.wait_for_load_state()
            # Changed by `countdowns` while its page is open: the page shows it and warns before a save.
            page_a.wait_for_timeout(300)  # the stream is open
            short = page_a.url.rsplit("/", 1)[1][:8]
            countdowns_run("edit", short, "--note", "Changed in the terminal")
            page_a.wait_for_function("document.querySelector('#live').textContent.includes('Changed in the terminal')", timeout=10_000)
            expect(page_a.locator("#stale-note").is_visible(), "the edit form says it is out of date")
            expect(page_a.locator("textarea[name=note]").input_value() == "", "the form is left as it was")
            # A delete from the out-of-date page is refused (409), nothing deleted; after a reload it goes through.
            action = page_a.evaluate("document.querySelector('form.delete').action")
            revision = page_a.locator("form.delete input[name=revision]").input_value()
            try:
                urllib.request.urlopen(urllib.request.Request(action, data=f"revision={revision}".encode(), method="POST"), timeout=30)
                status = 303
            except urllib.error.HTTPError as error:
                status = error.code
            expect(status == 409, f"a stale delete answers {status}")
            expect("Trash day" in countdown_titles("--all"), "nothing deleted")
            page_a.reload()
            page_a.once("dialog", lambda dialog: dialog.accept())
            page_a.locator("form.delete button").click()
            page_a.wait_for_url(re.compile(r".*/countdowns$"))
            expect(countdown_titles("--all") == ["Frieren season 2"], f"deleted: {countdown_titles('--all')}")
            reminders = server.get_json("/reminders?days=366")
            expect(any(r["source"] == "countdown" and r["title"] == "Frieren season 2" for r in reminders["reminders"]),
                   f"/reminders: {reminders['reminders'][:3]}")
            narrow = browser.new_context(viewport={"width": 375, "height": 812}, color_scheme="dark", device_scale_factor=2,
                                         is_mobile=True, bypass_csp=True)
            page = narrow.new_page()
            watch_requests(page)
            for path, name in (("/countdowns", "countdowns-375-dark.png"), ("/countdowns?scope=all", "countdowns-all-375-dark.png")):
                page.goto(server.origin + path)
                width = page.evaluate("document.documentElement.scrollWidth")
                expect(width <= 375, f"{path} fits 375 px: {width} px")
                page.screenshot(path=os.path.join(args.screenshots, name))
            page.locator("li.countdown h3 a").first.click()
            page.wait_for_load_state()
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 375, f"a countdown's page fits 375 px: {width} px")
            page.screenshot(path=os.path.join(args.screenshots, "countdown-375-dark.png"))
            narrow.close()
        checks.run("a countdown added in the browser shows in `countdowns list`, and the reverse, live; it ticks; archive, delete; 375 px",
                   countdowns_both_ways)

        def without_javascript():
            plain = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False)
            page = plain.new_page()
            watch_requests(page)
            page.goto(server.origin + "/")
            expect(page.locator(".save button[type=submit]").is_visible(), "without JavaScript the Save button shows")
            page.locator("#w-arrow\\/s1e7").check()
            page.locator("#w-arrow\\/s1e3").uncheck()
            page.locator(".save button[type=submit]").click()
            page.wait_for_load_state()
            expect(server.get_json("/api/episodes/arrow/s1e7")["watched"] is True, "ticked box saved by the form")
            expect(server.get_json("/api/episodes/arrow/s1e3")["watched"] is False, "unticked box saved by the form")
            expect(checked(page, "arrow/s1e7") is True, "the page after the redirect shows it ticked")
            page.locator("tr[data-id='arrow/s1e10'] button.through").click()
            page.wait_for_load_state()
            expect(server.get_json("/api/episodes/arrow/s1e9")["watched"] is True, "'up to here' marks the episodes before")
            page.goto(server.origin + "/progress")
            page.locator("form[action='/unwatch-season'] button[value='1']").first.click()
            page.wait_for_load_state()
            expect(server.get_json("/api/episodes/arrow/s1e9")["watched"] is False, "unmark season 1")
            # A countdown added and archived without a script: plain forms, 303 back to the list.
            page.goto(server.origin + "/countdowns")
            page.locator("details.add-countdown summary").click()
            page.locator("form.countdown-form input[name=title]").fill("Added without a script")
            page.locator("form.countdown-form input[name=date]").fill("2027-05-01")
            page.locator("form.countdown-form button[type=submit]").click()
            page.wait_for_load_state()
            expect("Added without a script" in countdown_titles(), f"countdowns list: {countdown_titles()}")
            card = page.locator("li.countdown", has_text="Added without a script")
            expect(card.locator(".left").inner_text().startswith("in "), card.locator(".left").inner_text())
            card.locator("form button").click()
            page.wait_for_load_state()
            expect("Added without a script" in countdown_titles("--archived"), "archived by the plain form")
            plain.close()
        checks.run("without JavaScript the forms save ticks, 'up to here' and seasons, add and archive a countdown", without_javascript)

        def feeds():
            validate_feeds(server.origin, expect)
        checks.run("/recent_episodes.atom is valid Atom 1.0; the four calendars read the same in icalendar and vobject", feeds)

        if args.readme_shots:
            def readme_gallery():
                os.makedirs(args.readme_shots, exist_ok=True)
                small = browser.new_context(viewport={"width": 800, "height": 520}, color_scheme="light", device_scale_factor=1)
                page = small.new_page()
                watch_requests(page)
                first = server.get_json("/reminders?days=366")["reminders"]
                countdown = next(r["url"] for r in first if r["source"] == "countdowns")
                for path, name in (("/?from_date=2014-11-18&to_date=2015-01-31", "watch-order"), ("/next", "next"), ("/progress", "progress"),
                                   ("/schedule?tz=America/New_York", "schedule"), ("/shows/363", "show"), ("/anime", "anime"),
                                   ("/anime/plan?id=5114&per_day=3&weekday=sat&weekday=sun", "anime-plan"),
                                   ("/anime/calendar?month=2022-11", "anime-calendar"), ("/anime/stats", "anime-stats"),
                                   ("/countdowns?scope=all", "countdowns"), (countdown, "countdown")):
                    page.goto(server.origin + path)
                    page.wait_for_load_state("load")
                    page.screenshot(path=os.path.join(args.readme_shots, name + ".jpg"), type="jpeg", quality=70)
                small.close()
            checks.run("small screenshots of every page for the README", readme_gallery)

        def local_only():
            expect(not foreign, f"requests to other hosts: {foreign[:5]}")
            # The stream's reconnection attempts while the server was stopped are expected.
            errors = [e for e in console_errors if "ERR_CONNECTION_REFUSED" not in e]
            expect(not errors, f"console errors: {errors[:3]}")
        checks.run("no request left the server's origin; no script error", local_only)
        browser.close()

    server.stop()
    shutil.rmtree(folder, ignore_errors=True)
    for name, value in checks.figures.items():
        print(f"figure: {name}: {value}")
    print(f"screenshots: {args.screenshots}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
