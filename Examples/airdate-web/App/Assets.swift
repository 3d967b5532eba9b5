/// The files the pages load — style sheet, script, icon — served by the app itself (nothing comes
/// from another host), each at a path carrying a hash of its content so it can be cached for good.
struct Asset: Sendable {
    var name: String
    var mediaType: String
    var content: String

    /// `/assets/NAME?v=HASH`.
    var path: String { "/assets/\(name)?v=\(version)" }

    /// A hash of the content (FNV-1a, 64 bits, base 36): changes whenever the file does.
    var version: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in content.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 36)
    }
}

enum Assets {
    static let all = [stylesheet, script, icon]

    static func named(_ name: String) -> Asset? { all.first { $0.name == name } }

    static let icon = Asset(name: "icon.svg", mediaType: "image/svg+xml", content: #"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="Airdate">
    <rect width="32" height="32" rx="7" fill="#1f6f4a"/>
    <path d="M9 17.5l4.5 4.5L23.5 10" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
    </svg>
    """#)

    static let stylesheet = Asset(name: "app.css", mediaType: "text/css; charset=utf-8", content: #"""
    :root {
      color-scheme: light;
      --bg: #fbfbf8; --fg: #1b1d1f; --muted: #5b6168; --line: #d9dcd6; --card: #ffffff;
      --accent: #1f6f4a; --accent-fg: #ffffff; --focus: #1d5fd1; --soon: #8a5a00; --row-watched: #eef6f0;
      --c0: #1b6e3a; --c1: #b3261e; --c2: #1d4fa8; --c3: #6b4d00; --c4: #000000; --c5: #4b3ca8;
      --c6: #0d6b75; --c7: #a3246a; --c8: #5a5f18; --c9: #7a4a12; --c10: #2f5d8c; --c11: #63395a;
    }
    :root[data-theme="dark"] {
      color-scheme: dark;
      --bg: #121417; --fg: #e8eaed; --muted: #a5acb4; --line: #30353b; --card: #1a1d21;
      --accent: #5cc48e; --accent-fg: #0b1a12; --focus: #8ab4f8; --soon: #f0c065; --row-watched: #17261d;
      --c0: #6fd394; --c1: #ff8a80; --c2: #8ab4f8; --c3: #e6c15a; --c4: #d8dde3; --c5: #b5a8ff;
      --c6: #6fd6e0; --c7: #ff8fcf; --c8: #c9d16a; --c9: #f0a865; --c10: #9cc3ee; --c11: #d9a3cc;
    }
    @media (prefers-color-scheme: dark) {
      :root[data-theme="auto"] {
        color-scheme: dark;
        --bg: #121417; --fg: #e8eaed; --muted: #a5acb4; --line: #30353b; --card: #1a1d21;
        --accent: #5cc48e; --accent-fg: #0b1a12; --focus: #8ab4f8; --soon: #f0c065; --row-watched: #17261d;
        --c0: #6fd394; --c1: #ff8a80; --c2: #8ab4f8; --c3: #e6c15a; --c4: #d8dde3; --c5: #b5a8ff;
        --c6: #6fd6e0; --c7: #ff8fcf; --c8: #c9d16a; --c9: #f0a865; --c10: #9cc3ee; --c11: #d9a3cc;
      }
    }
    * { box-sizing: border-box; }
    html { background: var(--bg); color: var(--fg); }
    body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    a { color: var(--accent); }
    a:hover { text-decoration-thickness: 2px; }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    .skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5rem 1rem; z-index: 10; }
    .skip:focus { left: .5rem; }
    .top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .6rem 1rem; border-bottom: 1px solid var(--line); background: var(--card); position: sticky; top: 0; z-index: 5; }
    .brand { display: flex; align-items: center; gap: .45rem; font-weight: 700; font-size: 1.1rem; color: var(--fg); text-decoration: none; }
    .top nav { display: flex; gap: .25rem; flex: 1; }
    .top .theme { margin-left: auto; }
    .top nav a { padding: .3rem .6rem; border-radius: .4rem; text-decoration: none; color: var(--fg); }
    .top nav a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); }
    button { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: .4rem; padding: .3rem .7rem; cursor: pointer; }
    button:hover { border-color: var(--accent); }
    button.quiet { color: var(--muted); }
    main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
    main:focus { outline: none; }
    h1 { font-size: 1.35rem; margin: 0 0 .4rem; }
    h2 { font-size: 1.1rem; margin: 1.2rem 0 .5rem; }
    .summary { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .8rem 1rem; margin-bottom: 1rem; }
    .summary .next { margin: .2rem 0; display: flex; flex-wrap: wrap; align-items: baseline; gap: .35rem; }
    .summary .label { font-weight: 600; }
    .summary .when { color: var(--muted); }
    .progress-line { margin: .5rem 0 0; color: var(--muted); }
    progress { width: 9rem; height: .8rem; vertical-align: middle; accent-color: var(--accent); }
    .filters { margin-bottom: 1rem; border: 1px solid var(--line); border-radius: .6rem; background: var(--card); }
    .filters summary { padding: .6rem 1rem; cursor: pointer; font-weight: 600; }
    .filters form { padding: 0 1rem 1rem; }
    .filters fieldset { border: 0; padding: 0; margin: 0 0 .7rem; }
    .filters legend { font-weight: 600; margin-bottom: .3rem; }
    .filters .shows { display: flex; flex-wrap: wrap; gap: .3rem .8rem; }
    .filters .range { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
    .filters input[type="date"] { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .15rem .3rem; }
    .filters .buttons { margin-top: .6rem; display: flex; gap: 1rem; align-items: center; }
    .badge { display: inline-block; font-size: .85rem; font-weight: 600; padding: .05rem .45rem; border-radius: 1rem; border: 2px solid var(--show); color: var(--show); white-space: nowrap; }
    .show-0 { --show: var(--c0); } .show-1 { --show: var(--c1); } .show-2 { --show: var(--c2); } .show-3 { --show: var(--c3); }
    .show-4 { --show: var(--c4); } .show-5 { --show: var(--c5); } .show-6 { --show: var(--c6); } .show-7 { --show: var(--c7); }
    .show-8 { --show: var(--c8); } .show-9 { --show: var(--c9); } .show-10 { --show: var(--c10); } .show-11 { --show: var(--c11); }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: left; color: var(--muted); padding: 0 0 .4rem; }
    th { text-align: left; font-size: .85rem; color: var(--muted); font-weight: 600; border-bottom: 2px solid var(--line); padding: .3rem .4rem; }
    td { border-bottom: 1px solid var(--line); padding: .3rem .4rem; vertical-align: middle; }
    .episodes tr { border-left: 4px solid var(--show); }
    .episodes tbody tr:has(input:checked) { background: var(--row-watched); }
    .episodes td.w { width: 2.6rem; text-align: center; }
    .episodes td.s, .episodes td.c, .episodes td.d { width: 1%; white-space: nowrap; padding-right: 1rem; }
    .episodes input[type="checkbox"] { width: 1.25rem; height: 1.25rem; accent-color: var(--accent); cursor: pointer; }
    .episodes td.d { white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
    .episodes td.c { white-space: nowrap; font-variant-numeric: tabular-nums; }
    .episodes td.a { text-align: right; white-space: nowrap; }
    .through { padding: .1rem .45rem; color: var(--muted); font-size: .85rem; white-space: nowrap; }
    .show-name { color: var(--show); }
    .part { display: inline-block; font-size: .78rem; font-weight: 600; padding: 0 .4rem; border-radius: .3rem; background: var(--accent); color: var(--accent-fg); margin-left: .3rem; }
    .soon, .tba { font-size: .8rem; color: var(--soon); font-weight: 600; }
    tr.upcoming td.t, tr.upcoming td.d { font-style: italic; }
    .save { margin: 1rem 0; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .hint { color: var(--muted); font-size: .9rem; }
    html.js .save { display: none; }
    .empty { color: var(--muted); }
    .next-table td form { margin: 0; }
    .coming { padding-left: 1.2rem; }
    .show-progress { border-left: 4px solid var(--show); padding-left: .8rem; margin-bottom: 1.2rem; }
    .seasons { list-style: none; padding: 0; margin: 0; }
    .seasons li { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .6rem; padding: .3rem 0; border-bottom: 1px solid var(--line); }
    .seasons .season { min-width: 5.5rem; font-weight: 600; }
    .seasons form { margin: 0; }
    .numbers { color: var(--muted); font-size: .92rem; }
    .status { position: fixed; bottom: 1rem; right: 1rem; max-width: 22rem; background: var(--fg); color: var(--bg); border-radius: .5rem; padding: 0; font-size: .9rem; }
    .status:not(:empty) { padding: .5rem .8rem; }
    .bottom { max-width: 72rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .9rem; }
    .week-line { color: var(--muted); margin: 0 0 .7rem; }
    .offline { color: var(--soon); font-weight: 600; }
    .schedule-filter { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .7rem 1rem; margin-bottom: .7rem; }
    .schedule-filter label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: .15rem; }
    .schedule-filter input { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .2rem .4rem; }
    .week-nav { display: flex; justify-content: space-between; margin: .4rem 0; }
    .day-jump { display: grid; grid-template-columns: repeat(7, 1fr); gap: .25rem; position: sticky; top: 3.1rem; background: var(--bg); padding: .35rem 0; z-index: 4; }
    .day-jump a { text-align: center; text-decoration: none; border: 1px solid var(--line); border-radius: .4rem; padding: .15rem 0; color: var(--fg); background: var(--card); font-size: .85rem; line-height: 1.2; }
    .day-jump .n { display: block; color: var(--muted); font-size: .75rem; }
    .day h2 { border-bottom: 2px solid var(--accent); padding-bottom: .2rem; scroll-margin-top: 6.5rem; }
    .day h2 .count { color: var(--muted); font-size: .85rem; font-weight: 400; }
    .airings { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(21rem, 1fr)); gap: .5rem; }
    .airing { display: flex; gap: .6rem; background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .4rem; min-width: 0; }
    .airing .poster { flex: none; width: 56px; height: 78px; border-radius: .3rem; object-fit: cover; background: var(--line); }
    .airing .what { display: flex; flex-direction: column; min-width: 0; }
    .airing .start { font-weight: 700; font-variant-numeric: tabular-nums; }
    .airing .show { font-weight: 600; }
    .airing .ep, .airing .meta { font-size: .88rem; overflow-wrap: anywhere; }
    .airing .meta { color: var(--muted); }
    .code { font-variant-numeric: tabular-nums; color: var(--muted); }
    .show-details { display: flex; gap: 1.2rem; align-items: flex-start; }
    .poster-large { flex: none; width: 210px; height: auto; border-radius: .5rem; background: var(--line); }
    .facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; margin: .5rem 0; }
    .facts dt { color: var(--muted); }
    .facts dd { margin: 0; }
    .cast { columns: 2 16rem; padding-left: 1.1rem; }
    .cast .as { color: var(--muted); }
    .show-airings td.d { white-space: nowrap; }
    .subnav { display: flex; flex-wrap: wrap; gap: .3rem; margin-bottom: .8rem; }
    .subnav a { padding: .2rem .6rem; border: 1px solid var(--line); border-radius: 1rem; text-decoration: none; }
    .subnav a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
    .anime-list, .results { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: .6rem; }
    .anime-card, .result { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .6rem .8rem; }
    .anime-card h3 { margin: 0 0 .3rem; font-size: 1.05rem; }
    .anime-card p { margin: .2rem 0; }
    .plan-status { font-weight: 600; font-size: .85rem; padding: 0 .45rem; border-radius: 1rem; border: 2px solid currentColor; }
    .plan-status.on-track, .plan-status.completed { color: var(--accent); }
    .plan-status.ahead { color: var(--c2); }
    .plan-status.behind { color: var(--c1); }
    .plan-status.paused, .plan-status.dropped { color: var(--muted); }
    .today-count { font-weight: 600; }
    .progress-form input, .plan-form input[type="number"], .plan-form input[type="date"] { font: inherit; width: 5.5rem; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .1rem .3rem; }
    .plan-form input[type="date"] { width: auto; }
    .plan-form fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 .6rem; display: flex; flex-wrap: wrap; gap: .4rem 1rem; }
    a.button { display: inline-block; padding: .2rem .7rem; border: 1px solid var(--accent); border-radius: .4rem; text-decoration: none; margin-top: .3rem; }
    .month { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: .25rem; }
    .month .head { text-align: center; color: var(--muted); font-size: .85rem; }
    .cal-day { background: var(--card); border: 1px solid var(--line); border-radius: .4rem; padding: .25rem; min-height: 4.5rem; font-size: .8rem; min-width: 0; overflow-wrap: anywhere; }
    .cal-day.today { border: 2px solid var(--accent); }
    .cal-day ul { list-style: none; margin: .2rem 0 0; padding: 0; }
    .cal-day li { margin-bottom: .2rem; }
    .cal-date { font-weight: 700; }
    .cal-date .wd { display: none; }
    .cal-day .planned { color: var(--muted); }
    .cal-day .watched { color: var(--accent); font-weight: 600; }
    .chart { margin: 0 0 1rem; max-width: 40rem; }
    .chart svg { width: 100%; height: auto; }
    .chart.ring svg { width: 160px; }
    .chart text { fill: var(--fg); font-size: 12px; }
    .chart text.big { font-size: 26px; font-weight: 700; }
    .chart .axis { stroke: var(--line); }
    .chart rect.watched { fill: var(--accent); }
    .chart rect.planned { fill: var(--line); }
    .chart circle.planned { fill: none; stroke: var(--line); }
    .chart circle.watched-ring { stroke: var(--accent); }
    .chart figcaption { color: var(--muted); font-size: .85rem; }
    .countdowns { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: .6rem; }
    .countdown { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .6rem .8rem; min-width: 0; overflow-wrap: anywhere; }
    .countdown.archived { opacity: .75; }
    .countdown h3 { margin: 0 0 .2rem; font-size: 1.05rem; }
    .countdown p { margin: .2rem 0; }
    .remaining .left { font-size: 1.35rem; font-weight: 700; font-variant-numeric: tabular-nums; color: var(--accent); }
    .remaining.big .left { font-size: 2rem; }
    .tags { display: flex; flex-wrap: wrap; gap: .25rem; }
    .tag { font-size: .8rem; padding: 0 .5rem; border: 1px solid var(--line); border-radius: 1rem; text-decoration: none; }
    .note { white-space: pre-wrap; color: var(--muted); }
    form.inline { display: inline; }
    .countdown-form, .countdown-filter { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: .5rem 0 1rem; }
    .countdown-form label, .countdown-filter label { display: flex; flex-direction: column; font-size: .85rem; gap: .15rem; }
    .countdown-form label.wide { flex-basis: 100%; }
    .countdown-form input, .countdown-form textarea, .countdown-filter input, .countdown-filter select { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: .3rem; padding: .15rem .35rem; max-width: 100%; }
    .countdown-filter .tag-boxes { border: 1px solid var(--line); border-radius: .5rem; display: flex; flex-wrap: wrap; gap: .2rem .8rem; }
    .countdown-filter .tag-boxes label { flex-direction: row; align-items: center; gap: .3rem; }
    .add-countdown { margin: .5rem 0; }
    .add-countdown summary { cursor: pointer; font-weight: 600; }
    .actions { display: flex; gap: .8rem; margin: .5rem 0 1rem; }
    button.danger { border-color: var(--c1); color: var(--c1); }
    .stale { border-left: 4px solid var(--c1); padding: .3rem .6rem; }
    @media (max-width: 640px) {
      .top { padding: .5rem .6rem; gap: .4rem .6rem; }
      .top nav { order: 3; flex-basis: 100%; }
      main { padding: .6rem; }
      .episodes thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      .episodes caption { display: block; }
      .episodes, .episodes tbody { display: block; }
      .episodes tr { display: flex; flex-wrap: wrap; align-items: center; padding: .45rem .15rem; border-bottom: 1px solid var(--line); }
      .episodes td { border: 0; padding: 0 .2rem; }
      .episodes td.w { order: 1; width: 2.4rem; }
      .episodes td.t { order: 2; flex: 1 1 calc(100% - 5.4rem); min-width: 0; font-weight: 500; }
      .episodes td.a { order: 3; width: 2.6rem; }
      .through .wide { display: none; }
      .episodes td.s, .episodes td.c, .episodes td.d { width: auto; padding-right: .5rem; }
      .episodes td.s { order: 4; margin-left: 2.4rem; font-size: .85rem; }
      .episodes td.c { order: 5; font-size: .85rem; }
      .episodes td.d { order: 6; font-size: .85rem; }
      .next-table thead { display: none; }
      .next-table, .next-table tbody { display: block; }
      .next-table tr { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .6rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
      .next-table td { border: 0; padding: 0; }
      .next-table td.t { order: 3; flex-basis: 100%; font-weight: 500; }
      .next-table td.d { order: 4; color: var(--muted); font-size: .9rem; }
      .next-table td.a { order: 5; margin-left: auto; }
      progress { width: 6rem; }
      .seasons .numbers { flex-basis: 100%; }
      .airings { grid-template-columns: 1fr; }
      .day-jump { position: static; }
      .top nav { flex-wrap: wrap; }
      .month { grid-template-columns: 1fr; }
      .month .head, .month .blank { display: none; }
      .cal-day { min-height: 0; font-size: .9rem; }
      .cal-date .wd { display: inline; }
      .anime-list, .results, .countdowns { grid-template-columns: 1fr; }
      .top nav a { padding: .25rem .45rem; }
      .day-jump a { font-size: .78rem; }
      .show-details { flex-direction: column; }
      .poster-large { width: 150px; }
      .show-airings thead { display: none; }
      .show-airings, .show-airings tbody, .show-airings tr, .show-airings td { display: block; border: 0; padding: 0; }
      .show-airings tr { padding: .4rem 0; border-bottom: 1px solid var(--line); }
    }
    """#)

    static let script = Asset(name: "app.js", mediaType: "text/javascript; charset=utf-8", content: #"""
    // Airdate: the pages work without this script; it only saves ticks at once and keeps every open
    // page in step with the database through Server-Sent Events (/events).
    (function () {
      "use strict";
      document.documentElement.classList.add("js");
      var status = null;
      var statusTimer = null;
      function say(text) {
        status = status || document.getElementById("status");
        if (!status) return;
        status.textContent = text;
        clearTimeout(statusTimer);
        statusTimer = setTimeout(function () { status.textContent = ""; }, 4000);
      }
      function box(id) { return document.getElementById("w-" + id); }
      function setWatched(ids, watched) {
        (ids || []).forEach(function (id) {
          var input = box(id);
          if (input && input.checked !== watched) input.checked = watched;
          var row = document.getElementById("e-" + id);
          if (row) row.classList.toggle("watched", watched);
        });
      }
      function post(path, fields) {
        var body = new URLSearchParams(fields);
        return fetch(path, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" }
        }).then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (json) {
            if (!response.ok) throw new Error(json.error || ("The server answered " + response.status));
            return json;
          });
        });
      }
      var summaryTimer = null;
      function refreshSummary() {
        clearTimeout(summaryTimer);
        summaryTimer = setTimeout(function () {
          var current = document.getElementById("summary");
          if (!current) return;
          fetch("/summary" + location.search, { credentials: "same-origin" }).then(function (r) {
            return r.ok ? r.text() : null;
          }).then(function (html) {
            if (!html) return;
            var holder = document.createElement("div");
            holder.innerHTML = html;
            var fresh = holder.querySelector("#summary");
            var now = document.getElementById("summary");
            if (fresh && now) now.replaceWith(fresh);
          }).catch(function () {});
        }, 150);
      }
      var reloading = false;
      var reloadAgain = false;
      // Leaving the page (a form sent, a link followed): no more reloads of what is being left.
      var leaving = false;
      window.addEventListener("beforeunload", function () { leaving = true; });
      window.addEventListener("pageshow", function () { leaving = false; });
      function reloadMain() {
        if (leaving) return;
        // A change that arrives during a reload is read by one more reload after it.
        if (reloading) { reloadAgain = true; return; }
        reloading = true;
        fetch(location.pathname + location.search, { credentials: "same-origin" }).then(function (r) {
          return r.ok ? r.text() : null;
        }).then(function (html) {
          reloading = false;
          if (reloadAgain) { reloadAgain = false; setTimeout(reloadMain, 0); }
          if (!html) return;
          var doc = new DOMParser().parseFromString(html, "text/html");
          // A page with a live region (#live) keeps the rest (a form being filled in) as it is.
          var region = document.getElementById("live") && doc.getElementById("live") ? "live" : "main";
          var fresh = doc.getElementById(region);
          var now = document.getElementById(region);
          if (fresh && now) now.replaceWith(fresh);
          // An edit form rendered before the change would be refused: say so before it is sent.
          var revision = document.querySelector('form input[name="revision"]');
          var stale = document.getElementById("stale-note");
          if (fresh && revision && stale && fresh.getAttribute("data-revision") && fresh.getAttribute("data-revision") !== revision.value) {
            stale.hidden = false;
          }
          tick();
          var id = doc.body.getAttribute("data-event-id");
          if (id) document.body.setAttribute("data-event-id", id);
          document.body.setAttribute("data-reloaded", String(Date.now()));
        }).catch(function () { reloading = false; });
      }
      function afterChange(json) {
        setWatched(json.watched, true);
        setWatched(json.unwatched, false);
        refreshSummary();
      }
      // Ticks save at once.
      document.addEventListener("change", function (event) {
        var input = event.target;
        if (!input.matches || !input.matches('#checklist input[type="checkbox"][name="watched"]')) return;
        var id = input.value;
        var wanted = input.checked;
        post(wanted ? "/watch" : "/unwatch", { episode: id }).then(function (json) {
          afterChange(json);
        }).catch(function (error) {
          input.checked = !wanted;
          say(error.message);
        });
      });
      // "Up to here", "Mark season", "Mark watched" and the theme save without leaving the page.
      document.addEventListener("submit", function (event) {
        var form = event.target;
        var submitter = event.submitter;
        if (form.id === "checklist" && submitter && submitter.name === "through") {
          event.preventDefault();
          post("/watch-through", { episode: submitter.value }).then(function (json) {
            afterChange(json);
            say("Marked " + (json.watched || []).length + " more watched.");
          }).catch(function (error) { say(error.message); });
          return;
        }
        if (form.classList.contains("theme") && submitter) {
          event.preventDefault();
          var theme = submitter.value;
          post("/theme", { theme: theme }).then(function (json) {
            document.documentElement.setAttribute("data-theme", json.theme);
            submitter.value = json.next;
            submitter.setAttribute("aria-label", json.label);
            var name = submitter.querySelector(".theme-name");
            if (name) name.textContent = json.name;
          }).catch(function (error) { say(error.message); });
          return;
        }
        var action = form.getAttribute("action");
        if (form.method === "post" && submitter && ["/watch", "/unwatch", "/watch-season", "/unwatch-season"].indexOf(action) >= 0) {
          event.preventDefault();
          var fields = {};
          new FormData(form).forEach(function (value, key) { fields[key] = value; });
          if (submitter.name) fields[submitter.name] = submitter.value;
          post(action, fields).then(function (json) {
            afterChange(json);
            if (document.body.querySelector(".seasons, .next-table")) reloadMain();
          }).catch(function (error) { say(error.message); });
        }
      });
      // Countdowns tick: each [data-until] shows the time left to (or since) its instant.
      function two(n) { return n < 10 ? "0" + n : String(n); }
      function tick() {
        var now = Date.now();
        document.querySelectorAll("[data-until]").forEach(function (element) {
          var until = Date.parse(element.getAttribute("data-until"));
          if (isNaN(until)) return;
          var seconds = Math.round((until - now) / 1000);
          var total = Math.abs(seconds);
          var days = Math.floor(total / 86400);
          var clock = two(Math.floor(total % 86400 / 3600)) + ":" + two(Math.floor(total % 3600 / 60)) + ":" + two(total % 60);
          var text = (days > 0 ? days + "d " : "") + clock;
          element.textContent = seconds === 0 ? "now" : seconds > 0 ? "in " + text : text + " ago";
        });
      }
      if (document.querySelector("[data-until]") || document.body.getAttribute("data-live") === "/countdowns/events") {
        tick();
        setInterval(tick, 1000);
      }
      document.addEventListener("submit", function (event) {
        var form = event.target;
        if (form.classList && form.classList.contains("delete") && !window.confirm("Delete this countdown? This cannot be undone.")) {
          event.preventDefault();
        }
      }, true);
      // Live pages of the other products (anime plans, countdowns): a change reloads the page's content.
      var live = document.body.getAttribute("data-live");
      if (live && window.EventSource) {
        new EventSource(live).addEventListener("change", function () { reloadMain(); });
      }
      // Live: every change of the watch-order database, whoever made it.
      if (window.EventSource && document.body.hasAttribute("data-event-id")) {
        var since = document.body.getAttribute("data-event-id") || "";
        var source = new EventSource("/events" + (since ? "?since=" + encodeURIComponent(since) : ""));
        source.addEventListener("change", function (event) {
          var json = {};
          try { json = JSON.parse(event.data); } catch (e) { return; }
          document.body.setAttribute("data-event-id", event.lastEventId);
          if (json.reload || !document.getElementById("checklist")) { reloadMain(); return; }
          afterChange(json);
        });
        source.addEventListener("reset", function (event) {
          if (event.lastEventId) document.body.setAttribute("data-event-id", event.lastEventId);
          reloadMain();
        });
      }
    })();
    """#)
}
